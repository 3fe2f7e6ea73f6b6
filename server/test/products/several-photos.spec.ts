import { Types } from 'mongoose';
import { beforeEach, describe, expect, it } from 'vitest';
import { Migrations } from '../../src/migrations';
import { renderProductImage } from '../../src/seed/product-image';
import { NOT_A_PHOTO, PRODUCT_PHOTO_RULES } from '../../src/shared/rules';
import {
  expectError,
  fetchPhoto,
  newProduct,
  ProductReply,
  productRow,
  snapshot,
  uniqueTag,
} from '../support/fixtures';
import {
  expectAdminOnly,
  expectRefused,
  gql,
  gqlOk,
  gqlUpload,
  GqlResult,
  UploadFile,
} from '../support/gql';
import { useTestShop } from '../support/test-app';

const GALLERY = 'id photoUrl photo { src } photos { hash alt picture { src width } }';
const PRODUCT = `query ($slug: String!) { product(slug: $slug) { ${GALLERY} } }`;
const ADD = `mutation ($id: ID!, $photos: [Upload!]!) {
  addProductPhotos(id: $id, photos: $photos) { ${GALLERY} } }`;
const REORDER = `mutation ($id: ID!, $order: [ID!]!) {
  reorderProductPhotos(id: $id, order: $order) { ${GALLERY} } }`;
const DELETE = `mutation ($id: ID!, $hash: ID!) {
  deleteProductPhoto(id: $id, hash: $hash) { ${GALLERY} } }`;
const ALT = `mutation ($id: ID!, $hash: ID!, $alt: String!) {
  setProductPhotoAlt(id: $id, hash: $hash, alt: $alt) { ${GALLERY} } }`;

interface Gallery {
  id: string;
  photoUrl: string | null;
  photo: { src: string } | null;
  photos: { hash: string; alt: string; picture: { src: string; width: number } | null }[];
}

/** A different PNG for each label. */
const photo = async (label: string): Promise<UploadFile> => ({
  bytes: await renderProductImage({ name: label }),
  filename: `${label}.png`,
  contentType: 'image/png',
});
const photos = (count: number, label = uniqueTag()) =>
  Promise.all(Array.from({ length: count }, (_none, index) => photo(`${label} ${index}`)));

// Each upload is resized to every size the storefront serves: up to 33 s for a test of nine
// photos measured on two busy cores, so more than the 30 s default.
describe('several photos per product', { timeout: 60_000 }, () => {
  const shop = useTestShop({ seed: true });
  let product: ProductReply;

  const galleryOf = async (slug = product.slug) =>
    (await gqlOk<{ product: Gallery }>(shop, PRODUCT, { slug })).product;
  const hashes = async () => (await galleryOf()).photos.map((shown) => shown.hash);
  const add = (files: UploadFile[], session = shop.admin) =>
    gqlUpload<{ addProductPhotos: Gallery }>(shop, ADD, files, session, 'photos', {
      id: product._id,
    });
  /** Every document of the shop and every photo file: equal only when nothing was written. */
  const everything = async () => ({
    ...(await snapshot(shop)),
    files: await shop.connection.collection('photo_files').countDocuments(),
    pending: await shop.connection.collection('pending_photos').countDocuments(),
  });
  const expectAdded = (answer: GqlResult<{ addProductPhotos: Gallery }>) => {
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    return answer.data!.addProductPhotos;
  };
  const served = async (url: string) => (await fetchPhoto(shop, url)).bytes;
  const restFirstPhoto = () => served(`/api/v1/product/product-photo/${product._id}`);

  beforeEach(async () => {
    product = await newProduct(shop, shop.admin, { photo: (await photo(uniqueTag())).bytes });
  });

  describe('through GraphQL', () => {
    it('adds several at once after the first, each resized, the first staying the card photo', async () => {
      const before = await galleryOf();
      const files = await photos(3);
      const added = expectAdded(await add(files));
      expect(added.photos).toHaveLength(4);
      expect(added.photos[0]).toEqual(before.photos[0]);
      expect(added.photoUrl).toBe(before.photoUrl);
      for (const shown of added.photos) {
        expect(shown.alt).toBe('');
        expect(shown.picture!.src).toMatch(new RegExp(`^/photos/${shown.hash}-\\d+\\.(jpg|png)$`));
        expect((await fetchPhoto(shop, shown.picture!.src)).status).toBe(200);
      }
      expect(await galleryOf()).toEqual(added);
      // REST's photo is still the first as uploaded.
      expect((await productRow(shop, product._id)).photos).toHaveLength(4);
      expect(await restFirstPhoto()).toEqual(await served(before.photoUrl!));
    });

    it('reorders them: the first is then the card photo, the photoUrl and REST photo', async () => {
      const files = await photos(2);
      const [first, second, third] = expectAdded(await add(files)).photos.map((p) => p.hash);
      const reordered = (
        await gqlOk<{ reorderProductPhotos: Gallery }>(
          shop,
          REORDER,
          { id: product._id, order: [third, first, second] },
          shop.admin,
        )
      ).reorderProductPhotos;
      expect(reordered.photos.map((shown) => shown.hash)).toEqual([third, first, second]);
      expect(reordered.photo!.src).toContain(third);
      expect(reordered.photoUrl).toContain(`v=${third}`);
      expect(await restFirstPhoto()).toEqual(files[1].bytes);
      const rest = await shop.http().get(`/api/v1/product/get-product/${product.slug}`);
      expect(rest.body.product.photoHash).toBe(third);
    });

    it('gives a photo alt text, trimmed, and takes it away with an empty one', async () => {
      const [hash] = await hashes();
      const given = await gqlOk<{ setProductPhotoAlt: Gallery }>(
        shop,
        ALT,
        { id: product._id, hash, alt: '  The lamp lit, from the side  ' },
        shop.admin,
      );
      expect(given.setProductPhotoAlt.photos[0].alt).toBe('The lamp lit, from the side');
      await gqlOk(shop, ALT, { id: product._id, hash, alt: '' }, shop.admin);
      expect((await galleryOf()).photos[0].alt).toBe('');
    });

    it('deletes one photo and its files, keeping the others in order', async () => {
      const [first, second, third] = expectAdded(await add(await photos(2))).photos;
      const files = await shop.connection.collection('photo_files').countDocuments();
      const left = (
        await gqlOk<{ deleteProductPhoto: Gallery }>(
          shop,
          DELETE,
          { id: product._id, hash: second.hash },
          shop.admin,
        )
      ).deleteProductPhoto;
      expect(left.photos).toEqual([first, third]);
      expect(await shop.connection.collection('photo_files').countDocuments()).toBeLessThan(files);
      expect((await fetchPhoto(shop, second.picture!.src)).status).toBe(404);
      const upload = await shop.connection
        .collection('photo_uploads')
        .findOne({ _id: second.hash as never });
      expect(upload).toBeNull();
    });

    it('keeps a photo another product shows when one product lets it go', async () => {
      const shared = await photo(uniqueTag());
      const other = await newProduct(shop, shop.admin, { photo: shared.bytes });
      const [, hash] = expectAdded(await add([shared])).photos.map((shown) => shown.hash);
      await gqlOk(shop, DELETE, { id: product._id, hash }, shop.admin);
      const kept = (await galleryOf(other.slug)).photos[0];
      expect(kept.hash).toBe(hash);
      expect((await fetchPhoto(shop, kept.picture!.src)).status).toBe(200);
      expect(await served(`/api/v1/product/product-photo/${other._id}`)).toEqual(shared.bytes);
    });

    it(`refuses a ninth photo, naming the limit, and changes nothing`, async () => {
      expectAdded(await add(await photos(PRODUCT_PHOTO_RULES.maxPhotos - 2)));
      const before = await everything();
      const refused = expectRefused(
        await add(await photos(2)),
        'BAD_USER_INPUT',
        'addProductPhotos',
      );
      expect(refused.message).toBe(PRODUCT_PHOTO_RULES.tooMany);
      expect(await everything()).toEqual(before);
      expectAdded(await add(await photos(1)));
      expect(await hashes()).toHaveLength(PRODUCT_PHOTO_RULES.maxPhotos);
    });

    it('refuses a bad image among good ones, storing none of them', async () => {
      const before = await everything();
      const fake = { bytes: Buffer.from('<svg/>'), filename: 'x.png', contentType: 'image/png' };
      const refused = expectRefused(
        await add([...(await photos(2)), fake]),
        'BAD_USER_INPUT',
        'addProductPhotos',
      );
      expect(refused.message).toBe(NOT_A_PHOTO);
      expect(await everything()).toEqual(before);
    });

    it('refuses a photo the product has already, and an empty list', async () => {
      const [again] = await photos(1);
      expectAdded(await add([again]));
      const before = await everything();
      const twice = expectRefused(await add([again]), 'BAD_USER_INPUT', 'addProductPhotos');
      expect(twice.message).toBe(PRODUCT_PHOTO_RULES.alreadyShown);
      const none = expectRefused(await add([]), 'BAD_USER_INPUT', 'addProductPhotos');
      expect(none.message).toBe(PRODUCT_PHOTO_RULES.noPhotos);
      expect(await everything()).toEqual(before);
    });

    it('refuses unknown photos, an order that is not every photo once, and long alt text', async () => {
      const [first, second] = expectAdded(await add(await photos(1))).photos.map((p) => p.hash);
      const unknown = 'f'.repeat(64);
      const before = await everything();
      const refusals = [
        [REORDER, { order: [first, unknown] }, 'reorderProductPhotos', 'NOT_FOUND'],
        [REORDER, { order: [first] }, 'reorderProductPhotos', 'BAD_USER_INPUT'],
        [REORDER, { order: [first, first] }, 'reorderProductPhotos', 'BAD_USER_INPUT'],
        [REORDER, { order: [second, first, first] }, 'reorderProductPhotos', 'BAD_USER_INPUT'],
        [DELETE, { hash: unknown }, 'deleteProductPhoto', 'NOT_FOUND'],
        [ALT, { hash: unknown, alt: 'x' }, 'setProductPhotoAlt', 'NOT_FOUND'],
        [ALT, { hash: first, alt: 'x'.repeat(151) }, 'setProductPhotoAlt', 'BAD_USER_INPUT'],
        [ALT, { hash: first, alt: 'a\u0000b' }, 'setProductPhotoAlt', 'BAD_USER_INPUT'],
      ] as const;
      const messages = [];
      for (const [query, variables, field, code] of refusals) {
        const answer = await gql(shop, query, { id: product._id, ...variables }, shop.admin);
        messages.push(expectRefused(answer, code, field).message);
      }
      expect(messages).toEqual([
        PRODUCT_PHOTO_RULES.noSuchPhoto,
        PRODUCT_PHOTO_RULES.order,
        PRODUCT_PHOTO_RULES.order,
        PRODUCT_PHOTO_RULES.order,
        PRODUCT_PHOTO_RULES.noSuchPhoto,
        PRODUCT_PHOTO_RULES.noSuchPhoto,
        PRODUCT_PHOTO_RULES.alt.message,
        'alt must not contain control characters',
      ]);
      expect(await everything()).toEqual(before);
    });

    it('is for admins only', async () => {
      const [hash] = await hashes();
      await expectAdminOnly(
        shop,
        REORDER,
        { id: product._id, order: [hash] },
        'reorderProductPhotos',
      );
      await expectAdminOnly(shop, DELETE, { id: product._id, hash }, 'deleteProductPhoto');
      await expectAdminOnly(shop, ALT, { id: product._id, hash, alt: 'x' }, 'setProductPhotoAlt');
      const before = await everything();
      expectRefused(await add(await photos(1), shop.shopper), 'FORBIDDEN', 'addProductPhotos');
      expect(await everything()).toEqual(before);
    });
  });

  describe('through REST, beside product-photo/{id}', () => {
    const base = () => `/api/v1/product/product-photos/${product._id}`;
    const attachAll = (files: UploadFile[]) => {
      const request = shop.http().post(base()).set(shop.admin.auth);
      for (const file of files) {
        request.attach('photos', file.bytes, {
          filename: file.filename,
          contentType: file.contentType,
        });
      }
      return request;
    };

    it('lists, adds, reorders, describes and deletes', async () => {
      const files = await photos(2);
      const added = await attachAll(files).expect(201);
      expect(added.body.success).toBe(true);
      const [first, second, third] = added.body.photos.map((shown: { hash: string }) => shown.hash);
      expect(added.body.photos).toHaveLength(3);
      expect(added.body.photos[1].url).toMatch(new RegExp(`^/photos/${second}-\\d+\\.(jpg|png)$`));

      const order = await shop
        .http()
        .put(`${base()}/order`)
        .set(shop.admin.auth)
        .send({ order: [second, third, first] })
        .expect(200);
      expect(order.body.photos.map((shown: { hash: string }) => shown.hash)).toEqual([
        second,
        third,
        first,
      ]);
      expect(await restFirstPhoto()).toEqual(files[0].bytes);

      const described = await shop
        .http()
        .put(`${base()}/${third}`)
        .set(shop.admin.auth)
        .send({ alt: 'Folded, in its box' })
        .expect(200);
      expect(described.body.photos[1].alt).toBe('Folded, in its box');

      await shop.http().delete(`${base()}/${second}`).set(shop.admin.auth).expect(200);
      const listed = await shop.http().get(base()).expect(200);
      expect(listed.body.photos.map((shown: { hash: string }) => shown.hash)).toEqual([
        third,
        first,
      ]);
      expect(await restFirstPhoto()).not.toEqual(files[0].bytes);
    });

    it('answers 4xx naming what is wrong, and changes nothing', async () => {
      const [hash] = await hashes();
      await attachAll(await photos(PRODUCT_PHOTO_RULES.maxPhotos - 2)).expect(201);
      const before = await everything();
      expectError(await attachAll(await photos(2)), 400, PRODUCT_PHOTO_RULES.tooMany);
      const bad = {
        bytes: Buffer.from('GIF89a, or so'),
        filename: 'x.gif',
        contentType: 'image/gif',
      };
      expectError(await attachAll([bad]), 400, NOT_A_PHOTO);
      expectError(await attachAll([]), 400, PRODUCT_PHOTO_RULES.noPhotos);
      const unknown = 'e'.repeat(64);
      const put = (path: string, body: object) =>
        shop.http().put(`${base()}${path}`).set(shop.admin.auth).send(body);
      expectError(await put('/order', { order: [unknown] }), 404, PRODUCT_PHOTO_RULES.noSuchPhoto);
      expectError(await put('/order', { order: [hash] }), 400, PRODUCT_PHOTO_RULES.order);
      expectError(await put('/order', { order: 'all' }), 400, PRODUCT_PHOTO_RULES.order);
      expectError(await put(`/${hash}`, {}), 400, PRODUCT_PHOTO_RULES.alt.required);
      expectError(
        await put(`/${hash}`, { alt: 'x'.repeat(151) }),
        400,
        PRODUCT_PHOTO_RULES.alt.message,
      );
      expectError(
        await shop.http().delete(`${base()}/${unknown}`).set(shop.admin.auth),
        404,
        PRODUCT_PHOTO_RULES.noSuchPhoto,
      );
      expectError(await shop.http().delete(`${base()}/${hash}`), 401);
      expectError(
        await shop.http().get(`/api/v1/product/product-photos/${new Types.ObjectId()}`),
        404,
      );
      expect(await everything()).toEqual(before);
    });
  });
});

describe('products stored with one photo', () => {
  const shop = useTestShop({ seed: true });

  it('get it as their first photo, its upload kept by content, at the next start', async () => {
    const bytes = await renderProductImage({ name: uniqueTag() });
    const product = await newProduct(shop, shop.admin, { photo: bytes });
    const row = await productRow(shop, product._id);
    const [{ hash, layout }] = row.photos;
    const upload = await shop.connection
      .collection('photo_uploads')
      .findOne({ _id: hash as never });
    // As an earlier version stored it: the photo's fields, its upload under the product's id.
    await shop.connection
      .collection('products')
      .updateOne(
        { _id: row._id },
        { $set: { photoHash: hash, photo: layout }, $unset: { photos: '' } },
      );
    await shop.connection.collection('product_photos').insertOne({
      _id: row._id,
      data: upload!.data,
      contentType: upload!.contentType,
      size: upload!.size,
      hash,
    });
    await shop.connection.collection('photo_uploads').deleteOne({ _id: hash as never });
    await shop.connection.collection('upgrades').deleteOne({ _id: 'product-photo-lists' as never });

    expect(await shop.app.get(Migrations).runPending()).toEqual(['product-photo-lists']);
    const migrated = await productRow(shop, product._id);
    expect(migrated.photos).toEqual([{ hash, layout, alt: '' }]);
    expect(migrated).not.toHaveProperty('photoHash');
    expect(
      await shop.connection.collection('product_photos').countDocuments({ _id: row._id }),
    ).toBe(0);
    const served = await fetchPhoto(shop, `/api/v1/product/product-photo/${product._id}`);
    expect(served.status).toBe(200);
    expect(served.bytes.equals(bytes)).toBe(true);
    const { product: shown } = await gqlOk<{ product: Gallery }>(shop, PRODUCT, {
      slug: product.slug,
    });
    expect(shown.photos.map((p) => p.hash)).toEqual([hash]);
  });
});
