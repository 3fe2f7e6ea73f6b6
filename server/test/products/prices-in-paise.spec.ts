import { getModelToken } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { Product } from '../../src/catalogue/records/product.schema';
import { ProductLocks } from '../../src/catalogue/records/product-locks';
import { ProductWrites } from '../../src/catalogue/products/product-writes.service';
import { ChangeLog } from '../../src/changes/change-log.service';
import { productPricesInPaise } from '../../src/migrations/product-prices-in-paise';
import { APPROVED_CARD, newCategory } from '../support/fixtures';
import { gql, gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';

const CREATE_PRODUCT = `
  mutation ($input: ProductInput!) { createProduct(input: $input) { id slug price } }
`;
const UPDATE_PRODUCT = `
  mutation ($id: ID!, $input: ProductChangesInput!) { updateProduct(id: $id, input: $input) { price } }
`;
const PRODUCT = `query ($slug: String!) { product(slug: $slug) { price } }`;
const PRODUCTS = `
  query ($filter: ProductFilter) { products(filter: $filter, pageSize: 50) { items { name price } } }
`;
const PLACE_ORDER = `
  mutation ($input: CheckoutInput!) {
    placeOrder(input: $input) { id total lines { price quantity product { price } } }
  }
`;

describe('product prices: paise in the database, rupees at both APIs', () => {
  const shop = useTestShop({ seed: true });
  let categoryId: string;

  const categoryNamed = async (name: string) => (await newCategory(shop, shop.admin, name))._id;

  beforeAll(async () => {
    categoryId = await categoryNamed('Paise Test Goods');
  });

  const stored = (id: string) =>
    shop.connection.collection('products').findOne({ _id: new Types.ObjectId(id) });
  const restBySlug = async (slug: string) =>
    (await shop.http().get(`/api/v1/product/get-product/${slug}`).expect(200)).body.product;
  const gqlPrice = async (slug: string) =>
    (await gqlOk<{ product: { price: number } }>(shop, PRODUCT, { slug })).product.price;

  async function createOverRest(name: string, price: string, category = categoryId) {
    const response = await shop
      .http()
      .post('/api/v1/product/create-product')
      .set(shop.admin.auth)
      .send({
        name,
        description: `${name}, priced to the paisa.`,
        price,
        quantity: 50,
        category,
      })
      .expect(201);
    return response.body.products as { _id: string; slug: string; price: number };
  }

  async function createOverGraphql(name: string, price: number, category = categoryId) {
    const { createProduct } = await gqlOk<{
      createProduct: { id: string; slug: string; price: number };
    }>(
      shop,
      CREATE_PRODUCT,
      {
        input: {
          name,
          description: `${name}, priced to the paisa.`,
          price,
          quantity: 50,
          category,
        },
      },
      shop.admin,
    );
    return createProduct;
  }

  it('stores 333.33 created over REST as 33333 paise and answers 333.33 on both APIs', async () => {
    const created = await createOverRest('Brass Lota', '333.33');
    expect(created.price).toBe(333.33);
    expect(created).not.toHaveProperty('priceIn');
    expect(await stored(created._id)).toMatchObject({ price: 33_333, priceIn: 'paise' });
    expect((await restBySlug(created.slug)).price).toBe(333.33);
    expect(await gqlPrice(created.slug)).toBe(333.33);
    const all = await shop.http().get('/api/v1/product/get-product').expect(200);
    expect(all.body.products.find((p: { _id: string }) => p._id === created._id).price).toBe(
      333.33,
    );

    const updated = await shop
      .http()
      .put(`/api/v1/product/update-product/${created._id}`)
      .set(shop.admin.auth)
      .send({ price: '444.44' })
      .expect(200);
    expect(updated.body.products.price).toBe(444.44);
    expect((await stored(created._id))?.price).toBe(44_444);
  });

  it('stores 333.33 created over GraphQL as 33333 paise and answers 333.33 on both APIs', async () => {
    const created = await createOverGraphql('Copper Tumbler', 333.33);
    expect(created.price).toBe(333.33);
    expect((await stored(created.id))?.price).toBe(33_333);
    expect((await restBySlug(created.slug)).price).toBe(333.33);
    expect(await gqlPrice(created.slug)).toBe(333.33);

    const { updateProduct } = await gqlOk<{ updateProduct: { price: number } }>(
      shop,
      UPDATE_PRODUCT,
      { id: created.id, input: { price: 0.29 } },
      shop.admin,
    );
    expect(updateProduct.price).toBe(0.29);
    expect((await stored(created.id))?.price).toBe(29);
  });

  it('refuses a price with 3 decimals on both APIs and stores nothing', async () => {
    const before = await shop.counts();
    await shop
      .http()
      .post('/api/v1/product/create-product')
      .set(shop.admin.auth)
      .send({
        name: 'Odd Price',
        description: 'A price below the paisa.',
        price: '333.333',
        quantity: 1,
        category: categoryId,
      })
      .expect(400);
    const answer = await gql(
      shop,
      CREATE_PRODUCT,
      {
        input: {
          name: 'Odd Price',
          description: 'A price below the paisa.',
          price: 333.333,
          quantity: 1,
          category: categoryId,
        },
      },
      shop.admin,
    );
    expect(answer.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(await shop.counts()).toEqual(before);
  });

  it('never stores a price that is not whole paise', async () => {
    const service = shop.app.get(ProductWrites);
    await expect(
      service.create({
        name: 'Half Paisa',
        description: 'Not a price the shop can keep.',
        price: 12.5,
        quantity: 1,
        category: categoryId,
        shipping: false,
      }),
    ).rejects.toThrow(/Price/);
    const model = shop.app.get<Model<Product>>(getModelToken(Product.name));
    await expect(
      model.create({
        name: 'Half Paisa',
        slug: 'half-paisa',
        description: 'Not a price the shop can keep.',
        price: 12.5,
        quantity: 1,
        category: new Types.ObjectId(categoryId),
      }),
    ).rejects.toThrow(/whole paise/);
  });

  describe('price ranges at the band edges', () => {
    let bandCategory: string;
    const names = (products: { name: string }[]) => products.map((p) => p.name).sort();
    const restFilter = async (radio: number[]) =>
      names(
        (
          await shop
            .http()
            .post('/api/v1/product/product-filters')
            .send({ checked: [bandCategory], radio })
            .expect(200)
        ).body.products,
      );
    const gqlFilter = async (priceMin: number, priceMax: number) =>
      names(
        (
          await gqlOk<{ products: { items: { name: string }[] } }>(shop, PRODUCTS, {
            filter: { categoryIds: [bandCategory], priceMin, priceMax },
          })
        ).products.items,
      );

    beforeAll(async () => {
      bandCategory = await categoryNamed('Paise Band Goods');
      await createOverRest('Edge 19.99', '19.99', bandCategory);
      await createOverGraphql('Edge 20.00', 20, bandCategory);
      await createOverRest('Edge 20.01', '20.01', bandCategory);
    });

    it.each<[number, number, string[]]>([
      [0, 19.99, ['Edge 19.99']],
      [19.99, 19.99, ['Edge 19.99']],
      [19.99, 20, ['Edge 19.99', 'Edge 20.00']],
      [20, 20, ['Edge 20.00']],
      [20, 20.01, ['Edge 20.00', 'Edge 20.01']],
      [20.01, 30, ['Edge 20.01']],
      [19.991, 20.009, ['Edge 20.00']],
      [19.995, 19.999, []],
    ])('from %d to %d rupees includes exactly %j on both APIs', async (min, max, expected) => {
      expect(await restFilter([min, max])).toEqual(expected);
      expect(await gqlFilter(min, max)).toEqual(expected);
    });
  });

  it('charges exactly 999.99 for 3 x 333.33 bought over GraphQL', async () => {
    const product = await createOverGraphql('Silver Diya', 333.33);
    const { placeOrder } = await gqlOk<{
      placeOrder: {
        id: string;
        total: number;
        lines: { price: number; quantity: number; product: { price: number } }[];
      };
    }>(
      shop,
      PLACE_ORDER,
      { input: { lines: [{ productId: product.id, quantity: 3 }], card: APPROVED_CARD } },
      shop.shopper,
    );
    expect(placeOrder.total).toBe(999.99);
    expect(placeOrder.lines).toEqual([{ price: 333.33, quantity: 3, product: { price: 333.33 } }]);
    const order = await shop.connection
      .collection('orders')
      .findOne({ _id: new Types.ObjectId(placeOrder.id) });
    expect(order).toMatchObject({
      total: 99_999,
      lines: [expect.objectContaining({ price: 33_333 })],
    });
  });

  it('converts products stored in rupees to paise once, however often the upgrade runs', async () => {
    const products = shop.connection.collection('products');
    const old = (name: string, price: number) => ({
      _id: new Types.ObjectId(),
      name,
      slug: name.toLowerCase().replace(/ /g, '-'),
      description: `${name}, stored by an earlier version.`,
      price,
      category: new Types.ObjectId(categoryId),
      quantity: 5,
      shipping: false,
      stockHolds: [],
      photos: [],
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const olds = [old('Old Lamp', 333.33), old('Old Kettle', 19.99), old('Old Sachet', 0.1)];
    await products.insertMany(olds);
    const current = await createOverRest('Current Bowl', '333.33');

    const migrate = () =>
      productPricesInPaise(
        shop.app.get<Model<Product>>(getModelToken(Product.name)),
        shop.app.get(ProductLocks),
        shop.app.get(ChangeLog),
      );
    // As at three starts in a row, the last two of them on two instances at once.
    const converted = [await migrate()];
    converted.push(...(await Promise.all([migrate(), migrate()])));
    expect(converted).toEqual([3, 0, 0]);

    const prices = async (ids: Types.ObjectId[]) =>
      (await products.find({ _id: { $in: ids } }).toArray())
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((row) => [row.name, row.price, row.priceIn]);
    expect(await prices(olds.map((row) => row._id))).toEqual([
      ['Old Kettle', 1_999, 'paise'],
      ['Old Lamp', 33_333, 'paise'],
      ['Old Sachet', 10, 'paise'],
    ]);
    expect((await stored(current._id))?.price).toBe(33_333);
    expect((await restBySlug('old-lamp')).price).toBe(333.33);
    expect(await gqlPrice('old-kettle')).toBe(19.99);
  });
});
