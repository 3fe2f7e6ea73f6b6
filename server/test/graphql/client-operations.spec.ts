import { DocumentNode, parse, print, separateOperations } from 'graphql';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { repoRoot } from '../../src/config/config';
import { AddressBook } from '../../src/users';
import { renderProductImage } from '../../src/seed/product-image';
import { BANNER_RULES } from '../../src/shared/banner-rules';
import { MAX_ORDER_LINES, MAX_PAGE_SIZE } from '../../src/shared/rules';
import {
  APPROVED_CARD,
  DECLINED_CARD,
  newCategory,
  newProduct,
  newShopper,
  placeOrder,
  productBySlug,
  registration,
  StoredProduct,
  uniqueTag,
} from '../support/fixtures';
import { gql, gqlOk, gqlUpload, UploadFile, Variables } from '../support/gql';
import { TestShop, useTestShop } from '../support/test-app';

/** Every operation of the storefront's .graphql files, each with the fragments it uses. */
function clientOperations(): Record<string, DocumentNode> {
  const sources = join(repoRoot, 'client', 'src');
  const files = readdirSync(sources, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.graphql'),
  );
  return separateOperations(
    parse(files.map((file) => readFileSync(join(sources, file), 'utf8')).join('\n')),
  );
}

type Who = 'anonymous' | 'shopper' | 'admin';

interface Step {
  who: Who;
  /** The variables, once what the operation needs (an order, a category, ...) is made. */
  variables?: (shop: TestShop) => Promise<Variables> | Variables;
  /** The file (or files) of an upload, sent as the variable `upload` of a multipart request. */
  file?: (shop: TestShop) => Promise<UploadFile | UploadFile[]>;
  /** The variable the file goes in: `file` unless named. */
  upload?: string;
}

/** A line of each of MAX_ORDER_LINES products of the demo catalogue. */
async function fullCart(shop: TestShop) {
  const products = await shop.connection
    .collection('products')
    .find({}, { projection: { _id: 1 } })
    .limit(MAX_ORDER_LINES)
    .toArray();
  return products.map(({ _id }) => ({ productId: String(_id), quantity: 1 }));
}

/** A product of its own with a photo, and the photo's hash, for the photo manager's calls. */
async function pictured(shop: TestShop): Promise<{ id: string; hash: string }> {
  const photo = await renderProductImage({ name: `Limits ${uniqueTag()}` });
  const { _id, photoHash } = await newProduct(shop, shop.admin, { photo });
  return { id: _id, hash: photoHash! };
}

/** A catalogue CSV of one new product, filed under a seeded category. */
async function productCsv(shop: TestShop): Promise<UploadFile> {
  const category = await shop.connection.collection('categories').findOne({});
  const tag = uniqueTag();
  const csv = [
    'slug,name,description,price,category,quantity,shipping',
    `limits-${tag},Limits Lamp ${tag},A lamp the limits test imports,499,${category!.slug},3,yes`,
  ].join('\n');
  return { bytes: Buffer.from(csv), filename: 'products.csv', contentType: 'text/csv' };
}

/** A coupon code no other step uses. */
const couponCode = () => `LIMITS${uniqueTag().toUpperCase()}`;

/** A coupon of its own, made over REST, for the steps that change or delete one. */
async function newCoupon(shop: TestShop): Promise<string> {
  const code = couponCode();
  await shop
    .http()
    .post('/api/v1/coupons')
    .set(shop.admin.auth)
    .send({ code, kind: 'percent', value: 10 })
    .expect(201);
  return code;
}

/** A seeded product, for the operations that read or buy one. */
async function someProduct(shop: TestShop): Promise<StoredProduct> {
  const row = await shop.connection.collection('products').findOne({}, { sort: { _id: 1 } });
  return productBySlug(shop, row!.slug as string);
}

/**
 * A working reset link of a new shopper's, written as the shop writes one (the e-mail it goes
 * in is not read here): its token.
 */
async function resetToken(shop: TestShop): Promise<string> {
  const { userId } = await newShopper(shop);
  const secret = randomBytes(32).toString('base64url');
  await shop.connection.collection('password_reset_links').insertOne({
    _id: new Types.ObjectId(userId),
    secretHash: createHash('sha256').update(secret).digest('hex'),
    expiresAt: new Date(Date.now() + 60_000),
  } as never);
  return `${userId}.${secret}`;
}

/** A new order and the key of its first e-mail (owed to the outbox as the order was placed). */
async function mailedOrder(shop: TestShop): Promise<{ number: string; key: string }> {
  const order = await placeOrder(shop, shop.shopper, (await someProduct(shop)).id);
  const stored = await shop.connection
    .collection('orders')
    .findOne({ _id: new Types.ObjectId(order._id) });
  expect(stored?.mailKeys?.length, 'the order owes e-mail').toBeGreaterThan(0);
  return { number: order.number, key: stored!.mailKeys[0] as string };
}

/** An address in Bengaluru, as the address form sends it. */
const LIMITS_ADDRESS = {
  name: 'Limits Check',
  mobile: '+91 98450 12345',
  line1: '12 MG Road',
  line2: null,
  landmark: null,
  city: 'Bengaluru',
  stateCode: '29',
  pin: '560001',
  makeDefault: null,
};

/** A new address of the demo shopper's book, for the calls that change one. */
async function addressOf(shop: TestShop): Promise<string> {
  const added = await shop.app
    .get(AddressBook)
    .add(new Types.ObjectId(shop.shopper.userId), LIMITS_ADDRESS);
  return String(added._id);
}

/** A paid order of the demo shopper, moved on by the admin to `status`. */
async function orderAt(shop: TestShop, status: 'Not Processed' | 'Delivered') {
  const order = await placeOrder(shop, shop.shopper, (await someProduct(shop)).id, 2);
  const moves = status === 'Delivered' ? ['Processing', 'Shipped', 'Delivered'] : [];
  for (const move of moves) {
    await shop
      .http()
      .put(`/api/v1/auth/order-status/${order._id}`)
      .set(shop.admin.auth)
      .send({ status: move })
      .expect(200);
  }
  return order;
}

/** A review by the demo shopper of a product delivered to them: the product's id and the review's. */
async function reviewed(shop: TestShop): Promise<{ productId: string; id: string }> {
  const productId = (await someProduct(shop)).id;
  await orderAt(shop, 'Delivered');
  const { writeReview } = await gqlOk<{ writeReview: { id: string } }>(
    shop,
    'mutation ($input: ReviewInput!) { writeReview(input: $input) { id } }',
    { input: { productId, rating: 4 } },
    shop.shopper,
  );
  return { productId, id: writeReview.id };
}

/** A delivered order whose buyer asked to return an item, approved when `approve`. */
async function returnAsked(shop: TestShop, { approve = false } = {}) {
  const order = await orderAt(shop, 'Delivered');
  await shop
    .http()
    .post(`/api/v1/auth/orders/${order.number}/returns`)
    .set(shop.shopper.auth)
    .send({ lines: [{ line: 0, quantity: 1 }], reason: 'The limits test returns it' })
    .expect(201);
  if (approve) {
    await shop
      .http()
      .put(`/api/v1/auth/order-returns/${order._id}/1`)
      .set(shop.admin.auth)
      .send({ decision: 'approve' })
      .expect(200);
  }
  return { orderId: order._id, returnNumber: 1 };
}

/** As many seeded products as a banner may choose. */
async function mostProducts(shop: TestShop): Promise<string[]> {
  const rows = await shop.connection
    .collection('products')
    .find({}, { projection: { _id: 1 }, sort: { _id: 1 }, limit: BANNER_RULES.products.max })
    .toArray();
  return rows.map((row) => String(row._id));
}

const limitsBanner = (title: string, productIds: string[]) => ({
  title,
  text: 'Chosen for the limits check',
  buttonLabel: 'Shop now',
  background: '#1a5e3a',
  textColour: '#ffffff',
  link: { kind: 'PRODUCTS', productIds },
});

/** A shown banner of the most products, the only one of the shop. */
async function productsBanner(shop: TestShop): Promise<{ id: string }> {
  const answer = await gqlOk<{ updateHomeBanners: { id: string }[] }>(
    shop,
    'mutation ($input: HomeBannersInput!) { updateHomeBanners(input: $input) { id } }',
    { input: { banners: [limitsBanner('Limits', await mostProducts(shop))] } },
    shop.admin,
  );
  return answer.updateHomeBanners[0];
}

/** Each operation as the storefront sends it, with what it needs made just before it. */
const STEPS: Record<string, Step> = {
  Categories: { who: 'anonymous' },
  // The largest view the storefront restores (MAX_PAGE_SIZE), searched, filtered and sorted.
  Storefront: {
    who: 'anonymous',
    variables: () => ({
      page: 1,
      pageSize: MAX_PAGE_SIZE,
      filter: { priceMin: 0, priceMax: 50000, inStock: true },
      search: 'phone',
      sort: 'PRICE_ASC',
    }),
  },
  CategoryPage: {
    who: 'anonymous',
    variables: async (shop) => {
      const category = await shop.connection.collection('categories').findOne({});
      return { slug: category!.slug };
    },
  },
  SearchSuggestions: { who: 'anonymous', variables: () => ({ text: 'sam' }) },
  ProductDetails: {
    who: 'anonymous',
    variables: async (shop) => ({ slug: (await someProduct(shop)).slug }),
  },
  SimilarProducts: {
    who: 'anonymous',
    variables: async (shop) => ({ productId: (await someProduct(shop)).id }),
  },
  CartStock: {
    who: 'anonymous',
    variables: async (shop) => ({ ids: [(await someProduct(shop)).id] }),
  },
  // The largest cart: every line it may have, to a PIN, with a coupon code.
  CartQuote: {
    who: 'anonymous',
    variables: async (shop) => {
      const { id } = await someProduct(shop);
      return {
        lines: Array.from({ length: MAX_ORDER_LINES }, () => ({ productId: id, quantity: 1 })),
        pin: '800001',
        couponCode: 'FIRST100',
      };
    },
  },
  MyCart: { who: 'shopper' },
  // The largest cart kept: a line of each of as many products as a cart may hold.
  SaveMyCart: { who: 'shopper', variables: async (shop) => ({ lines: await fullCart(shop) }) },
  MergeMyCart: { who: 'shopper', variables: async (shop) => ({ lines: await fullCart(shop) }) },
  DeliveryCheck: { who: 'anonymous', variables: () => ({ pin: '800001' }) },
  PaymentOptions: { who: 'anonymous', variables: () => ({ pin: '800001', orderTotal: 1499 }) },
  Register: {
    who: 'anonymous',
    variables: () => ({
      input: registration(`limits-${uniqueTag()}@shop.local`, { answer: 'cricket' }),
    }),
  },
  Login: {
    who: 'anonymous',
    variables: async (shop) => {
      const { email, password } = await newShopper(shop);
      return { input: { email, password } };
    },
  },
  ForgotPassword: {
    who: 'anonymous',
    variables: async (shop) => {
      const { email } = await newShopper(shop, { answer: 'cricket' });
      return { input: { email, answer: 'cricket', newPassword: 'limits456' } };
    },
  },
  PasswordResetWays: { who: 'anonymous' },
  SendPasswordResetLink: {
    who: 'anonymous',
    variables: async (shop) => ({ input: { email: (await newShopper(shop)).email } }),
  },
  ResetPassword: {
    who: 'anonymous',
    variables: async (shop) => ({
      input: { token: await resetToken(shop), newPassword: 'limits-reset-789' },
    }),
  },
  Me: { who: 'shopper' },
  AccountLanguage: { who: 'shopper' },
  ChooseLanguage: { who: 'shopper', variables: () => ({ language: 'en' }) },
  UpdateProfile: { who: 'shopper', variables: () => ({ input: { address: '2 New Road, Pune' } }) },
  PlaceOrder: {
    who: 'shopper',
    variables: async (shop) => ({
      input: {
        lines: [{ productId: (await someProduct(shop)).id, quantity: 1 }],
        card: APPROVED_CARD,
      },
    }),
  },
  MyOrders: { who: 'shopper' },
  CancelMyOrder: {
    who: 'shopper',
    variables: async (shop) => ({
      orderId: (await placeOrder(shop, shop.shopper, (await someProduct(shop)).id))._id,
    }),
  },
  AdminOrders: {
    who: 'admin',
    variables: () => ({
      page: 1,
      pageSize: 10,
      status: 'PROCESSING',
      from: '2025-01-01',
      to: '2099-12-31',
      buyer: 'priya',
      number: null,
    }),
  },
  ShopStats: { who: 'admin', variables: () => ({ range: 'LAST_90_DAYS' }) },
  PreviewProductImport: { who: 'admin', file: productCsv },
  ImportProducts: { who: 'admin', file: productCsv },
  LatestProductImport: { who: 'admin' },
  SetOrderStatus: {
    who: 'admin',
    variables: async (shop) => ({
      orderId: (await placeOrder(shop, shop.shopper, (await someProduct(shop)).id))._id,
      status: 'PROCESSING',
    }),
  },
  DeliverySettings: { who: 'admin' },
  UpdateDeliverySettings: { who: 'admin', variables: () => ({ input: { cutOffHour: 14 } }) },
  PaymentSettings: { who: 'admin' },
  UpdatePaymentSettings: {
    who: 'admin',
    variables: () => ({ input: { paymentExpiryMinutes: 10 } }),
  },
  NotificationSettings: { who: 'admin' },
  UpdateNotificationSettings: { who: 'admin', variables: () => ({ input: { off: [] } }) },
  OrderEmails: {
    who: 'admin',
    variables: async (shop) => ({ number: (await mailedOrder(shop)).number }),
  },
  SendOrderEmailAgain: {
    who: 'admin',
    variables: async (shop) => {
      const { number, key } = await mailedOrder(shop);
      return { number, key };
    },
  },
  TaxSettings: { who: 'admin' },
  TaxSetupStatus: { who: 'admin' },
  ProductTaxClasses: { who: 'admin' },
  UpdateTaxSettings: { who: 'admin', variables: () => ({ input: { invoicePrefix: 'BZ' } }) },
  SetOrderShipment: {
    who: 'admin',
    variables: async (shop) => {
      const { _id } = await placeOrder(shop, shop.shopper, (await someProduct(shop)).id);
      for (const status of ['Processing', 'Shipped']) {
        await shop
          .http()
          .put(`/api/v1/auth/order-status/${_id}`)
          .set(shop.admin.auth)
          .send({ status })
          .expect(200);
      }
      return { orderId: _id, shipment: { courier: 'Delhivery', trackingNumber: 'DL12345678' } };
    },
  },
  OrderByNumber: {
    who: 'shopper',
    variables: async (shop) => ({
      number: (await placeOrder(shop, shop.shopper, (await someProduct(shop)).id)).number,
    }),
  },
  PayOrder: {
    who: 'shopper',
    variables: async (shop) => {
      // An order declined at checkout, which its buyer may pay again.
      const declined = await gqlOk<{ placeOrder: { number: string } }>(
        shop,
        `mutation Declined($input: CheckoutInput!) { placeOrder(input: $input) { number } }`,
        {
          input: {
            lines: [{ productId: (await someProduct(shop)).id, quantity: 1 }],
            method: 'CARD',
            card: DECLINED_CARD,
          },
        },
        shop.shopper,
      );
      return {
        number: declined.placeOrder.number,
        input: { method: 'CARD', card: APPROVED_CARD },
      };
    },
  },
  Couriers: { who: 'admin' },
  SetCouriers: {
    who: 'admin',
    variables: () => ({
      couriers: [
        { name: 'Delhivery', trackingUrl: 'https://www.delhivery.com/track/package/{awb}' },
      ],
    }),
  },
  AdminUsers: { who: 'admin', variables: () => ({ page: 1, pageSize: 20, search: null }) },
  CreateCategory: {
    who: 'admin',
    variables: () => ({ input: { name: `Limits Check ${uniqueTag()}` } }),
  },
  UpdateCategory: {
    who: 'admin',
    variables: async (shop) => ({
      id: (await newCategory(shop, shop.admin))._id,
      input: { name: `Limits Checked ${uniqueTag()}` },
    }),
  },
  AdminProducts: {
    who: 'admin',
    variables: () => ({ page: 1, pageSize: 12, filter: { stock: 'LOW_STOCK' } }),
  },
  CreateProduct: {
    who: 'admin',
    variables: async (shop) => ({
      input: {
        name: 'Limits Check Lamp',
        description: 'A lamp made by the limits test',
        price: 499,
        quantity: 3,
        category: (await newCategory(shop, shop.admin))._id,
        shipping: true,
      },
      photo: null,
    }),
  },
  AdminProduct: {
    who: 'admin',
    variables: async (shop) => ({ slug: (await newProduct(shop, shop.admin)).slug }),
  },
  UpdateProduct: {
    who: 'admin',
    variables: async (shop) => ({
      id: (await newProduct(shop, shop.admin))._id,
      input: { price: 599 },
      photo: null,
    }),
  },
  DeleteProduct: {
    who: 'admin',
    variables: async (shop) => ({ id: (await newProduct(shop, shop.admin))._id }),
  },
  DeleteCategory: {
    who: 'admin',
    variables: async (shop) => ({ id: (await newCategory(shop, shop.admin))._id }),
  },
  AddProductPhotos: {
    who: 'admin',
    variables: async (shop) => ({ id: (await newProduct(shop, shop.admin))._id }),
    file: async () =>
      Promise.all(
        ['front', 'side'].map(async (view) => ({
          bytes: await renderProductImage({ name: `Limits ${view} ${uniqueTag()}` }),
          filename: `${view}.png`,
          contentType: 'image/png',
        })),
      ),
    upload: 'photos',
  },
  ReorderProductPhotos: {
    who: 'admin',
    variables: async (shop) => {
      const { id, hash } = await pictured(shop);
      return { id, order: [hash] };
    },
  },
  SetProductPhotoAlt: {
    who: 'admin',
    variables: async (shop) => ({ ...(await pictured(shop)), alt: 'The lamp, lit' }),
  },
  DeleteProductPhoto: {
    who: 'admin',
    variables: async (shop) => pictured(shop),
  },
  MyAddresses: { who: 'shopper' },
  AddressPinPlace: { who: 'shopper', variables: () => ({ pin: '560001' }) },
  AddAddress: { who: 'shopper', variables: () => ({ input: LIMITS_ADDRESS }) },
  UpdateAddress: {
    who: 'shopper',
    variables: async (shop) => ({ id: await addressOf(shop), input: LIMITS_ADDRESS }),
  },
  SetDefaultAddress: {
    who: 'shopper',
    variables: async (shop) => ({ id: await addressOf(shop) }),
  },
  DeleteAddress: {
    who: 'shopper',
    variables: async (shop) => ({ id: await addressOf(shop) }),
  },
  WishlistIds: { who: 'shopper' },
  Wishlist: { who: 'shopper' },
  AddToWishlist: {
    who: 'shopper',
    variables: async (shop) => ({ productId: (await someProduct(shop)).id }),
  },
  RemoveFromWishlist: {
    who: 'shopper',
    variables: async (shop) => ({ productId: (await someProduct(shop)).id }),
  },
  MergeWishlist: {
    who: 'shopper',
    variables: async (shop) => ({ productIds: [(await someProduct(shop)).id] }),
  },
  AdminOrder: {
    who: 'admin',
    variables: async (shop) => ({ number: (await orderAt(shop, 'Not Processed')).number }),
  },
  CancelOrderLine: {
    who: 'admin',
    variables: async (shop) => ({
      orderId: (await orderAt(shop, 'Not Processed'))._id,
      line: 0,
      input: { quantity: 1 },
    }),
  },
  RequestReturn: {
    who: 'shopper',
    variables: async (shop) => ({
      number: (await orderAt(shop, 'Delivered')).number,
      input: { lines: [{ line: 0, quantity: 1 }], reason: 'Too small for me' },
    }),
  },
  DecideReturn: {
    who: 'admin',
    variables: async (shop) => ({ ...(await returnAsked(shop)), approve: true, note: 'Send it' }),
  },
  ReceiveReturn: {
    who: 'admin',
    variables: async (shop) => ({ ...(await returnAsked(shop, { approve: true })), input: null }),
  },
  ReturnPolicy: { who: 'admin' },
  ProductReturns: { who: 'anonymous' },
  ProductNames: {
    who: 'admin',
    variables: async (shop) => ({ ids: [(await someProduct(shop)).id] }),
  },
  UpdateReturnPolicy: { who: 'admin', variables: () => ({ input: { windowDays: 7 } }) },
  HomeBanners: { who: 'anonymous' },
  // A banner of the most products (BANNER_RULES.products.max) made first, to open its page.
  BannerCollection: {
    who: 'anonymous',
    variables: async (shop) => ({ id: (await productsBanner(shop)).id }),
  },
  AllHomeBanners: { who: 'admin' },
  // As many banners as the shop keeps, each with the most products.
  UpdateHomeBanners: {
    who: 'admin',
    variables: async (shop) => {
      const productIds = await mostProducts(shop);
      return {
        input: {
          banners: Array.from({ length: BANNER_RULES.maxBanners }, (_, at) =>
            limitsBanner(`Limits ${at}`, productIds),
          ),
        },
      };
    },
  },
  Coupons: { who: 'admin' },
  CreateCoupon: {
    who: 'admin',
    variables: () => ({ input: { code: couponCode(), kind: 'PERCENT', value: 10 } }),
  },
  UpdateCoupon: {
    who: 'admin',
    variables: async (shop) => ({ code: await newCoupon(shop), input: { value: 15 } }),
  },
  DeleteCoupon: { who: 'admin', variables: async (shop) => ({ code: await newCoupon(shop) }) },
  AutomaticOffers: { who: 'admin' },
  UpdateAutomaticOffers: {
    who: 'admin',
    variables: () => ({
      offers: [{ name: 'Free shipping over Rs 499', kind: 'SHIPPING', minCartValue: 499 }],
    }),
  },
  PackingSlip: {
    who: 'admin',
    variables: async (shop) => ({
      number: (await placeOrder(shop, shop.shopper, (await someProduct(shop)).id)).number,
    }),
  },
  ProductReviews: {
    who: 'anonymous',
    variables: async (shop) => ({ productId: (await reviewed(shop)).productId, page: 1 }),
  },
  MyReview: {
    who: 'shopper',
    variables: async (shop) => ({ productId: (await reviewed(shop)).productId }),
  },
  WriteReview: {
    who: 'shopper',
    variables: async (shop) => ({
      input: {
        productId: (await reviewed(shop)).productId,
        rating: 5,
        title: 'T'.repeat(100),
        text: 'W'.repeat(2000),
      },
    }),
  },
  AdminReviews: {
    who: 'admin',
    variables: async (shop) => {
      await reviewed(shop);
      return { page: 1, pageSize: MAX_PAGE_SIZE, hidden: null };
    },
  },
  SetReviewHidden: {
    who: 'admin',
    variables: async (shop) => ({ id: (await reviewed(shop)).id, hidden: true }),
  },
  SetProductVariants: {
    who: 'admin',
    variables: async (shop) => {
      const tag = uniqueTag().toUpperCase();
      return {
        productId: (await newProduct(shop, shop.admin))._id,
        input: {
          options: [{ name: 'Size', values: ['M', 'L'] }],
          variants: ['M', 'L'].map((size) => ({
            sku: `LIMITS-${tag}-${size}`,
            values: [size],
            price: 499,
            mrp: 599,
            quantity: 3,
          })),
        },
      };
    },
  },
};

describe("the storefront's own operations", () => {
  const operations = clientOperations();
  // E-mail on, to a port where nothing listens: messages are owed (the order's e-mail list,
  // a reset link) and left waiting.
  const shop = useTestShop({ seed: true, env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
  const sessionOf = (who: Who) => (who === 'anonymous' ? null : shop[who]);

  it('are each run below, with plausible variables', () => {
    expect(Object.keys(operations).sort()).toEqual(Object.keys(STEPS).sort());
  });

  for (const [name, step] of Object.entries(STEPS)) {
    it(`${name} runs within half the cost limit`, async () => {
      const document = operations[name];
      expect(document, `${name} is not in the client's .graphql files`).toBeDefined();
      const variables = (await step.variables?.(shop)) ?? {};
      const answer = step.file
        ? await gqlUpload(
            shop,
            print(document),
            await step.file(shop),
            sessionOf(step.who),
            step.upload,
            variables,
          )
        : await gql(shop, print(document), variables, sessionOf(step.who));
      expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
      const cost = answer.body.extensions?.cost;
      expect(cost).toBeDefined();
      expect(cost!.requested).toBeLessThan(cost!.limit / 2);
    });
  }
});
