import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { OrderIndex } from '../../src/orders/order-index';
import { getModelToken } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { BuyerOrders } from '../../src/orders/buyer-orders.schema';
import { Order } from '../../src/orders/order.schema';
import { buyerOrderLists } from '../../src/migrations/buyer-order-lists';
import { orderAmountsInPaise } from '../../src/migrations/order-amounts-in-paise';
import { orderPaymentStates } from '../../src/migrations/order-payment-states';
import { PAYMENT_GATEWAY, PaymentGateway } from '../../src/payments';
import { checkout } from '../support/fixtures';
import { gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';

const MY_ORDERS = `{ myOrders { id total lines { name price quantity } } }`;

describe('order amounts in paise: exact totals, rupees at the APIs', () => {
  const shop = useTestShop({ seed: true });
  let categoryId: string;

  beforeAll(async () => {
    categoryId = String((await shop.connection.collection('categories').findOne())!._id);
  });

  async function productPriced(name: string, price: string): Promise<string> {
    const response = await shop
      .http()
      .post('/api/v1/product/create-product')
      .set(shop.admin.auth)
      .field('name', name)
      .field('description', `${name}, priced to the paisa.`)
      .field('price', price)
      .field('quantity', '50')
      .field('category', categoryId)
      .field('shipping', '1')
      .expect(201);
    return response.body.products._id as string;
  }
  const buy = (lines: { productId: string; quantity: number }[]) =>
    checkout(shop, shop.shopper, lines).expect(201);
  const stored = async (id: string) =>
    (await shop.connection.collection('orders').findOne({ _id: new Types.ObjectId(id) }))!;

  it('charges exactly 999.99 for 3 x 333.33, stored as 99999 paise', async () => {
    const productId = await productPriced('Brass Diya Set', '333.33');
    const { body } = await buy([{ productId, quantity: 3 }]);
    expect(body.order.total).toBe(999.99);
    expect(body.order.products).toEqual([expect.objectContaining({ price: 333.33, quantity: 3 })]);

    const order = await stored(body.order._id);
    expect(order.total).toBe(99_999);
    expect(order.lines[0].price).toBe(33_333);
    // The gateway was asked for exactly that, and took it.
    const charge = await shop.app
      .get<PaymentGateway>(PAYMENT_GATEWAY)
      .fetchPayment(order.payment.reference);
    expect(charge).toMatchObject({ amount: 99_999, currency: 'INR', status: 'captured' });

    const { myOrders } = await gqlOk<{
      myOrders: { id: string; total: number; lines: { price: number }[] }[];
    }>(shop, MY_ORDERS, {}, shop.shopper);
    const shown = myOrders.find((item) => item.id === body.order._id)!;
    expect(shown.total).toBe(999.99);
    expect(shown.lines[0].price).toBe(333.33);
  });

  it('adds up paise prices that floats get wrong: 0.10 x 1 + 0.20 x 1 + 19.99 x 7 = 140.23', async () => {
    const lines = [
      { productId: await productPriced('Tea Sachet', '0.10'), quantity: 1 },
      { productId: await productPriced('Sugar Cube', '0.20'), quantity: 1 },
      { productId: await productPriced('Steel Spoon', '19.99'), quantity: 7 },
    ];
    const { body } = await buy(lines);
    const order = await stored(body.order._id);
    // The goods to the paisa; below the free-shipping threshold, shipping on top.
    expect(order.total - order.shippingCharge).toBe(14_023);
    expect(order.shippingCharge).toBeGreaterThan(0);
    expect(body.order.total).toBe((14_023 + order.shippingCharge) / 100);
  });

  it('converts orders stored in rupees to paise once at start, however often the upgrade runs', async () => {
    const _id = new Types.ObjectId();
    await shop.connection.collection('orders').insertOne({
      _id,
      lines: [{ product: new Types.ObjectId(), name: 'Old Lamp', price: 333.33, quantity: 3 }],
      buyer: new Types.ObjectId(shop.shopper.userId),
      payment: { success: true, provider: 'demo-card', reference: 'demo_old', message: null },
      total: 999.99,
      address: '1 Old Street',
      status: 'Delivered',
      checkoutKey: `old-${randomUUID()}`,
      settled: true,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    // Written behind the shop's back: the order index re-reads it, as when another instance writes.
    await shop.app.get(OrderIndex).changed(String(_id));
    const orders = shop.app.get<Model<Order>>(getModelToken(Order.name));
    // As at three starts in a row.
    await orderAmountsInPaise(orders);
    await orderAmountsInPaise(orders);
    await orderAmountsInPaise(orders);
    // As the first start does too: the order joins its buyer's list, which myOrders reads,
    // and, paid before payments had states, is paid (the admin's list shows only orders to fulfil).
    await buyerOrderLists(orders, shop.app.get(getModelToken(BuyerOrders.name)));
    await orderPaymentStates(orders);

    const order = await stored(String(_id));
    expect(order).toMatchObject({
      total: 99_999,
      lines: [expect.objectContaining({ price: 33_333 })],
      amountsIn: 'paise',
      history: [],
      payment: expect.objectContaining({ refunded: false }),
    });
    const { myOrders } = await gqlOk<{ myOrders: { id: string; total: number }[] }>(
      shop,
      MY_ORDERS,
      {},
      shop.shopper,
    );
    expect(myOrders.find((item) => item.id === String(_id))?.total).toBe(999.99);
    const all = await shop.http().get('/api/v1/auth/all-orders').set(shop.admin.auth).expect(200);
    expect(all.body.find((item: { _id: string }) => item._id === String(_id))?.total).toBe(999.99);
  });
});
