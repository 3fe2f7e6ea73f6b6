import mongoose, { Types } from 'mongoose';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OrderIndex } from '../../src/orders/order-index';
import { countQueries, notByIdOnly } from '../support/query-count';
import { useTestShop } from '../support/test-app';

describe('GraphQL loads related records in batches', () => {
  const shop = useTestShop({ seed: true });

  beforeAll(async () => {
    // 60 orders from 12 buyers, each with three lines, so one page shows 50 of them.
    const products = await shop.connection.collection('products').find().limit(30).toArray();
    const orders = Array.from({ length: 60 }, (_, index) => ({
      buyer: new Types.ObjectId(),
      lines: [0, 1, 2].map((offset) => {
        const product = products[(index + offset * 7) % products.length];
        return { product: product._id, name: product.name, price: product.price, quantity: 1 };
      }),
      payment: { success: true, provider: 'demo-card', reference: `ref-${index}`, message: null },
      total: 100,
      address: 'Somewhere',
      status: 'Not Processed',
      checkoutKey: `key-${index}`,
      settled: true,
      createdAt: new Date(Date.now() - index * 1000),
      updatedAt: new Date(),
    }));
    const buyers = await shop.connection.collection('users').find().toArray();
    orders.forEach((order, index) => (order.buyer = buyers[index % buyers.length]._id));
    await shop.connection.collection('orders').insertMany(orders);
    // Written behind the shop's back: its order index reads them all again, as after a gap.
    await shop.app.get(OrderIndex).reload();
  });
  afterEach(() => mongoose.set('debug', false));

  const graphql = (query: string) =>
    shop.http().post('/graphql').set(shop.admin.auth).send({ query }).expect(200);

  it('serves a full page of 50 products with their categories from the catalogue, without a query', async () => {
    let body: { data: { products: { items: { category: { name: string } }[] } } } | undefined;
    const { count, collections } = await countQueries(async () => {
      ({ body } = await graphql(
        '{ products(pageSize: 50) { total items { name category { name } } } }',
      ));
    });
    expect(body!.data.products.items).toHaveLength(50);
    expect(body!.data.products.items.every((item) => item.category.name.length > 0)).toBe(true);
    // At most the signed-in administrator is read; products and categories come from memory.
    expect(count).toBeLessThanOrEqual(1);
    expect(collections.filter((name) => name !== 'users')).toEqual([]);
  });

  it('serves a page of 50 orders with buyers, products and categories in a handful of queries', async () => {
    let body:
      | {
          data: {
            orders: {
              items: {
                buyer: { id: string; name: string };
                lines: { product: { category: { name: string } } }[];
              }[];
            };
          };
        }
      | undefined;
    const { count, collections, operations } = await countQueries(async () => {
      ({ body } = await graphql(
        '{ orders(pageSize: 50) { total items { buyer { id name } lines { quantity product { name category { name } } } } } }',
      ));
    });
    const items = body!.data.orders.items;
    expect(items).toHaveLength(50);
    expect(items.every((order) => order.buyer.name && order.lines.length === 3)).toBe(true);
    expect(items.flatMap((order) => order.lines).every((line) => line.product.category.name)).toBe(
      true,
    );
    // The admin check (1 user) + one read by `_id` per order of the page (its ids and the
    // total come from the order index) + one per buyer (`$in` would read every user on the
    // embedded engine); products and categories come from the catalogue: the related
    // records cost one query per buyer, however many lines the page holds.
    const buyers = new Set(items.map((order) => order.buyer.id)).size;
    expect(collections.filter((name) => name === 'orders')).toHaveLength(50);
    expect(count).toBeLessThanOrEqual(1 + 50 + buyers);
    expect(notByIdOnly(operations, ['users', 'orders'])).toEqual([]);
    expect(collections.filter((name) => name === 'products')).toHaveLength(0);
    expect(collections.filter((name) => name === 'categories')).toHaveLength(0);
  });
});
