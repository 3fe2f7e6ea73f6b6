import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Catalogue,
  CatalogueFilter,
  LISTED_ORDERS,
} from '../../src/catalogue/read-model/catalogue';
import { DatabaseEngine } from '../../src/database/database-engine';
import { Product, ProductRecord } from '../../src/catalogue/records/product.schema';
import {
  ProductReads,
  UNPAGED_LIST_LIMIT,
} from '../../src/catalogue/products/product-reads.service';
import { countQueries } from '../support/query-count';
import { checkout, newProduct, updateProduct } from '../support/fixtures';
import { useTestShop } from '../support/test-app';

/** The order each sort promises, written plainly, to check the catalogue's lists against. */
const EXPECTED_ORDER: Record<
  (typeof LISTED_ORDERS)[number],
  (a: ProductRecord, b: ProductRecord) => number
> = {
  newest: (a, b) =>
    b.createdAt.getTime() - a.createdAt.getTime() || String(b._id).localeCompare(String(a._id)),
  'price-asc': (a, b) => a.price - b.price || EXPECTED_ORDER.newest(a, b),
  'price-desc': (a, b) => b.price - a.price || EXPECTED_ORDER.newest(a, b),
  'name-asc': (a, b) =>
    a.name.toLowerCase() < b.name.toLowerCase()
      ? -1
      : a.name.toLowerCase() > b.name.toLowerCase()
        ? 1
        : EXPECTED_ORDER.newest(a, b),
  'top-rated': (a, b) =>
    (b.rating?.average ?? 0) - (a.rating?.average ?? 0) ||
    (b.rating?.count ?? 0) - (a.rating?.count ?? 0) ||
    EXPECTED_ORDER.newest(a, b),
};

describe('The catalogue read model', () => {
  const shop = useTestShop({ seed: true });
  let catalogue: Catalogue;

  beforeAll(() => {
    catalogue = shop.app.get(Catalogue);
  });

  const stored = async () =>
    (await shop.connection
      .collection('products')
      .find({}, { projection: { stockHolds: 0, priceIn: 0 } })
      .toArray()) as unknown as ProductRecord[];

  const bySlug = async (slug: string) =>
    (await shop.http().get(`/api/v1/product/get-product/${slug}`).expect(200)).body.product;

  it('answers every filter and sort order as a brute-force pass over the stored products would', async () => {
    const products = await stored();
    const categories = [...new Set(products.map((p) => String(p.category)))];
    let seed = 11;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let round = 0; round < 60; round++) {
      const filter: CatalogueFilter = {};
      if (random() < 0.6) filter.categoryIds = categories.filter(() => random() < 0.4);
      if (random() < 0.5) filter.priceMin = Math.floor(random() * 2_000_000);
      if (random() < 0.5) filter.priceMax = Math.floor(random() * 10_000_000);
      if (random() < 0.3) filter.keyword = /a/i;
      if (random() < 0.3) filter.inStock = true;
      const sort = LISTED_ORDERS[round % LISTED_ORDERS.length];
      const expected = products
        .filter(
          (p) =>
            (!filter.categoryIds?.length || filter.categoryIds.includes(String(p.category))) &&
            p.price >= (filter.priceMin ?? -Infinity) &&
            p.price <= (filter.priceMax ?? Infinity) &&
            (!filter.keyword ||
              filter.keyword.test(p.name) ||
              filter.keyword.test(p.description)) &&
            (!filter.inStock || p.quantity > 0),
        )
        .sort(EXPECTED_ORDER[sort])
        .map((p) => String(p._id));
      const skip = Math.floor(random() * 10);
      const { items, total } = catalogue.find(filter, sort, skip, 7);
      expect(total).toBe(expected.length);
      expect(items.map((p) => String(p._id))).toEqual(expected.slice(skip, skip + 7));
    }
  });

  it('serves the storefront without asking the database', async () => {
    const { collections } = await countQueries(async () => {
      await shop.http().get('/api/v1/product/product-list/1').expect(200);
      await shop.http().get('/api/v1/product/search/phone').expect(200);
      await shop.http().get('/api/v1/category/get-category').expect(200);
      await bySlug('samsung-galaxy-s24-ultra-256gb');
    });
    expect(collections).toEqual([]);
  });

  it('shows a price change at once, also in a filtered list read just before it', async () => {
    const product = await bySlug('samsung-galaxy-s24-ultra-256gb');
    const inBand = () =>
      shop
        .http()
        .post('/api/v1/product/product-filters')
        .send({ checked: [], radio: [0, 1000] })
        .expect(200)
        .then((response) => response.body.products.map((p: { _id: string }) => p._id));
    expect(await inBand()).not.toContain(product._id);
    await updateProduct(shop, shop.admin, product._id, { price: 999 });
    expect((await bySlug(product.slug)).price).toBe(999);
    expect(await inBand()).toContain(product._id);
  });

  it('shows stock taken by a checkout at once, and drops a sold-out product from "in stock"', async () => {
    const product = await bySlug('boat-rockerz-450-bluetooth-headphones');
    await updateProduct(shop, shop.admin, product._id, { quantity: 2 });
    const products = shop.app.get(ProductReads);
    expect(products.count({ inStock: true, search: 'rockerz 450' })).toBe(1);
    await checkout(shop, shop.shopper, [{ productId: product._id, quantity: 2 }]).expect(201);
    expect((await bySlug(product.slug)).quantity).toBe(0);
    expect(products.count({ inStock: true, search: 'rockerz 450' })).toBe(0);
    expect(products.count({ search: 'rockerz 450' })).toBe(1);
  });

  it('follows creation, renaming and deletion, slugs included', async () => {
    const category = String((await stored())[0].category);
    const created = await newProduct(shop, shop.admin, {
      name: 'Brass Diya',
      description: 'Hand cast',
      price: 250,
      quantity: 4,
      category,
    });
    const id = created._id;
    expect((await bySlug('brass-diya'))._id).toBe(id);
    const twin = await newProduct(shop, shop.admin, {
      name: 'Brass  Diya',
      description: 'Another',
      price: 300,
      quantity: 1,
      category,
    });
    expect(twin.slug).toBe('brass-diya-2');
    await updateProduct(shop, shop.admin, id, { name: 'Copper Diya' });
    await shop.http().get('/api/v1/product/get-product/brass-diya').expect(404);
    expect((await bySlug('copper-diya'))._id).toBe(id);
    for (const gone of [id, twin._id]) {
      await shop
        .http()
        .delete(`/api/v1/product/delete-product/${gone}`)
        .set(shop.admin.auth)
        .expect(200);
    }
    await shop.http().get('/api/v1/product/get-product/copper-diya').expect(404);
    expect(catalogue.productById(id)).toBeUndefined();
  });

  it('gives a product the next free slug when another instance took its slug a moment ago', async () => {
    const category = (await stored())[0].category;
    // Written straight to the database, as another instance would: this one has not heard yet.
    await shop.connection.collection('products').insertOne({
      name: 'Silk Stole',
      slug: 'silk-stole',
      description: 'Woven elsewhere',
      price: 100_000,
      priceIn: 'paise',
      category,
      quantity: 1,
      shipping: false,
      stockHolds: [],
      photos: [],
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    expect(catalogue.productBySlug('silk-stole')).toBeUndefined();
    const created = await newProduct(shop, shop.admin, {
      name: 'Silk Stole',
      description: 'Woven here',
      price: 900,
      quantity: 2,
      category: String(category),
    });
    expect(created.slug).toBe('silk-stole-2');
  });

  it('reloads from the database, and REST lists stop at their limit and tell the total', async () => {
    const [first] = await stored();
    const many = Array.from({ length: UNPAGED_LIST_LIMIT + 5 }, (_, i) => ({
      ...first,
      _id: new Types.ObjectId(),
      name: `Clay Cup ${i}`,
      slug: `clay-cup-${i}`,
      description: 'Terracotta',
    }));
    await shop.connection.collection('products').insertMany(many);
    await catalogue.reloadProducts();
    const search = await shop.http().get('/api/v1/product/search/clay%20cup').expect(200);
    expect(search.body).toHaveLength(UNPAGED_LIST_LIMIT);
    expect(search.headers['x-total-count']).toBe(String(UNPAGED_LIST_LIMIT + 5));
    const all = await shop.http().get('/api/v1/product/get-product').expect(200);
    expect(all.body.products).toHaveLength(UNPAGED_LIST_LIMIT);
    expect(Number(all.headers['x-total-count'])).toBe((await stored()).length);
    const count = await shop.http().get('/api/v1/product/product-count').expect(200);
    expect(count.body.total).toBe((await stored()).length);
  });
});

describe('Conditional updates by _id', () => {
  const shop = useTestShop();

  // Both ways against the same database: the embedded engine's (read, check, write by _id)
  // and MongoDB's (one conditional update), which the embedded engine also serves, slowly.
  it.each([
    ['checked here, written by _id', true],
    ['one conditional update', false],
  ])('%s: writes only when the condition holds, hidden fields included', async (_, idOnly) => {
    const engine = new DatabaseEngine(idOnly);
    const model = shop.connection.model<Product>('Product');
    const holder = new Types.ObjectId();
    const { insertedId: _id } = await shop.connection.collection('products').insertOne({
      name: 'Tea',
      slug: `tea-${randomUUID()}`,
      description: 'Assam',
      price: 100,
      category: new Types.ObjectId(),
      quantity: 3,
      stockHolds: [],
    });
    const take = () =>
      engine.updateIf(
        model,
        _id,
        { quantity: { $gte: 2 }, stockHolds: { $ne: holder } },
        { $inc: { quantity: -2 }, $push: { stockHolds: holder } },
      );
    expect(await take()).toBe(true);
    // The holder is recorded now (stockHolds is hidden from reads by default).
    expect(await take()).toBe(false);
    const release = () =>
      engine.updateIf(
        model,
        _id,
        { stockHolds: holder },
        { $inc: { quantity: 2 }, $pull: { stockHolds: holder } },
      );
    expect(await release()).toBe(true);
    expect(await release()).toBe(false);
    const after = await shop.connection.collection('products').findOne({ _id });
    expect(after).toMatchObject({ quantity: 3, stockHolds: [] });
    expect(await engine.updateIf(model, new Types.ObjectId(), {}, { $set: { x: 1 } })).toBe(false);
  });
});
