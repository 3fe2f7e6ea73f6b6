import { getModelToken } from '@nestjs/mongoose';
import { randomUUID } from 'node:crypto';
import { Model, Types } from 'mongoose';
import { describe, expect, it, vi } from 'vitest';
import { Product } from '../../src/catalogue/records/product.schema';
import { ProductLocks } from '../../src/catalogue/records/product-locks';
import { SkuClaims } from '../../src/catalogue/variants/sku-claims';
import { ChangeLog } from '../../src/changes/change-log.service';
import { DatabaseEngine } from '../../src/database/database-engine';
import { productVariants } from '../../src/migrations/product-variants';
import { OrdersService } from '../../src/orders/orders.service';
import { OrderIndex } from '../../src/orders/order-index';
import { checkoutKeyOf, orderIdOf } from '../../src/orders/order.schema';
import { PAYMENT_GATEWAY, PaymentGateway } from '../../src/payments';
import {
  checkout,
  DECLINED_CARD,
  expireNow,
  newCategory,
  newProduct,
  newShoppers,
  uniqueTag,
} from '../support/fixtures';
import { gql, gqlOk } from '../support/gql';
import { TestShop, useTestShop } from '../support/test-app';

const SET_VARIANTS = `
  mutation ($productId: ID!, $input: ProductVariantsInput!) {
    setProductVariants(productId: $productId, input: $input) {
      id price quantity listedPrice listedMrp discountPercent pricesVary
      options { name values }
      variants { id sku values price mrp quantity onSale }
    }
  }
`;
const VARIANT_DISCOUNTS = `
  query ($slug: String!) {
    product(slug: $slug) { variants { values price mrp discountPercent } }
  }
`;
const PRODUCT = `
  query ($slug: String!) {
    product(slug: $slug) {
      id price quantity listedPrice pricesVary
      options { name values }
      variants { id sku values price mrp quantity onSale }
    }
  }
`;
const FACETS = `
  query ($filter: ProductFilter, $search: String) {
    productFacets(filter: $filter, search: $search) {
      total
      options { name values { value count } }
    }
    products(filter: $filter, search: $search, pageSize: 50) { total items { id } }
  }
`;
const PLACE_ORDER = `
  mutation ($input: CheckoutInput!) {
    placeOrder(input: $input) { id status }
  }
`;

interface VariantView {
  id: string;
  sku: string;
  values: string[];
  price: number;
  mrp: number | null;
  quantity: number;
  onSale: boolean;
}
interface ProductView {
  id: string;
  price: number;
  quantity: number;
  listedPrice: number;
  listedMrp?: number | null;
  discountPercent?: number;
  pricesVary: boolean;
  options: { name: string; values: string[] }[];
  variants: VariantView[];
}

const SIZES = { name: 'Size', values: ['S', 'M', 'L'] };
const COLOURS = { name: 'Colour', values: ['Indigo', 'White'] };

interface Grid {
  options: { name: string; values: string[] }[];
  variants: {
    id?: string;
    sku: string;
    values: string[];
    price: number;
    mrp?: number | null;
    quantity: number;
    onSale?: boolean;
  }[];
}

/** Six variants of a kurta: every size in both colours, Indigo dearer, one sold out. */
function kurtaGrid(tag: string): Grid {
  return {
    options: [SIZES, COLOURS],
    variants: SIZES.values.flatMap((size) =>
      COLOURS.values.map((colour) => ({
        sku: `KURTA-${tag}-${size}-${colour}`,
        values: [size, colour],
        price: colour === 'Indigo' ? 899 : 799,
        mrp: 1299,
        quantity: size === 'L' && colour === 'White' ? 0 : 10,
      })),
    ),
  };
}

const storedProduct = (shop: TestShop, id: string) =>
  shop.connection.collection('products').findOne({ _id: new Types.ObjectId(id) });

async function productWithVariants(shop: TestShop, grid: Grid = kurtaGrid(uniqueTag())) {
  const product = await newProduct(shop, shop.admin, { name: `Kurta ${uniqueTag()}` });
  const set = await gqlOk<{ setProductVariants: ProductView }>(
    shop,
    SET_VARIANTS,
    { productId: product._id, input: grid },
    shop.admin,
  );
  return { product, view: set.setProductVariants };
}

const variantNamed = (view: ProductView, ...values: string[]) =>
  view.variants.find((variant) => variant.values.join('/') === values.join('/'))!;

describe('variants: options, a SKU, price, MRP and stock per combination', () => {
  const shop = useTestShop({ seed: true });

  describe('setting them', () => {
    it('GraphQL: sets two options and six variants; the product lists from its cheapest in stock', async () => {
      const { product, view } = await productWithVariants(shop);
      expect(view.options).toEqual([SIZES, COLOURS]);
      expect(view.variants).toHaveLength(6);
      // REST's one price is the first variant's; its stock is all the variants' together.
      expect(view.price).toBe(899);
      expect(view.quantity).toBe(50);
      expect(view.listedPrice).toBe(799);
      expect(view.listedMrp).toBe(1299);
      expect(view.discountPercent).toBe(38);
      expect(view.pricesVary).toBe(true);
      const read = await gqlOk<{ product: ProductView }>(shop, PRODUCT, { slug: product.slug });
      expect(read.product.variants).toEqual(view.variants);
      expect(variantNamed(read.product, 'L', 'White').quantity).toBe(0);
      // Each variant's own discount, for the product page's choice: 1299 -> 899 and -> 799.
      const discounts = await gqlOk<{ product: { variants: { discountPercent: number }[] } }>(
        shop,
        VARIANT_DISCOUNTS,
        { slug: product.slug },
      );
      expect(discounts.product.variants.map((variant) => variant.discountPercent)).toEqual([
        30, 38, 30, 38, 30, 38,
      ]);

      const rest = await shop.http().get(`/api/v1/product/get-product/${product.slug}`).expect(200);
      expect(rest.body.product.price).toBe(899);
      expect(rest.body.product.quantity).toBe(50);
      expect(rest.body.product).not.toHaveProperty('variants');
      const variants = await shop.http().get(`/api/v1/product/${product._id}/variants`).expect(200);
      expect(variants.body.variants.map((variant: VariantView) => variant.sku)).toEqual(
        view.variants.map((variant) => variant.sku),
      );
    });

    it('REST: sets them with PUT, keeps the ids given, and drops the variants left out', async () => {
      const { product, view } = await productWithVariants(shop);
      const kept = view.variants.filter((variant) => variant.values[1] === 'Indigo');
      const body = {
        options: [SIZES, { name: 'Colour', values: ['Indigo'] }],
        variants: kept.map((variant) => ({ ...variant, price: 949, quantity: 4 })),
      };
      const response = await shop
        .http()
        .put(`/api/v1/product/${product._id}/variants`)
        .set(shop.admin.auth)
        .send(body)
        .expect(200);
      expect(response.body.variants.map((variant: VariantView) => variant.id)).toEqual(
        kept.map((variant) => variant.id),
      );
      const stored = await storedProduct(shop, product._id);
      expect(stored!.quantity).toBe(12);
      expect(stored!.price).toBe(94_900);
      // A SKU dropped is free again: another product may take it.
      const dropped = view.variants.find((variant) => variant.values[1] === 'White')!;
      const other = await newProduct(shop, shop.admin);
      await shop
        .http()
        .put(`/api/v1/product/${other._id}/variants`)
        .set(shop.admin.auth)
        .send({ options: [], variants: [{ sku: dropped.sku, values: [], price: 10, quantity: 1 }] })
        .expect(200);
    });

    it('is for admins only, on both APIs', async () => {
      const product = await newProduct(shop, shop.admin);
      const body = {
        options: [],
        variants: [{ sku: `X-${uniqueTag()}`, values: [], price: 1, quantity: 1 }],
      };
      await shop.http().put(`/api/v1/product/${product._id}/variants`).send(body).expect(401);
      await shop
        .http()
        .put(`/api/v1/product/${product._id}/variants`)
        .set(shop.shopper.auth)
        .send(body)
        .expect(403);
      const answer = await gql(
        shop,
        SET_VARIANTS,
        { productId: product._id, input: body },
        shop.shopper,
      );
      expect(answer.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    });

    const refusals: [string, (grid: Grid) => Grid, number, RegExp][] = [
      [
        'a fourth option',
        (grid) => ({
          ...grid,
          options: [
            ...grid.options,
            { name: 'Fit', values: ['Slim'] },
            { name: 'Sleeve', values: ['Full'] },
          ],
        }),
        400,
        /options: A product has at most 3 options/,
      ],
      [
        'two variants with one SKU',
        (grid) => ({
          ...grid,
          variants: grid.variants.map((variant, at) =>
            at === 1 ? { ...variant, sku: grid.variants[0].sku.toLowerCase() } : variant,
          ),
        }),
        400,
        /variants\[1\]\.sku: Two variants have the same SKU/,
      ],
      [
        'an MRP below the price',
        (grid) => ({
          ...grid,
          variants: grid.variants.map((variant, at) =>
            at === 2 ? { ...variant, mrp: 500 } : variant,
          ),
        }),
        400,
        /variants\[2\]\.mrp: MRP must be at least the price/,
      ],
      [
        'a value no option has',
        (grid) => ({
          ...grid,
          variants: grid.variants.map((variant, at) =>
            at === 0 ? { ...variant, values: ['XXL', 'Indigo'] } : variant,
          ),
        }),
        400,
        /variants\[0\]\.values:/,
      ],
      [
        'one combination twice',
        (grid) => ({
          ...grid,
          variants: grid.variants.map((variant, at) =>
            at === 1 ? { ...variant, values: ['s', 'indigo'] } : variant,
          ),
        }),
        400,
        /variants\[1\]\.values: Two variants have the same option values/,
      ],
      [
        'a variant id the product does not have',
        (grid) => ({
          ...grid,
          variants: grid.variants.map((variant, at) =>
            at === 0 ? { ...variant, id: new Types.ObjectId().toHexString() } : variant,
          ),
        }),
        400,
        /variants\[0\]\.id:/,
      ],
      ['no variant at all', (grid) => ({ ...grid, variants: [] }), 400, /at least one variant/],
    ];

    for (const [what, change, status, message] of refusals) {
      it(`REST and GraphQL: refuse ${what}, naming the field, and change nothing`, async () => {
        const { product } = await productWithVariants(shop);
        const before = await storedProduct(shop, product._id);
        const body = change(kurtaGrid(uniqueTag()));
        const rest = await shop
          .http()
          .put(`/api/v1/product/${product._id}/variants`)
          .set(shop.admin.auth)
          .send(body);
        expect(rest.status, JSON.stringify(rest.body)).toBe(status);
        expect(rest.body.message ?? rest.body.error).toMatch(message);
        const answer = await gql(
          shop,
          SET_VARIANTS,
          { productId: product._id, input: body },
          shop.admin,
        );
        expect(answer.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
        expect(answer.errors?.[0].message).toMatch(message);
        expect(await storedProduct(shop, product._id)).toEqual(before);
      });
    }

    it('refuses a SKU another product uses with 409, on both APIs, changing nothing', async () => {
      const tag = uniqueTag();
      const { view } = await productWithVariants(shop, kurtaGrid(tag));
      const { product } = await productWithVariants(shop);
      const before = await storedProduct(shop, product._id);
      const body = {
        options: [],
        variants: [{ sku: view.variants[3].sku, values: [], price: 5, quantity: 1 }],
      };
      const rest = await shop
        .http()
        .put(`/api/v1/product/${product._id}/variants`)
        .set(shop.admin.auth)
        .send(body);
      expect(rest.status).toBe(409);
      expect(rest.body.message).toMatch(
        new RegExp(`SKU ${view.variants[3].sku} is already used by Kurta`),
      );
      const answer = await gql(
        shop,
        SET_VARIANTS,
        { productId: product._id, input: body },
        shop.admin,
      );
      expect(answer.errors?.[0].extensions?.code).toBe('CONFLICT');
      expect(await storedProduct(shop, product._id)).toEqual(before);
    });

    it('gives one SKU to exactly one of two products claiming it at once', async () => {
      const [a, b] = [await newProduct(shop, shop.admin), await newProduct(shop, shop.admin)];
      const sku = `RACE-${uniqueTag()}`;
      const body = { options: [], variants: [{ sku, values: [], price: 5, quantity: 1 }] };
      const statuses = await Promise.all(
        [a, b].map(
          async (product) =>
            (
              await shop
                .http()
                .put(`/api/v1/product/${product._id}/variants`)
                .set(shop.admin.auth)
                .send(body)
            ).status,
        ),
      );
      expect(statuses.sort()).toEqual([200, 409]);
    });

    it('refuses a price or stock change of the whole product once it has options', async () => {
      const { product } = await productWithVariants(shop);
      const response = await shop
        .http()
        .put(`/api/v1/product/update-product/${product._id}`)
        .set(shop.admin.auth)
        .send({ quantity: 3 })
        .expect(400);
      expect(response.body.message).toMatch(/Set the price and stock of each variant/);
    });

    it('keeps a product without options working as before: one variant, the product itself', async () => {
      const product = await newProduct(shop, shop.admin, { price: 250, quantity: 7 });
      await shop
        .http()
        .put(`/api/v1/product/update-product/${product._id}`)
        .set(shop.admin.auth)
        .send({ price: 275, quantity: 9 })
        .expect(200);
      const stored = await storedProduct(shop, product._id);
      expect(stored!.variants).toHaveLength(1);
      expect(stored!.variants[0]).toMatchObject({ values: [], price: 27_500, quantity: 9 });
      expect(stored!.variants[0].sku).toBe(product.slug.toUpperCase());
    });
  });

  describe('selling them', () => {
    it('sells the last unit of one variant once under 20 checkouts at once, while another sells freely', async () => {
      const tag = uniqueTag();
      const grid = {
        options: [SIZES],
        variants: [
          { sku: `LAST-${tag}-S`, values: ['S'], price: 500, quantity: 1 },
          { sku: `LAST-${tag}-M`, values: ['M'], price: 500, quantity: 100 },
          { sku: `LAST-${tag}-L`, values: ['L'], price: 500, quantity: 0 },
        ],
      };
      const { product, view } = await productWithVariants(shop, grid);
      const [small, medium] = view.variants;
      const shoppers = await newShoppers(shop, 20);
      const results = await Promise.all(
        shoppers.flatMap((shopper) => [
          checkout(shop, shopper, [{ productId: product._id, variantId: small.id, quantity: 1 }]),
          checkout(shop, shopper, [{ productId: product._id, variantId: medium.id, quantity: 2 }]),
        ]),
      );
      const smallStatuses = results
        .filter((_result, at) => at % 2 === 0)
        .map((result) => result.status);
      const mediumStatuses = results
        .filter((_result, at) => at % 2 === 1)
        .map((result) => result.status);
      expect(smallStatuses.filter((status) => status === 201)).toHaveLength(1);
      expect(smallStatuses.filter((status) => status === 409)).toHaveLength(19);
      expect(mediumStatuses.every((status) => status === 201)).toBe(true);
      const stored = await storedProduct(shop, product._id);
      expect(stored!.variants.map((variant: { quantity: number }) => variant.quantity)).toEqual([
        0, 60, 0,
      ]);
      expect(stored!.quantity).toBe(60);
      // 21 paid orders hold units until they are delivered or cancelled.
      expect(stored!.stockHolds).toHaveLength(21);
    });

    it('makes one line of a variant named two ways, keeping its stock and the product total in step', async () => {
      const lamp = await newProduct(shop, shop.admin, { price: 100, quantity: 10 });
      const [only] = (await storedProduct(shop, lamp._id))!.variants as { _id: Types.ObjectId }[];
      const placed = await checkout(shop, shop.shopper, [
        { productId: lamp._id, quantity: 1 },
        { productId: lamp._id, variantId: String(only._id), quantity: 2 },
      ]).expect(201);
      const order = await shop.connection
        .collection('orders')
        .findOne({ _id: new Types.ObjectId(placed.body.order._id) });
      expect(order!.lines.map((line: { quantity: number }) => line.quantity)).toEqual([3]);
      const stored = await storedProduct(shop, lamp._id);
      expect([stored!.quantity, stored!.variants[0].quantity]).toEqual([7, 7]);
    });

    it('names the variant on the order line and refuses a product with options without one', async () => {
      const { product, view } = await productWithVariants(shop);
      const white = variantNamed(view, 'M', 'White');
      const missing = await checkout(shop, shop.shopper, [{ productId: product._id, quantity: 1 }]);
      expect(missing.status).toBe(400);
      expect(missing.body.message).toMatch(/lines\[0\]\.variantId: Choose the options of Kurta/);
      const unknown = await checkout(shop, shop.shopper, [
        { productId: product._id, variantId: new Types.ObjectId().toHexString(), quantity: 1 },
      ]);
      expect(unknown.status).toBe(400);
      const soldOut = variantNamed(view, 'L', 'White');
      const refused = await checkout(shop, shop.shopper, [
        { productId: product._id, variantId: soldOut.id, quantity: 1 },
      ]);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/\(L, White\) is out of stock/);

      const placed = await gqlOk<{ placeOrder: { id: string } }>(
        shop,
        PLACE_ORDER,
        {
          input: {
            lines: [
              { productId: product._id, variantId: white.id, quantity: 2 },
              {
                productId: product._id,
                variantId: variantNamed(view, 'S', 'Indigo').id,
                quantity: 1,
              },
            ],
            card: { number: '4242424242424242', expiry: '12/39', cvv: '123' },
          },
        },
        shop.shopper,
      );
      const order = await shop.connection
        .collection('orders')
        .findOne({ _id: new Types.ObjectId(placed.placeOrder.id) });
      expect(order!.total).toBe(2 * 79_900 + 89_900);
      expect(order!.lines[0]).toMatchObject({
        sku: white.sku,
        price: 79_900,
        quantity: 2,
        choices: [
          { name: 'Size', value: 'M' },
          { name: 'Colour', value: 'White' },
        ],
      });
      expect(String(order!.lines[0].variant)).toBe(white.id);
    });

    it('gives back the units of the right variant on cancel, and after a declined card once its payment expires', async () => {
      const { product, view } = await productWithVariants(shop);
      const indigo = variantNamed(view, 'M', 'Indigo');
      const white = variantNamed(view, 'S', 'White');
      const quantities = async () =>
        (await storedProduct(shop, product._id))!.variants.map(
          (variant: { quantity: number }) => variant.quantity,
        );
      const before = await quantities();

      const declined = await checkout(
        shop,
        shop.shopper,
        [{ productId: product._id, variantId: white.id, quantity: 3 }],
        { card: DECLINED_CARD },
      );
      expect(declined.status).toBe(402);
      // Declined, the order holds its units while it may be paid again; expired, they are back.
      const white3 = view.variants.map((variant) => (variant.id === white.id ? 3 : 0));
      expect(await quantities()).toEqual(
        before.map((units: number, at: number) => units - white3[at]),
      );
      await expireNow(shop, declined.body.order._id);
      expect(await quantities()).toEqual(before);

      const placed = await checkout(shop, shop.shopper, [
        { productId: product._id, variantId: indigo.id, quantity: 4 },
        { productId: product._id, variantId: white.id, quantity: 1 },
      ]).expect(201);
      const taken = await quantities();
      expect(before.map((units: number, at: number) => units - taken[at])).toEqual(
        view.variants.map((variant) =>
          variant.id === indigo.id ? 4 : variant.id === white.id ? 1 : 0,
        ),
      );
      await shop
        .http()
        .post(`/api/v1/auth/orders/${placed.body.order._id}/cancel`)
        .set(shop.shopper.auth)
        .expect(200);
      expect(await quantities()).toEqual(before);
      expect((await storedProduct(shop, product._id))!.quantity).toBe(
        before.reduce((sum: number, units: number) => sum + units, 0),
      );
    });

    it('gives back the right variants when a stalled checkout expires through recovery (it waits for its payment, no longer failed at once), refunding the card captured after', async () => {
      const { product, view } = await productWithVariants(shop);
      const [first, , third] = view.variants;
      const quantities = async () =>
        (await storedProduct(shop, product._id))!.variants.map(
          (variant: { quantity: number }) => variant.quantity,
        );
      const before = await quantities();
      const gateway = shop.app.get<PaymentGateway>(PAYMENT_GATEWAY);
      let release!: () => void;
      const stalled = new Promise<void>((resolve) => (release = resolve));
      const createPayment = gateway.createPayment.bind(gateway);
      const spy = vi.spyOn(gateway, 'createPayment').mockImplementationOnce(async (payment) => {
        await stalled;
        return createPayment(payment);
      });
      const key = randomUUID();
      const orderId = orderIdOf(checkoutKeyOf(new Types.ObjectId(shop.shopper.userId), key));
      const stored = () => shop.connection.collection('orders').findOne({ _id: orderId });
      try {
        const reply = checkout(
          shop,
          shop.shopper,
          [
            { productId: product._id, variantId: first.id, quantity: 3 },
            { productId: product._id, variantId: third.id, quantity: 1 },
          ],
          { idempotencyKey: key },
        ).then((response) => response);
        // Stalled once its gateway order is made: placed, its units held.
        for (let tries = 0; tries < 200 && !(await stored())?.payment.gatewayOrderId; tries += 1) {
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        expect(await quantities()).toEqual(
          before.map((units: number, at: number) => units - (at === 0 ? 3 : at === 2 ? 1 : 0)),
        );
        // Recovery once its time to pay is up: the order expires, its units come back.
        await shop.connection
          .collection('orders')
          .updateOne(
            { _id: orderId },
            { $set: { 'payment.expiresAt': new Date(Date.now() - 1000) } },
          );
        await shop.app.get(OrderIndex).changed(String(orderId));
        const recovered = await shop.app.get(OrdersService).recover(new Date(Date.now() - 60_000));
        expect(recovered).toMatchObject({ expired: 1 });
        expect(await quantities()).toEqual(before);
        release();
        expect((await reply).status).toBe(402);
        expect(await quantities()).toEqual(before);
        // The card the gateway then took is given back whole.
        const expired = (await stored())!;
        expect(expired.payment).toMatchObject({
          state: 'expired',
          refunds: [expect.objectContaining({ amount: expired.total })],
        });
      } finally {
        release();
        spy.mockRestore();
      }
    });
  });

  describe('finding them', () => {
    it('finds a product by a SKU typed whole, in any case', async () => {
      const { view } = await productWithVariants(shop);
      const sku = variantNamed(view, 'L', 'Indigo').sku;
      const found = await gqlOk<{ products: { items: { id: string }[] } }>(
        shop,
        `query ($search: String) { products(search: $search) { items { id } } }`,
        { search: sku.toLowerCase() },
      );
      expect(found.products.items[0].id).toBe(view.id);
    });

    it('finds a product by a SKU the admin changed alone, and no longer by the SKU it had', async () => {
      const tag = uniqueTag();
      const grid = kurtaGrid(tag);
      const { view } = await productWithVariants(shop, grid);
      const renamed = `RENAMED-${tag}`;
      const before = variantNamed(view, 'M', 'White');
      await gqlOk(
        shop,
        SET_VARIANTS,
        {
          productId: view.id,
          input: {
            ...grid,
            variants: view.variants.map(({ id, sku, values, price, mrp, quantity }) => ({
              ...{ id, values, price, mrp, quantity },
              sku: id === before.id ? renamed : sku,
            })),
          },
        },
        shop.admin,
      );
      const firstFound = async (search: string) =>
        (
          await gqlOk<{ products: { items: { id: string }[] } }>(
            shop,
            `query ($search: String) { products(search: $search) { items { id } } }`,
            { search },
          )
        ).products.items[0]?.id;
      expect(await firstFound(renamed.toLowerCase())).toBe(view.id);
      expect(await firstFound(before.sku)).not.toBe(view.id);
    });

    it('counts option values as a brute-force pass over the products would, for random filters', async () => {
      const category = (await newCategory(shop, shop.admin, `Kurtas ${uniqueTag()}`))._id;
      const made: ProductView[] = [];
      let seed = 7;
      const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
      for (let index = 0; index < 6; index += 1) {
        const product = await newProduct(shop, shop.admin, {
          name: `Facet Kurta ${uniqueTag()}`,
          category,
        });
        const sizes = SIZES.values.filter(() => random() < 0.7);
        const colours = COLOURS.values.filter(() => random() < 0.7);
        const grid = {
          options: [
            { name: 'Size', values: sizes.length ? sizes : ['M'] },
            { name: 'Colour', values: colours.length ? colours : ['White'] },
          ],
          variants: [] as {
            sku: string;
            values: string[];
            price: number;
            quantity: number;
            onSale: boolean;
          }[],
        };
        for (const size of grid.options[0].values) {
          for (const colour of grid.options[1].values) {
            if (random() < 0.25) continue;
            grid.variants.push({
              sku: `F-${uniqueTag()}`,
              values: [size, colour],
              price: 100 + Math.floor(random() * 900),
              quantity: Math.floor(random() * 3),
              onSale: random() < 0.85,
            });
          }
        }
        if (grid.variants.length === 0) {
          grid.variants.push({
            sku: `F-${uniqueTag()}`,
            values: [grid.options[0].values[0], grid.options[1].values[0]],
            price: 100,
            quantity: 1,
            onSale: true,
          });
        }
        const set = await gqlOk<{ setProductVariants: ProductView }>(
          shop,
          SET_VARIANTS,
          { productId: product._id, input: grid },
          shop.admin,
        );
        made.push(set.setProductVariants);
      }

      for (let round = 0; round < 25; round += 1) {
        const options = [SIZES, COLOURS]
          .map(({ name, values }) => ({ name, values: values.filter(() => random() < 0.5) }))
          .filter(() => random() < 0.6);
        const inStock = random() < 0.3;
        const priceMax = random() < 0.3 ? 100 + Math.floor(random() * 900) : undefined;
        const filter = { categoryIds: [category], options, inStock, ...(priceMax && { priceMax }) };
        const answer = await gqlOk<{
          productFacets: {
            total: number;
            options: { name: string; values: { value: string; count: number }[] }[];
          };
          products: { total: number; items: { id: string }[] };
        }>(shop, FACETS, { filter });

        // Brute force over what was set: a product sells a choice when one variant on sale has it.
        const onSale = (product: ProductView) =>
          product.variants.filter((variant) => variant.onSale);
        const listed = (product: ProductView) => {
          const sale = onSale(product);
          const stocked = sale.filter((variant) => variant.quantity > 0);
          const priced = stocked.length ? stocked : sale;
          return priced.length
            ? Math.min(...priced.map((variant) => variant.price))
            : product.price;
        };
        const fits = (values: string[], except?: string) =>
          options.every(
            ({ name, values: chosen }) =>
              name === except ||
              chosen.length === 0 ||
              chosen.includes(values[name === 'Size' ? 0 : 1]),
          );
        const base = made.filter(
          (product) =>
            (!inStock || product.quantity > 0) &&
            (priceMax === undefined || listed(product) <= priceMax),
        );
        const matching = base.filter((product) =>
          onSale(product).some((variant) => fits(variant.values)),
        );
        expect(answer.products.total).toBe(matching.length);
        expect(answer.productFacets.total).toBe(matching.length);
        expect(new Set(answer.products.items.map((item) => item.id))).toEqual(
          new Set(matching.map((p) => p.id)),
        );

        const expected = new Map<string, number>();
        for (const product of base) {
          const counted = new Set<string>();
          for (const variant of onSale(product)) {
            ['Size', 'Colour'].forEach((name, at) => {
              const key = `${name}=${variant.values[at]}`;
              if (!counted.has(key) && fits(variant.values, name)) {
                counted.add(key);
                expected.set(key, (expected.get(key) ?? 0) + 1);
              }
            });
          }
        }
        const counted = new Map(
          answer.productFacets.options.flatMap(({ name, values }) =>
            values.map(({ value, count }) => [`${name}=${value}`, count] as const),
          ),
        );
        expect(counted, JSON.stringify(filter)).toEqual(expected);
      }
    });
  });

  it('calls a product low in stock when one of its sizes runs out, for the list and the dashboard', async () => {
    const tag = uniqueTag();
    const stats = async () =>
      (
        await gqlOk<{ shopStats: { outOfStock: number; lowStock: number } }>(
          shop,
          'query { shopStats { outOfStock lowStock } }',
          {},
          shop.admin,
        )
      ).shopStats;
    const before = await stats();
    const { product } = await productWithVariants(shop, {
      options: [SIZES],
      variants: [
        { sku: `LOW-${tag}-S`, values: ['S'], price: 100, quantity: 40 },
        { sku: `LOW-${tag}-M`, values: ['M'], price: 100, quantity: 2 },
        { sku: `LOW-${tag}-L`, values: ['L'], price: 100, quantity: 40 },
      ],
    });
    const level = async () =>
      (
        await gqlOk<{ product: { stockLevel: string; fewestLeft: number } }>(
          shop,
          'query ($slug: String!) { product(slug: $slug) { stockLevel fewestLeft } }',
          { slug: product.slug },
        )
      ).product;
    expect(await level()).toEqual({ stockLevel: 'LOW_STOCK', fewestLeft: 2 });
    expect(await stats()).toEqual({ ...before, lowStock: before.lowStock + 1 });
    const listed = await gqlOk<{ products: { items: { id: string }[] } }>(
      shop,
      'query { products(filter: { stock: LOW_STOCK }, pageSize: 50, sort: NEWEST) { items { id } } }',
      {},
      shop.admin,
    );
    expect(listed.products.items.map((item) => item.id)).toContain(product._id);
  });

  describe('as CSV', () => {
    const send = (path: string, text: string) =>
      shop
        .http()
        .post(`/api/v1/product/${path}`)
        .set(shop.admin.auth)
        .attach('file', Buffer.from(text), { filename: 'kurtas.csv', contentType: 'text/csv' });
    const exportedLines = async (slug: string) => {
      const text = (
        await shop.http().get('/api/v1/product/export.csv').set(shop.admin.auth).buffer(true)
      ).text;
      const [header, ...lines] = text
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      return { header, lines: lines.filter((line) => line.startsWith(`${slug},`)) };
    };

    it('exports a line per variant and imports them back: kept SKUs keep their ids', async () => {
      const { product, view } = await productWithVariants(shop);
      const { header, lines } = await exportedLines(product.slug);
      expect(header).toBe(
        'slug,name,description,price,category,quantity,shipping,sku,options,mrp,hsn,taxclass,name_hi,description_hi',
      );
      expect(lines).toHaveLength(6);
      expect(lines[0]).toMatch(/,KURTA-[^,]+-S-INDIGO,Size=S; Colour=Indigo,1299\.00,,,,$/);
      // Unchanged, the export imports as it is.
      const same = await send('import-preview', [header, ...lines].join('\n')).expect(200);
      expect(same.body.preview).toMatchObject({ errors: [], updates: 0, unchanged: 1 });

      // One price changed, one size line dropped, one added.
      const small = variantNamed(view, 'S', 'Indigo');
      const edited = lines
        .filter((line) => !line.includes('-L-WHITE,'))
        .map((line) =>
          line.includes(`,${small.sku},`) ? line.replace(',899.00,', ',949.00,') : line,
        );
      const added = lines[0]
        .replace(small.sku, `${small.sku}-XL`)
        .replace('Size=S', 'Size=XL')
        .replace(',10,yes,', ',4,yes,');
      const file = [header, ...edited, added].join('\n');
      const preview = await send('import-preview', file).expect(200);
      expect(preview.body.preview.rows[0].changes).toEqual(
        expect.arrayContaining([
          'options: Size (S, M, L); Colour (Indigo, White) -> Size (S, M, L, XL); Colour (Indigo, White)',
          `${small.sku} price: 899.00 -> 949.00`,
          `added ${small.sku}-XL`,
          `removed ${variantNamed(view, 'L', 'White').sku}`,
        ]),
      );
      const imported = await send('import', file).expect(200);
      expect(imported.body.result).toMatchObject({ updated: 1, errors: [] });

      const read = await gqlOk<{ product: ProductView }>(shop, PRODUCT, { slug: product.slug });
      expect(read.product.variants).toHaveLength(6);
      expect(variantNamed(read.product, 'S', 'Indigo')).toMatchObject({ id: small.id, price: 949 });
      expect(variantNamed(read.product, 'XL', 'Indigo')).toMatchObject({ quantity: 4 });
      expect(read.product.options[0].values).toEqual(['S', 'M', 'L', 'XL']);
      // The SKU dropped is free for another product.
      const other = await newProduct(shop, shop.admin);
      await shop
        .http()
        .put(`/api/v1/product/${other._id}/variants`)
        .set(shop.admin.auth)
        .send({
          options: [],
          variants: [
            { sku: variantNamed(view, 'L', 'White').sku, values: [], price: 1, quantity: 1 },
          ],
        })
        .expect(200);
    });

    it('refuses a file whose variants break a rule, naming the line and column, and writes nothing', async () => {
      const { product } = await productWithVariants(shop);
      const { header, lines } = await exportedLines(product.slug);
      const before = await storedProduct(shop, product._id);
      const broken = [
        header,
        lines[0].replace(/,1299\.00,,,,$/, ',500.00,,,,'),
        lines[1],
        lines[2].replace('Size=M; Colour=Indigo', 'Colour=Indigo'),
        ...lines.slice(3),
      ].join('\n');
      const answer = await send('import', broken).expect(200);
      expect(answer.body.result.errors).toEqual([
        { line: 4, field: 'options', message: 'The options are not those of line 2: Size, Colour' },
      ]);
      const mrp = [
        header,
        lines[0].replace(/,1299\.00,,,,$/, ',500.00,,,,'),
        ...lines.slice(1),
      ].join('\n');
      const refused = await send('import', mrp).expect(200);
      expect(refused.body.result.errors).toEqual([
        { line: 2, field: 'mrp', message: 'MRP must be at least the price' },
      ]);
      expect(await storedProduct(shop, product._id)).toEqual(before);
    });
  });

  describe('products stored before variants', () => {
    it('get their one variant from the migration, once, however often it runs', async () => {
      const products = shop.connection.collection('products');
      const category = (await newCategory(shop, shop.admin, `Old ${uniqueTag()}`))._id;
      const old = (name: string) => ({
        _id: new Types.ObjectId(),
        name,
        slug: `${name.toLowerCase().replace(/ /g, '-')}-${uniqueTag()}`,
        description: `${name}, stored before variants.`,
        price: 45_000,
        priceIn: 'paise',
        category: new Types.ObjectId(category),
        quantity: 6,
        shipping: true,
        stockHolds: [],
        photos: [],
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      const olds = [old('Old Diya'), old('Old Lota')];
      await products.insertMany(olds);
      const migrate = () =>
        productVariants(
          shop.app.get<Model<Product>>(getModelToken(Product.name)),
          shop.app.get(SkuClaims),
          shop.app.get(ProductLocks),
          shop.app.get(DatabaseEngine),
          shop.app.get(ChangeLog),
        );
      // As at three starts in a row, the last two on two instances at once.
      const given = [await migrate()];
      given.push(...(await Promise.all([migrate(), migrate()])));
      expect(given).toEqual([2, 0, 0]);
      for (const { _id, slug } of olds) {
        const stored = await products.findOne({ _id });
        expect(stored!.variants).toHaveLength(1);
        expect(stored!.variants[0]).toMatchObject({
          sku: slug.toUpperCase(),
          values: [],
          price: 45_000,
          quantity: 6,
          onSale: true,
        });
      }
      // And sells as it did: a checkout naming only the product takes its one variant.
      for (const { _id } of olds) await shop.app.get(ChangeLog).publish('product', String(_id));
      const response = await checkout(shop, shop.shopper, [
        { productId: String(olds[0]._id), quantity: 2 },
      ]);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect((await products.findOne({ _id: olds[0]._id }))!.variants[0].quantity).toBe(4);
    });
  });
});
