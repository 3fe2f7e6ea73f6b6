import { Types } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderProductImage } from '../../src/seed/product-image';
import { badRequestSuite, BadRequest, long, Upload } from '../support/bad-requests';
import {
  categoryIdBySlug,
  expectError,
  missingId,
  newProduct,
  ProductRow,
  snapshot,
  stockedProduct,
} from '../support/fixtures';
import { expectRefused, expectRequestRefused, gql, Variables } from '../support/gql';
import { controlCharactersIn } from '../../src/shared/rules';
import { POLYGLOTS } from '../support/polyglots';
import { useTestShop } from '../support/test-app';
import { CREATE_PRODUCT, productInput, PRODUCTS, ProductView, UPDATE_PRODUCT } from './operations';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Starts like a PNG, but is 1 MB and one byte long. */
const oversizePhoto: Upload = {
  buffer: Buffer.concat([PNG_SIGNATURE, Buffer.alloc(1024 * 1024 + 1 - PNG_SIGNATURE.length)]),
  filename: 'huge.png',
  contentType: 'image/png',
};
/** A text file that says it is a PNG. */
const textAsPng: Upload = {
  buffer: Buffer.from('this is plain text, not an image\n'.repeat(20)),
  filename: 'notes.png',
  contentType: 'image/png',
};

const productForm = (ids: { category: string }): Record<string, string> => ({
  name: 'Titan Neo Analog Watch',
  description: 'A slim analog watch with a stainless steel strap, for office and evenings out.',
  price: '2495',
  quantity: '12',
  category: ids.category,
  shipping: '1',
});

/** Bad requests to the product calls: each refused with its status and message, changing nothing. */
const CASES: BadRequest[] = [
  {
    name: "create-product: price 'abc'",
    call: 'POST /api/v1/product/create-product',
    as: 'admin',
    form: { fields: (ids) => ({ ...productForm(ids), price: 'abc' }) },
    status: 400,
    message: 'price must be a number conforming to the specified constraints',
  },
  {
    name: 'create-product: negative price',
    call: 'POST /api/v1/product/create-product',
    as: 'admin',
    form: { fields: (ids) => ({ ...productForm(ids), price: '-1' }) },
    status: 400,
    message: 'Price must be from 0 to 10000000 rupees',
  },
  {
    name: 'create-product: non-integer quantity',
    call: 'POST /api/v1/product/create-product',
    as: 'admin',
    form: { fields: (ids) => ({ ...productForm(ids), quantity: '2.5' }) },
    status: 400,
    message: 'Quantity must be a whole number from 0 to 1000000',
  },
  {
    name: 'create-product: negative quantity',
    call: 'POST /api/v1/product/create-product',
    as: 'admin',
    form: { fields: (ids) => ({ ...productForm(ids), quantity: '-3' }) },
    status: 400,
    message: 'Quantity must be a whole number from 0 to 1000000',
  },
  {
    name: 'create-product: unknown category id',
    call: 'POST /api/v1/product/create-product',
    as: 'admin',
    form: { fields: (ids) => ({ ...productForm(ids), category: ids.missing }) },
    status: 400,
    message: 'Category not found',
  },
  {
    name: 'create-product: category that is not an id',
    call: 'POST /api/v1/product/create-product',
    as: 'admin',
    form: { fields: (ids) => ({ ...productForm(ids), category: 'electronics' }) },
    status: 400,
    message: 'category must be a valid category id',
  },
  {
    name: 'create-product: name missing',
    call: 'POST /api/v1/product/create-product',
    as: 'admin',
    form: {
      fields: (ids) => {
        const { name: _name, ...rest } = productForm(ids);
        return rest;
      },
    },
    status: 400,
    message: 'name must be a string',
  },
  {
    name: 'create-product: name sent twice (array where a string belongs)',
    call: 'POST /api/v1/product/create-product',
    as: 'admin',
    form: { fields: (ids) => ({ ...productForm(ids), name: ['Watch one', 'Watch two'] }) },
    status: 400,
    message: 'name must be a string',
  },
  {
    name: 'create-product: 10 000-character description',
    call: 'POST /api/v1/product/create-product',
    as: 'admin',
    form: { fields: (ids) => ({ ...productForm(ids), description: long(10_000) }) },
    status: 400,
    message: 'description must be shorter than or equal to 5000 characters',
  },
  {
    name: 'create-product: a NUL byte in the name',
    call: 'POST /api/v1/product/create-product',
    as: 'admin',
    form: { fields: (ids) => ({ ...productForm(ids), name: 'Titan\u0000Neo' }) },
    status: 400,
    message: controlCharactersIn('name'),
  },
  {
    name: 'create-product: an escape (ESC) in the name, as JSON',
    call: 'POST /api/v1/product/create-product',
    as: 'admin',
    body: (ids) => ({ ...productForm(ids), name: '\u001b[31mTitan Neo' }),
    status: 400,
    message: controlCharactersIn('name'),
  },
  {
    name: 'create-product: a tab in the name (a one-line text)',
    call: 'POST /api/v1/product/create-product',
    as: 'admin',
    body: (ids) => ({ ...productForm(ids), name: 'Titan\tNeo' }),
    status: 400,
    message: controlCharactersIn('name'),
  },
  {
    name: 'create-product: U+0001 in the description',
    call: 'POST /api/v1/product/create-product',
    as: 'admin',
    form: { fields: (ids) => ({ ...productForm(ids), description: 'Slim\u0001 analog watch' }) },
    status: 400,
    message: controlCharactersIn('description'),
  },
  {
    name: "create-product: shipping 'maybe'",
    call: 'POST /api/v1/product/create-product',
    as: 'admin',
    form: { fields: (ids) => ({ ...productForm(ids), shipping: 'maybe' }) },
    status: 400,
    message: 'shipping must be 0 or 1',
  },
  {
    name: 'create-product: photo over 1 MB',
    call: 'POST /api/v1/product/create-product',
    as: 'admin',
    form: { fields: productForm, files: { photo: oversizePhoto } },
    status: 413,
    message: 'File too large',
  },
  {
    name: 'create-product: text file named .png as photo',
    call: 'POST /api/v1/product/create-product',
    as: 'admin',
    form: { fields: productForm, files: { photo: textAsPng } },
    status: 400,
    message: 'Photo must be a JPEG, PNG, WebP or GIF image',
  },
  {
    name: 'create-product: file under an unexpected field name',
    call: 'POST /api/v1/product/create-product',
    as: 'admin',
    form: {
      fields: productForm,
      files: { image: { ...textAsPng, buffer: PNG_SIGNATURE, filename: 'a.png' } },
    },
    status: 400,
    message: 'Unexpected file field - image',
  },
  {
    name: 'create-product: JSON with an array where the price belongs',
    call: 'POST /api/v1/product/create-product',
    as: 'admin',
    body: (ids) => ({ ...productForm(ids), price: [2495] }),
    status: 400,
    message: 'price must be a number conforming to the specified constraints',
  },
  {
    name: 'create-product: malformed multipart body',
    call: 'POST /api/v1/product/create-product',
    as: 'admin',
    raw: {
      type: 'multipart/form-data; boundary=----shop',
      data: '------shop\r\nContent-Disposition: form-data; name="name"\r\n\r\nhalf a form',
    },
    status: 400,
    message: 'Multipart: Unexpected end of form',
  },
  {
    name: 'create-product: shopper token',
    call: 'POST /api/v1/product/create-product',
    as: 'shopper',
    form: { fields: productForm },
    status: 403,
    message: 'Admins only',
  },
  {
    name: 'update-product: invalid id',
    call: 'PUT /api/v1/product/update-product/xyz',
    as: 'admin',
    body: { price: 100 },
    status: 400,
    message: 'Invalid id',
  },
  {
    name: 'update-product: negative price',
    call: 'PUT /api/v1/product/update-product/{product}',
    as: 'admin',
    body: { price: -1 },
    status: 400,
    message: 'Price must be from 0 to 10000000 rupees',
    target: 'product',
  },
  {
    name: "update-product: price 'abc'",
    call: 'PUT /api/v1/product/update-product/{product}',
    as: 'admin',
    body: { price: 'abc' },
    status: 400,
    message: 'price must be a number conforming to the specified constraints',
    target: 'product',
  },
  {
    name: 'update-product: non-integer quantity',
    call: 'PUT /api/v1/product/update-product/{product}',
    as: 'admin',
    body: { quantity: 1.5 },
    status: 400,
    message: 'Quantity must be a whole number from 0 to 1000000',
    target: 'product',
  },
  {
    name: 'update-product: U+0001 in the name',
    call: 'PUT /api/v1/product/update-product/{product}',
    as: 'admin',
    body: { name: 'Renamed\u0001' },
    status: 400,
    message: controlCharactersIn('name'),
    target: 'product',
  },
  {
    name: 'update-product: operator object as name',
    call: 'PUT /api/v1/product/update-product/{product}',
    as: 'admin',
    body: { name: { $set: 'x' }, price: 1 },
    status: 400,
    message: 'name must be a string',
    target: 'product',
  },
  {
    name: 'update-product: unknown category id',
    call: 'PUT /api/v1/product/update-product/{product}',
    as: 'admin',
    body: (ids) => ({ category: ids.missing, price: 1 }),
    status: 400,
    message: 'Category not found',
    target: 'product',
  },
  {
    name: 'update-product: text file named .png as photo',
    call: 'PUT /api/v1/product/update-product/{product}',
    as: 'admin',
    form: { fields: () => ({ price: '1' }), files: { photo: textAsPng } },
    status: 400,
    message: 'Photo must be a JPEG, PNG, WebP or GIF image',
    target: 'product',
  },
  {
    name: 'update-product: photo over 1 MB',
    call: 'PUT /api/v1/product/update-product/{product}',
    as: 'admin',
    form: { fields: () => ({ price: '1' }), files: { photo: oversizePhoto } },
    status: 413,
    message: 'File too large',
    target: 'product',
  },
  {
    name: 'update-product: unknown id',
    call: 'PUT /api/v1/product/update-product/{missing}',
    as: 'admin',
    body: { price: 100 },
    status: 404,
    message: 'Product not found',
  },
  {
    name: 'update-product: shopper token',
    call: 'PUT /api/v1/product/update-product/{product}',
    as: 'shopper',
    body: { price: 1 },
    status: 403,
    message: 'Admins only',
    target: 'product',
  },
  {
    name: 'delete-product: invalid id',
    call: 'DELETE /api/v1/product/delete-product/nope',
    as: 'admin',
    status: 400,
    message: 'Invalid id',
  },
  {
    name: 'delete-product: unknown id',
    call: 'DELETE /api/v1/product/delete-product/{missing}',
    as: 'admin',
    status: 404,
    message: 'Product not found',
  },
  {
    name: 'product-photo: invalid id',
    call: 'GET /api/v1/product/product-photo/abc',
    status: 400,
    message: 'Invalid id',
  },
  {
    name: 'product-photo: unknown id',
    call: 'GET /api/v1/product/product-photo/{missing}',
    status: 404,
    message: 'This product has no photo',
  },
  {
    name: 'related-product: invalid ids',
    call: 'GET /api/v1/product/related-product/abc/def',
    status: 400,
    message: 'Invalid id',
  },
  {
    name: 'get-product: unknown slug',
    call: 'GET /api/v1/product/get-product/no-such-product',
    status: 404,
    message: 'Product not found',
  },
  {
    name: 'product-list: page 0',
    call: 'GET /api/v1/product/product-list/0',
    status: 400,
    message: 'Page must be a whole number from 1',
  },
  {
    name: "product-list: page 'x'",
    call: 'GET /api/v1/product/product-list/x',
    status: 400,
    message: 'Page must be a whole number from 1',
  },
  {
    name: "product-list: sort 'cheapest'",
    call: 'GET /api/v1/product/product-list/1?sort=cheapest',
    status: 400,
    message: 'sort must be one of newest, price-asc, price-desc, name-asc, top-rated',
  },
  {
    name: "product-filters: sort 'relevance' (REST's search is literal: no best match)",
    call: 'POST /api/v1/product/product-filters?sort=relevance',
    body: { checked: [], radio: [] },
    status: 400,
    message: 'sort must be one of newest, price-asc, price-desc, name-asc, top-rated',
  },
  {
    name: "search: sort 'PRICE_ASC' (GraphQL's name)",
    call: 'GET /api/v1/product/search/kettle?sort=PRICE_ASC',
    status: 400,
    message: 'sort must be one of newest, price-asc, price-desc, name-asc, top-rated',
  },
  {
    name: 'search: 10 000-character keyword',
    call: `GET /api/v1/product/search/${long(10_000, 'k')}`,
    status: 400,
    message: 'Search is too long',
  },
  {
    name: 'product-filters: operator object among the checked ids',
    call: 'POST /api/v1/product/product-filters',
    body: { checked: [{ $ne: null }], radio: [] },
    status: 400,
    message: 'checked must hold category ids',
  },
  {
    name: 'product-filters: checked as a string',
    call: 'POST /api/v1/product/product-filters',
    body: (ids) => ({ checked: ids.category, radio: [] }),
    status: 400,
    message: 'checked must contain no more than 100 elements',
  },
  {
    name: 'product-filters: radio with one element',
    call: 'POST /api/v1/product/product-filters',
    body: { checked: [], radio: [1000] },
    status: 400,
    message: 'radio must hold two prices: [min, max]',
  },
  {
    name: 'product-filters: radio min above max',
    call: 'POST /api/v1/product/product-filters',
    body: { checked: [], radio: [5000, 100] },
    status: 400,
    message: 'The lower price bound is above the upper one',
  },
  {
    name: 'product-filters: radio of strings',
    call: 'POST /api/v1/product/product-filters',
    body: { checked: [], radio: ['cheap', 'dear'] },
    status: 400,
    message: 'radio must hold two prices',
  },
  {
    name: 'product-filters: negative price bound',
    call: 'POST /api/v1/product/product-filters',
    body: { checked: [], radio: [-10, 100] },
    status: 400,
    message: 'Price bounds must be numbers from 0',
  },
  {
    name: 'search: a tab as the keyword (%09)',
    call: 'GET /api/v1/product/search/%09',
    status: 400,
    message: controlCharactersIn('Search'),
  },
  {
    name: 'search: a line break as the keyword (%0A)',
    call: 'GET /api/v1/product/search/%0A',
    status: 400,
    message: controlCharactersIn('Search'),
  },
  {
    name: 'search: a word with a line break after it',
    call: 'GET /api/v1/product/search/kettle%0A',
    status: 400,
    message: controlCharactersIn('Search'),
  },
  {
    name: 'search: malformed percent-encoding in the keyword',
    call: 'GET /api/v1/product/search/%E0%A4%A',
    status: 400,
    message: "Failed to decode param '%E0%A4%A'",
  },
  {
    name: 'product-filters: three prices in radio',
    call: 'POST /api/v1/product/product-filters',
    body: { checked: [], radio: [1, 2, 3] },
    status: 400,
    message: 'radio must contain no more than 2 elements',
  },
];

describe('bad requests to the product calls (REST)', () => {
  const { shop, fixtures } = badRequestSuite(CASES);

  it('leaves the targeted product as it was (a spot check through the API)', async () => {
    const { product: id, productSlug } = fixtures();
    const product = await shop.http().get(`/api/v1/product/get-product/${productSlug}`);
    const stored = await shop.connection
      .collection('products')
      .findOne({ _id: new Types.ObjectId(id) });
    // Stored in paise, answered in rupees.
    expect(product.body.product.price).toBe(stored!.price / 100);
    expect(product.body.product.price).toBeGreaterThan(1);
  });
});

describe('bad product input', () => {
  const shop = useTestShop({ seed: true });

  // Async, since the photo goes into the table of cases that vitest collects.
  describe('REST', async () => {
    const photo = await renderProductImage({ name: 'Amul Pure Ghee' });
    const ghee = async () => ({
      name: 'Amul Pure Ghee 1L',
      description: 'Rich, aromatic cow ghee made the traditional way, for tadka, sweets and rotis.',
      price: '649',
      quantity: '40',
      category: await categoryIdBySlug(shop, 'home-and-kitchen'),
      shipping: '1',
    });

    it.each<[string, Record<string, string>, Buffer | undefined, number]>([
      ['a negative price', { price: '-5' }, photo, 400],
      ['a price that is a word', { price: 'free' }, photo, 400],
      ['a fraction of a unit', { quantity: '2.5' }, photo, 400],
      ['an empty category', { category: '' }, photo, 400],
      ['a category no one has', { category: missingId() }, photo, 400],
      ['an empty name', { name: '' }, photo, 400],
      ['a photo that is no image', {}, Buffer.from('this is not a picture at all'), 400],
      ['a photo over 1 MB', {}, Buffer.concat([photo, Buffer.alloc(1024 * 1024)]), 413],
    ])('create-product refuses %s, creating nothing', async (_label, changes, image, status) => {
      const before = await shop.counts();
      const fields = { ...(await ghee()), ...changes };
      let request = shop.http().post('/api/v1/product/create-product').set(shop.admin.auth);
      for (const [name, value] of Object.entries(fields)) request = request.field(name, value);
      if (image) {
        request = request.attach('photo', image, {
          filename: 'photo.png',
          contentType: 'image/png',
        });
      }
      const response = await request;
      expect(response.status, JSON.stringify({ ...fields, image: image?.length })).toBe(status);
      expect(response.body).toEqual({ success: false, message: expect.any(String) });
      expect(await shop.counts()).toEqual(before);
    });

    it.each(['0', '-1', '1.5', 'abc'])('product-list refuses page %s with 400', async (page) => {
      const response = await shop.http().get(`/api/v1/product/product-list/${page}`);
      expect(response.status, page).toBe(400);
      expect(response.body).toEqual({ success: false, message: expect.any(String) });
    });

    it.each<[string, object]>([
      ['a half price band', { checked: [], radio: [1000] }],
      ['a reversed band', { checked: [], radio: [3000, 1001] }],
      ['a category that is not an id', { checked: ['books'], radio: [] }],
      ['a string of categories', { checked: 'books', radio: [] }],
      ['a band of words', { checked: [], radio: ['cheap', 'dear'] }],
    ])('product-filters refuses %s with 400', async (_label, body) => {
      const response = await shop.http().post('/api/v1/product/product-filters').send(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.success).toBe(false);
    });

    it('ignores slug and photo hash sent with a new product', async () => {
      const category = await shop.connection.collection('categories').findOne({});
      const response = await shop
        .http()
        .post('/api/v1/product/create-product')
        .set(shop.admin.auth)
        .send({
          name: 'Prestige Iris Mixer Grinder',
          description: 'A 750 watt mixer grinder with three stainless steel jars and a juicer jar.',
          price: 3299,
          quantity: 4,
          category: String(category!._id),
          slug: 'free-stuff',
          photoHash: 'forged',
          createdAt: '2001-01-01',
        })
        .expect(201);
      expect(response.body.products).toMatchObject({
        slug: 'prestige-iris-mixer-grinder',
        photoHash: null,
        price: 3299,
      });
    });

    it('filters by category and price, ignoring unknown fields beside checked and radio', async () => {
      const all = await shop.http().get('/api/v1/product/get-product').expect(200);
      const categoryId = String(all.body.products[0].category);
      const expected = all.body.products
        .filter((product: { category: string; price: number }) => product.category === categoryId)
        .filter((product: { price: number }) => product.price >= 0 && product.price <= 200_000);
      expect(expected.length).toBeGreaterThan(1);
      const response = await shop
        .http()
        .post('/api/v1/product/product-filters')
        .send({ checked: [categoryId], radio: [0, 200_000], sort: { $natural: -1 }, $where: '1' })
        .expect(200);
      expect(response.body.products.map((product: { _id: string }) => product._id).sort()).toEqual(
        expected.map((product: { _id: string }) => product._id).sort(),
      );
    });
  });

  describe('GraphQL: products', () => {
    it.each([
      ['pageSize 51', { pageSize: 51 }],
      ['pageSize 0', { pageSize: 0 }],
      ['page 0', { page: 0 }],
      ['page -1', { page: -1 }],
    ])('refuses %s with BAD_USER_INPUT', async (_label, variables) => {
      const error = expectRefused(
        await gql(shop, PRODUCTS, variables),
        'BAD_USER_INPUT',
        'products',
      );
      expect(error.message).toMatch(/page/i);
    });

    it('refuses a page size that is not a whole number before running anything', async () => {
      const result = await gql(shop, PRODUCTS, { pageSize: 'ten' });
      expectRequestRefused(result, 'BAD_USER_INPUT');
    });

    it.each([
      ['a category id that is not an id', { filter: { categoryIds: ['books'] } }],
      ['a negative lower bound', { filter: { priceMin: -1 } }],
      ['a lower bound above the upper one', { filter: { priceMin: 5000, priceMax: 1000 } }],
      ['a search over 100 characters', { search: 'a'.repeat(101) }],
    ])('refuses %s with BAD_USER_INPUT', async (_label, variables) => {
      expectRefused(
        await gql(shop, PRODUCTS, { pageSize: 50, ...variables }),
        'BAD_USER_INPUT',
        'products',
      );
    });
  });

  describe('GraphQL: createProduct', () => {
    const input = (changes: Variables = {}) => productInput(shop, changes);

    it.each<[string, Variables]>([
      ['a negative price', { price: -1 }],
      ['a price with three decimals', { price: 10.005 }],
      ['a price over the maximum', { price: 10_000_001 }],
      ['a negative quantity', { quantity: -1 }],
      ['a quantity over the maximum', { quantity: 1_000_001 }],
      ['a category that is not an id', { category: 'home-and-kitchen' }],
      ['a category no one has', { category: missingId() }],
      ['a blank name', { name: '   ' }],
      ['a blank description', { description: '' }],
      ['a NUL byte in the name', { name: 'Kettle\u0000' }],
      ['U+0001 in the name', { name: '\u0001Kettle' }],
      ['an escape (ESC) in the description', { description: 'Copper \u001b kettle' }],
      ['a DEL in the name', { name: 'Kettle\u007f' }],
    ])('refuses %s with BAD_USER_INPUT and stores nothing', async (_label, changes) => {
      const before = await shop.counts();
      expectRefused(
        await gql(shop, CREATE_PRODUCT, { input: await input(changes) }, shop.admin),
        'BAD_USER_INPUT',
        'createProduct',
      );
      expect(await shop.counts()).toEqual(before);
    });

    it('refuses a quantity that is not a whole number before running anything', async () => {
      const before = await shop.counts();
      expectRequestRefused(
        await gql(shop, CREATE_PRODUCT, { input: await input({ quantity: 2.5 }) }, shop.admin),
        'BAD_USER_INPUT',
      );
      expect(await shop.counts()).toEqual(before);
    });
  });

  describe('GraphQL: updateProduct', () => {
    const storedProduct = (id: string) =>
      shop.connection.collection('products').findOne({ _id: new Types.ObjectId(id) });
    /** A product of its own to aim at. */
    const target = async () => (await newProduct(shop, shop.admin))._id;

    it.each<[string, string | null, Variables]>([
      ['an id that is not an id', 'milton', { price: 1 }],
      ['a negative price', null, { price: -5 }],
      ['a negative quantity', null, { quantity: -5 }],
      ['a blank name', null, { name: ' ' }],
      ['an escape (ESC) in the name', null, { name: 'Kettle \u001b[2J' }],
      ['a category that is not an id', null, { category: 'books' }],
      ['a category no one has', null, { category: missingId() }],
    ])('refuses %s with BAD_USER_INPUT and changes nothing', async (_label, id, input) => {
      const targetId = await target();
      const before = await storedProduct(targetId);
      expectRefused(
        await gql(shop, UPDATE_PRODUCT, { id: id ?? targetId, input }, shop.admin),
        'BAD_USER_INPUT',
        'updateProduct',
      );
      expect(await storedProduct(targetId)).toEqual(before);
    });

    it.each(['name', 'description', 'price', 'quantity', 'shipping', 'category'])(
      'never fails inside for an explicit null %s, and stores no null',
      async (field) => {
        const targetId = await target();
        const before = await storedProduct(targetId);
        const result = await gql<{ updateProduct: ProductView }>(
          shop,
          UPDATE_PRODUCT,
          { id: targetId, input: { [field]: null } },
          shop.admin,
        );
        if (result.errors) {
          expectRefused(result, 'BAD_USER_INPUT', 'updateProduct');
        } else {
          expect(result.data?.updateProduct).toMatchObject({
            id: targetId,
            name: before?.name,
            // Stored in paise, answered in rupees.
            price: (before?.price as number) / 100,
            quantity: before?.quantity,
          });
        }
        const after = await storedProduct(targetId);
        expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
      },
    );
  });
});

/** Inputs that once answered 500, and uploads that once passed as photos. */
describe('hostile product input: a clear 400 that changes nothing', () => {
  const shop = useTestShop({ seed: true });
  let product: ProductRow;

  beforeAll(async () => {
    product = await stockedProduct(shop, 1);
  });

  const newProductBody = (price: unknown) => ({
    name: 'Exponent Priced Kettle',
    description: 'An electric kettle priced by a tiny exponent.',
    price,
    quantity: 5,
    category: String(product.category),
    shipping: true,
  });

  /** Runs `attempt`, then shows that no document of the shop changed. */
  async function changesNothing(attempt: () => Promise<void>): Promise<void> {
    const before = await snapshot(shop);
    await attempt();
    expect(await snapshot(shop)).toEqual(before);
  }

  describe('a NUL byte in a search', () => {
    it('REST GET /api/v1/product/search/%00 -> 400', async () => {
      const response = await shop.http().get('/api/v1/product/search/%00');
      expectError(response, 400, 'Search must not contain control characters');
    });

    it('REST search with a NUL inside a word -> 400', async () => {
      expectError(await shop.http().get('/api/v1/product/search/a%00b'), 400);
    });

    it('GraphQL products(search: "a\\u0000b") -> BAD_USER_INPUT', async () => {
      const answer = await gql(shop, '{ products(search: "a\\u0000b") { total } }');
      const error = expectRefused(answer, 'BAD_USER_INPUT', 'products');
      expect(error.message).toBe('Search must not contain control characters');
    });
  });

  describe('a search of only spaces or control characters never answers the whole catalogue', () => {
    it.each(['%20', '%20%20%20'])(
      'REST GET /api/v1/product/search/%s finds nothing',
      async (raw) => {
        const response = await shop.http().get(`/api/v1/product/search/${raw}`).expect(200);
        expect(response.body).toEqual([]);
        expect(response.headers['x-total-count']).toBe('0');
      },
    );

    it.each(['%09', '%0A', '%0D', '%1B'])(
      'REST GET /api/v1/product/search/%s -> 400',
      async (raw) => {
        expectError(
          await shop.http().get(`/api/v1/product/search/${raw}`),
          400,
          controlCharactersIn('Search'),
        );
      },
    );

    const SEARCHED = `query ($search: String, $text: String!) {
      products(search: $search, pageSize: 50) { total items { id } }
      productFacets(search: $search) { total }
      searchSuggestions(text: $text) { products { id } categories { id } }
    }`;

    it.each([' ', '     '])(
      'GraphQL search %j finds nothing, nor suggests anything',
      async (blank) => {
        const answer = await gql<{
          products: { total: number; items: unknown[] };
          productFacets: { total: number };
          searchSuggestions: { products: unknown[]; categories: unknown[] };
        }>(shop, SEARCHED, { search: blank, text: blank });
        expect(answer.errors).toBeUndefined();
        expect(answer.data).toEqual({
          products: { total: 0, items: [] },
          productFacets: { total: 0 },
          searchSuggestions: { products: [], categories: [] },
        });
      },
    );

    it.each(['\t', '\n', 'kettle\t', '\u001b'])(
      'GraphQL refuses the search %j with BAD_USER_INPUT, naming the search',
      async (text) => {
        for (const variables of [
          { search: text, text: 'kettle' },
          { search: null, text },
        ]) {
          const answer = await gql(shop, SEARCHED, variables);
          expect(answer.errors?.[0]).toMatchObject({
            message: controlCharactersIn('Search'),
            extensions: { code: 'BAD_USER_INPUT' },
          });
        }
      },
    );
  });

  it('keeps tab and line breaks in a description, which may span lines', async () => {
    const description = 'Copper kettle.\n\tHolds 1.5 litres.\r\nHand-beaten in Moradabad.';
    const created = await gql<{ createProduct: ProductView }>(
      shop,
      CREATE_PRODUCT,
      { input: await productInput(shop, { name: 'Moradabad Kettle', description }) },
      shop.admin,
    );
    expect(created.errors).toBeUndefined();
    expect(created.data?.createProduct.description).toBe(description);
  });

  describe('a price written as a tiny exponent', () => {
    for (const price of [1e-7, 5e-324]) {
      it(`REST create-product with {"price": ${price}} as JSON -> 400`, () =>
        changesNothing(async () => {
          const response = await shop
            .http()
            .post('/api/v1/product/create-product')
            .set(shop.admin.auth)
            .send(newProductBody(price));
          expectError(response, 400, 'price must have at most 2 decimal places');
        }));

      it(`REST create-product with price=${price} in a multipart form -> 400`, () =>
        changesNothing(async () => {
          let request = shop.http().post('/api/v1/product/create-product').set(shop.admin.auth);
          for (const [name, value] of Object.entries(newProductBody(String(price)))) {
            request = request.field(name, String(value));
          }
          expectError(await request, 400);
        }));

      it(`REST update-product with {"price": ${price}} -> 400`, () =>
        changesNothing(async () => {
          const response = await shop
            .http()
            .put(`/api/v1/product/update-product/${product._id}`)
            .set(shop.admin.auth)
            .send({ price });
          expectError(response, 400, 'price must have at most 2 decimal places');
        }));

      it(`GraphQL createProduct with price ${price} -> BAD_USER_INPUT`, () =>
        changesNothing(async () => {
          const answer = await gql(
            shop,
            'mutation ($input: ProductInput!) { createProduct(input: $input) { id } }',
            { input: newProductBody(price) },
            shop.admin,
          );
          const error = expectRefused(answer, 'BAD_USER_INPUT', 'createProduct');
          expect(error.message).toBe('price must have at most 2 decimal places');
        }));

      it(`GraphQL updateProduct with price ${price} -> BAD_USER_INPUT`, () =>
        changesNothing(async () => {
          const answer = await gql(
            shop,
            'mutation ($id: ID!, $input: ProductChangesInput!) { updateProduct(id: $id, input: $input) { id } }',
            { id: String(product._id), input: { price } },
            shop.admin,
          );
          expectRefused(answer, 'BAD_USER_INPUT', 'updateProduct');
        }));
    }

    it('still takes a price in whole paise', async () => {
      const own = await newProduct(shop, shop.admin);
      const response = await shop
        .http()
        .put(`/api/v1/product/update-product/${own._id}`)
        .set(shop.admin.auth)
        .send({ price: 0.29 })
        .expect(200);
      expect(response.body.products.price).toBe(0.29);
    });
  });

  describe('a photo that only starts like an image (polyglot)', () => {
    for (const polyglot of POLYGLOTS) {
      it(`REST create-product with a ${polyglot.kind} polyglot -> 400, nothing stored`, () =>
        changesNothing(async () => {
          let request = shop.http().post('/api/v1/product/create-product').set(shop.admin.auth);
          for (const [name, value] of Object.entries(newProductBody(499))) {
            request = request.field(name, String(value));
          }
          const response = await request.attach('photo', polyglot.bytes, polyglot);
          expectError(response, 400, 'Photo must be a JPEG, PNG, WebP or GIF image');
        }));

      it(`REST update-product with a ${polyglot.kind} polyglot -> 400, photo unchanged`, () =>
        changesNothing(async () => {
          const response = await shop
            .http()
            .put(`/api/v1/product/update-product/${product._id}`)
            .set(shop.admin.auth)
            .attach('photo', polyglot.bytes, polyglot);
          expectError(response, 400);
        }));
    }
  });
});
