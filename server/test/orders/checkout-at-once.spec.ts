import { describe, expect, it } from 'vitest';
import {
  APPROVED_CARD,
  checkout,
  DECLINED_CARD,
  expectError,
  expectOneOrderOf,
  expectPlaced,
  newProduct,
  newShopper,
  newShoppers,
  ordersOfProduct,
  productBySlug,
  stockOf,
} from '../support/fixtures';
import { gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';
import { OrderView, PLACE_ORDER } from './operations';

/**
 * Checkouts that meet: the same one sent again (a double click, a retry after a lost answer)
 * and shoppers racing for the last units. Each test buys a product of its own.
 */
describe('checkouts at once: retries and races', () => {
  const shop = useTestShop({ seed: true });

  /** A product of its own with `quantity` in stock. */
  const stocked = async (quantity: number) =>
    (await newProduct(shop, shop.admin, { quantity }))._id;
  const ordersOf = (productId: string) => ordersOfProduct(shop, productId);
  const orderCount = async () => (await shop.counts()).orders;

  describe('the same checkout sent again, with its idempotency key', () => {
    it('REST: places an order only once when the same checkout is sent again', async () => {
      const productId = await stocked(20);
      const idempotencyKey = 'same-checkout-again';
      const lines = [{ productId, quantity: 1 }];
      const first = await checkout(shop, shop.shopper, lines, { idempotencyKey }).expect(201);
      const before = await shop.counts();
      const again = await checkout(shop, shop.shopper, lines, { idempotencyKey }).expect(201);
      expect(again.body.order._id).toBe(first.body.order._id);
      expect(await shop.counts()).toEqual(before);
      expect(await stockOf(shop, productId)).toBe(19);
    });

    it('REST: makes one order for the same idempotency key sent twice in a row', async () => {
      const productId = await stocked(10);
      const before = await orderCount();
      const key = { idempotencyKey: 'cart-7f3a-double-click' };
      const first = await checkout(shop, shop.shopper, [{ productId, quantity: 2 }], key);
      const second = await checkout(shop, shop.shopper, [{ productId, quantity: 2 }], key);
      expectPlaced(first);
      expectPlaced(second);
      expect(second.body.order._id).toBe(first.body.order._id);
      expect(await stockOf(shop, productId)).toBe(8);
      expect(await orderCount()).toBe(before + 1);
    });

    it('REST: makes one order for the same Idempotency-Key header sent twice in a row', async () => {
      const productId = await stocked(10);
      const before = await orderCount();
      const send = () =>
        shop
          .http()
          .post('/api/v1/product/checkout')
          .set(shop.shopper.auth)
          .set('Idempotency-Key', 'header-key-42')
          .send({ lines: [{ productId, quantity: 1 }], card: APPROVED_CARD });
      const first = await send();
      const second = await send();
      expectPlaced(first);
      expect(second.body.order._id).toBe(first.body.order._id);
      expect(await stockOf(shop, productId)).toBe(9);
      expect(await orderCount()).toBe(before + 1);
    });

    it('REST: makes one order for the same idempotency key sent 5 times at once', async () => {
      const productId = await stocked(10);
      const before = await orderCount();
      const responses = await Promise.all(
        Array.from({ length: 5 }, () =>
          checkout(shop, shop.shopper, [{ productId, quantity: 3 }], {
            idempotencyKey: 'cart-concurrent-retry',
          }),
        ),
      );
      expectOneOrderOf(responses);
      expect(await stockOf(shop, productId)).toBe(7);
      expect(await orderCount()).toBe(before + 1);
      expect(await ordersOf(productId)).toHaveLength(1);
    });

    it('REST: answers a retried declined checkout with the same failed order, not a new one', async () => {
      const productId = await stocked(2);
      const before = await orderCount();
      const retried = { card: DECLINED_CARD, idempotencyKey: 'declined-retry' };
      const first = await checkout(shop, shop.shopper, [{ productId, quantity: 1 }], retried);
      const second = await checkout(shop, shop.shopper, [{ productId, quantity: 1 }], retried);
      expectError(first, 402);
      expectError(second, 402);
      expect(second.body.order._id).toBe(first.body.order._id);
      expect(await orderCount()).toBe(before + 1);
      // One unit held, once, for the one failed order to be paid again until it expires.
      expect(await stockOf(shop, productId)).toBe(1);
    });

    it('REST: keeps idempotency keys per shopper: the same key from another shopper is a new order', async () => {
      const productId = await stocked(10);
      const other = await newShopper(shop);
      const key = { idempotencyKey: 'shared-key-1' };
      const mine = await checkout(shop, shop.shopper, [{ productId, quantity: 1 }], key);
      const theirs = await checkout(shop, other, [{ productId, quantity: 1 }], key);
      expectPlaced(mine);
      expectPlaced(theirs);
      expect(theirs.body.order._id).not.toBe(mine.body.order._id);
      expect(theirs.body.order.buyer._id).toBe(other.userId);
      expect(await stockOf(shop, productId)).toBe(8);
    });

    it('GraphQL: returns the first order for a retry with the same idempotencyKey, charging once', async () => {
      const mat = await productBySlug(shop, 'boldfit-6mm-anti-slip-yoga-mat');
      const input = {
        lines: [{ productId: mat.id, quantity: 2 }],
        card: APPROVED_CARD,
        idempotencyKey: 'checkout-7f3a9c',
      };
      const ordersBefore = await orderCount();
      const placeOk = async (session = shop.shopper) =>
        (await gqlOk<{ placeOrder: OrderView }>(shop, PLACE_ORDER, { input }, session)).placeOrder;
      const first = await placeOk();
      const second = await placeOk();
      expect(first.payment.success).toBe(true);
      expect(second.id).toBe(first.id);
      expect(second).toEqual(first);
      expect(await stockOf(shop, mat.id)).toBe(mat.quantity - 2);
      expect(await orderCount()).toBe(ordersBefore + 1);

      // The key belongs to the buyer: someone else using it places an order of their own.
      const other = await placeOk(shop.admin);
      expect(other.id).not.toBe(first.id);
      expect(other.buyer?.id).toBe(shop.admin.userId);
      expect(await stockOf(shop, mat.id)).toBe(mat.quantity - 4);
    });
  });

  describe('shoppers checking out at once', () => {
    it('REST: sells the last unit to exactly one of two shoppers, naming it to the other', async () => {
      const shawl = await newProduct(shop, shop.admin, {
        name: 'Handloom Pashmina Shawl',
        price: 12500,
        quantity: 1,
      });
      const meera = await newShopper(shop);
      const responses = await Promise.all(
        [shop.shopper, meera].map((session) =>
          checkout(shop, session, [{ productId: shawl._id, quantity: 1 }]),
        ),
      );
      expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
      expect(await stockOf(shop, shawl._id)).toBe(0);
      const loser = responses.find((response) => response.status === 409)!;
      expect(loser.body).toEqual({
        success: false,
        message: 'Handloom Pashmina Shawl is out of stock',
      });
    });

    it('REST: sells the last unit to exactly one of two new shoppers, recording one paid order', async () => {
      const productId = await stocked(1);
      const [first, second] = await newShoppers(shop, 2);
      const before = await orderCount();
      const responses = await Promise.all([
        checkout(shop, first, [{ productId, quantity: 1 }]),
        checkout(shop, second, [{ productId, quantity: 1 }]),
      ]);
      expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
      expectError(
        responses.find((response) => response.status === 409)!,
        409,
      );
      expect(await stockOf(shop, productId)).toBe(0);
      expect(await orderCount()).toBe(before + 1);
      const orders = await ordersOf(productId);
      expect(orders).toHaveLength(1);
      expect(orders[0].payment.success).toBe(true);
    });

    it('REST: gives 5 units to exactly 5 of 20 shoppers checking out at once', async () => {
      const productId = await stocked(5);
      const shoppers = await newShoppers(shop, 20);
      const before = await orderCount();
      const responses = await Promise.all(
        shoppers.map((session) => checkout(shop, session, [{ productId, quantity: 1 }])),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(5);
      expect(statuses.filter((status) => status === 409)).toHaveLength(15);
      expect(await stockOf(shop, productId)).toBe(0);
      const orders = await ordersOf(productId);
      expect(orders).toHaveLength(5);
      expect(orders.every((order) => order.payment.success && order.settled)).toBe(true);
      expect(new Set(orders.map((order) => String(order.buyer))).size).toBe(5);
      expect(await orderCount()).toBe(before + 5);
    });

    it('REST: never oversells when concurrent two-line orders compete for both products', async () => {
      const [scarce, plenty] = [await stocked(3), await stocked(5)];
      const shoppers = await newShoppers(shop, 10);
      const responses = await Promise.all(
        shoppers.map((session, index) =>
          checkout(
            shop,
            session,
            // Half list the scarce product first, half second, so give-backs interleave.
            index % 2 === 0
              ? [
                  { productId: scarce, quantity: 1 },
                  { productId: plenty, quantity: 1 },
                ]
              : [
                  { productId: plenty, quantity: 1 },
                  { productId: scarce, quantity: 1 },
                ],
          ),
        ),
      );
      const placed = responses.filter((response) => response.status === 201).length;
      expect(responses.every((response) => [201, 409].includes(response.status))).toBe(true);
      expect(placed).toBe(3);
      expect(await stockOf(shop, scarce)).toBe(0);
      expect(await stockOf(shop, plenty)).toBe(5 - placed);
      expect(await ordersOf(scarce)).toHaveLength(3);
    });
  });
});
