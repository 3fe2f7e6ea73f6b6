import { describe, expect, it } from 'vitest';
import { badRequestSuite, BadRequest, checkoutBody, long } from '../support/bad-requests';
import { APPROVED_CARD, checkout, missingId, newProduct, stockOf } from '../support/fixtures';
import { expectRefused, gql, Variables } from '../support/gql';
import { useTestShop } from '../support/test-app';
import { fieldFault } from '../../src/shared/rules';
import { CARD_RULES } from '../../src/shared/form-rules';
import { PLACE_ORDER } from './operations';

/** Bad requests to the order calls: each refused with its status and message, changing nothing. */
const CASES: BadRequest[] = [
  {
    name: 'order-status: status not in the list',
    call: 'PUT /api/v1/auth/order-status/{order}',
    as: 'admin',
    body: { status: 'Lost in transit' },
    status: 400,
    message: 'Status must be one of: Not Processed, Processing, Shipped, Delivered, Cancelled',
    target: 'order',
  },
  {
    name: 'order-status: operator object as status',
    call: 'PUT /api/v1/auth/order-status/{order}',
    as: 'admin',
    body: { status: { $ne: 'Not Processed' } },
    status: 400,
    message: 'Status must be one of: Not Processed, Processing, Shipped, Delivered, Cancelled',
    target: 'order',
  },
  {
    name: 'order-status: status missing',
    call: 'PUT /api/v1/auth/order-status/{order}',
    as: 'admin',
    body: {},
    status: 400,
    message: 'Status must be one of: Not Processed, Processing, Shipped, Delivered, Cancelled',
    target: 'order',
  },
  {
    name: 'order-status: invalid id',
    call: 'PUT /api/v1/auth/order-status/xyz',
    as: 'admin',
    body: { status: 'Shipped' },
    status: 400,
    message: 'Invalid id',
  },
  {
    name: 'order-status: unknown id',
    call: 'PUT /api/v1/auth/order-status/{missing}',
    as: 'admin',
    body: { status: 'Shipped' },
    status: 404,
    message: 'Order not found',
  },
  {
    name: 'order-status: shopper token',
    call: 'PUT /api/v1/auth/order-status/{order}',
    as: 'shopper',
    body: { status: 'Delivered' },
    status: 403,
    message: 'Admins only',
    target: 'order',
  },
  {
    name: 'all-orders: page 0',
    call: 'GET /api/v1/auth/all-orders?page=0',
    as: 'admin',
    status: 400,
    message: 'page must not be less than 1',
  },
  {
    name: "all-orders: page 'x'",
    call: 'GET /api/v1/auth/all-orders?page=x',
    as: 'admin',
    status: 400,
    message: 'page must not be less than 1',
  },
  {
    name: 'all-orders: status not in the list',
    call: 'GET /api/v1/auth/all-orders?status=Lost',
    as: 'admin',
    status: 400,
    message: 'Status must be one of: Not Processed, Processing, Shipped, Delivered, Cancelled',
  },
  {
    name: 'checkout: empty cart',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: [] }),
    status: 400,
    message: 'The cart is empty',
    target: 'product',
  },
  {
    name: 'checkout: quantity 0',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: [{ productId: ids.product, quantity: 0 }] }),
    status: 400,
    message: 'Quantities must be whole numbers from 1 to 100',
    target: 'product',
  },
  {
    name: 'checkout: quantity 1000',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: [{ productId: ids.product, quantity: 1000 }] }),
    status: 400,
    message: 'Quantities must be whole numbers from 1 to 100',
    target: 'product',
  },
  {
    name: 'checkout: negative quantity',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: [{ productId: ids.product, quantity: -2 }] }),
    status: 400,
    message: 'Quantities must be whole numbers from 1 to 100',
    target: 'product',
  },
  {
    name: 'checkout: non-integer quantity',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: [{ productId: ids.product, quantity: 1.5 }] }),
    status: 400,
    message: 'Quantities must be whole numbers from 1 to 100',
    target: 'product',
  },
  {
    name: 'checkout: quantity as a string',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: [{ productId: ids.product, quantity: '1' }] }),
    status: 400,
    message: 'Quantities must be whole numbers from 1 to 100',
    target: 'product',
  },
  {
    name: 'checkout: two lines of one product adding up to over 100',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) =>
      checkoutBody(ids, {
        lines: [
          { productId: ids.product, quantity: 60 },
          { productId: ids.product, quantity: 60 },
        ],
      }),
    status: 400,
    message: 'At most 100 of one product per order',
    target: 'product',
  },
  {
    name: 'checkout: product id that is not an id',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: [{ productId: 'abc', quantity: 1 }] }),
    status: 400,
    message: 'productId must be a product id',
  },
  {
    name: 'checkout: operator object as product id',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: [{ productId: { $ne: null }, quantity: 1 }] }),
    status: 400,
    message: 'productId must be a product id',
  },
  {
    name: 'checkout: product that does not exist',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: [{ productId: ids.missing, quantity: 1 }] }),
    status: 400,
    message: 'A product in the cart no longer exists',
  },
  {
    name: 'checkout: lines as an object',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: { productId: ids.product, quantity: 1 } }),
    status: 400,
    message: 'At most 50 lines per order',
    target: 'product',
  },
  {
    name: 'checkout: a string among the lines',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: [ids.product] }),
    status: 400,
    message: 'Each line must be an object',
    target: 'product',
  },
  {
    name: 'checkout: sold-out product',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: [{ productId: ids.soldOut, quantity: 1 }] }),
    status: 409,
    message: (ids) => `${ids.soldOutName} is out of stock`,
  },
  {
    name: 'checkout: card number failing the Luhn check',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => checkoutBody(ids, { card: { ...APPROVED_CARD, number: '4242424242424241' } }),
    status: 400,
    message: fieldFault('card.number', CARD_RULES.number),
    target: 'product',
  },
  {
    name: 'checkout: card number with letters',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => checkoutBody(ids, { card: { ...APPROVED_CARD, number: '4242-abcd-4242-4242' } }),
    status: 400,
    message: fieldFault('card.number', CARD_RULES.number),
    target: 'product',
  },
  {
    name: 'checkout: expired card',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => checkoutBody(ids, { card: { ...APPROVED_CARD, expiry: '01/20' } }),
    status: 400,
    message: fieldFault('card.expiry', CARD_RULES.expired),
    target: 'product',
  },
  {
    name: 'checkout: expiry month 13',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => checkoutBody(ids, { card: { ...APPROVED_CARD, expiry: '13/30' } }),
    status: 400,
    message: fieldFault('card.expiry', CARD_RULES.month),
    target: 'product',
  },
  {
    name: 'checkout: cvv of two digits',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => checkoutBody(ids, { card: { ...APPROVED_CARD, cvv: '12' } }),
    status: 400,
    message: fieldFault('card.cvv', CARD_RULES.cvv),
    target: 'product',
  },
  {
    name: 'checkout: card missing',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => ({ lines: [{ productId: ids.product, quantity: 1 }] }),
    status: 400,
    message: 'card is required',
    target: 'product',
  },
  {
    name: 'checkout: card as an array (array where the object belongs)',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => checkoutBody(ids, { card: [APPROVED_CARD] }),
    status: 400,
    message: 'card must be an object',
    target: 'product',
  },
  {
    name: 'checkout: card number as a number',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => checkoutBody(ids, { card: { ...APPROVED_CARD, number: 4242424242424242 } }),
    status: 400,
    message: 'number must be a string',
    target: 'product',
  },
  {
    name: 'checkout: 10 000-character address',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => checkoutBody(ids, { address: long(10_000) }),
    status: 400,
    message: 'address must be shorter than or equal to 500 characters',
    target: 'product',
  },
  {
    name: 'checkout: operator object as idempotency key',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => checkoutBody(ids, { idempotencyKey: { $ne: null } }),
    status: 400,
    message: 'An idempotency key holds 1 to 100 letters, digits, - and _',
    target: 'product',
  },
  {
    name: 'checkout: Idempotency-Key header with spaces and punctuation',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => checkoutBody(ids),
    headers: { 'Idempotency-Key': 'not a key!' },
    status: 400,
    message: 'An idempotency key holds 1 to 100 letters, digits, - and _',
    target: 'product',
  },
  {
    name: 'checkout: no token',
    call: 'POST /api/v1/product/checkout',
    body: (ids) => checkoutBody(ids),
    status: 401,
    message: 'Please sign in',
    target: 'product',
  },
  {
    name: 'checkout: card as a string',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => checkoutBody(ids, { card: APPROVED_CARD.number }),
    status: 400,
    message: 'card must be an object',
    target: 'product',
  },
  {
    name: 'checkout: null among the lines',
    call: 'POST /api/v1/product/checkout',
    as: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: [null] }),
    status: 400,
    message: 'Each line must be an object',
    target: 'product',
  },
];

describe('bad requests to the order calls (REST)', () => {
  const { shop } = badRequestSuite(CASES);

  it("leaves the shopper's order as it was after every order-status case", async () => {
    const orders = await shop.http().get('/api/v1/auth/orders').set(shop.shopper.auth).expect(200);
    expect(orders.body).toHaveLength(1);
    expect(orders.body[0].status).toBe('Not Processed');
  });
});

describe('bad checkouts: refused, nothing placed, no stock taken', () => {
  const shop = useTestShop({ seed: true });

  describe('REST: POST /api/v1/product/checkout answers 400', () => {
    it.each<[string, (productId: string) => [unknown[], Record<string, unknown>]]>([
      ['an empty cart', () => [[], {}]],
      [
        'a card number too short',
        (productId) => [
          [{ productId, quantity: 1 }],
          { card: { ...APPROVED_CARD, number: '1234' } },
        ],
      ],
      [
        'an expired card',
        (productId) => [
          [{ productId, quantity: 1 }],
          { card: { ...APPROVED_CARD, expiry: '01/20' } },
        ],
      ],
      [
        'a card without expiry and CVV',
        (productId) => [[{ productId, quantity: 1 }], { card: { number: APPROVED_CARD.number } }],
      ],
      ['a product that is not an id', () => [[{ productId: 'headphones', quantity: 1 }], {}]],
      ['a quantity of 0', (productId) => [[{ productId, quantity: 0 }], {}]],
      ['a quantity as a string', (productId) => [[{ productId, quantity: '2' }], {}]],
    ])('for %s', async (_label, request) => {
      const product = await newProduct(shop, shop.admin);
      const before = await shop.counts();
      const [lines, extra] = request(product._id);
      const response = await checkout(shop, shop.shopper, lines, extra);
      expect(response.status, JSON.stringify({ lines, ...extra })).toBe(400);
      expect(response.body).toEqual({ success: false, message: expect.any(String) });
      expect(await shop.counts()).toEqual(before);
      expect(await stockOf(shop, product._id)).toBe(product.quantity);
    });
  });

  describe('GraphQL: placeOrder answers BAD_USER_INPUT', () => {
    const withCard = (lines: { productId: string; quantity: number }[], extra: Variables = {}) => ({
      lines,
      card: APPROVED_CARD,
      ...extra,
    });

    it.each<[string, (ids: { redmi: string }) => Variables]>([
      ['an empty cart', () => ({ lines: [], card: APPROVED_CARD })],
      ['a quantity of 0', ({ redmi }) => withCard([{ productId: redmi, quantity: 0 }])],
      ['a quantity over 100', ({ redmi }) => withCard([{ productId: redmi, quantity: 101 }])],
      [
        'two lines adding up to over 100',
        ({ redmi }) =>
          withCard([
            { productId: redmi, quantity: 60 },
            { productId: redmi, quantity: 41 },
          ]),
      ],
      ['a product id that is not an id', () => withCard([{ productId: 'redmi', quantity: 1 }])],
      ['a product no one has', () => withCard([{ productId: missingId(), quantity: 1 }])],
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
        ({ redmi }) => withCard([{ productId: redmi, quantity: 1 }], { idempotencyKey: 'a b' }),
      ],
    ])('refuses %s with BAD_USER_INPUT, taking no stock', async (_label, input) => {
      const redmi = (await newProduct(shop, shop.admin))._id;
      const before = await shop.counts();
      const stock = await stockOf(shop, redmi);
      expectRefused(
        await gql(shop, PLACE_ORDER, { input: input({ redmi }) }, shop.shopper),
        'BAD_USER_INPUT',
        'placeOrder',
      );
      expect(await shop.counts()).toEqual(before);
      expect(await stockOf(shop, redmi)).toBe(stock);
    });
  });
});
