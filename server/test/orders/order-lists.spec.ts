import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import {
  checkout,
  DECLINED_CARD,
  expectNewestFirst,
  newAdmin,
  newProduct,
  newShopper,
  OrderReply,
  ORDERS_TO_FULFIL,
  placeOrder,
} from '../support/fixtures';
import { expectRefused, expectRequestRefused, gql, gqlOk } from '../support/gql';
import { Session, useTestShop } from '../support/test-app';
import { MY_ORDERS, ORDERS, OrderPage, OrderView } from './operations';

/**
 * The lists of orders: a buyer's own (REST GET /api/v1/auth/orders, GraphQL myOrders) and
 * the admin's list of everyone's (REST GET /api/v1/auth/all-orders, GraphQL orders). Each
 * test places the orders it lists, mostly for buyers of its own.
 */
describe('order lists', () => {
  const shop = useTestShop({ seed: true });

  /** A product of its own, with plenty in stock. */
  const aProduct = async () => (await newProduct(shop, shop.admin, { quantity: 50 }))._id;
  const myOrders = async (session: Session): Promise<OrderReply[]> =>
    (await shop.http().get('/api/v1/auth/orders').set(session.auth).expect(200)).body;
  const allOrders = async (query = ''): Promise<OrderReply[]> =>
    (await shop.http().get(`/api/v1/auth/all-orders${query}`).set(shop.admin.auth).expect(200))
      .body;
  /** A declined order of one unit: listed too, as failed. */
  const declinedOrder = async (session: Session, productId: string): Promise<OrderReply> =>
    (
      await checkout(shop, session, [{ productId, quantity: 1 }], { card: DECLINED_CARD }).expect(
        402,
      )
    ).body.order;

  describe('REST: GET /api/v1/auth/orders', () => {
    it('answers 401 without a token or with a garbage one', async () => {
      await shop.http().get('/api/v1/auth/orders').expect(401);
      await shop.http().get('/api/v1/auth/orders').set('Authorization', 'garbage').expect(401);
    });

    it("gives the shopper the shopper's orders only, newest first", async () => {
      const buyer = await newShopper(shop, { name: 'Priya Menon' });
      const [first, second] = [await aProduct(), await aProduct()];
      const placed = [
        (await placeOrder(shop, buyer, first, 2))._id,
        (await placeOrder(shop, buyer, second, 3))._id,
        (await declinedOrder(buyer, second))._id,
      ];
      await placeOrder(shop, shop.shopper, first);

      const orders = await myOrders(buyer);
      expect(Array.isArray(orders)).toBe(true);
      expect(orders.map((order) => order._id).sort()).toEqual([...placed].sort());
      for (const order of orders) {
        expect(order.buyer).toEqual({ _id: buyer.userId, name: 'Priya Menon' });
        expect(order).toMatchObject({
          status: 'Not Processed',
          payment: { success: expect.any(Boolean) },
          createdAt: expect.any(String),
        });
        expect(order.products.length).toBeGreaterThan(0);
        for (const line of order.products) {
          expect(line).toMatchObject({
            _id: expect.any(String),
            name: expect.any(String),
            price: expect.any(Number),
            quantity: expect.any(Number),
          });
        }
      }
      expectNewestFirst(orders);
      const oldest = orders.find((order) => order._id === placed[0])!;
      expect(oldest).toMatchObject({
        payment: { success: true },
        products: [{ _id: first, quantity: 2 }],
      });
    });

    it("gives the admin the admin's own orders only", async () => {
      const admin = await newAdmin(shop);
      const placed = await placeOrder(shop, admin, await aProduct());
      await placeOrder(shop, shop.shopper, await aProduct());
      const orders = await myOrders(admin);
      expect(orders.map((order) => order._id)).toEqual([placed._id]);
      expect(orders[0].buyer.name).toBe(admin.name);
    });

    it('gives a newly registered shopper an empty list', async () => {
      expect(await myOrders(await newShopper(shop))).toEqual([]);
    });

    it("never shows one shopper another shopper's orders", async () => {
      const [meera, kabir] = [await newShopper(shop), await newShopper(shop)];
      const product = await aProduct();
      await placeOrder(shop, meera, product);
      await placeOrder(shop, kabir, product);
      const meeraOrders = await myOrders(meera);
      expect(meeraOrders).toHaveLength(1);
      for (const order of meeraOrders) expect(order.buyer._id).toBe(meera.userId);
      const kabirIds = new Set((await myOrders(kabir)).map((order) => order._id));
      expect(meeraOrders.filter((order) => kabirIds.has(order._id))).toEqual([]);
    });
  });

  describe('REST: GET /api/v1/auth/all-orders', () => {
    it('answers 401 without a token and 403 to the shopper', async () => {
      await shop.http().get('/api/v1/auth/all-orders').expect(401);
      const response = await shop
        .http()
        .get('/api/v1/auth/all-orders')
        .set(shop.shopper.auth)
        .expect(403);
      expect(response.body).toEqual({ success: false, message: expect.any(String) });
    });

    it("gives the admin every buyer's orders, with the buyers' names", async () => {
      const meera = await newShopper(shop, { name: 'Meera Iyer' });
      const product = await aProduct();
      const placed = [
        await placeOrder(shop, shop.shopper, product),
        await placeOrder(shop, shop.admin, product),
        await placeOrder(shop, meera, product),
      ];
      const orders = await allOrders();
      const ids = orders.map((order) => order._id);
      for (const { _id } of placed) expect(ids).toContain(_id);
      const names = new Set(orders.map((order) => order.buyer.name));
      expect(names).toContain('Priya Sharma');
      expect(names).toContain('Shop Admin');
      expect(names).toContain('Meera Iyer');
      // Only the names of the buyers themselves.
      const users = await shop.connection.collection('users').find().toArray();
      for (const name of names) expect(users.map((user) => user.name)).toContain(name);
    });

    it('filters by status and refuses a status that does not exist with 400', async () => {
      const placed = await placeOrder(shop, shop.shopper, await aProduct());
      const shipped = await allOrders('?status=Shipped');
      expect(shipped.map((order) => order._id)).not.toContain(placed._id);
      for (const order of shipped) expect(order.status).toBe('Shipped');
      const bogus = await shop
        .http()
        .get('/api/v1/auth/all-orders?status=Lost')
        .set(shop.admin.auth)
        .expect(400);
      expect(bogus.body.success).toBe(false);
    });
  });

  describe('GraphQL: myOrders', () => {
    it('refuses a request with no token with UNAUTHENTICATED', async () => {
      expectRefused(await gql(shop, MY_ORDERS), 'UNAUTHENTICATED', 'myOrders');
    });

    it("lists the signed-in user's own orders, newest first", async () => {
      const buyer = await newShopper(shop);
      const product = await aProduct();
      await placeOrder(shop, buyer, product);
      await placeOrder(shop, buyer, product);
      await declinedOrder(buyer, product);
      await placeOrder(shop, buyer, product);

      const { myOrders } = await gqlOk<{ myOrders: OrderView[] }>(shop, MY_ORDERS, {}, buyer);
      const stored = await shop.connection
        .collection('orders')
        .find({ buyer: new Types.ObjectId(buyer.userId), settled: true })
        .sort({ createdAt: -1, _id: -1 })
        .toArray();
      expect(stored.length).toBe(4);
      expect(myOrders.map((order) => order.id)).toEqual(stored.map((order) => String(order._id)));
      for (const order of myOrders) expect(order.buyer?.id).toBe(buyer.userId);
      expect(myOrders.map((order) => order.payment.success)).toEqual([true, false, true, true]);
    });

    it("shows the admin only the admin's order", async () => {
      const admin = await newAdmin(shop);
      await placeOrder(shop, admin, await aProduct());
      await placeOrder(shop, shop.shopper, await aProduct());
      const { myOrders } = await gqlOk<{ myOrders: OrderView[] }>(shop, MY_ORDERS, {}, admin);
      expect(myOrders).toHaveLength(1);
      expect(myOrders[0].buyer?.id).toBe(admin.userId);
    });
  });

  describe('GraphQL: orders (admins only)', () => {
    it('refuses no token with UNAUTHENTICATED and the shopper with FORBIDDEN', async () => {
      expectRefused(await gql(shop, ORDERS), 'UNAUTHENTICATED', 'orders');
      expectRefused(await gql(shop, ORDERS, {}, shop.shopper), 'FORBIDDEN', 'orders');
    });

    it('lists every order, newest first, in pages, with buyers and products', async () => {
      const meera = await newShopper(shop);
      const product = await aProduct();
      for (const buyer of [shop.shopper, meera, shop.admin, meera, shop.shopper]) {
        await placeOrder(shop, buyer, product);
      }
      const stored = await shop.connection
        .collection('orders')
        .find(ORDERS_TO_FULFIL)
        .sort({ createdAt: -1, _id: -1 })
        .toArray();
      expect(stored.length).toBeGreaterThanOrEqual(5);
      expect(stored.length).toBeLessThanOrEqual(50);
      const all = await gqlOk<OrderPage>(shop, ORDERS, { pageSize: 50 }, shop.admin);
      expect(all.orders).toMatchObject({
        total: stored.length,
        page: 1,
        pageSize: 50,
        hasMore: false,
      });
      expect(all.orders.items.map((order) => order.id)).toEqual(stored.map((o) => String(o._id)));
      const users = await shop.connection.collection('users').find().toArray();
      const emailOf = (id: unknown) => users.find((user) => user._id.equals(id as never))?.email;
      expect(all.orders.items.map((order) => order.buyer?.email)).toEqual(
        stored.map((order) => emailOf(order.buyer)),
      );
      expect(all.orders.items.slice(0, 5).map((order) => order.buyer?.email)).toEqual([
        'shopper@shop.local',
        meera.email,
        'admin@shop.local',
        meera.email,
        'shopper@shop.local',
      ]);

      const lastPage = Math.ceil(stored.length / 2);
      const first = await gqlOk<OrderPage>(shop, ORDERS, { pageSize: 2 }, shop.admin);
      const last = await gqlOk<OrderPage>(
        shop,
        ORDERS,
        { pageSize: 2, page: lastPage },
        shop.admin,
      );
      expect(first.orders).toMatchObject({ total: stored.length, hasMore: true });
      expect(first.orders.items.map((order) => order.id)).toEqual(
        all.orders.items.slice(0, 2).map((order) => order.id),
      );
      expect(last.orders).toMatchObject({ total: stored.length, page: lastPage, hasMore: false });
      expect(last.orders.items.map((order) => order.id)).toEqual(
        all.orders.items.slice((lastPage - 1) * 2).map((order) => order.id),
      );
    });

    it('refuses pageSize 51 with BAD_USER_INPUT', async () => {
      expectRefused(
        await gql(shop, ORDERS, { pageSize: 51 }, shop.admin),
        'BAD_USER_INPUT',
        'orders',
      );
    });

    it('refuses a status that is not one before running anything', async () => {
      expectRequestRefused(
        await gql(shop, ORDERS, { status: 'Shipped' }, shop.admin),
        'BAD_USER_INPUT',
      );
      expectRequestRefused(
        await gql(shop, '{ orders(status: LOST) { total } }', {}, shop.admin),
        'GRAPHQL_VALIDATION_FAILED',
      );
    });
  });
});
