import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProducts } from '../../src/database/seed/demo-catalog';
import { login, seeded, Session, startTestApp, TestApp } from '../support/test-app';

interface ProductReply {
  _id: string;
  name: string;
  slug: string;
  price: number;
  quantity: number;
}

interface OrderReply {
  _id: string;
  status: string;
  buyer: { _id: string; name: string };
  payment: { success: boolean };
  products: { _id: string; name: string; price: number; quantity: number }[];
  total: number;
  createdAt: string;
}

const APPROVED_CARD = { number: '4242424242424242', expiry: '12/30', cvv: '123' };
const DECLINED_CARD = { number: '4000000000000002', expiry: '12/30', cvv: '123' };

describe('REST orders: checkout, my orders, all orders, order status', () => {
  let test: TestApp;
  let admin: Session;
  let shopper: Session;
  let meera: Session;
  let kabir: Session;
  let headphones: ProductReply;
  let novel: ProductReply;
  let soldOut: ProductReply;
  let categoryIds: string[];
  const placed: { shopper: string[]; admin: string[] } = { shopper: [], admin: [] };

  const registerAndLogin = async (name: string, email: string) => {
    await test
      .http()
      .post('/api/v1/auth/register')
      .send({
        name,
        email,
        password: 'secret-123',
        phone: '+91 99887 76655',
        address: '3 Residency Road, Bengaluru 560025',
        answer: 'hockey',
      })
      .expect(201);
    return login(test, email, 'secret-123');
  };
  const productBySlug = async (slug: string): Promise<ProductReply> =>
    (await test.http().get(`/api/v1/product/get-product/${slug}`).expect(200)).body.product;
  const stockOf = async (product: ProductReply) => (await productBySlug(product.slug)).quantity;
  const checkout = (
    session: Session | null,
    lines: object[],
    extra: Record<string, unknown> = {},
  ) => {
    const request = test.http().post('/api/v1/product/checkout');
    return (session ? request.set(session.auth) : request).send({
      lines,
      card: APPROVED_CARD,
      idempotencyKey: randomUUID(),
      ...extra,
    });
  };
  const myOrders = async (session: Session): Promise<OrderReply[]> =>
    (await test.http().get('/api/v1/auth/orders').set(session.auth).expect(200)).body;

  beforeAll(async () => {
    test = await startTestApp();
    ({ admin, shopper } = await seeded(test));
    meera = await registerAndLogin('Meera Iyer', 'meera.iyer@example.in');
    kabir = await registerAndLogin('Kabir Singh', 'kabir.singh@example.in');
    const all: ProductReply[] = (await test.http().get('/api/v1/product/get-product').expect(200))
      .body.products;
    const inStock = all.filter((product) => product.quantity >= 20);
    headphones = inStock[0];
    novel = inStock[1];
    soldOut = all.find((product) => product.quantity === 0)!;
    categoryIds = (
      await test.http().get('/api/v1/category/get-category').expect(200)
    ).body.category.map((category: { _id: string }) => category._id);
    expect(soldOut).toBeDefined();
  });
  afterAll(() => test.close());

  describe('checkout', () => {
    it('answers 401 without a token and places nothing', async () => {
      const before = await test.counts();
      await checkout(null, [{ productId: headphones._id, quantity: 1 }]).expect(401);
      expect(await test.counts()).toEqual(before);
    });

    it('places a paid order priced from the database and takes the units from stock', async () => {
      const stock = await stockOf(headphones);
      const response = await checkout(shopper, [
        { productId: headphones._id, quantity: 2, price: 1 },
      ]).expect(201);
      expect(response.body).toMatchObject({ success: true, message: 'Order placed' });
      const order: OrderReply = response.body.order;
      expect(order).toMatchObject({
        _id: expect.any(String),
        status: 'Not Processed',
        buyer: { _id: shopper.userId, name: 'Priya Sharma' },
        payment: { success: true },
        products: [
          { _id: headphones._id, name: headphones.name, price: headphones.price, quantity: 2 },
        ],
        total: headphones.price * 2,
      });
      expect(Number.isNaN(Date.parse(order.createdAt))).toBe(false);
      expect(await stockOf(headphones)).toBe(stock - 2);
      placed.shopper.push(order._id);
    });

    it('accepts "Bearer <token>" and adds up lines of the same product', async () => {
      const response = await test
        .http()
        .post('/api/v1/product/checkout')
        .set('Authorization', `Bearer ${shopper.token}`)
        .send({
          lines: [
            { productId: novel._id, quantity: 1 },
            { productId: novel._id, quantity: 2 },
          ],
          card: APPROVED_CARD,
          idempotencyKey: randomUUID(),
        })
        .expect(201);
      expect(response.body.order.products).toEqual([
        expect.objectContaining({ _id: novel._id, quantity: 3, price: novel.price }),
      ]);
      placed.shopper.push(response.body.order._id);
    });

    it('places an order only once when the same checkout is sent again', async () => {
      const stock = await stockOf(novel);
      const idempotencyKey = randomUUID();
      const lines = [{ productId: novel._id, quantity: 1 }];
      const first = await checkout(shopper, lines, { idempotencyKey }).expect(201);
      const before = await test.counts();
      const again = await checkout(shopper, lines, { idempotencyKey }).expect(201);
      expect(again.body.order._id).toBe(first.body.order._id);
      expect(await test.counts()).toEqual(before);
      expect(await stockOf(novel)).toBe(stock - 1);
      placed.shopper.push(first.body.order._id);
    });

    it('answers 402 for a declined card and gives the units back', async () => {
      const stock = await stockOf(headphones);
      const response = await checkout(shopper, [{ productId: headphones._id, quantity: 1 }], {
        card: DECLINED_CARD,
      }).expect(402);
      expect(response.body).toMatchObject({
        success: false,
        message: 'Card declined',
        order: { payment: { success: false } },
      });
      expect(await stockOf(headphones)).toBe(stock);
      placed.shopper.push(response.body.order._id);
    });

    it('refuses with 409 a product that is out of stock, and changes nothing', async () => {
      const before = await test.counts();
      const stock = await stockOf(headphones);
      const response = await checkout(shopper, [
        { productId: headphones._id, quantity: 1 },
        { productId: soldOut._id, quantity: 1 },
      ]).expect(409);
      expect(response.body).toEqual({
        success: false,
        message: `${soldOut.name} is out of stock`,
      });
      expect(await test.counts()).toEqual(before);
      expect(await stockOf(headphones)).toBe(stock);
      expect(await stockOf(soldOut)).toBe(0);
    });

    it('sells the last unit to exactly one of two shoppers checking out at once', async () => {
      const created = await test
        .http()
        .post('/api/v1/product/create-product')
        .set(admin.auth)
        .send({
          name: 'Handloom Pashmina Shawl',
          description: 'A single handwoven pashmina shawl from Srinagar, the last one of its kind.',
          price: 12500,
          quantity: 1,
          category: categoryIds[0],
        })
        .expect(201);
      const shawl: ProductReply = created.body.products;
      const responses = await Promise.all(
        [shopper, meera].map((session) =>
          checkout(session, [{ productId: shawl._id, quantity: 1 }]),
        ),
      );
      for (const response of responses.filter((r) => r.status === 201)) {
        if (response.body.order.buyer._id === shopper.userId) {
          placed.shopper.push(response.body.order._id);
        }
      }
      expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
      expect(await stockOf(shawl)).toBe(0);
      const loser = responses.find((response) => response.status === 409)!;
      expect(loser.body).toEqual({
        success: false,
        message: 'Handloom Pashmina Shawl is out of stock',
      });
    });

    it('refuses an empty cart, a bad card and a product that is not an id with 400', async () => {
      const before = await test.counts();
      const stock = await stockOf(headphones);
      const line = { productId: headphones._id, quantity: 1 };
      const cases: [object[], Record<string, unknown>][] = [
        [[], {}],
        [[line], { card: { ...APPROVED_CARD, number: '1234' } }],
        [[line], { card: { ...APPROVED_CARD, expiry: '01/20' } }],
        [[line], { card: { number: APPROVED_CARD.number } }],
        [[{ productId: 'headphones', quantity: 1 }], {}],
        [[{ ...line, quantity: 0 }], {}],
        [[{ ...line, quantity: '2' }], {}],
      ];
      for (const [lines, extra] of cases) {
        const response = await checkout(shopper, lines, extra);
        expect(response.status, JSON.stringify({ lines, ...extra })).toBe(400);
        expect(response.body).toEqual({ success: false, message: expect.any(String) });
      }
      expect(await test.counts()).toEqual(before);
      expect(await stockOf(headphones)).toBe(stock);
    });

    it('lets the admin place an order too', async () => {
      const response = await checkout(admin, [{ productId: novel._id, quantity: 1 }]).expect(201);
      expect(response.body.order.buyer).toEqual({ _id: admin.userId, name: 'Shop Admin' });
      placed.admin.push(response.body.order._id);
    });
  });

  describe('GET /api/v1/auth/orders', () => {
    it('answers 401 without a token or with a garbage one', async () => {
      await test.http().get('/api/v1/auth/orders').expect(401);
      await test.http().get('/api/v1/auth/orders').set('Authorization', 'garbage').expect(401);
    });

    it("gives the shopper the shopper's orders only, newest first", async () => {
      const orders = await myOrders(shopper);
      expect(Array.isArray(orders)).toBe(true);
      expect(orders.map((order) => order._id).sort()).toEqual([...placed.shopper].sort());
      for (const order of orders) {
        expect(order.buyer).toEqual({ _id: shopper.userId, name: 'Priya Sharma' });
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
      const dates = orders.map((order) => Date.parse(order.createdAt));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      const first = orders.find((order) => order._id === placed.shopper[0])!;
      expect(first).toMatchObject({
        payment: { success: true },
        products: [{ _id: headphones._id, name: headphones.name, quantity: 2 }],
      });
    });

    it("gives the admin the admin's own orders only", async () => {
      const orders = await myOrders(admin);
      expect(orders.map((order) => order._id)).toEqual(placed.admin);
      expect(orders[0].buyer.name).toBe('Shop Admin');
    });

    it('gives a newly registered shopper an empty list', async () => {
      expect(await myOrders(kabir)).toEqual([]);
    });

    it("never shows one shopper another shopper's orders", async () => {
      const meeraOrders = await myOrders(meera);
      for (const order of meeraOrders) expect(order.buyer._id).toBe(meera.userId);
      const shopperIds = new Set((await myOrders(shopper)).map((order) => order._id));
      expect(meeraOrders.filter((order) => shopperIds.has(order._id))).toEqual([]);
    });
  });

  describe('GET /api/v1/auth/all-orders', () => {
    it('answers 401 without a token and 403 to the shopper', async () => {
      await test.http().get('/api/v1/auth/all-orders').expect(401);
      const response = await test
        .http()
        .get('/api/v1/auth/all-orders')
        .set(shopper.auth)
        .expect(403);
      expect(response.body).toEqual({ success: false, message: expect.any(String) });
    });

    it("gives the admin every buyer's orders, with the buyers' names", async () => {
      const response = await test.http().get('/api/v1/auth/all-orders').set(admin.auth).expect(200);
      const orders: OrderReply[] = response.body;
      const ids = orders.map((order) => order._id);
      for (const id of [...placed.shopper, ...placed.admin]) expect(ids).toContain(id);
      const names = new Set(orders.map((order) => order.buyer.name));
      expect(names).toContain('Priya Sharma');
      expect(names).toContain('Shop Admin');
      for (const name of names)
        expect(['Priya Sharma', 'Shop Admin', 'Meera Iyer']).toContain(name);
    });

    it('filters by status and refuses a status that does not exist with 400', async () => {
      const shipped = await test
        .http()
        .get('/api/v1/auth/all-orders?status=Shipped')
        .set(admin.auth)
        .expect(200);
      expect(shipped.body).toEqual([]);
      const bogus = await test
        .http()
        .get('/api/v1/auth/all-orders?status=Lost')
        .set(admin.auth)
        .expect(400);
      expect(bogus.body.success).toBe(false);
    });
  });

  describe('PUT /api/v1/auth/order-status/:orderId', () => {
    const setStatus = (session: Session | null, id: string, body: object) => {
      const request = test.http().put(`/api/v1/auth/order-status/${id}`);
      return (session ? request.set(session.auth) : request).send(body);
    };

    it("answers 401 without a token and 403 to the shopper, even for the shopper's own order", async () => {
      const id = placed.shopper[0];
      await setStatus(null, id, { status: 'Shipped' }).expect(401);
      await setStatus(shopper, id, { status: 'Shipped' }).expect(403);
      const order = (await myOrders(shopper)).find((o) => o._id === id)!;
      expect(order.status).toBe('Not Processed');
    });

    it('lets the admin mark an order Processing, then Shipped', async () => {
      const id = placed.shopper[0];
      await setStatus(admin, id, { status: 'Processing' }).expect(200);
      const response = await setStatus(admin, id, { status: 'Shipped' }).expect(200);
      expect(response.body).toMatchObject({
        _id: id,
        status: 'Shipped',
        buyer: { _id: shopper.userId, name: 'Priya Sharma' },
      });
    });

    it('refuses a status that does not exist with 400, and an unknown order with 404', async () => {
      const id = placed.shopper[0];
      const bad = await setStatus(admin, id, { status: 'Lost' }).expect(400);
      expect(bad.body).toEqual({ success: false, message: expect.any(String) });
      await setStatus(admin, id, {}).expect(400);
      await setStatus(admin, id, { status: { $ne: null } }).expect(400);
      const unknown = await setStatus(admin, new Types.ObjectId().toHexString(), {
        status: 'Shipped',
      }).expect(404);
      expect(unknown.body).toEqual({ success: false, message: 'Order not found' });
      await setStatus(admin, 'not-an-id', { status: 'Shipped' }).expect(400);
    });

    it('shows the buyer the new status', async () => {
      const orders = await myOrders(shopper);
      expect(orders.find((order) => order._id === placed.shopper[0])?.status).toBe('Shipped');
      for (const order of orders.filter((o) => o._id !== placed.shopper[0])) {
        expect(order.status).toBe('Not Processed');
      }
    });

    it('lists the order under its new status only', async () => {
      const shipped = await test
        .http()
        .get('/api/v1/auth/all-orders?status=Shipped')
        .set(admin.auth)
        .expect(200);
      expect(shipped.body.map((order: OrderReply) => order._id)).toEqual([placed.shopper[0]]);
      const waiting = await test
        .http()
        .get(`/api/v1/auth/all-orders?status=${encodeURIComponent('Not Processed')}`)
        .set(admin.auth)
        .expect(200);
      const waitingIds = waiting.body.map((order: OrderReply) => order._id);
      expect(waitingIds).not.toContain(placed.shopper[0]);
      expect(waitingIds).toContain(placed.admin[0]);
    });
  });

  it('keeps the demo catalogue intact apart from the units sold', async () => {
    const count = await test.http().get('/api/v1/product/product-count').expect(200);
    expect(count.body.total).toBe(demoProducts.length + 1);
  });
});
