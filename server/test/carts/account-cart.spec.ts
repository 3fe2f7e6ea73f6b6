import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { CART_NOTICES } from '../../src/carts/account-carts';
import { MAX_ORDER_LINES, ORDER_RULES } from '../../src/shared/rules';
import {
  Account,
  expectError,
  missingId,
  newProduct,
  newShopper,
  uniqueTag,
} from '../support/fixtures';
import { expectRefused, gql, gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';

const CART_FIELDS = `lines { product { id name } variant { id values } quantity } savedAt notices`;
const MY_CART = `query { myCart { ${CART_FIELDS} } }`;
const SAVE = `mutation ($lines: [CheckoutLineInput!]!) { saveMyCart(lines: $lines) { ${CART_FIELDS} } }`;
const MERGE = `mutation ($lines: [CheckoutLineInput!]!) { mergeMyCart(lines: $lines) { ${CART_FIELDS} } }`;
const SET_VARIANTS = `
  mutation ($productId: ID!, $input: ProductVariantsInput!) {
    setProductVariants(productId: $productId, input: $input) { variants { id values } }
  }
`;

interface CartView {
  lines: {
    product: { id: string; name: string };
    variant: { id: string; values: string[] } | null;
    quantity: number;
  }[];
  savedAt: string | null;
  notices: string[];
}
interface Line {
  productId: string;
  variantId?: string;
  quantity: number;
}

/**
 * What a cart holds, as `productId x quantity` or `productId/S x quantity` for a variant, in
 * order (a product sold one way answers its one variant, of no values).
 */
const held = (cart: CartView) =>
  cart.lines.map(
    (one) =>
      `${one.product.id}${one.variant?.values.length ? `/${one.variant.values.join(',')}` : ''} x${one.quantity}`,
  );
const line = (productId: string, quantity: number, size?: string) =>
  `${productId}${size ? `/${size}` : ''} x${quantity}`;

describe('the cart kept on the account', () => {
  const shop = useTestShop({ seed: true });

  const product = async (quantity = 20) => (await newProduct(shop, shop.admin, { quantity }))._id;
  const myCart = async (shopper: Account) =>
    (await gqlOk<{ myCart: CartView }>(shop, MY_CART, {}, shopper)).myCart;
  const save = async (shopper: Account, lines: Line[]) =>
    (await gqlOk<{ saveMyCart: CartView }>(shop, SAVE, { lines }, shopper)).saveMyCart;
  const merge = async (shopper: Account, lines: Line[]) =>
    (await gqlOk<{ mergeMyCart: CartView }>(shop, MERGE, { lines }, shopper)).mergeMyCart;
  const storedCart = (shopper: Account) =>
    shop.connection.collection('carts').findOne({ _id: new Types.ObjectId(shopper.userId) });

  it('needs a signed-in shopper on both APIs', async () => {
    expectError(await shop.http().get('/api/v1/cart'), 401);
    expectError(await shop.http().put('/api/v1/cart').send({ lines: [] }), 401);
    expectError(await shop.http().post('/api/v1/cart/merge').send({ lines: [] }), 401);
    expectRefused(await gql(shop, MY_CART), 'UNAUTHENTICATED', 'myCart');
    expectRefused(await gql(shop, SAVE, { lines: [] }), 'UNAUTHENTICATED', 'saveMyCart');
  });

  it('is empty for a new shopper, and follows them to another device once saved', async () => {
    const asha = await newShopper(shop);
    expect(await myCart(asha)).toEqual({ lines: [], savedAt: null, notices: [] });
    const [lamp, kettle] = [await product(), await product()];
    const saved = await save(asha, [
      { productId: lamp, quantity: 2 },
      { productId: kettle, quantity: 1 },
    ]);
    expect(held(saved)).toEqual([line(lamp, 2), line(kettle, 1)]);
    expect(saved.notices).toEqual([]);
    expect(Date.parse(saved.savedAt!)).toBeGreaterThan(Date.now() - 60_000);

    // Another shopper asking the very same query gets their own cart, never a stored answer.
    expect((await myCart(await newShopper(shop))).lines).toEqual([]);
    expect(held(await myCart(asha))).toEqual([line(lamp, 2), line(kettle, 1)]);

    // Another device: the same account signed in afresh, over REST.
    const phone = await shop
      .http()
      .post('/api/v1/auth/login')
      .send({ email: asha.email, password: asha.password })
      .expect(200);
    const read = await shop
      .http()
      .get('/api/v1/cart')
      .set('Authorization', phone.body.token)
      .expect(200);
    expect(read.body).toMatchObject({
      success: true,
      lines: [
        { productId: lamp, variantId: expect.any(String), quantity: 2, price: 499, stock: 20 },
        { productId: kettle, quantity: 1 },
      ],
      notices: [],
    });

    // Saving from there writes over it: the last device to change the cart wins.
    await shop
      .http()
      .put('/api/v1/cart')
      .set('Authorization', phone.body.token)
      .send({ lines: [{ productId: kettle, quantity: 3 }] })
      .expect(200);
    expect(held(await myCart(asha))).toEqual([line(kettle, 3)]);
  });

  it("merges the browser's cart at sign-in: a line in both keeps the larger quantity, never doubled", async () => {
    const ravi = await newShopper(shop);
    const [lamp, kettle, rug] = [await product(), await product(), await product()];
    await save(ravi, [
      { productId: lamp, quantity: 2 },
      { productId: kettle, quantity: 1 },
    ]);
    const browser = [
      { productId: kettle, quantity: 4 },
      { productId: lamp, quantity: 1 },
      { productId: rug, quantity: 1 },
    ];
    const merged = await merge(ravi, browser);
    expect(held(merged)).toEqual([line(lamp, 2), line(kettle, 4), line(rug, 1)]);
    // The same browser cart merged again (a second sign-in) changes nothing.
    expect(held(await merge(ravi, browser))).toEqual(held(merged));
    // REST merges the same way.
    const rest = await shop
      .http()
      .post('/api/v1/cart/merge')
      .set(ravi.auth)
      .send({ lines: [{ productId: rug, quantity: 2 }] })
      .expect(200);
    expect(rest.body.lines.map((one: { quantity: number }) => one.quantity)).toEqual([2, 4, 2]);
  });

  it('lowers a quantity above the stock to it, and says so; keeps a line out of stock as it is', async () => {
    const meera = await newShopper(shop);
    const scarce = await product(3);
    const soldOut = await product(0);
    const saved = await save(meera, [
      { productId: scarce, quantity: 5 },
      { productId: soldOut, quantity: 2 },
    ]);
    expect(held(saved)).toEqual([line(scarce, 3), line(soldOut, 2)]);
    expect(saved.notices).toEqual([CART_NOTICES.lowered(saved.lines[0].product.name, 3)]);
    expect(
      (await storedCart(meera))?.lines.map((one: { quantity: number }) => one.quantity),
    ).toEqual([3, 2]);
  });

  it('takes out a product deleted or a variant no longer sold, and says so', async () => {
    const kiran = await newShopper(shop);
    const kurta = await product();
    const { setProductVariants } = await gqlOk<{
      setProductVariants: { variants: { id: string; values: string[] }[] };
    }>(
      shop,
      SET_VARIANTS,
      {
        productId: kurta,
        input: {
          options: [{ name: 'Size', values: ['S', 'M'] }],
          variants: ['S', 'M'].map((size) => ({
            sku: `K-${uniqueTag()}-${size}`,
            values: [size],
            price: 799,
            quantity: 5,
          })),
        },
      },
      shop.admin,
    );
    const [small, medium] = setProductVariants.variants;
    const lamp = await product();
    await save(kiran, [
      { productId: kurta, variantId: small.id, quantity: 1 },
      { productId: kurta, variantId: medium.id, quantity: 1 },
      { productId: lamp, quantity: 1 },
    ]);
    await gqlOk(
      shop,
      SET_VARIANTS,
      {
        productId: kurta,
        input: {
          options: [{ name: 'Size', values: ['S', 'M'] }],
          variants: [
            {
              id: small.id,
              sku: `K-${uniqueTag()}-S`,
              values: ['S'],
              price: 799,
              quantity: 5,
              onSale: false,
            },
            { id: medium.id, sku: `K-${uniqueTag()}-M`, values: ['M'], price: 799, quantity: 5 },
          ],
        },
      },
      shop.admin,
    );
    await shop
      .http()
      .delete(`/api/v1/product/delete-product/${lamp}`)
      .set(shop.admin.auth)
      .expect(200);

    // Read as it is: the deleted product no longer shows.
    expect(held(await myCart(kiran))).toEqual([line(kurta, 1, 'S'), line(kurta, 1, 'M')]);
    const saved = await save(kiran, [
      { productId: kurta, variantId: small.id, quantity: 1 },
      { productId: kurta, variantId: medium.id, quantity: 1 },
      { productId: lamp, quantity: 1 },
    ]);
    expect(held(saved)).toEqual([line(kurta, 1, 'M')]);
    expect(saved.notices).toEqual([
      expect.stringMatching(/\(S\) is no longer sold, so it was taken out of your cart$/),
      CART_NOTICES.gone('A product in your cart'),
    ]);
  });

  it('refuses a bad cart naming the field, and changes nothing', async () => {
    const dev = await newShopper(shop);
    const lamp = await product();
    await save(dev, [{ productId: lamp, quantity: 1 }]);
    const before = await storedCart(dev);

    for (const [lines, message] of [
      [[{ productId: 'nope', quantity: 1 }], /productId must be a product id/],
      [[{ productId: lamp, quantity: 0 }], ORDER_RULES.lineQuantity.message],
      [[{ productId: lamp, quantity: 101 }], ORDER_RULES.lineQuantity.message],
      [
        Array.from({ length: MAX_ORDER_LINES + 1 }, () => ({
          productId: missingId(),
          quantity: 1,
        })),
        ORDER_RULES.tooManyLines,
      ],
    ] as const) {
      const rest = await shop.http().put('/api/v1/cart').set(dev.auth).send({ lines });
      expectError(rest, 400);
      expect(rest.body.message).toMatch(message);
      const graphql = await gql(shop, SAVE, { lines }, dev);
      expect(expectRefused(graphql, 'BAD_USER_INPUT').message).toMatch(message);
    }
    expectError(
      await shop.http().put('/api/v1/cart').set(dev.auth).send({ lines: 'everything' }),
      400,
      /lines must be a list/,
    );
    expect(await storedCart(dev)).toEqual(before);
  });

  it('loses no line when devices merge at once', async () => {
    const anu = await newShopper(shop);
    const products = await Promise.all(Array.from({ length: 12 }, () => product()));
    const answers = await Promise.all(
      products.map((productId, at) => merge(anu, [{ productId, quantity: 1 + (at % 3) }])),
    );
    expect(answers).toHaveLength(12);
    const cart = await myCart(anu);
    expect(cart.lines.map((one) => one.product.id).sort()).toEqual([...products].sort());
    expect((await storedCart(anu))?.version).toBe(12);
  });
});
