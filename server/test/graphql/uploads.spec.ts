import { Types } from 'mongoose';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderProductImage } from '../../src/seed/product-image';
import { PHOTO_MAX_BYTES, PRODUCT_PHOTO_RULES } from '../../src/shared/rules';
import { POLYGLOTS } from '../support/polyglots';
import { categoryIdBySlug, fetchPhoto, PHOTO_URL } from '../support/fixtures';
import {
  expectRefused,
  GqlBody,
  gqlOk,
  PRODUCT_FIELDS,
  ProductView,
  Variables,
} from '../support/gql';
import { Session, useTestShop } from '../support/test-app';

const CREATE_PRODUCT = `
  mutation ($input: ProductInput!, $photo: Upload) {
    createProduct(input: $input, photo: $photo) { ${PRODUCT_FIELDS} }
  }
`;
const UPDATE_PRODUCT = `
  mutation ($id: ID!, $input: ProductChangesInput!, $photo: Upload) {
    updateProduct(id: $id, input: $input, photo: $photo) { ${PRODUCT_FIELDS} }
  }
`;
const PRODUCT = `query ($slug: String!) { product(slug: $slug) { ${PRODUCT_FIELDS} } }`;

interface UploadFile {
  bytes: Buffer;
  filename: string;
  contentType: string;
}

interface MultipartOptions {
  session?: Session | null;
  /** Sends `Apollo-Require-Preflight: true`, which CSRF prevention asks of multipart requests. */
  preflight?: boolean;
  /** More files, each mapped to the same variable, to try the count limit. */
  extraFiles?: UploadFile[];
}

const png = async (label: string): Promise<UploadFile> => ({
  bytes: await renderProductImage({ name: label }),
  filename: `${label.toLowerCase().replace(/\W+/g, '-')}.png`,
  contentType: 'image/png',
});

describe('GraphQL photo uploads (graphql-upload multipart)', () => {
  const shop = useTestShop({ seed: true });

  /**
   * One operation as the GraphQL multipart request spec lays it out: the `operations` field
   * (with the file variable null), the `map` field, then the file field "0".
   */
  async function multipart<T>(
    query: string,
    variables: Variables,
    file: UploadFile,
    { session = shop.admin, preflight = true, extraFiles = [] }: MultipartOptions = {},
  ) {
    const files = [file, ...extraFiles];
    const map = Object.fromEntries(
      files.map((_file, index) => [String(index), ['variables.photo']]),
    );
    const request = shop.http().post('/graphql');
    if (session) request.set(session.auth);
    if (preflight) request.set('Apollo-Require-Preflight', 'true');
    request
      .field('operations', JSON.stringify({ query, variables: { ...variables, photo: null } }))
      .field('map', JSON.stringify(map));
    files.forEach((part, index) =>
      request.attach(String(index), part.bytes, {
        filename: part.filename,
        contentType: part.contentType,
      }),
    );
    const response = await request;
    return { status: response.status, body: response.body as GqlBody<T>, response };
  }

  const newProduct = async (name: string) => ({
    name,
    description: 'Hand-thrown terracotta, glazed inside.',
    price: 349,
    quantity: 25,
    category: await categoryIdBySlug(shop, 'home-and-kitchen'),
    shipping: true,
  });

  /** The product's first photo as stored. */
  const photoRow = async (productId: string) => {
    const row = await shop.connection
      .collection('products')
      .findOne({ _id: new Types.ObjectId(productId) });
    return (row?.photos as { hash: string }[] | undefined)?.[0];
  };

  describe('createProduct with a photo', () => {
    it('stores the product and serves the same PNG at its photoUrl', async () => {
      const photo = await png('Kulhad Set');
      const before = await shop.counts();
      const answer = await multipart<{ createProduct: ProductView }>(
        CREATE_PRODUCT,
        { input: await newProduct('Terracotta Kulhad Set of 6') },
        photo,
      );
      expect(answer.body.errors, JSON.stringify(answer.body)).toBeUndefined();
      expect(answer.status).toBe(200);
      const created = answer.body.data!.createProduct;
      expect(created).toMatchObject({
        name: 'Terracotta Kulhad Set of 6',
        slug: 'terracotta-kulhad-set-of-6',
        price: 349,
        quantity: 25,
        shipping: true,
        category: { name: 'Home & Kitchen' },
      });
      expect(created.photoUrl).toMatch(PHOTO_URL);
      expect(created.photoUrl).toContain(`/product-photo/${created.id}?v=`);
      expect(await shop.counts()).toEqual({
        ...before,
        products: before.products + 1,
        photo_uploads: before.photo_uploads + 1,
      });

      const served = await fetchPhoto(shop, created.photoUrl!);
      expect(served.status).toBe(200);
      expect(served.type).toBe('image/png');
      expect(served.bytes.length).toBe(photo.bytes.length);
      expect(served.bytes.equals(photo.bytes)).toBe(true);

      const { product } = await gqlOk<{ product: ProductView }>(shop, PRODUCT, {
        slug: 'terracotta-kulhad-set-of-6',
      });
      expect(product.photoUrl).toBe(created.photoUrl);
    });

    it('judges the type by the bytes: a PNG sent as application/octet-stream is image/png', async () => {
      const photo = { ...(await png('Brass Diya')), contentType: 'application/octet-stream' };
      const answer = await multipart<{ createProduct: ProductView }>(
        CREATE_PRODUCT,
        { input: await newProduct('Brass Diya Pair') },
        photo,
      );
      expect(answer.body.errors, JSON.stringify(answer.body)).toBeUndefined();
      const served = await fetchPhoto(shop, answer.body.data!.createProduct.photoUrl!);
      expect(served.type).toBe('image/png');
      expect(served.bytes.equals(photo.bytes)).toBe(true);
    });

    it('refuses a multipart request without the preflight header (CSRF), storing nothing', async () => {
      const before = await shop.counts();
      const answer = await multipart(
        CREATE_PRODUCT,
        { input: await newProduct('Forged Upload Product') },
        await png('Forged'),
        { preflight: false },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.data).toBeUndefined();
      expect(answer.body.errors?.map((error) => error.extensions?.code)).toEqual(['BAD_REQUEST']);
      expect(answer.body.errors?.[0].message).toMatch(/Cross-Site Request Forgery/);
      expect(await shop.counts()).toEqual(before);
    });

    it('refuses a file that is not an image with BAD_USER_INPUT, storing nothing', async () => {
      const before = await shop.counts();
      const text = {
        bytes: Buffer.from('name,price\nkulhad,349\n'),
        filename: 'photo.png',
        contentType: 'image/png',
      };
      const answer = await multipart(
        CREATE_PRODUCT,
        { input: await newProduct('Not A Photo Product') },
        text,
      );
      const error = expectRefused(answer, 'BAD_USER_INPUT', 'createProduct');
      expect(error.message).toBe('Photo must be a JPEG, PNG, WebP or GIF image');
      expect(await shop.counts()).toEqual(before);
    });

    for (const polyglot of POLYGLOTS) {
      it(`refuses a ${polyglot.kind} polyglot with BAD_USER_INPUT, storing nothing`, async () => {
        const before = await shop.counts();
        const answer = await multipart(
          CREATE_PRODUCT,
          { input: await newProduct(`${polyglot.kind} Polyglot Product`) },
          polyglot,
        );
        const error = expectRefused(answer, 'BAD_USER_INPUT', 'createProduct');
        expect(error.message).toBe('Photo must be a JPEG, PNG, WebP or GIF image');
        expect(await shop.counts()).toEqual(before);
      });

      it(`keeps the old photo when updateProduct sends a ${polyglot.kind} polyglot`, async () => {
        const created = await multipart<{ createProduct: ProductView }>(
          CREATE_PRODUCT,
          { input: await newProduct(`Kept Photo ${polyglot.kind} Product`) },
          await png('Kept'),
        );
        const { id, photoUrl } = created.body.data!.createProduct;
        const answer = await multipart(UPDATE_PRODUCT, { id, input: {} }, polyglot);
        expectRefused(answer, 'BAD_USER_INPUT', 'updateProduct');
        const served = await fetchPhoto(shop, `/api/v1/product/product-photo/${id}`);
        expect(served.type).toBe('image/png');
        expect(photoUrl).toContain(createHash('sha256').update(served.bytes).digest('hex'));
      });
    }

    it('refuses an empty file with BAD_USER_INPUT, storing nothing', async () => {
      const before = await shop.counts();
      const empty = { bytes: Buffer.alloc(0), filename: 'empty.png', contentType: 'image/png' };
      const answer = await multipart(
        CREATE_PRODUCT,
        { input: await newProduct('Empty Photo Product') },
        empty,
      );
      expectRefused(answer, 'BAD_USER_INPUT', 'createProduct');
      expect(await shop.counts()).toEqual(before);
    });

    it('refuses a photo over 1 MB with PAYLOAD_TOO_LARGE, storing nothing', async () => {
      const before = await shop.counts();
      const head = await renderProductImage({ name: 'Too Big' });
      const big = {
        bytes: Buffer.concat([head, Buffer.alloc(PHOTO_MAX_BYTES + 1 - head.length)]),
        filename: 'big.png',
        contentType: 'image/png',
      };
      expect(big.bytes.length).toBe(PHOTO_MAX_BYTES + 1);
      const answer = await multipart(
        CREATE_PRODUCT,
        { input: await newProduct('Oversized Photo Product') },
        big,
      );
      expect(answer.status).toBe(200);
      const error = expectRefused(answer, 'PAYLOAD_TOO_LARGE', 'createProduct');
      expect(error.message).toMatch(/1048576 byte/);
      expect(await shop.counts()).toEqual(before);
      const product = await shop.connection
        .collection('products')
        .findOne({ name: 'Oversized Photo Product' });
      expect(product).toBeNull();
    });

    it('accepts a photo of 1 MB less one byte', async () => {
      const head = await renderProductImage({ name: 'Just Fits' });
      const bytes = Buffer.concat([head, Buffer.alloc(PHOTO_MAX_BYTES - 1 - head.length)]);
      const answer = await multipart<{ createProduct: ProductView }>(
        CREATE_PRODUCT,
        { input: await newProduct('Just Under One Megabyte Product') },
        { bytes, filename: 'fits.png', contentType: 'image/png' },
      );
      expect(answer.body.errors, JSON.stringify(answer.body)).toBeUndefined();
      const served = await fetchPhoto(shop, answer.body.data!.createProduct.photoUrl!);
      expect(served.bytes.equals(bytes)).toBe(true);
    });

    it('refuses a photo of exactly 1 MB, the rule being "less than 1 MB"', async () => {
      const before = await shop.counts();
      const head = await renderProductImage({ name: 'Exactly' });
      const bytes = Buffer.concat([head, Buffer.alloc(PHOTO_MAX_BYTES - head.length)]);
      const answer = await multipart(
        CREATE_PRODUCT,
        { input: await newProduct('Exactly One Megabyte Product') },
        { bytes, filename: 'exact.png', contentType: 'image/png' },
      );
      expectRefused(answer, 'PAYLOAD_TOO_LARGE', 'createProduct');
      expect(await shop.counts()).toEqual(before);
    });

    it('refuses more files than a product may have photos, and one more, with 413, storing nothing', async () => {
      const before = await shop.counts();
      const extraFiles = await Promise.all(
        Array.from({ length: PRODUCT_PHOTO_RULES.maxPhotos + 1 }, (_none, index) =>
          png(`Many ${index}`),
        ),
      );
      const answer = await multipart(
        CREATE_PRODUCT,
        { input: await newProduct('Many Photos Product') },
        await png('Many'),
        { extraFiles },
      );
      expect(answer.status).toBe(413);
      expect(answer.body.data ?? null).toBeNull();
      expect(await shop.counts()).toEqual(before);
    });

    it("refuses an upload with no token (UNAUTHENTICATED) or the shopper's (FORBIDDEN)", async () => {
      const before = await shop.counts();
      const input = await newProduct('Sneaky Upload Product');
      const anonymous = await multipart(CREATE_PRODUCT, { input }, await png('Sneaky'), {
        session: null,
      });
      expectRefused(anonymous, 'UNAUTHENTICATED', 'createProduct');
      const asShopper = await multipart(CREATE_PRODUCT, { input }, await png('Sneaky'), {
        session: shop.shopper,
      });
      expectRefused(asShopper, 'FORBIDDEN', 'createProduct');
      expect(await shop.counts()).toEqual(before);
    });
  });

  describe('updateProduct with a photo', () => {
    let target: ProductView;
    beforeAll(async () => {
      target = (
        await gqlOk<{ product: ProductView }>(shop, PRODUCT, {
          slug: 'prestige-iris-750w-mixer-grinder',
        })
      ).product;
    });

    it('replaces the photo: a new photoUrl serving the new bytes', async () => {
      const photo = await png('New Mixer');
      const before = await shop.counts();
      const answer = await multipart<{ updateProduct: ProductView }>(
        UPDATE_PRODUCT,
        { id: target.id, input: { quantity: 41 } },
        photo,
      );
      expect(answer.body.errors, JSON.stringify(answer.body)).toBeUndefined();
      const updated = answer.body.data!.updateProduct;
      expect(updated).toMatchObject({ id: target.id, name: target.name, quantity: 41 });
      expect(updated.photoUrl).toMatch(PHOTO_URL);
      expect(updated.photoUrl).not.toBe(target.photoUrl);
      expect(await shop.counts()).toEqual(before);

      const served = await fetchPhoto(shop, updated.photoUrl!);
      expect(served.status).toBe(200);
      expect(served.type).toBe('image/png');
      expect(served.bytes.equals(photo.bytes)).toBe(true);
    });

    it('keeps the photo when a refused upload replaces it', async () => {
      const current = (await gqlOk<{ product: ProductView }>(shop, PRODUCT, { slug: target.slug }))
        .product;
      const stored = await photoRow(target.id);
      expect(stored?.hash).toEqual(expect.any(String));
      const answer = await multipart(
        UPDATE_PRODUCT,
        { id: target.id, input: { price: 1 } },
        {
          bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
          filename: 'mixer.svg',
          contentType: 'image/gif',
        },
      );
      expectRefused(answer, 'BAD_USER_INPUT', 'updateProduct');
      const after = (await gqlOk<{ product: ProductView }>(shop, PRODUCT, { slug: target.slug }))
        .product;
      expect(after).toEqual(current);
      expect((await photoRow(target.id))?.hash).toBe(stored?.hash);
    });

    it('keeps the photo when an oversized upload replaces it', async () => {
      const current = (await gqlOk<{ product: ProductView }>(shop, PRODUCT, { slug: target.slug }))
        .product;
      const head = await renderProductImage({ name: 'Huge Mixer' });
      const answer = await multipart(
        UPDATE_PRODUCT,
        { id: target.id, input: {} },
        {
          bytes: Buffer.concat([head, Buffer.alloc(2 * PHOTO_MAX_BYTES)]),
          filename: 'huge.png',
          contentType: 'image/png',
        },
      );
      expectRefused(answer, 'PAYLOAD_TOO_LARGE', 'updateProduct');
      const after = (await gqlOk<{ product: ProductView }>(shop, PRODUCT, { slug: target.slug }))
        .product;
      expect(after).toEqual(current);
    });
  });
});
