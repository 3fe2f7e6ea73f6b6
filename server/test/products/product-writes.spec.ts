import { Types } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { slugify } from '../../src/common/text';
import { renderProductImage } from '../../src/seed/product-image';
import {
  categoryIdBySlug,
  fetchPhoto,
  missingId,
  newProduct,
  PHOTO_URL,
  uniqueTag,
} from '../support/fixtures';
import { expectAdminOnly, expectRefused, gql, gqlOk } from '../support/gql';
import { Session, useTestShop } from '../support/test-app';
import {
  CREATE_PRODUCT,
  DELETE_PRODUCT,
  expectNoPhotoBytes,
  names,
  PRODUCT,
  productInput,
  ProductReply,
  ProductView,
  UPDATE_PRODUCT,
  Variables,
} from './operations';

/** Stored as an ObjectId, not as the string of one, so that queries by id find it. */
const isObjectId = (value: unknown): boolean =>
  (value as { _bsontype?: string } | null)?._bsontype === 'ObjectId';

/** A product name no other test uses, starting with `name`. */
const named = (name: string) => `${name} ${uniqueTag()}`;

/**
 * Creating, changing and deleting products, on both APIs. Each test writes products of its
 * own, so what one creates, renames or deletes no other test sees.
 */
describe('changing products', () => {
  const shop = useTestShop({ seed: true });

  let photo: Buffer;
  beforeAll(async () => {
    photo = await renderProductImage({ name: 'Amul Pure Ghee' });
  });
  const productBySlug = async (slug: string): Promise<ProductReply> =>
    (await shop.http().get(`/api/v1/product/get-product/${slug}`).expect(200)).body.product;
  const search = (keyword: string) =>
    shop.http().get(`/api/v1/product/search/${encodeURIComponent(keyword)}`);
  const storedProduct = (id: string) =>
    shop.connection.collection('products').findOne({ _id: new Types.ObjectId(id) });
  /** A product of its own named after `name`, with a photo, as GraphQL shows it. */
  async function productWithPhoto(
    name: string,
    price: number,
    shown = photo,
  ): Promise<ProductView> {
    const created = await newProduct(shop, shop.admin, { name: named(name), price, photo: shown });
    return (await gqlOk<{ product: ProductView }>(shop, PRODUCT, { slug: created.slug })).product;
  }
  /** A product of its own made over GraphQL: the tea of productInput, with `variables`. */
  const createOk = async (variables: Variables) =>
    (
      await gqlOk<{ createProduct: ProductView }>(
        shop,
        CREATE_PRODUCT,
        { input: await productInput(shop, variables) },
        shop.admin,
      )
    ).createProduct;
  const etagOf = async (id: string) =>
    (await shop.http().get(`/api/v1/product/product-photo/${id}`).expect(200)).headers.etag;

  describe('REST: POST /api/v1/product/create-product', () => {
    const ghee = async (name = named('Amul Pure Ghee 1L')) => ({
      name,
      description: 'Rich, aromatic cow ghee made the traditional way, for tadka, sweets and rotis.',
      price: '649',
      quantity: '40',
      category: await categoryIdBySlug(shop, 'home-and-kitchen'),
      shipping: '1',
    });
    const create = (session: Session | null, fields: Record<string, string>, image?: Buffer) => {
      let request = shop.http().post('/api/v1/product/create-product');
      if (session) request = request.set(session.auth);
      for (const [name, value] of Object.entries(fields)) request = request.field(name, value);
      if (image) {
        request = request.attach('photo', image, {
          filename: 'photo.png',
          contentType: 'image/png',
        });
      }
      return request;
    };

    it('answers 401 without a token and 403 to the shopper, creating nothing', async () => {
      const before = await shop.counts();
      await create(null, await ghee(), photo).expect(401);
      const refused = await create(shop.shopper, await ghee(), photo).expect(403);
      expect(refused.body).toEqual({ success: false, message: expect.any(String) });
      expect(await shop.counts()).toEqual(before);
    });

    it('creates a product from the multipart form with photo and shipping', async () => {
      const fields = await ghee();
      const slug = slugify(fields.name);
      const before = await shop.counts();
      const response = await create(shop.admin, fields, photo).expect(201);
      expect(response.body).toMatchObject({
        success: true,
        message: 'Product Created Successfully',
        products: {
          _id: expect.any(String),
          name: fields.name,
          slug,
          price: 649,
          quantity: 40,
          shipping: true,
          category: fields.category,
        },
      });
      expect(slug).toMatch(/^amul-pure-ghee-1l-/);
      expectNoPhotoBytes(response.body);
      expect(await shop.counts()).toMatchObject({
        products: before.products + 1,
        photo_uploads: before.photo_uploads + 1,
      });

      const stored = await productBySlug(slug);
      expect(stored).toMatchObject({
        _id: response.body.products._id,
        price: 649,
        quantity: 40,
        shipping: true,
        category: { _id: fields.category, name: 'Home & Kitchen' },
      });

      const image = await shop
        .http()
        .get(`/api/v1/product/product-photo/${response.body.products._id}`)
        .expect(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(image.body, photo)).toBe(0);
    });

    it('shows the new product first in the lists and counts it', async () => {
      const count = async () =>
        (await shop.http().get('/api/v1/product/product-count').expect(200)).body.total;
      const before = await count();
      const fields = await ghee();
      await create(shop.admin, fields, photo).expect(201);
      const list = await shop.http().get('/api/v1/product/product-list/1').expect(200);
      expect(list.body.products[0].name).toBe(fields.name);
      expect(await count()).toBe(before + 1);
    });

    it('stores shipping 0 as no shipping', async () => {
      const name = named('Tata Salt 1kg');
      const response = await create(
        shop.admin,
        { ...(await ghee()), name, price: '28', shipping: '0' },
        photo,
      ).expect(201);
      expect(response.body.products.shipping).toBe(false);
      expect((await productBySlug(slugify(name))).shipping).toBe(false);
    });

    it('gives a second product of the same name a slug of its own', async () => {
      const fields = await ghee();
      await create(shop.admin, fields, photo).expect(201);
      const response = await create(shop.admin, fields, photo).expect(201);
      expect(response.body.products.slug).toBe(`${slugify(fields.name)}-2`);
    });

    it('creates a product without a photo, whose photo is then 404', async () => {
      const name = named('Parle-G Biscuits 800g');
      const response = await create(shop.admin, { ...(await ghee()), name }).expect(201);
      expect(response.body.products.slug).toBe(slugify(name));
      const image = await shop
        .http()
        .get(`/api/v1/product/product-photo/${response.body.products._id}`)
        .expect(404);
      expect(image.body).toEqual({ success: false, message: expect.any(String) });
    });

    it("finds 'C++ (Primer)' by 'c++ (p'", async () => {
      await create(shop.admin, {
        name: 'C++ (Primer)',
        description: 'The classic introduction to C++ by Lippman, Lajoie and Moo.',
        price: '899',
        quantity: '12',
        category: await categoryIdBySlug(shop, 'books'),
        shipping: '1',
      }).expect(201);
      const response = await search('c++ (p').expect(200);
      expect(names(response.body)).toEqual(['C++ (Primer)']);
      expect((await search('.*').expect(200)).body).toEqual([]);
    });
  });

  describe('REST: PUT /api/v1/product/update-product/:id', () => {
    /** A product of its own, priced 649 with 40 in stock, with a photo. */
    const ghee = () =>
      newProduct(shop, shop.admin, {
        name: named('Amul Pure Ghee 1L'),
        price: 649,
        quantity: 40,
        photo,
      });
    const update = (
      session: Session | null,
      id: string,
      fields: Record<string, string>,
      image?: Buffer,
    ) => {
      let request = shop.http().put(`/api/v1/product/update-product/${id}`);
      if (session) request = request.set(session.auth);
      for (const [name, value] of Object.entries(fields)) request = request.field(name, value);
      if (image) {
        request = request.attach('photo', image, { filename: 'new.png', contentType: 'image/png' });
      }
      return request;
    };

    it('answers 401 without a token and 403 to the shopper, changing nothing', async () => {
      const product = await ghee();
      await update(null, product._id, { price: '1' }).expect(401);
      await update(shop.shopper, product._id, { price: '1' }).expect(403);
      expect((await productBySlug(product.slug)).price).toBe(649);
    });

    it('changes the price and replaces the photo, which gets a new ETag', async () => {
      const product = await ghee();
      const oldEtag = await etagOf(product._id);
      const newPhoto = await renderProductImage({ name: 'Amul Ghee New Pack' });
      const response = await update(shop.admin, product._id, { price: '699' }, newPhoto).expect(
        200,
      );
      expect(response.body).toMatchObject({
        success: true,
        message: 'Product Updated Successfully',
        products: { _id: product._id, name: product.name, price: 699, quantity: 40 },
      });
      expectNoPhotoBytes(response.body);

      const newEtag = await etagOf(product._id);
      expect(newEtag).not.toBe(oldEtag);
      const image = await shop
        .http()
        .get(`/api/v1/product/product-photo/${product._id}`)
        .expect(200);
      expect(Buffer.compare(image.body, newPhoto)).toBe(0);
      expect((await productBySlug(product.slug)).price).toBe(699);
    });

    it('keeps the photo when the form sends none', async () => {
      const product = await ghee();
      const etag = await etagOf(product._id);
      const before = await shop.counts();
      await update(shop.admin, product._id, { quantity: '35', shipping: '0' }).expect(200);
      expect(await etagOf(product._id)).toBe(etag);
      expect(await productBySlug(product.slug)).toMatchObject({
        price: 649,
        quantity: 35,
        shipping: false,
      });
      expect(await shop.counts()).toEqual(before);
    });

    it('moves the slug with a new name, so the old slug is gone', async () => {
      const product = await ghee();
      const name = named('Amul Cow Ghee 1L');
      const response = await update(shop.admin, product._id, {
        name,
        category: product.category,
      }).expect(200);
      expect(response.body.products.slug).toBe(slugify(name));
      await shop.http().get(`/api/v1/product/get-product/${product.slug}`).expect(404);
      expect((await productBySlug(slugify(name)))._id).toBe(product._id);
    });

    it('answers 400 for an id that is not an id and 404 for an unknown product', async () => {
      await update(shop.admin, 'abc', { price: '10' }).expect(400);
      const response = await update(shop.admin, missingId(), { price: '10' }).expect(404);
      expect(response.body).toEqual({ success: false, message: 'Product not found' });
    });

    it('refuses a negative price with 400 and keeps the old one', async () => {
      const product = await ghee();
      await update(shop.admin, product._id, { price: '-1' }).expect(400);
      expect((await productBySlug(product.slug)).price).toBe(649);
    });
  });

  describe('REST: DELETE /api/v1/product/delete-product/:id', () => {
    /** A product of its own, with a photo of its own (one another product shows stays). */
    const salt = async () => {
      const name = named('Tata Salt 1kg');
      return newProduct(shop, shop.admin, { name, photo: await renderProductImage({ name }) });
    };
    const remove = (session: Session | null, id: string) => {
      const request = shop.http().delete(`/api/v1/product/delete-product/${id}`);
      return session ? request.set(session.auth) : request;
    };

    it('answers 401 without a token and 403 to the shopper, deleting nothing', async () => {
      const product = await salt();
      const before = await shop.counts();
      await remove(null, product._id).expect(401);
      await remove(shop.shopper, product._id).expect(403);
      expect(await shop.counts()).toEqual(before);
    });

    it('deletes the product and its photo for the admin', async () => {
      const product = await salt();
      const before = await shop.counts();
      const response = await remove(shop.admin, product._id).expect(200);
      expect(response.body).toMatchObject({ success: true, message: expect.any(String) });
      await shop.http().get(`/api/v1/product/get-product/${product.slug}`).expect(404);
      await shop.http().get(`/api/v1/product/product-photo/${product._id}`).expect(404);
      expect(await shop.counts()).toMatchObject({
        products: before.products - 1,
        photo_uploads: before.photo_uploads - 1,
      });
    });

    it('answers 404 for a product already deleted and 400 for an id that is not an id', async () => {
      const product = await salt();
      await remove(shop.admin, product._id).expect(200);
      expect((await search(product.name).expect(200)).body).toEqual([]);
      await remove(shop.admin, product._id).expect(404);
      await remove(shop.admin, missingId()).expect(404);
      await remove(shop.admin, product.slug).expect(400);
    });
  });

  describe('GraphQL: createProduct (without a photo)', () => {
    const input = (changes: Variables = {}) => productInput(shop, changes);

    it('is for admins only', async () => {
      await expectAdminOnly(shop, CREATE_PRODUCT, { input: await input() }, 'createProduct');
    });

    it('creates a product with a slug, its category, no photo and shipping false', async () => {
      const name = named('Tata Tea Gold 1kg');
      const before = await shop.counts();
      const createProduct = await createOk({ name });
      expect(createProduct).toMatchObject({
        name,
        slug: slugify(name),
        description: 'A blend of Assam CTC and long leaf tea.',
        price: 545.5,
        quantity: 40,
        shipping: false,
        photoUrl: null,
        category: {
          id: await categoryIdBySlug(shop, 'home-and-kitchen'),
          name: 'Home & Kitchen',
          slug: 'home-and-kitchen',
        },
      });
      expect(await shop.counts()).toEqual({ ...before, products: before.products + 1 });
      const { product } = await gqlOk<{ product: ProductView }>(shop, PRODUCT, {
        slug: slugify(name),
      });
      expect(product).toEqual(createProduct);
      const stored = await storedProduct(createProduct.id);
      expect(isObjectId(stored?.category)).toBe(true);
    });

    it('gives a second product of the same name the next free slug', async () => {
      const name = named('Tata Tea Gold 1kg');
      await createOk({ name });
      const createProduct = await createOk({ name, shipping: true });
      expect(createProduct).toMatchObject({ slug: `${slugify(name)}-2`, shipping: true });
    });
  });

  describe('GraphQL: updateProduct (without a photo)', () => {
    /** A product of its own, priced 899 with a photo. */
    const flask = () => productWithPhoto('Milton Thermosteel Flask 1 Litre', 899);

    it('is for admins only', async () => {
      const target = await flask();
      await expectAdminOnly(
        shop,
        UPDATE_PRODUCT,
        { id: target.id, input: { price: 1 } },
        'updateProduct',
      );
      // Stored in paise.
      expect((await storedProduct(target.id))?.price).toBe(89_900);
    });

    it('changes only the fields given, and keeps the photo', async () => {
      const target = await flask();
      const { updateProduct } = await gqlOk<{ updateProduct: ProductView }>(
        shop,
        UPDATE_PRODUCT,
        { id: target.id, input: { price: 949, quantity: 12 } },
        shop.admin,
      );
      expect(updateProduct).toEqual({
        ...target,
        price: 949,
        quantity: 12,
        updatedAt: expect.any(String),
      });
      expect(updateProduct.photoUrl).toBe(target.photoUrl);
      expect(updateProduct.photoUrl).toMatch(PHOTO_URL);
    });

    it('moves the slug with a new name and the product to a new category', async () => {
      const target = await flask();
      const sports = await categoryIdBySlug(shop, 'sports-and-fitness');
      const name = named('Milton Thermosteel Flask 1L');
      const { updateProduct } = await gqlOk<{ updateProduct: ProductView }>(
        shop,
        UPDATE_PRODUCT,
        { id: target.id, input: { name, category: sports } },
        shop.admin,
      );
      expect(updateProduct).toMatchObject({
        id: target.id,
        name,
        slug: slugify(name),
        category: { id: sports, name: 'Sports & Fitness' },
      });
      expect((await gqlOk(shop, PRODUCT, { slug: target.slug })).product).toBeNull();
      const stored = await storedProduct(target.id);
      expect(isObjectId(stored?.category)).toBe(true);
      expect(String(stored?.category)).toBe(sports);
    });

    it('refuses an unknown id with NOT_FOUND', async () => {
      const before = await shop.counts();
      const error = expectRefused(
        await gql(shop, UPDATE_PRODUCT, { id: missingId(), input: { price: 1 } }, shop.admin),
        'NOT_FOUND',
        'updateProduct',
      );
      expect(error.message).toBe('Product not found');
      expect(await shop.counts()).toEqual(before);
    });
  });

  describe('GraphQL: deleteProduct', () => {
    /** A product of its own, priced 549 with a photo. */
    const football = async () =>
      productWithPhoto(
        'Nivia Storm Football Size 5',
        549,
        await renderProductImage({ name: named('Football') }),
      );

    it('is for admins only', async () => {
      const target = await football();
      await expectAdminOnly(shop, DELETE_PRODUCT, { id: target.id }, 'deleteProduct');
      expect(await storedProduct(target.id)).not.toBeNull();
    });

    it('deletes the product and its photo, and returns the product', async () => {
      const target = await football();
      expect(target.photoUrl).toMatch(PHOTO_URL);
      const before = await shop.counts();
      const { deleteProduct } = await gqlOk<{ deleteProduct: ProductView }>(
        shop,
        DELETE_PRODUCT,
        { id: target.id },
        shop.admin,
      );
      expect(deleteProduct).toMatchObject({ id: target.id, name: target.name, price: 549 });
      expect(await shop.counts()).toEqual({
        ...before,
        products: before.products - 1,
        photo_uploads: before.photo_uploads - 1,
      });
      expect((await gqlOk(shop, PRODUCT, { slug: target.slug })).product).toBeNull();
      expect((await fetchPhoto(shop, target.photoUrl!)).status).toBe(404);
    });

    it('refuses the same id again with NOT_FOUND, and an invalid one with BAD_USER_INPUT', async () => {
      const target = await football();
      await gqlOk(shop, DELETE_PRODUCT, { id: target.id }, shop.admin);
      const before = await shop.counts();
      const error = expectRefused(
        await gql(shop, DELETE_PRODUCT, { id: target.id }, shop.admin),
        'NOT_FOUND',
        'deleteProduct',
      );
      expect(error.message).toBe('Product not found');
      expectRefused(
        await gql(shop, DELETE_PRODUCT, { id: 'nivia' }, shop.admin),
        'BAD_USER_INPUT',
        'deleteProduct',
      );
      expect(await shop.counts()).toEqual(before);
    });
  });

  describe('Hindi names and descriptions, on both APIs', () => {
    const HINDI = `query ($slug: String!) { product(slug: $slug) { id name nameHi description descriptionHi } }`;
    const hindiOf = async (slug: string) =>
      (
        await gqlOk<{
          product: { nameHi: string | null; descriptionHi: string | null } | null;
        }>(shop, HINDI, { slug })
      ).product;
    const KULFI = {
      nameHi: 'केसर पिस्ता कुल्फ़ी',
      descriptionHi: 'दूध को धीमी आँच पर गाढ़ा करके बनी कुल्फ़ी।\nकेसर और पिस्ता के साथ।',
    };

    it('REST takes them with the form and answers them; GraphQL answers them too', async () => {
      const name = named('Kesar Pista Kulfi');
      const response = await shop
        .http()
        .post('/api/v1/product/create-product')
        .set(shop.admin.auth)
        .field('name', name)
        .field('description', 'Slow-cooked milk kulfi with saffron and pistachio.')
        .field('price', '120')
        .field('quantity', '30')
        .field('category', await categoryIdBySlug(shop, 'home-and-kitchen'))
        .field('nameHi', KULFI.nameHi)
        .field('descriptionHi', KULFI.descriptionHi)
        .expect(201);
      expect(response.body.products).toMatchObject(KULFI);
      expect(await productBySlug(slugify(name))).toMatchObject(KULFI);
      expect(await hindiOf(slugify(name))).toMatchObject(KULFI);
    });

    it('GraphQL sets, keeps and clears them: left out keeps, an empty text clears', async () => {
      const created = await createOk({ name: named('Kesar Pista Kulfi'), ...KULFI });
      expect(await hindiOf(created.slug)).toMatchObject(KULFI);
      await gqlOk(shop, UPDATE_PRODUCT, { id: created.id, input: { price: 130 } }, shop.admin);
      expect(await hindiOf(created.slug)).toMatchObject(KULFI);
      await gqlOk(shop, UPDATE_PRODUCT, { id: created.id, input: { nameHi: '  ' } }, shop.admin);
      expect(await hindiOf(created.slug)).toMatchObject({
        nameHi: null,
        descriptionHi: KULFI.descriptionHi,
      });
      expect((await storedProduct(created.id))?.nameHi).toBeNull();
    });

    it('finds a product by a Hindi word of its name or description, on both APIs', async () => {
      const word = `केसरिया${uniqueTag().replace(/\W/g, '')}`;
      const created = await createOk({
        name: named('Kesar Pista Kulfi'),
        nameHi: `${word} कुल्फ़ी`,
        descriptionHi: 'ठंडी मिठाई',
      });
      const found = await gqlOk<{ products: { items: { id: string }[] } }>(
        shop,
        `query ($search: String) { products(search: $search) { items { id } } }`,
        { search: `${word} मिठाई` },
      );
      expect(found.products.items.map((item) => item.id)).toEqual([created.id]);
      const rest = await search(word).expect(200);
      expect(rest.body.map((product: { _id: string }) => product._id)).toEqual([created.id]);
    });

    it('refuses control characters and texts too long, naming the field, and changes nothing', async () => {
      const created = await createOk({ name: named('Kesar Pista Kulfi'), ...KULFI });
      const refusals: [Variables, RegExp][] = [
        [{ nameHi: 'कुल्फ़ी\u0007' }, /nameHi/],
        [{ nameHi: 'क'.repeat(101) }, /nameHi/],
        [{ descriptionHi: 'क'.repeat(5001) }, /descriptionHi/],
      ];
      for (const [input, field] of refusals) {
        const error = expectRefused(
          await gql(shop, UPDATE_PRODUCT, { id: created.id, input }, shop.admin),
          'BAD_USER_INPUT',
          'updateProduct',
        );
        expect(error.message).toMatch(field);
      }
      expect(await hindiOf(created.slug)).toMatchObject(KULFI);
    });
  });
});
