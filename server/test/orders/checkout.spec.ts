import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import {
  APPROVED_CARD,
  checkout,
  DECLINED_CARD,
  expectError,
  expectPlaced,
  expireNow,
  missingId,
  newProduct,
  newShopper,
  OrderReply,
  productBySlug,
  productRow,
  stockOf,
} from '../support/fixtures';
import { expectRefused, expectRequestRefused, gql, gqlOk, Variables } from '../support/gql';
import { Session, useTestShop } from '../support/test-app';
import { OrderView, PLACE_ORDER } from './operations';

interface StoredOrder {
  _id: Types.ObjectId;
  buyer: Types.ObjectId;
  total: number;
  discount?: number;
  lines: { product: Types.ObjectId; name: string; price: number; quantity: number }[];
  payment: { success: boolean; provider: string; reference: string | null; state: string };
  status: string;
  settled: boolean;
}

/**
 * One checkout at a time: who may place an order, what it costs, what it takes from stock,
 * and what a declined card leaves. Each test buys products of its own (or reads the stock of
 * a demo product just before it buys), so no test depends on what another bought.
 */
describe('checkout: REST POST /api/v1/product/checkout and GraphQL placeOrder', () => {
  const shop = useTestShop({ seed: true });

  /** A product of its own with `quantity` in stock. */
  const stocked = (quantity = 20) => newProduct(shop, shop.admin, { quantity });
  const ordersOf = (productId: string) =>
    shop.connection
      .collection<StoredOrder>('orders')
      .find({ 'lines.product': new Types.ObjectId(productId) })
      .toArray();
  const orderCount = async () => (await shop.counts()).orders;
  const place = (input: Variables, session: Session | null = shop.shopper) =>
    gql<{ placeOrder: OrderView }>(shop, PLACE_ORDER, { input }, session);
  const placeOk = async (input: Variables, session = shop.shopper) =>
    (await gqlOk<{ placeOrder: OrderView }>(shop, PLACE_ORDER, { input }, session)).placeOrder;
  const withCard = (lines: { productId: string; quantity: number }[], extra: Variables = {}) => ({
    lines,
    card: APPROVED_CARD,
    ...extra,
  });

  describe('who may check out', () => {
    it('REST: answers 401 without a token and places nothing', async () => {
      const product = await stocked();
      const before = await shop.counts();
      await checkout(shop, null, [{ productId: product._id, quantity: 1 }]).expect(401);
      expect(await shop.counts()).toEqual(before);
    });

    it('GraphQL: refuses a request with no token with UNAUTHENTICATED, taking no stock', async () => {
      const redmi = await productBySlug(shop, 'redmi-note-13-5g-6gb-128gb');
      const before = await shop.counts();
      expectRefused(
        await place(withCard([{ productId: redmi.id, quantity: 1 }]), null),
        'UNAUTHENTICATED',
        'placeOrder',
      );
      expect(await shop.counts()).toEqual(before);
      expect(await stockOf(shop, redmi.id)).toBe(redmi.quantity);
    });

    it('REST: lets the admin place an order too', async () => {
      const product = await stocked();
      const response = await checkout(shop, shop.admin, [
        { productId: product._id, quantity: 1 },
      ]).expect(201);
      expect(response.body.order.buyer).toEqual({ _id: shop.admin.userId, name: 'Shop Admin' });
    });

    it('REST: takes the buyer from the token, not from the body', async () => {
      const { _id: productId } = await stocked();
      const response = await checkout(shop, shop.shopper, [{ productId, quantity: 1 }], {
        buyer: shop.admin.userId,
      });
      expectPlaced(response);
      expect(response.body.order.buyer._id).toBe(shop.shopper.userId);
      const [order] = await ordersOf(productId);
      expect(String(order.buyer)).toBe(shop.shopper.userId);
    });
  });

  describe('prices come from the shop', () => {
    it('REST: places a paid order priced from the database and takes the units from stock', async () => {
      const product = await stocked();
      const response = await checkout(shop, shop.shopper, [
        { productId: product._id, quantity: 2, price: 1 },
      ]).expect(201);
      expect(response.body).toMatchObject({ success: true, message: 'Order placed' });
      const order: OrderReply = response.body.order;
      expect(order).toMatchObject({
        _id: expect.any(String),
        status: 'Not Processed',
        buyer: { _id: shop.shopper.userId, name: 'Priya Sharma' },
        payment: { success: true },
        products: [{ _id: product._id, name: product.name, price: product.price, quantity: 2 }],
        total: product.price * 2,
      });
      expect(Number.isNaN(Date.parse(order.createdAt))).toBe(false);
      expect(await stockOf(shop, product._id)).toBe(product.quantity - 2);
    });

    it('REST: prices from the database, whatever prices and total the client sends', async () => {
      const [first, second] = [(await stocked())._id, (await stocked())._id];
      const [a, b] = [await productRow(shop, first), await productRow(shop, second)];
      // Stored in whole paise.
      expect(a.price).toBeGreaterThan(100);
      expect(b.price).toBeGreaterThan(100);
      const response = await checkout(
        shop,
        shop.shopper,
        [
          { productId: first, quantity: 2, price: 1, total: 1 },
          { productId: second, quantity: 1, price: 0.01, name: 'Free item' },
        ],
        { total: 1, amount: 1, price: 1, discount: 100 },
      );
      expectPlaced(response);
      const expected = a.price * 2 + b.price;
      expect(response.body.order.total).toBe(expected / 100);
      expect(
        response.body.order.products.map((line: { price: number; name: string }) => [
          line.price,
          line.name,
        ]),
      ).toEqual([
        [a.price / 100, a.name],
        [b.price / 100, b.name],
      ]);
      const stored = await shop.connection
        .collection<StoredOrder>('orders')
        .findOne({ _id: new Types.ObjectId(response.body.order._id) });
      expect(stored!.total).toBe(expected);
      expect(stored!.lines.map((line) => line.price)).toEqual([a.price, b.price]);
      // The discount the client sent is not read: only the shop's offers take anything off.
      expect(stored!.discount).toBe(0);
    });

    it('GraphQL: charges an approved card: payment.success true, shop prices, stock taken', async () => {
      const redmi = await productBySlug(shop, 'redmi-note-13-5g-6gb-128gb');
      const malgudi = await productBySlug(shop, 'malgudi-days-by-r-k-narayan');
      const result = await place(
        withCard([
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
        address: '42 Marine Drive, Mumbai, Maharashtra 400020',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        payment: {
          success: true,
          message: null,
          state: 'PAID',
          method: 'CARD',
          expiresAt: null,
          attempts: 1,
          upiLink: null,
          payerPageUrl: null,
        },
        buyer: { id: shop.shopper.userId, name: 'Priya Sharma', email: 'shopper@shop.local' },
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
      expect(await stockOf(shop, redmi.id)).toBe(redmi.quantity - 2);
      expect(await stockOf(shop, malgudi.id)).toBe(malgudi.quantity - 3);
    });

    it('GraphQL: has no way to send a price: a price in a line is refused before running', async () => {
      const redmi = await productBySlug(shop, 'redmi-note-13-5g-6gb-128gb');
      const before = await shop.counts();
      expectRequestRefused(
        await place({
          lines: [{ productId: redmi.id, quantity: 1, price: 1 }],
          card: APPROVED_CARD,
        }),
        'BAD_USER_INPUT',
      );
      expect(await shop.counts()).toEqual(before);
    });
  });

  describe('lines of one product add up', () => {
    it('REST: accepts "Bearer <token>" and adds up lines of the same product', async () => {
      const novel = await stocked();
      const response = await checkout(
        shop,
        null,
        [
          { productId: novel._id, quantity: 1 },
          { productId: novel._id, quantity: 2 },
        ],
        {},
      )
        .set('Authorization', `Bearer ${shop.shopper.token}`)
        .expect(201);
      expect(response.body.order.products).toEqual([
        expect.objectContaining({ _id: novel._id, quantity: 3, price: novel.price }),
      ]);
    });

    it('REST: adds up two lines of the same product into one', async () => {
      const { _id: productId } = await stocked(5);
      const response = await checkout(shop, shop.shopper, [
        { productId, quantity: 1 },
        { productId, quantity: 2 },
      ]);
      expectPlaced(response);
      expect(response.body.order.products).toHaveLength(1);
      expect(response.body.order.products[0].quantity).toBe(3);
      expect(await stockOf(shop, productId)).toBe(2);
    });

    it('GraphQL: adds up lines of the same product and delivers to the address given', async () => {
      const malgudi = await productBySlug(shop, 'malgudi-days-by-r-k-narayan');
      const placeOrder = await placeOk(
        withCard(
          [
            { productId: malgudi.id, quantity: 1 },
            { productId: malgudi.id, quantity: 2 },
          ],
          { address: '  9 Residency Road, Bengaluru 560025 ' },
        ),
      );
      expect(placeOrder.lines).toEqual([
        expect.objectContaining({ name: malgudi.name, price: 299, quantity: 3 }),
      ]);
      expect(placeOrder.total).toBe(897);
      expect(placeOrder.address).toBe('9 Residency Road, Bengaluru 560025');
      expect(await stockOf(shop, malgudi.id)).toBe(malgudi.quantity - 3);
    });
  });

  describe('stock', () => {
    it('REST: takes exactly the quantity bought when the payment is approved', async () => {
      const { _id: productId } = await stocked(7);
      const response = await checkout(shop, shop.shopper, [{ productId, quantity: 3 }]);
      expectPlaced(response);
      expect(response.body.order).toMatchObject({
        status: 'Not Processed',
        buyer: { _id: shop.shopper.userId },
        products: [{ _id: productId, quantity: 3 }],
      });
      expect(await stockOf(shop, productId)).toBe(4);
    });

    it('REST: keeps every product listed when orders take units from stock', async () => {
      const product = await stocked(3);
      const count = async () =>
        (await shop.http().get('/api/v1/product/product-count').expect(200)).body.total;
      const before = await count();
      await checkout(shop, shop.shopper, [{ productId: product._id, quantity: 3 }]).expect(201);
      expect(await stockOf(shop, product._id)).toBe(0);
      expect(await count()).toBe(before);
    });

    it('REST: refuses with 409 a product that is out of stock, and changes nothing', async () => {
      const product = await stocked();
      const soldOut = await stocked(0);
      const before = await shop.counts();
      const response = await checkout(shop, shop.shopper, [
        { productId: product._id, quantity: 1 },
        { productId: soldOut._id, quantity: 1 },
      ]).expect(409);
      expect(response.body).toEqual({ success: false, message: `${soldOut.name} is out of stock` });
      expect(await shop.counts()).toEqual(before);
      expect(await stockOf(shop, product._id)).toBe(product.quantity);
      expect(await stockOf(shop, soldOut._id)).toBe(0);
    });

    it('REST: refuses a quantity beyond stock with 409 and changes nothing', async () => {
      const { _id: productId } = await stocked(3);
      const counts = await shop.counts();
      const response = await checkout(shop, shop.shopper, [{ productId, quantity: 4 }]);
      expectError(response, 409);
      expect(response.body.message).toMatch(/3/);
      expect(await stockOf(shop, productId)).toBe(3);
      expect(await shop.counts()).toEqual(counts);
      expect(await ordersOf(productId)).toHaveLength(0);
    });

    it('REST: refuses the whole order when its second line lacks stock, giving back the first', async () => {
      const [first, second] = [(await stocked(5))._id, (await stocked(1))._id];
      const counts = await shop.counts();
      const response = await checkout(shop, shop.shopper, [
        { productId: first, quantity: 2 },
        { productId: second, quantity: 2 },
      ]);
      expectError(response, 409);
      expect(await stockOf(shop, first)).toBe(5);
      expect(await stockOf(shop, second)).toBe(1);
      expect(await shop.counts()).toEqual(counts);
    });

    it('REST: refuses an order naming a product that does not exist, changing nothing', async () => {
      const { _id: productId } = await stocked(3);
      const counts = await shop.counts();
      expectError(
        await checkout(shop, shop.shopper, [
          { productId, quantity: 1 },
          { productId: missingId(), quantity: 1 },
        ]),
        400,
      );
      expect(await stockOf(shop, productId)).toBe(3);
      expect(await shop.counts()).toEqual(counts);
    });

    it('GraphQL: refuses more than the stock with CONFLICT, recording nothing', async () => {
      const s24 = await productBySlug(shop, 'samsung-galaxy-s24-ultra-256gb');
      const godaan = await productBySlug(shop, 'godaan-by-munshi-premchand');
      expect(s24.quantity).toBe(1);
      const before = await shop.counts();
      const error = expectRefused(
        await place(
          withCard([
            { productId: godaan.id, quantity: 5 },
            { productId: s24.id, quantity: 2 },
          ]),
        ),
        'CONFLICT',
        'placeOrder',
      );
      expect(error.message).toBe('Only 1 of Samsung Galaxy S24 Ultra 256GB left in stock');
      expect(await shop.counts()).toEqual(before);
      // The line taken before the shortage was found is given back.
      expect(await stockOf(shop, godaan.id)).toBe(godaan.quantity);
      expect(await stockOf(shop, s24.id)).toBe(1);
    });

    it('GraphQL: refuses a product that is out of stock with CONFLICT', async () => {
      const sony = await productBySlug(shop, 'sony-wh-1000xm5-noise-cancelling-headphones');
      const before = await shop.counts();
      const error = expectRefused(
        await place(withCard([{ productId: sony.id, quantity: 1 }])),
        'CONFLICT',
        'placeOrder',
      );
      expect(error.message).toBe('Sony WH-1000XM5 Noise Cancelling Headphones is out of stock');
      expect(await shop.counts()).toEqual(before);
      expect(await stockOf(shop, sony.id)).toBe(0);
    });
  });

  describe('declined cards', () => {
    it('REST: answers 402 for a declined card and holds the units for another attempt', async () => {
      const product = await stocked();
      const response = await checkout(
        shop,
        shop.shopper,
        [{ productId: product._id, quantity: 1 }],
        {
          card: DECLINED_CARD,
        },
      ).expect(402);
      expect(response.body).toMatchObject({
        success: false,
        message: 'Card declined',
        order: { payment: { success: false, state: 'failed', method: 'card' } },
      });
      // Held while the shopper may still pay (payOrder), until the payment expires.
      expect(await stockOf(shop, product._id)).toBe(product.quantity - 1);
    });

    it('REST: saves a declined payment as a failed order the buyer sees, answers 402 and holds its stock', async () => {
      const { _id: productId } = await stocked(4);
      const before = await orderCount();
      const response = await checkout(shop, shop.shopper, [{ productId, quantity: 2 }], {
        card: DECLINED_CARD,
      });
      expectError(response, 402);
      expect(response.body.order).toMatchObject({ payment: { success: false, state: 'failed' } });
      expect(await stockOf(shop, productId)).toBe(2);
      expect(await orderCount()).toBe(before + 1);
      const [order] = await ordersOf(productId);
      expect(order.payment.success).toBe(false);
      expect(order.settled).toBe(true);
      // The shopper sees it among their orders, as failed.
      const mine = await shop.http().get('/api/v1/auth/orders').set(shop.shopper.auth).expect(200);
      const listed = mine.body.find((item: { _id: string }) => item._id === String(order._id));
      expect(listed).toMatchObject({ payment: { success: false, state: 'failed' } });
    });

    it('REST: sells the last unit a declined order held to another shopper once that order expires', async () => {
      const { _id: productId } = await stocked(1);
      const other = await newShopper(shop);
      const declined = await checkout(shop, shop.shopper, [{ productId, quantity: 1 }], {
        card: DECLINED_CARD,
      });
      expectError(declined, 402);
      expectError(await checkout(shop, other, [{ productId, quantity: 1 }]), 409);

      await expireNow(shop, declined.body.order._id);
      expect(await stockOf(shop, productId)).toBe(1);
      const [order] = await ordersOf(productId);
      expect(order.payment.state).toBe('expired');
      expectPlaced(await checkout(shop, other, [{ productId, quantity: 1 }]));
      expect(await stockOf(shop, productId)).toBe(0);
    });

    it('GraphQL: records a declined card as FAILED, holding its stock until it expires', async () => {
      const nokia = await productBySlug(shop, 'nokia-105-dual-sim-feature-phone');
      const ordersBefore = await orderCount();
      const declined = {
        lines: [{ productId: nokia.id, quantity: 4 }],
        card: DECLINED_CARD,
        idempotencyKey: 'declined-once',
      };
      const placeOrder = await placeOk(declined);
      expect(placeOrder).toMatchObject({
        total: 4 * 1299,
        payment: { success: false, state: 'FAILED', method: 'CARD', message: 'Card declined' },
        lines: [{ name: nokia.name, quantity: 4, price: 1299 }],
      });
      expect(await stockOf(shop, nokia.id)).toBe(nokia.quantity - 4);
      expect(await orderCount()).toBe(ordersBefore + 1);

      const retry = await placeOk(declined);
      expect(retry.id).toBe(placeOrder.id);
      expect(await orderCount()).toBe(ordersBefore + 1);
    });
  });
});
