import { getModelToken } from '@nestjs/mongoose';
import { randomUUID } from 'node:crypto';
import { Model, Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { orderShippingCharges } from '../../src/migrations/order-shipping-charges';
import { Order } from '../../src/orders';
import { PAYMENT_GATEWAY, PaymentGateway } from '../../src/payments';
import { APPROVED_CARD, checkout, expectError, newProduct, stockOf } from '../support/fixtures';
import { expectRefused, expectRequestRefused, gql, gqlOk, Variables } from '../support/gql';
import { useTestShop } from '../support/test-app';
import { CART_QUOTE, QuoteView, setDelivery } from './operations';

/** What the tests ask of a placed order over GraphQL. */
const PLACE_ORDER = `
  mutation ($input: CheckoutInput!) {
    placeOrder(input: $input) { id total shippingCharge lines { price quantity } payment { success } }
  }
`;
interface Placed {
  id: string;
  total: number;
  shippingCharge: number;
  lines: { price: number; quantity: number }[];
  payment: { success: boolean };
}

interface StoredOrder {
  _id: Types.ObjectId;
  total: number;
  shippingCharge: number;
  checkoutKey: string;
  payment: { reference: string | null };
}

/**
 * Shipping in the money: charged by the server at checkout from the delivery settings (the
 * flat charge, a zone's own, nothing from the free-shipping threshold), part of the order's
 * total and of what the card pays, never taken from the client; and the cart's quote, which
 * is what checkout charges.
 */
describe('shipping charges: checkout (REST and GraphQL) and GraphQL cartQuote', () => {
  const shop = useTestShop({ seed: true });

  /** A product of its own at `price` rupees, with plenty in stock. */
  const priced = (price: number) => newProduct(shop, shop.admin, { price, quantity: 50 });
  const line = (productId: string, quantity = 1) => ({ productId, quantity });
  const stored = async (id: string) =>
    (await shop.connection
      .collection<StoredOrder>('orders')
      .findOne({ _id: new Types.ObjectId(id) }))!;
  /** Paise the gateway took for the order: its captured payment's amount. */
  const charged = async (order: StoredOrder) =>
    (await shop.app.get<PaymentGateway>(PAYMENT_GATEWAY).fetchPayment(order.payment.reference!))
      .amount;
  const place = (input: Variables) =>
    gql<{ placeOrder: Placed }>(shop, PLACE_ORDER, { input }, shop.shopper);
  const placeOk = async (input: Variables) =>
    (await gqlOk<{ placeOrder: Placed }>(shop, PLACE_ORDER, { input }, shop.shopper)).placeOrder;
  const quote = async (lines: unknown[], pin?: string) =>
    (await gqlOk<{ cartQuote: QuoteView }>(shop, CART_QUOTE, { lines, pin })).cartQuote;

  it('REST: adds the flat charge below the threshold to the total the card pays', async () => {
    await setDelivery(shop);
    const lamp = await priced(200);
    const response = await checkout(shop, shop.shopper, [line(lamp._id)]).expect(201);
    expect(response.body.order).toMatchObject({ total: 249, shippingCharge: 49 });
    const order = await stored(response.body.order._id);
    expect(order).toMatchObject({ total: 24_900, shippingCharge: 4_900 });
    expect(await charged(order)).toBe(24_900);
  });

  it('GraphQL: the same, shown in rupees', async () => {
    await setDelivery(shop);
    const lamp = await priced(120.5);
    const placed = await placeOk({ lines: [line(lamp._id, 2)], card: APPROVED_CARD });
    expect(placed).toMatchObject({ total: 290, shippingCharge: 49, payment: { success: true } });
    expect(await charged(await stored(placed.id))).toBe(29_000);
  });

  it('REST: a total, a charge or prices sent by the client are not read', async () => {
    await setDelivery(shop);
    const lamp = await priced(300);
    const response = await checkout(
      shop,
      shop.shopper,
      [{ ...line(lamp._id), price: 1, total: 1 }],
      { total: 1, shippingCharge: 0, shipping: 0, amount: 1 },
    ).expect(201);
    expect(response.body.order).toMatchObject({ total: 349, shippingCharge: 49 });
    expect(await stored(response.body.order._id)).toMatchObject({
      total: 34_900,
      shippingCharge: 4_900,
    });
  });

  it('GraphQL: a checkout naming a charge or a total is refused before anything happens', async () => {
    await setDelivery(shop);
    const lamp = await priced(300);
    const before = await shop.counts();
    for (const extra of [{ shippingCharge: 0 }, { total: 1 }]) {
      expectRequestRefused(
        await place({ lines: [line(lamp._id)], card: APPROVED_CARD, ...extra }),
        'BAD_USER_INPUT',
      );
    }
    expect(await shop.counts()).toEqual(before);
    expect(await stockOf(shop, lamp._id)).toBe(50);
  });

  it('ships free from the threshold on, counting the goods alone', async () => {
    await setDelivery(shop);
    const [exactly, half] = [await priced(499), await priced(250)];
    const rest = await checkout(shop, shop.shopper, [line(exactly._id)]).expect(201);
    expect(rest.body.order).toMatchObject({ total: 499, shippingCharge: 0 });
    const graphql = await placeOk({ lines: [line(half._id, 2)], card: APPROVED_CARD });
    expect(graphql).toMatchObject({ total: 500, shippingCharge: 0 });
    // A paisa under the threshold pays the charge.
    const under = await priced(498.99);
    expect(
      (await checkout(shop, shop.shopper, [line(under._id)]).expect(201)).body.order,
    ).toMatchObject({ total: 547.99, shippingCharge: 49 });
  });

  it("charges the delivery PIN's zone its own charge, and the flat charge without a PIN", async () => {
    await setDelivery(shop, { zones: [{ zone: 'NORTH_EAST_AND_ISLANDS', charge: 120 }] });
    const lamp = await priced(100);
    const toGuwahati = await placeOk({
      lines: [line(lamp._id)],
      card: APPROVED_CARD,
      deliveryPin: '781001',
    });
    expect(toGuwahati).toMatchObject({ total: 220, shippingCharge: 120 });
    const rest = await checkout(shop, shop.shopper, [line(lamp._id)], { deliveryPin: '781001' });
    expect(rest.body.order).toMatchObject({ total: 220, shippingCharge: 120 });
    // Patna's zone has no charge of its own: the flat one.
    expect(
      await placeOk({ lines: [line(lamp._id)], card: APPROVED_CARD, deliveryPin: '800001' }),
    ).toMatchObject({ shippingCharge: 49 });
    expect(await placeOk({ lines: [line(lamp._id)], card: APPROVED_CARD })).toMatchObject({
      shippingCharge: 49,
    });
  });

  it('refuses a delivery PIN the shop does not serve, or does not know, placing nothing', async () => {
    await setDelivery(shop, { unservedPins: ['800001'] });
    const lamp = await priced(100);
    const before = await shop.counts();
    const error = expectRefused(
      await place({ lines: [line(lamp._id)], card: APPROVED_CARD, deliveryPin: '800001' }),
      'BAD_USER_INPUT',
      'placeOrder',
    );
    expect(error.message).toBe('deliveryPin: Sorry, we do not deliver to 800001 yet');
    expectError(
      await checkout(shop, shop.shopper, [line(lamp._id)], { deliveryPin: '999999' }),
      400,
      'deliveryPin: This PIN code is not in India Post’s directory: please check it',
    );
    expectError(
      await checkout(shop, shop.shopper, [line(lamp._id)], { deliveryPin: '8000' }),
      400,
      'deliveryPin: PIN code must be 6 digits and not start with 0',
    );
    expect(await shop.counts()).toEqual(before);
    expect(await stockOf(shop, lamp._id)).toBe(50);
  });

  it('quotes a cart as checkout then charges it, PIN or none, below and above the threshold', async () => {
    await setDelivery(shop, { zones: [{ zone: 'NORTH_EAST_AND_ISLANDS', charge: 99.5 }] });
    const [lamp, mat] = [await priced(149.75), await priced(320)];
    const carts: [unknown[], string | undefined][] = [
      [[line(lamp._id)], undefined],
      [[line(lamp._id, 2)], '781001'],
      [[line(lamp._id), line(mat._id)], '781001'],
      [[line(mat._id)], '302017'],
    ];
    for (const [lines, pin] of carts) {
      const quoted = await quote(lines, pin);
      const placed = await placeOk({ lines, card: APPROVED_CARD, deliveryPin: pin });
      expect(placed.total).toBe(quoted.total);
      expect(placed.shippingCharge).toBe(quoted.shipping);
      const goods = placed.lines.reduce((sum, one) => sum + one.price * one.quantity, 0);
      expect(quoted.goods).toBeCloseTo(goods, 2);
      expect(quoted.total).toBeCloseTo(quoted.goods + quoted.shipping, 2);
    }
  });

  it('quotes what is missing for free shipping, and the zone of the PIN', async () => {
    await setDelivery(shop);
    const lamp = await priced(150);
    expect(await quote([line(lamp._id, 2)], '781001')).toEqual({
      goods: 300,
      shipping: 49,
      total: 349,
      freeShippingFrom: 499,
      amountToFreeShipping: 199,
      zone: 'NORTH_EAST_AND_ISLANDS',
      deliverable: true,
    });
    expect(await quote([line(lamp._id, 4)])).toMatchObject({
      goods: 600,
      shipping: 0,
      total: 600,
      amountToFreeShipping: 0,
      zone: null,
    });
    await setDelivery(shop, { freeShippingFrom: null, unservedStates: ['18'] });
    expect(await quote([line(lamp._id, 4)], '781001')).toMatchObject({
      shipping: 49,
      freeShippingFrom: null,
      amountToFreeShipping: null,
      deliverable: false,
    });
  });

  it('follows a change of the settings at once, in the quote and at checkout', async () => {
    await setDelivery(shop);
    const lamp = await priced(100);
    expect((await quote([line(lamp._id)])).shipping).toBe(49);
    await setDelivery(shop, { flatCharge: 65 });
    expect((await quote([line(lamp._id)])).shipping).toBe(65);
    expect(await placeOk({ lines: [line(lamp._id)], card: APPROVED_CARD })).toMatchObject({
      total: 165,
      shippingCharge: 65,
    });
  });

  it('refuses a quote as checkout refuses its cart, naming pin for a bad PIN', async () => {
    await setDelivery(shop);
    const lamp = await priced(100);
    const refused = async (lines: unknown[], pin?: string) =>
      expectRefused(await gql(shop, CART_QUOTE, { lines, pin }), 'BAD_USER_INPUT', 'cartQuote')
        .message;
    expect(await refused([])).toBe('The cart is empty');
    expect(await refused([line(lamp._id, 101)])).toBe(
      'Quantities must be whole numbers from 1 to 100',
    );
    expect(await refused([line(new Types.ObjectId().toHexString())])).toBe(
      'A product in the cart no longer exists',
    );
    expect(await refused([line(lamp._id)], '99999')).toBe(
      'pin: PIN code must be 6 digits and not start with 0',
    );
  });

  it("counts shipping in the day's takings, as the money the shop took", async () => {
    await setDelivery(shop);
    const STATS = `{ shopStats(range: LAST_7_DAYS) { revenue { revenue orders } } }`;
    const today = async () =>
      (
        await gqlOk<{ shopStats: { revenue: { revenue: number; orders: number }[] } }>(
          shop,
          STATS,
          {},
          shop.admin,
        )
      ).shopStats.revenue[0];
    const before = await today();
    const lamp = await priced(200);
    await checkout(shop, shop.shopper, [line(lamp._id)]).expect(201);
    const after = await today();
    expect(after.orders).toBe(before.orders + 1);
    expect(after.revenue).toBeCloseTo(before.revenue + 249, 2);
  });

  it('gives orders stored before shipping was charged a charge of 0, their total unchanged', async () => {
    const orders = shop.app.get<Model<Order>>(getModelToken(Order.name));
    const _id = new Types.ObjectId();
    await shop.connection.collection('orders').insertOne({
      _id,
      lines: [],
      buyer: new Types.ObjectId(shop.shopper.userId),
      payment: {
        success: true,
        provider: 'demo-card',
        reference: null,
        message: null,
        refunded: false,
      },
      total: 12_345,
      amountsIn: 'paise',
      address: 'Old Town',
      status: 'Delivered',
      checkoutKey: `old:${randomUUID()}`,
      settled: true,
      followUpPending: false,
      history: [],
    });
    await orderShippingCharges(orders);
    await orderShippingCharges(orders);
    expect(await stored(String(_id))).toMatchObject({ total: 12_345, shippingCharge: 0 });
  });
});
