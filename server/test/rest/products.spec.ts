import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProducts } from '../../src/database/seed/demo-catalog';
import { renderProductImage } from '../../src/database/seed/product-image';
import { seeded, Session, startTestApp, TestApp } from '../support/test-app';

interface ProductReply {
  _id: string;
  name: string;
  slug: string;
  description: string;
  price: number;
  quantity: number;
  shipping: boolean;
  category: string;
  createdAt: string;
}

const PAGE_SIZE = 6;
const newestFirst = [...demoProducts].reverse();
const namesOf = (products: { name: string }[]) => products.map((product) => product.name);

/** No reply that lists or describes products may carry the photo's bytes. */
function expectNoPhotoBytes(body: unknown): void {
  expect(JSON.stringify(body)).not.toMatch(/"(data|photo|buffer)":/);
  const longest = (value: unknown): number => {
    if (typeof value === 'string') return value.length;
    if (Array.isArray(value)) return Math.max(0, ...value.map(longest));
    if (value && typeof value === 'object')
      return Math.max(0, ...Object.values(value).map(longest));
    return 0;
  };
  expect(longest(body)).toBeLessThan(5001);
}

describe('REST products: /api/v1/product', () => {
  let test: TestApp;
  let admin: Session;
  let shopper: Session;
  const categoryId: Record<string, string> = {};

  beforeAll(async () => {
    test = await startTestApp();
    ({ admin, shopper } = await seeded(test));
    const response = await test.http().get('/api/v1/category/get-category').expect(200);
    for (const category of response.body.category) categoryId[category.name] = category._id;
  });
  afterAll(() => test.close());

  const productBySlug = async (slug: string): Promise<ProductReply> =>
    (await test.http().get(`/api/v1/product/get-product/${slug}`).expect(200)).body.product;
  const search = (keyword: string) =>
    test.http().get(`/api/v1/product/search/${encodeURIComponent(keyword)}`);
  const filter = (body: object) => test.http().post('/api/v1/product/product-filters').send(body);

  describe('product-list and product-count', () => {
    it('gives the first 6 products, newest first, on page 1', async () => {
      const response = await test.http().get('/api/v1/product/product-list/1').expect(200);
      expect(response.body.success).toBe(true);
      const products: ProductReply[] = response.body.products;
      expect(namesOf(products)).toEqual(namesOf(newestFirst.slice(0, PAGE_SIZE)));
      for (const product of products) {
        expect(product).toMatchObject({
          _id: expect.any(String),
          name: expect.any(String),
          slug: expect.any(String),
          description: expect.any(String),
          price: expect.any(Number),
          quantity: expect.any(Number),
          shipping: expect.any(Boolean),
          category: expect.any(String),
        });
      }
      const dates = products.map((product) => Date.parse(product.createdAt));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      expectNoPhotoBytes(response.body);
    });

    it('continues on page 2 without repeating page 1', async () => {
      const first = await test.http().get('/api/v1/product/product-list/1').expect(200);
      const second = await test.http().get('/api/v1/product/product-list/2').expect(200);
      expect(namesOf(second.body.products)).toEqual(
        namesOf(newestFirst.slice(PAGE_SIZE, 2 * PAGE_SIZE)),
      );
      const firstIds = new Set(first.body.products.map((p: ProductReply) => p._id));
      expect(second.body.products.filter((p: ProductReply) => firstIds.has(p._id))).toEqual([]);
    });

    it('walks the whole catalogue page by page and then gives an empty page', async () => {
      const pages = Math.ceil(demoProducts.length / PAGE_SIZE);
      const seen: string[] = [];
      for (let page = 1; page <= pages; page += 1) {
        const response = await test.http().get(`/api/v1/product/product-list/${page}`).expect(200);
        seen.push(...namesOf(response.body.products));
      }
      expect(seen).toEqual(namesOf(newestFirst));
      const after = await test
        .http()
        .get(`/api/v1/product/product-list/${pages + 1}`)
        .expect(200);
      expect(after.body.products).toEqual([]);
    });

    it('refuses page 0, a negative page, a fraction and a word with 400', async () => {
      for (const page of ['0', '-1', '1.5', 'abc']) {
        const response = await test.http().get(`/api/v1/product/product-list/${page}`);
        expect(response.status, page).toBe(400);
        expect(response.body).toEqual({ success: false, message: expect.any(String) });
      }
    });

    it('counts every seeded product', async () => {
      const response = await test.http().get('/api/v1/product/product-count').expect(200);
      expect(response.body).toEqual({ success: true, total: demoProducts.length });
      expect(demoProducts.length).toBeGreaterThanOrEqual(40);
    });
  });

  describe('product-filters', () => {
    const inBand = (price: number, [min, max]: [number, number]) => price >= min && price <= max;

    it('filters by checked categories only', async () => {
      const response = await filter({ checked: [categoryId.Books], radio: [] }).expect(200);
      expect(response.body.success).toBe(true);
      const expected = newestFirst.filter((p) => p.category === 'Books');
      expect(expected.length).toBeGreaterThan(0);
      expect(namesOf(response.body.products)).toEqual(namesOf(expected));
      for (const product of response.body.products) {
        expect(product.category).toBe(categoryId.Books);
      }
      expectNoPhotoBytes(response.body);
    });

    it('filters by two checked categories', async () => {
      const response = await filter({
        checked: [categoryId.Books, categoryId.Mobiles],
        radio: [],
      }).expect(200);
      const expected = newestFirst.filter((p) => ['Books', 'Mobiles'].includes(p.category));
      expect(namesOf(response.body.products)).toEqual(namesOf(expected));
    });

    it('filters by a price band (radio) only, bounds included', async () => {
      const band: [number, number] = [1001, 3000];
      const response = await filter({ checked: [], radio: band }).expect(200);
      const expected = newestFirst.filter((p) => inBand(p.price, band));
      expect(expected.length).toBeGreaterThan(0);
      expect(namesOf(response.body.products)).toEqual(namesOf(expected));
      for (const product of response.body.products) {
        expect(product.price).toBeGreaterThanOrEqual(1001);
        expect(product.price).toBeLessThanOrEqual(3000);
      }
    });

    it('filters by categories and price band together', async () => {
      const band: [number, number] = [0, 1000];
      const checked = ['Books', 'Fashion', 'Beauty & Personal Care'];
      const response = await filter({
        checked: checked.map((name) => categoryId[name]),
        radio: band,
      }).expect(200);
      const expected = newestFirst.filter(
        (p) => checked.includes(p.category) && inBand(p.price, band),
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(namesOf(response.body.products)).toEqual(namesOf(expected));
    });

    it('gives every product when both filters are empty or left out', async () => {
      for (const body of [{ checked: [], radio: [] }, {}]) {
        const response = await filter(body).expect(200);
        expect(namesOf(response.body.products)).toEqual(namesOf(newestFirst));
      }
    });

    it('refuses a half price band, a reversed band and a category that is not an id with 400', async () => {
      for (const body of [
        { checked: [], radio: [1000] },
        { checked: [], radio: [3000, 1001] },
        { checked: ['books'], radio: [] },
        { checked: 'books', radio: [] },
        { checked: [], radio: ['cheap', 'dear'] },
      ]) {
        const response = await filter(body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.success).toBe(false);
      }
    });
  });

  describe('search', () => {
    const matching = (keyword: string) =>
      newestFirst.filter((p) =>
        [p.name, p.description].some((text) => text.toLowerCase().includes(keyword.toLowerCase())),
      );

    it('finds products by name whatever the case, as a list', async () => {
      const response = await search('BOAT ROCKERZ').expect(200);
      expect(Array.isArray(response.body)).toBe(true);
      expect(namesOf(response.body)).toEqual(namesOf(matching('boat rockerz')));
      expect(namesOf(response.body)).toContain('boAt Rockerz 450 Bluetooth Headphones');
      expectNoPhotoBytes(response.body);
    });

    it('finds products by words of the description only', async () => {
      const keyword = 'hindi AND english';
      const expected = matching(keyword);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.some((p) => p.name.toLowerCase().includes(keyword.toLowerCase()))).toBe(
        false,
      );
      const response = await search(keyword).expect(200);
      expect(namesOf(response.body)).toEqual(namesOf(expected));
    });

    it('matches regular-expression characters literally', async () => {
      expect(matching('.*')).toEqual([]);
      expect((await search('.*').expect(200)).body).toEqual([]);

      const withBracket = matching('(');
      const bracket = await search('(').expect(200);
      expect(namesOf(bracket.body)).toEqual(namesOf(withBracket));

      expect((await search('[').expect(200)).body).toEqual([]);
      expect((await search('a+b?').expect(200)).body).toEqual([]);
    });

    it('gives an empty list when nothing matches', async () => {
      const response = await search('no-such-thing-in-the-shop').expect(200);
      expect(response.body).toEqual([]);
    });

    it('refuses a keyword longer than 100 characters with 400', async () => {
      const response = await search('a'.repeat(101)).expect(400);
      expect(response.body.success).toBe(false);
    });
  });

  describe('get-product', () => {
    it('lists every product, newest first, with countTotal', async () => {
      const response = await test.http().get('/api/v1/product/get-product').expect(200);
      expect(response.body).toMatchObject({ success: true, countTotal: demoProducts.length });
      expect(namesOf(response.body.products)).toEqual(namesOf(newestFirst));
      expectNoPhotoBytes(response.body);
    });

    it('gives one product by slug with its category as {_id, name}', async () => {
      const demo = demoProducts.find((p) => p.name === 'boAt Rockerz 450 Bluetooth Headphones')!;
      const response = await test
        .http()
        .get('/api/v1/product/get-product/boat-rockerz-450-bluetooth-headphones')
        .expect(200);
      expect(response.body.success).toBe(true);
      expect(response.body.product).toMatchObject({
        _id: expect.any(String),
        name: demo.name,
        slug: 'boat-rockerz-450-bluetooth-headphones',
        description: demo.description,
        price: demo.price,
        quantity: demo.quantity,
        shipping: demo.shipping,
        category: { _id: categoryId[demo.category], name: demo.category },
      });
      expectNoPhotoBytes(response.body);
    });

    it('answers 404 for a slug no product has', async () => {
      const response = await test
        .http()
        .get('/api/v1/product/get-product/no-such-product')
        .expect(404);
      expect(response.body).toEqual({ success: false, message: 'Product not found' });
    });
  });

  describe('related-product', () => {
    it('gives at most 3 other products of the same category, newest first', async () => {
      const product = await productBySlug('boat-rockerz-450-bluetooth-headphones');
      const response = await test
        .http()
        .get(`/api/v1/product/related-product/${product._id}/${categoryId.Electronics}`)
        .expect(200);
      expect(response.body.success).toBe(true);
      const expected = newestFirst
        .filter((p) => p.category === 'Electronics' && p.name !== product.name)
        .slice(0, 3);
      expect(expected).toHaveLength(3);
      expect(namesOf(response.body.products)).toEqual(namesOf(expected));
      for (const related of response.body.products) {
        expect(related._id).not.toBe(product._id);
        expect(related.category).toBe(categoryId.Electronics);
      }
      expectNoPhotoBytes(response.body);
    });

    it('answers 400 for ids that are not ids and 404 for an unknown product', async () => {
      await test
        .http()
        .get(`/api/v1/product/related-product/abc/${categoryId.Electronics}`)
        .expect(400);
      const response = await test
        .http()
        .get(
          `/api/v1/product/related-product/${new Types.ObjectId().toHexString()}/${categoryId.Electronics}`,
        )
        .expect(404);
      expect(response.body).toEqual({ success: false, message: 'Product not found' });
    });
  });

  describe('create-product', () => {
    const photo = renderProductImage('Amul Pure Ghee', 101);
    const ghee = () => ({
      name: 'Amul Pure Ghee 1L',
      description: 'Rich, aromatic cow ghee made the traditional way, for tadka, sweets and rotis.',
      price: '649',
      quantity: '40',
      category: categoryId['Home & Kitchen'],
      shipping: '1',
    });
    const create = (session: Session | null, fields: Record<string, string>, image?: Buffer) => {
      let request = test.http().post('/api/v1/product/create-product');
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
      const before = await test.counts();
      await create(null, ghee(), photo).expect(401);
      const refused = await create(shopper, ghee(), photo).expect(403);
      expect(refused.body).toEqual({ success: false, message: expect.any(String) });
      expect(await test.counts()).toEqual(before);
    });

    it('creates a product from the multipart form with photo and shipping', async () => {
      const before = await test.counts();
      const response = await create(admin, ghee(), photo).expect(201);
      expect(response.body).toMatchObject({
        success: true,
        message: 'Product Created Successfully',
        products: {
          _id: expect.any(String),
          name: 'Amul Pure Ghee 1L',
          slug: 'amul-pure-ghee-1l',
          price: 649,
          quantity: 40,
          shipping: true,
          category: categoryId['Home & Kitchen'],
        },
      });
      expectNoPhotoBytes(response.body);
      expect(await test.counts()).toMatchObject({
        products: before.products + 1,
        product_photos: before.product_photos + 1,
      });

      const stored = await productBySlug('amul-pure-ghee-1l');
      expect(stored).toMatchObject({
        _id: response.body.products._id,
        price: 649,
        quantity: 40,
        shipping: true,
        category: { _id: categoryId['Home & Kitchen'], name: 'Home & Kitchen' },
      });

      const image = await test
        .http()
        .get(`/api/v1/product/product-photo/${response.body.products._id}`)
        .expect(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(image.body, photo)).toBe(0);
    });

    it('shows the new product first in the lists and counts it', async () => {
      const list = await test.http().get('/api/v1/product/product-list/1').expect(200);
      expect(list.body.products[0].name).toBe('Amul Pure Ghee 1L');
      const count = await test.http().get('/api/v1/product/product-count').expect(200);
      expect(count.body.total).toBe(demoProducts.length + 1);
    });

    it('stores shipping 0 as no shipping', async () => {
      const response = await create(
        admin,
        { ...ghee(), name: 'Tata Salt 1kg', price: '28', shipping: '0' },
        photo,
      ).expect(201);
      expect(response.body.products.shipping).toBe(false);
      expect((await productBySlug('tata-salt-1kg')).shipping).toBe(false);
    });

    it('gives a second product of the same name a slug of its own', async () => {
      const response = await create(admin, ghee(), photo).expect(201);
      expect(response.body.products.slug).toBe('amul-pure-ghee-1l-2');
    });

    it('creates a product without a photo, whose photo is then 404', async () => {
      const response = await create(admin, { ...ghee(), name: 'Parle-G Biscuits 800g' }).expect(
        201,
      );
      expect(response.body.products.slug).toBe('parle-g-biscuits-800g');
      const image = await test
        .http()
        .get(`/api/v1/product/product-photo/${response.body.products._id}`)
        .expect(404);
      expect(image.body).toEqual({ success: false, message: expect.any(String) });
    });

    it('refuses a negative price, a missing category, a photo that is no image and a photo over 1 MB', async () => {
      const before = await test.counts();
      const cases: [Record<string, string>, Buffer | undefined, number][] = [
        [{ ...ghee(), price: '-5' }, photo, 400],
        [{ ...ghee(), price: 'free' }, photo, 400],
        [{ ...ghee(), quantity: '2.5' }, photo, 400],
        [{ ...ghee(), category: '' }, photo, 400],
        [{ ...ghee(), category: new Types.ObjectId().toHexString() }, photo, 400],
        [{ ...ghee(), name: '' }, photo, 400],
        [ghee(), Buffer.from('this is not a picture at all'), 400],
        [ghee(), Buffer.concat([photo, Buffer.alloc(1024 * 1024)]), 413],
      ];
      for (const [fields, image, status] of cases) {
        const response = await create(admin, fields, image);
        expect(response.status, JSON.stringify({ ...fields, image: image?.length })).toBe(status);
        expect(response.body).toEqual({ success: false, message: expect.any(String) });
      }
      expect(await test.counts()).toEqual(before);
    });
  });

  describe('update-product', () => {
    const update = (
      session: Session | null,
      id: string,
      fields: Record<string, string>,
      image?: Buffer,
    ) => {
      let request = test.http().put(`/api/v1/product/update-product/${id}`);
      if (session) request = request.set(session.auth);
      for (const [name, value] of Object.entries(fields)) request = request.field(name, value);
      if (image) {
        request = request.attach('photo', image, { filename: 'new.png', contentType: 'image/png' });
      }
      return request;
    };
    const etagOf = async (id: string) =>
      (await test.http().get(`/api/v1/product/product-photo/${id}`).expect(200)).headers.etag;

    it('answers 401 without a token and 403 to the shopper, changing nothing', async () => {
      const ghee = await productBySlug('amul-pure-ghee-1l');
      await update(null, ghee._id, { price: '1' }).expect(401);
      await update(shopper, ghee._id, { price: '1' }).expect(403);
      expect((await productBySlug('amul-pure-ghee-1l')).price).toBe(649);
    });

    it('changes the price and replaces the photo, which gets a new ETag', async () => {
      const ghee = await productBySlug('amul-pure-ghee-1l');
      const oldEtag = await etagOf(ghee._id);
      const newPhoto = renderProductImage('Amul Ghee New Pack', 202);
      const response = await update(admin, ghee._id, { price: '699' }, newPhoto).expect(200);
      expect(response.body).toMatchObject({
        success: true,
        message: 'Product Updated Successfully',
        products: { _id: ghee._id, name: 'Amul Pure Ghee 1L', price: 699, quantity: 40 },
      });
      expectNoPhotoBytes(response.body);

      const newEtag = await etagOf(ghee._id);
      expect(newEtag).not.toBe(oldEtag);
      const image = await test.http().get(`/api/v1/product/product-photo/${ghee._id}`).expect(200);
      expect(Buffer.compare(image.body, newPhoto)).toBe(0);
      expect((await productBySlug('amul-pure-ghee-1l')).price).toBe(699);
    });

    it('keeps the photo when the form sends none', async () => {
      const ghee = await productBySlug('amul-pure-ghee-1l');
      const etag = await etagOf(ghee._id);
      const before = await test.counts();
      await update(admin, ghee._id, { quantity: '35', shipping: '0' }).expect(200);
      expect(await etagOf(ghee._id)).toBe(etag);
      expect(await productBySlug('amul-pure-ghee-1l')).toMatchObject({
        price: 699,
        quantity: 35,
        shipping: false,
      });
      expect(await test.counts()).toEqual(before);
    });

    it('moves the slug with a new name, so the old slug is gone', async () => {
      const ghee = await productBySlug('amul-pure-ghee-1l');
      const response = await update(admin, ghee._id, {
        name: 'Amul Cow Ghee 1L',
        category: categoryId['Home & Kitchen'],
      }).expect(200);
      expect(response.body.products.slug).toBe('amul-cow-ghee-1l');
      await test.http().get('/api/v1/product/get-product/amul-pure-ghee-1l').expect(404);
      expect((await productBySlug('amul-cow-ghee-1l'))._id).toBe(ghee._id);
    });

    it('answers 400 for an id that is not an id and 404 for an unknown product', async () => {
      await update(admin, 'abc', { price: '10' }).expect(400);
      const response = await update(admin, new Types.ObjectId().toHexString(), {
        price: '10',
      }).expect(404);
      expect(response.body).toEqual({ success: false, message: 'Product not found' });
    });

    it('refuses a negative price with 400 and keeps the old one', async () => {
      const ghee = await productBySlug('amul-cow-ghee-1l');
      await update(admin, ghee._id, { price: '-1' }).expect(400);
      expect((await productBySlug('amul-cow-ghee-1l')).price).toBe(699);
    });
  });

  describe('delete-product', () => {
    const remove = (session: Session | null, id: string) => {
      const request = test.http().delete(`/api/v1/product/delete-product/${id}`);
      return session ? request.set(session.auth) : request;
    };

    it('answers 401 without a token and 403 to the shopper, deleting nothing', async () => {
      const salt = await productBySlug('tata-salt-1kg');
      const before = await test.counts();
      await remove(null, salt._id).expect(401);
      await remove(shopper, salt._id).expect(403);
      expect(await test.counts()).toEqual(before);
    });

    it('deletes the product and its photo for the admin', async () => {
      const salt = await productBySlug('tata-salt-1kg');
      const before = await test.counts();
      const response = await remove(admin, salt._id).expect(200);
      expect(response.body).toMatchObject({ success: true, message: expect.any(String) });
      await test.http().get('/api/v1/product/get-product/tata-salt-1kg').expect(404);
      await test.http().get(`/api/v1/product/product-photo/${salt._id}`).expect(404);
      expect(await test.counts()).toMatchObject({
        products: before.products - 1,
        product_photos: before.product_photos - 1,
      });
    });

    it('answers 404 for a product already deleted and 400 for an id that is not an id', async () => {
      const salt = await test.http().get('/api/v1/product/search/tata%20salt').expect(200);
      expect(salt.body).toEqual([]);
      await remove(admin, new Types.ObjectId().toHexString()).expect(404);
      await remove(admin, 'tata-salt-1kg').expect(400);
    });
  });

  describe('search after creating products', () => {
    it("finds 'C++ (Primer)' by 'c++ (p'", async () => {
      await test
        .http()
        .post('/api/v1/product/create-product')
        .set(admin.auth)
        .field('name', 'C++ (Primer)')
        .field('description', 'The classic introduction to C++ by Lippman, Lajoie and Moo.')
        .field('price', '899')
        .field('quantity', '12')
        .field('category', categoryId.Books)
        .field('shipping', '1')
        .expect(201);
      const response = await search('c++ (p').expect(200);
      expect(namesOf(response.body)).toEqual(['C++ (Primer)']);
      expect((await search('.*').expect(200)).body).toEqual([]);
    });
  });
});
