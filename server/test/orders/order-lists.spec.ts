import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seeded, Session, startTestApp, TestApp } from '../support/test-app';
import {
  APPROVED_CARD,
  DECLINED_CARD,
  missingId,
  productBySlug,
  stockOf,
  StoredProduct,
} from '../support/fixtures';
import { expectRefused, expectRequestRefused, gql, gqlOk, Variables } from '../support/gql';

const ORDER_FIELDS = `
  id status total address createdAt
  payment { success message }
  buyer { id name email }
  lines { name price quantity product { id slug } }
`;

interface OrderView {
  id: string;
  status: string;
  total: number;
  address: string;
  createdAt: string;
  payment: { success: boolean; message: string | null };
  buyer: { id: string; name: string; email: string } | null;
  lines: { name: string; price: number; quantity: number; product: { id: string; slug: string } }[];
}

interface OrderPage {
  orders: { total: number; page: number; pageSize: number; hasMore: boolean; items: OrderView[] };
}

const PLACE_ORDER = `
  mutation ($input: CheckoutInput!) { placeOrder(input: $input) { ${ORDER_FIELDS} } }
`;
const MY_ORDERS = `{ myOrders { ${ORDER_FIELDS} } }`;
const ORDERS = `
  query ($page: Int! = 1, $pageSize: Int! = 20, $status: OrderStatus) {
    orders(page: $page, pageSize: $pageSize, status: $status) {
      total page pageSize hasMore items { ${ORDER_FIELDS} }
    }
  }
`;
const SET_STATUS = `
  mutation ($orderId: ID!, $status: OrderStatus!) {
    setOrderStatus(orderId: $orderId, status: $status) { ${ORDER_FIELDS} }
  }
`;

describe('GraphQL orders: placeOrder, myOrders, orders, setOrderStatus', () => {
  let test: TestApp;
  let admin: Session;
  let shopper: Session;
  let redmi: StoredProduct;
  let malgudi: StoredProduct;

  beforeAll(async () => {
    test = await startTestApp();
    ({ admin, shopper } = await seeded(test));
    redmi = await productBySlug(test, 'redmi-note-13-5g-6gb-128gb');
    malgudi = await productBySlug(test, 'malgudi-days-by-r-k-narayan');
  });
  afterAll(() => test.close());

  const place = (input: Variables, session: Session | null = shopper) =>
    gql<{ placeOrder: OrderView }>(test, PLACE_ORDER, { input }, session);
  const checkout = (lines: { productId: string; quantity: number }[], extra: Variables = {}) => ({
    lines,
    card: APPROVED_CARD,
    ...extra,
  });
  const storedOrders = () => test.connection.collection('orders').countDocuments();

  describe('placeOrder', () => {
    it('refuses a request with no token with UNAUTHENTICATED, taking no stock', async () => {
      const before = await test.counts();
      expectRefused(
        await place(checkout([{ productId: redmi.id, quantity: 1 }]), null),
        'UNAUTHENTICATED',
        'placeOrder',
      );
      expect(await test.counts()).toEqual(before);
      expect(await stockOf(test, redmi.id)).toBe(redmi.quantity);
    });

    it('charges an approved card: payment.success true, shop prices, stock taken', async () => {
      const result = await place(
        checkout([
          { productId: redmi.id, quantity: 2 },
          { productId: malgudi.id, quantity: 3 },
        ]),
      );
      expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
      const order = result.data!.placeOrder;
      expect(order).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        status: 'NOT_PROCESSED',
        total: 2 * 17999 + 3 * 299,
        address: '42 Marine Drive, Mumbai 400020',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        payment: { success: true, message: null },
        buyer: { id: shopper.userId, name: 'Priya Sharma', email: 'shopper@shop.local' },
        lines: [
          {
            name: 'Redmi Note 13 5G 6GB/128GB',
            price: 17999,
            quantity: 2,
            product: { id: redmi.id, slug: redmi.slug },
          },
          {
            name: 'Malgudi Days by R. K. Narayan',
            price: 299,
            quantity: 3,
            product: { id: malgudi.id, slug: malgudi.slug },
          },
        ],
      });
      expect(await stockOf(test, redmi.id)).toBe(redmi.quantity - 2);
      expect(await stockOf(test, malgudi.id)).toBe(malgudi.quantity - 3);
    });

    it('adds up lines of the same product and delivers to the address given', async () => {
      const before = await stockOf(test, malgudi.id);
      const { placeOrder } = await gqlOk<{ placeOrder: OrderView }>(
        test,
        PLACE_ORDER,
        {
          input: checkout(
            [
              { productId: malgudi.id, quantity: 1 },
              { productId: malgudi.id, quantity: 2 },
            ],
            { address: '  9 Residency Road, Bengaluru 560025 ' },
          ),
        },
        shopper,
      );
      expect(placeOrder.lines).toEqual([
        expect.objectContaining({ name: malgudi.name, price: 299, quantity: 3 }),
      ]);
      expect(placeOrder.total).toBe(897);
      expect(placeOrder.address).toBe('9 Residency Road, Bengaluru 560025');
      expect(await stockOf(test, malgudi.id)).toBe(before - 3);
    });

    it('records a declined card with payment.success false and leaves the stock alone', async () => {
      const nokia = await productBySlug(test, 'nokia-105-dual-sim-feature-phone');
      const ordersBefore = await storedOrders();
      const { placeOrder } = await gqlOk<{ placeOrder: OrderView }>(
        test,
        PLACE_ORDER,
        {
          input: {
            lines: [{ productId: nokia.id, quantity: 4 }],
            card: DECLINED_CARD,
            idempotencyKey: 'declined-once',
          },
        },
        shopper,
      );
      expect(placeOrder).toMatchObject({
        total: 4 * 1299,
        payment: { success: false, message: 'Card declined' },
        lines: [{ name: nokia.name, quantity: 4, price: 1299 }],
      });
      expect(await stockOf(test, nokia.id)).toBe(nokia.quantity);
      expect(await storedOrders()).toBe(ordersBefore + 1);

      const retry = await gqlOk<{ placeOrder: OrderView }>(
        test,
        PLACE_ORDER,
        {
          input: {
            lines: [{ productId: nokia.id, quantity: 4 }],
            card: DECLINED_CARD,
            idempotencyKey: 'declined-once',
          },
        },
        shopper,
      );
      expect(retry.placeOrder.id).toBe(placeOrder.id);
      expect(await storedOrders()).toBe(ordersBefore + 1);
    });

    it('returns the first order for a retry with the same idempotencyKey, charging once', async () => {
      const mat = await productBySlug(test, 'boldfit-6mm-anti-slip-yoga-mat');
      const input = checkout([{ productId: mat.id, quantity: 2 }], {
        idempotencyKey: 'checkout-7f3a9c',
      });
      const ordersBefore = await storedOrders();
      const first = await gqlOk<{ placeOrder: OrderView }>(test, PLACE_ORDER, { input }, shopper);
      const second = await gqlOk<{ placeOrder: OrderView }>(test, PLACE_ORDER, { input }, shopper);
      expect(first.placeOrder.payment.success).toBe(true);
      expect(second.placeOrder.id).toBe(first.placeOrder.id);
      expect(second.placeOrder).toEqual(first.placeOrder);
      expect(await stockOf(test, mat.id)).toBe(mat.quantity - 2);
      expect(await storedOrders()).toBe(ordersBefore + 1);

      // The key belongs to the buyer: someone else using it places an order of their own.
      const other = await gqlOk<{ placeOrder: OrderView }>(test, PLACE_ORDER, { input }, admin);
      expect(other.placeOrder.id).not.toBe(first.placeOrder.id);
      expect(other.placeOrder.buyer?.id).toBe(admin.userId);
      expect(await stockOf(test, mat.id)).toBe(mat.quantity - 4);
    });

    it('refuses more than the stock with CONFLICT, recording nothing', async () => {
      const s24 = await productBySlug(test, 'samsung-galaxy-s24-ultra-256gb');
      const godaan = await productBySlug(test, 'godaan-by-munshi-premchand');
      expect(s24.quantity).toBe(1);
      const before = await test.counts();
      const error = expectRefused(
        await place(
          checkout([
            { productId: godaan.id, quantity: 5 },
            { productId: s24.id, quantity: 2 },
          ]),
        ),
        'CONFLICT',
        'placeOrder',
      );
      expect(error.message).toBe('Only 1 of Samsung Galaxy S24 Ultra 256GB left in stock');
      expect(await test.counts()).toEqual(before);
      // The line taken before the shortage was found is given back.
      expect(await stockOf(test, godaan.id)).toBe(godaan.quantity);
      expect(await stockOf(test, s24.id)).toBe(1);
    });

    it('refuses a product that is out of stock with CONFLICT', async () => {
      const sony = await productBySlug(test, 'sony-wh-1000xm5-noise-cancelling-headphones');
      const before = await test.counts();
      const error = expectRefused(
        await place(checkout([{ productId: sony.id, quantity: 1 }])),
        'CONFLICT',
        'placeOrder',
      );
      expect(error.message).toBe('Sony WH-1000XM5 Noise Cancelling Headphones is out of stock');
      expect(await test.counts()).toEqual(before);
      expect(await stockOf(test, sony.id)).toBe(0);
    });

    it.each<[string, (ids: { redmi: string }) => Variables]>([
      ['an empty cart', () => ({ lines: [], card: APPROVED_CARD })],
      ['a quantity of 0', ({ redmi }) => checkout([{ productId: redmi, quantity: 0 }])],
      ['a quantity over 100', ({ redmi }) => checkout([{ productId: redmi, quantity: 101 }])],
      [
        'two lines adding up to over 100',
        ({ redmi }) =>
          checkout([
            { productId: redmi, quantity: 60 },
            { productId: redmi, quantity: 41 },
          ]),
      ],
      ['a product id that is not an id', () => checkout([{ productId: 'redmi', quantity: 1 }])],
      ['a product no one has', () => checkout([{ productId: missingId(), quantity: 1 }])],
      [
        'a card number failing the check digit',
        ({ redmi }) => ({
          lines: [{ productId: redmi, quantity: 1 }],
          card: { ...APPROVED_CARD, number: '4242424242424241' },
        }),
      ],
      [
        'an expired card',
        ({ redmi }) => ({
          lines: [{ productId: redmi, quantity: 1 }],
          card: { ...APPROVED_CARD, expiry: '01/20' },
        }),
      ],
      [
        'a two-digit CVV',
        ({ redmi }) => ({
          lines: [{ productId: redmi, quantity: 1 }],
          card: { ...APPROVED_CARD, cvv: '12' },
        }),
      ],
      [
        'an idempotencyKey with spaces',
        ({ redmi }) => checkout([{ productId: redmi, quantity: 1 }], { idempotencyKey: 'a b' }),
      ],
    ])('refuses %s with BAD_USER_INPUT, taking no stock', async (_label, input) => {
      const before = await test.counts();
      const stock = await stockOf(test, redmi.id);
      expectRefused(await place(input({ redmi: redmi.id })), 'BAD_USER_INPUT', 'placeOrder');
      expect(await test.counts()).toEqual(before);
      expect(await stockOf(test, redmi.id)).toBe(stock);
    });

    it('has no way to send a price: a price in a line is refused before running', async () => {
      const before = await test.counts();
      expectRequestRefused(
        await place({
          lines: [{ productId: redmi.id, quantity: 1, price: 1 }],
          card: APPROVED_CARD,
        }),
        'BAD_USER_INPUT',
      );
      expect(await test.counts()).toEqual(before);
    });
  });

  describe('myOrders', () => {
    it('refuses a request with no token with UNAUTHENTICATED', async () => {
      expectRefused(await gql(test, MY_ORDERS), 'UNAUTHENTICATED', 'myOrders');
    });

    it("lists the signed-in user's own orders, newest first", async () => {
      const { myOrders } = await gqlOk<{ myOrders: OrderView[] }>(test, MY_ORDERS, {}, shopper);
      const stored = await test.connection
        .collection('orders')
        .find({ buyer: new Types.ObjectId(shopper.userId), settled: true })
        .sort({ createdAt: -1, _id: -1 })
        .toArray();
      expect(stored.length).toBe(4);
      expect(myOrders.map((order) => order.id)).toEqual(stored.map((order) => String(order._id)));
      for (const order of myOrders) expect(order.buyer?.id).toBe(shopper.userId);
      expect(myOrders.map((order) => order.payment.success)).toEqual([true, false, true, true]);
    });

    it("shows the admin only the admin's order", async () => {
      const { myOrders } = await gqlOk<{ myOrders: OrderView[] }>(test, MY_ORDERS, {}, admin);
      expect(myOrders).toHaveLength(1);
      expect(myOrders[0].buyer?.id).toBe(admin.userId);
    });
  });

  describe('orders (admins only)', () => {
    it('refuses no token with UNAUTHENTICATED and the shopper with FORBIDDEN', async () => {
      expectRefused(await gql(test, ORDERS), 'UNAUTHENTICATED', 'orders');
      expectRefused(await gql(test, ORDERS, {}, shopper), 'FORBIDDEN', 'orders');
    });

    it('lists every order, newest first, in pages, with buyers and products', async () => {
      const all = await gqlOk<OrderPage>(test, ORDERS, {}, admin);
      expect(all.orders).toMatchObject({ total: 5, page: 1, pageSize: 20, hasMore: false });
      const stored = await test.connection
        .collection('orders')
        .find({ settled: true })
        .sort({ createdAt: -1, _id: -1 })
        .toArray();
      expect(all.orders.items.map((order) => order.id)).toEqual(stored.map((o) => String(o._id)));
      expect(all.orders.items.map((order) => order.buyer?.email)).toEqual([
        'admin@shop.local',
        'shopper@shop.local',
        'shopper@shop.local',
        'shopper@shop.local',
        'shopper@shop.local',
      ]);

      const first = await gqlOk<OrderPage>(test, ORDERS, { pageSize: 2 }, admin);
      const third = await gqlOk<OrderPage>(test, ORDERS, { pageSize: 2, page: 3 }, admin);
      expect(first.orders).toMatchObject({ total: 5, hasMore: true });
      expect(first.orders.items.map((order) => order.id)).toEqual(
        all.orders.items.slice(0, 2).map((order) => order.id),
      );
      expect(third.orders).toMatchObject({ total: 5, page: 3, hasMore: false });
      expect(third.orders.items.map((order) => order.id)).toEqual([all.orders.items[4].id]);
    });

    it('refuses pageSize 51 with BAD_USER_INPUT', async () => {
      expectRefused(await gql(test, ORDERS, { pageSize: 51 }, admin), 'BAD_USER_INPUT', 'orders');
    });

    it('refuses a status that is not one before running anything', async () => {
      expectRequestRefused(await gql(test, ORDERS, { status: 'Shipped' }, admin), 'BAD_USER_INPUT');
      expectRequestRefused(
        await gql(test, '{ orders(status: LOST) { total } }', {}, admin),
        'GRAPHQL_VALIDATION_FAILED',
      );
    });
  });

  describe('setOrderStatus (admins only)', () => {
    let orderId: string;
    beforeAll(async () => {
      const { myOrders } = await gqlOk<{ myOrders: OrderView[] }>(test, MY_ORDERS, {}, shopper);
      orderId = myOrders[myOrders.length - 1].id;
    });
    const storedStatus = async () =>
      (await test.connection.collection('orders').findOne({ _id: new Types.ObjectId(orderId) }))
        ?.status;

    it('refuses no token with UNAUTHENTICATED and the shopper with FORBIDDEN', async () => {
      const variables = { orderId, status: 'CANCELLED' };
      expectRefused(await gql(test, SET_STATUS, variables), 'UNAUTHENTICATED', 'setOrderStatus');
      expectRefused(await gql(test, SET_STATUS, variables, shopper), 'FORBIDDEN', 'setOrderStatus');
      expect(await storedStatus()).toBe('Not Processed');
    });

    it('sets the status, which the lists then filter by', async () => {
      await gqlOk(test, SET_STATUS, { orderId, status: 'PROCESSING' }, admin);
      const { setOrderStatus } = await gqlOk<{ setOrderStatus: OrderView }>(
        test,
        SET_STATUS,
        { orderId, status: 'SHIPPED' },
        admin,
      );
      expect(setOrderStatus).toMatchObject({ id: orderId, status: 'SHIPPED' });
      expect(await storedStatus()).toBe('Shipped');

      const shipped = await gqlOk<OrderPage>(test, ORDERS, { status: 'SHIPPED' }, admin);
      expect(shipped.orders.total).toBe(1);
      expect(shipped.orders.items.map((order) => order.id)).toEqual([orderId]);
      const waiting = await gqlOk<OrderPage>(test, ORDERS, { status: 'NOT_PROCESSED' }, admin);
      expect(waiting.orders.total).toBe(4);
      expect(waiting.orders.items.map((order) => order.id)).not.toContain(orderId);

      const { myOrders } = await gqlOk<{ myOrders: OrderView[] }>(test, MY_ORDERS, {}, shopper);
      expect(myOrders.find((order) => order.id === orderId)?.status).toBe('SHIPPED');
    });

    it('refuses an unknown order with NOT_FOUND and an invalid id with BAD_USER_INPUT', async () => {
      const error = expectRefused(
        await gql(test, SET_STATUS, { orderId: missingId(), status: 'DELIVERED' }, admin),
        'NOT_FOUND',
        'setOrderStatus',
      );
      expect(error.message).toBe('Order not found');
      expectRefused(
        await gql(test, SET_STATUS, { orderId: 'order-1', status: 'DELIVERED' }, admin),
        'BAD_USER_INPUT',
        'setOrderStatus',
      );
      expect(await storedStatus()).toBe('Shipped');
    });

    it('refuses a status that is not one before running anything', async () => {
      expectRequestRefused(
        await gql(test, SET_STATUS, { orderId, status: 'Delivered' }, admin),
        'BAD_USER_INPUT',
      );
      expect(await storedStatus()).toBe('Shipped');
    });
  });
});
