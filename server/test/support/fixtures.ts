import { expect } from 'vitest';
import type { Response, Test } from 'supertest';
import { Types } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { OrderIndex } from '../../src/orders/order-index';
import { OrderRecoveryService } from '../../src/orders/order-recovery.service';
import { UsersService } from '../../src/users/users.service';
import { login, Session, TestApp } from './test-app';

/** The documented cards of the demo processor, with an expiry good for years. */
export const APPROVED_CARD = { number: '4242424242424242', expiry: '12/39', cvv: '123' };
export const DECLINED_CARD = { number: '4000000000000002', expiry: '12/39', cvv: '123' };

/** A valid ObjectId that no document has. */
export const missingId = (): string => new Types.ObjectId().toHexString();

/** A short tag no other call gives, to keep names and e-mails of one test apart. */
export const uniqueTag = (): string => randomUUID().slice(0, 8);

/**
 * The shop's REST error envelope, `{ success: false, message }` as JSON, with exactly the
 * expected status (and, when given, the message): what clients show a refused request by.
 */
export function expectError(response: Response, status: number, message?: string | RegExp): void {
  // superagent keeps the request on the response; its typings leave it out.
  const request = (response as unknown as { req?: { method?: string; path?: string } }).req;
  expect(
    { status: response.status, body: response.body },
    `${request?.method} ${request?.path}`,
  ).toMatchObject({ status, body: { success: false } });
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(typeof response.body.message).toBe('string');
  expect(response.body.message.trim().length).toBeGreaterThan(0);
  if (typeof message === 'string') expect(response.body.message).toBe(message);
  else if (message) expect(response.body.message).toMatch(message);
}

const COLLECTIONS = ['users', 'categories', 'products', 'photo_uploads', 'orders'] as const;

/**
 * Every document of the shop as plain JSON (photo bytes left out, their hash stays), so two
 * snapshots are equal only when nothing at all was written in between.
 */
export async function snapshot(test: TestApp): Promise<Record<string, unknown[]>> {
  const entries = await Promise.all(
    COLLECTIONS.map(async (name) => {
      const projection = name === 'photo_uploads' ? { data: 0 } : {};
      const docs = await test.connection
        .collection(name)
        .find({}, { projection })
        .sort({ _id: 1 })
        .toArray();
      return [name, JSON.parse(JSON.stringify(docs)) as unknown[]] as const;
    }),
  );
  return Object.fromEntries(entries);
}

// --- accounts -------------------------------------------------------------------------------

/** What a registration sends: a plausible shopper with this e-mail. */
export const registration = (email: string, changes: Record<string, unknown> = {}) => ({
  name: 'Asha Verma',
  email,
  password: 'masala-chai',
  phone: '+91 98450 12345',
  address: '12 MG Road, Bengaluru 560001',
  answer: 'Table Tennis',
  ...changes,
});

/** A signed-in account of its own, with what it was registered with. */
export interface Account extends Session {
  email: string;
  password: string;
  name: string;
}

/** A new shopper made through the service (no rate limit), signed in over HTTP. */
export async function newShopper(
  test: TestApp,
  changes: Partial<ReturnType<typeof registration>> = {},
): Promise<Account> {
  const details = registration(`shopper-${uniqueTag()}@example.in`, changes);
  await test.app.get(UsersService).create(details);
  return {
    ...(await login(test, details.email, details.password)),
    email: details.email,
    password: details.password,
    name: details.name,
  };
}

/** `count` new shoppers, each signed in. */
export async function newShoppers(test: TestApp, count: number): Promise<Account[]> {
  const accounts: Account[] = [];
  for (let index = 0; index < count; index += 1) accounts.push(await newShopper(test));
  return accounts;
}

// --- categories and products ----------------------------------------------------------------

export interface CategoryReply {
  _id: string;
  name: string;
  slug: string;
}

/** A category the admin creates over REST; by default with a name no other has. */
export async function newCategory(
  test: TestApp,
  admin: Session,
  name = `Category ${uniqueTag()}`,
): Promise<CategoryReply> {
  const response = await test
    .http()
    .post('/api/v1/category/create-category')
    .set(admin.auth)
    .send({ name })
    .expect(201);
  return response.body.category;
}

/** What both APIs answer of any product; the price in rupees. */
export interface ProductBasics {
  name: string;
  slug: string;
  description: string;
  /** Rupees. */
  price: number;
  quantity: number;
  shipping: boolean;
  createdAt: string;
}

/** A product as the REST API answers it (category as its id). */
export interface ProductReply extends ProductBasics {
  _id: string;
  category: string;
  photoHash: string | null;
}

export interface NewProduct {
  name?: string;
  description?: string;
  /** Rupees. */
  price?: number;
  quantity?: number;
  /** A category id; by default a new category of the product's own. */
  category?: string;
  shipping?: boolean;
  /** HSN code and tax class code, for GST. */
  hsn?: string;
  taxClass?: string;
  /** Sent as a multipart form with this PNG when given, as JSON otherwise. */
  photo?: Buffer;
}

/** A product the admin creates over REST; by default one of its own name and category. */
export async function newProduct(
  test: TestApp,
  admin: Session,
  product: NewProduct = {},
): Promise<ProductReply> {
  const { photo, ...given } = product;
  const fields = {
    name: `Brass Lamp ${uniqueTag()}`,
    description: 'A hand-cast brass lamp from Moradabad.',
    price: 499,
    quantity: 20,
    shipping: true,
    ...given,
    category: given.category ?? (await newCategory(test, admin))._id,
  };
  let request = test.http().post('/api/v1/product/create-product').set(admin.auth);
  if (photo) {
    for (const [name, value] of Object.entries(fields)) {
      request = request.field(name, typeof value === 'boolean' ? (value ? '1' : '0') : value);
    }
    request = request.attach('photo', photo, { filename: 'photo.png', contentType: 'image/png' });
  } else {
    request = request.send(fields);
  }
  return (await request.expect(201)).body.products;
}

export interface ProductRow {
  _id: Types.ObjectId;
  name: string;
  slug: string;
  /** Paise. */
  price: number;
  quantity: number;
  category: Types.ObjectId;
  photos: { hash: string; alt: string; layout: unknown }[];
  variants: {
    _id: Types.ObjectId;
    sku: string;
    values: string[];
    price: number;
    quantity: number;
  }[];
  updatedAt: Date;
}

export async function productRow(test: TestApp, id: string): Promise<ProductRow> {
  const row = await test.connection
    .collection<ProductRow>('products')
    .findOne({ _id: new Types.ObjectId(id) });
  if (!row) throw new Error(`no product ${id}`);
  return row;
}

/**
 * What the admin's lists show, as a query on the orders: placed, and paid or paid on delivery
 * (orders stored before payment states: paid).
 */
export const ORDERS_TO_FULFIL = {
  settled: true,
  $or: [
    { 'payment.state': { $in: ['paid', 'due_on_delivery', 'collected'] } },
    { 'payment.state': { $exists: false }, 'payment.success': true },
  ],
};

/**
 * The unpaid order's time to pay runs out now: its expiry is moved to the past, then a recovery
 * round settles it (asking the gateway first, as it does for any expired payment).
 */
export async function expireNow(test: TestApp, orderId: string): Promise<void> {
  const _id = new Types.ObjectId(orderId);
  await test.connection
    .collection('orders')
    .updateOne({ _id }, { $set: { 'payment.expiresAt': new Date(Date.now() - 1000) } });
  await test.app.get(OrderIndex).changed(orderId);
  await test.app.get(OrderRecoveryService).runRound();
}

export async function stockOf(test: TestApp, id: string): Promise<number> {
  return (await productRow(test, id)).quantity;
}

/** Some seeded product with at least `minStock` units and a photo. */
export async function stockedProduct(test: TestApp, minStock: number): Promise<ProductRow> {
  const row = await test.connection
    .collection<ProductRow>('products')
    .findOne({ quantity: { $gte: minStock }, 'photos.0': { $exists: true } }, { sort: { _id: 1 } });
  if (!row) throw new Error(`no seeded product with ${minStock} in stock`);
  return row;
}

/** A product as stored, by slug; the price in paise. */
export interface StoredProduct {
  id: string;
  name: string;
  slug: string;
  /** Paise, as stored. */
  price: number;
  quantity: number;
}

export async function productBySlug(test: TestApp, slug: string): Promise<StoredProduct> {
  const row = await test.connection.collection('products').findOne({ slug });
  if (!row) throw new Error(`no product ${slug}`);
  return {
    id: String(row._id),
    name: row.name as string,
    slug: row.slug as string,
    price: row.price as number,
    quantity: row.quantity as number,
  };
}

export async function categoryIdBySlug(test: TestApp, slug: string): Promise<string> {
  const row = await test.connection.collection('categories').findOne({ slug });
  if (!row) throw new Error(`no category ${slug}`);
  return String(row._id);
}

/** The path of a photo URL: `/api/v1/product/product-photo/<id>?v=<sha256>`. */
export const PHOTO_URL = /^\/api\/v1\/product\/product-photo\/[0-9a-f]{24}\?v=[0-9a-f]{64}$/;

/** The bytes and type a GET of `url` serves. */
export async function fetchPhoto(
  test: TestApp,
  url: string,
): Promise<{ status: number; type: string | undefined; bytes: Buffer }> {
  const response = await test
    .http()
    .get(url)
    .buffer(true)
    .parse((res, callback) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => callback(null, Buffer.concat(chunks)));
    });
  return {
    status: response.status,
    type: response.headers['content-type'],
    bytes: response.body as Buffer,
  };
}

// --- orders ---------------------------------------------------------------------------------

/**
 * A REST checkout of `lines` with the approved card and a fresh idempotency key, signed in
 * as `session` when given; `extra` adds to or replaces what is sent.
 */
export function checkout(
  test: TestApp,
  session: Session | null,
  lines: unknown[],
  extra: Record<string, unknown> = {},
): Test {
  const request = test.http().post('/api/v1/product/checkout');
  if (session) request.set(session.auth);
  return request.send({ lines, card: APPROVED_CARD, idempotencyKey: randomUUID(), ...extra });
}

/** An order as the REST API answers it (amounts in rupees). */
export interface OrderReply {
  _id: string;
  /** As people read it: BZ-000123. */
  number: string;
  status: string;
  buyer: { _id: string; name: string };
  payment: { success: boolean; message?: string | null; refunded?: boolean };
  products: { _id: string; name: string; price: number; quantity: number }[];
  total: number;
  createdAt: string;
  history?: { from: string; to: string; by: string; byName: string; at: string }[];
}

/** A paid order of `quantity` units of one product, placed over REST. */
export async function placeOrder(
  test: TestApp,
  session: Session,
  productId: string,
  quantity = 1,
): Promise<OrderReply> {
  const response = await checkout(test, session, [{ productId, quantity }]);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.order;
}

// --- client addresses -----------------------------------------------------------------------

let lastAddress = 0;

/**
 * A client address no request of this test file has used yet, for `X-Forwarded-For` to a
 * shop that trusts its proxy (TRUST_PROXY): each address has limits and budgets of its own.
 */
export function freshAddress(): string {
  lastAddress += 1;
  return `203.0.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
}

/** A new administrator of its own (a shopper made admin in the database), signed in. */
export async function newAdmin(test: TestApp): Promise<Account> {
  const account = await newShopper(test, { name: `Admin ${uniqueTag()}` });
  await test.connection
    .collection('users')
    .updateOne({ _id: new Types.ObjectId(account.userId) }, { $set: { role: 1 } });
  return account;
}

/** Changes a product as the admin does over REST (JSON), answering the product. */
export async function updateProduct(
  test: TestApp,
  admin: Session,
  productId: string,
  changes: Record<string, unknown>,
): Promise<ProductReply> {
  const response = await test
    .http()
    .put(`/api/v1/product/update-product/${productId}`)
    .set(admin.auth)
    .send(changes)
    .expect(200);
  return response.body.products;
}

/** A REST checkout answered 201 with a paid order. */
export function expectPlaced(response: { status: number; body: { order?: unknown } }): void {
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  expect(response.body).toMatchObject({ success: true, order: { payment: { success: true } } });
}

/**
 * One checkout sent several times at once with one idempotency key: one answer placed it
 * (201); each other one met it still being placed (409), found it placed while its card was
 * being charged (202, the same order, payment pending) or found it paid (201, the same order).
 * Answers the order's id.
 */
export function expectOneOrderOf(
  responses: { status: number; body: { order?: { _id: string; payment: { state: string } } } }[],
): string {
  expect(responses.filter((response) => response.status === 201).length).toBeGreaterThan(0);
  const found = responses.filter((response) => response.status === 201 || response.status === 202);
  const ids = new Set(found.map((response) => response.body.order!._id));
  expect(ids.size).toBe(1);
  for (const response of responses) {
    if (response.status === 202) expect(response.body.order!.payment.state).toBe('pending');
    else if (response.status !== 201) {
      expectError(response as Response, 409, 'This checkout is still being processed');
    }
  }
  return [...ids][0];
}

/** The stored orders with a line of this product. */
export function ordersOfProduct(test: TestApp, productId: string) {
  return test.connection
    .collection<{
      buyer: Types.ObjectId;
      payment: { success: boolean };
      settled: boolean;
    }>('orders')
    .find({ 'lines.product': new Types.ObjectId(productId) })
    .toArray();
}

/** Items of a list, newest first by their `createdAt`. */
export function expectNewestFirst(items: { createdAt: string }[]): void {
  const dates = items.map((item) => Date.parse(item.createdAt));
  expect(dates).toEqual([...dates].sort((a, b) => b - a));
}

// --- days ---------------------------------------------------------------------------------

/** India's clock: UTC+05:30 all year (no daylight saving), worked out apart from the shop's code. */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;

/** The day in India `daysAgo` days before today, YYYY-MM-DD. */
export function indiaDay(daysAgo = 0, now = Date.now()): string {
  return new Date(now + INDIA_OFFSET_MS - daysAgo * DAY_MS).toISOString().slice(0, 10);
}

/** Noon in India on the day `daysAgo` days before today: clear of either end of the day. */
export function indiaNoon(daysAgo: number): Date {
  return new Date(Date.parse(`${indiaDay(daysAgo)}T12:00:00Z`) - INDIA_OFFSET_MS);
}

/**
 * Moves an order's creation to `createdAt`, straight in the database (no API moves it), then has
 * the order index read it again, as a change announced by another instance would.
 */
export async function backdateOrder(
  test: TestApp,
  orderId: string,
  createdAt: Date,
): Promise<void> {
  await test.connection
    .collection('orders')
    .updateOne({ _id: new Types.ObjectId(orderId) }, { $set: { createdAt } });
  await test.app.get(OrderIndex).changed(orderId);
}
