import { Types } from 'mongoose';
import type { Response } from 'supertest';
import { expect } from 'vitest';
import type { Session, TestApp } from '../support/test-app';

/** One error of a GraphQL response, as format-error.ts shapes it. */
export interface GqlError {
  message: string;
  path?: (string | number)[];
  locations?: { line: number; column: number }[];
  extensions?: { code?: string; [key: string]: unknown };
}

/** What the operation cost and what is left of the client's budget (limits-plugin.ts). */
export interface CostReport {
  requested: number;
  limit: number;
  remaining: number;
}

export interface GqlBody<T> {
  data?: T | null;
  errors?: GqlError[];
  extensions?: { cost?: CostReport };
}

/** A GraphQL answer: the HTTP status, and the parsed body with `data` and `errors`. */
export interface GqlResult<T> {
  status: number;
  body: GqlBody<T>;
  data: T | null | undefined;
  errors: GqlError[] | undefined;
  response: Response;
}

export type Variables = Record<string, unknown>;

/** The cards of the demo processor; the expiry is far enough ahead to stay valid. */
export const APPROVED_CARD = { number: '4242424242424242', expiry: '12/30', cvv: '123' };
export const DECLINED_CARD = { number: '4000000000000002', expiry: '12/30', cvv: '123' };

/** A well-formed id that no document has. */
export const missingId = (): string => new Types.ObjectId().toHexString();

function wrap<T>(response: Response): GqlResult<T> {
  const body = (response.body ?? {}) as GqlBody<T>;
  return { status: response.status, body, data: body.data, errors: body.errors, response };
}

/** POSTs one operation to /graphql as JSON, signed in as `session` when given. */
export async function gql<T = Record<string, unknown>>(
  test: TestApp,
  query: string,
  variables: Variables = {},
  session?: Session | null,
): Promise<GqlResult<T>> {
  const request = test.http().post('/graphql').set('Content-Type', 'application/json');
  if (session) request.set(session.auth);
  return wrap<T>(await request.send({ query, variables }));
}

/** The answer of an operation that must succeed: no errors, data present. */
export async function gqlOk<T = Record<string, unknown>>(
  test: TestApp,
  query: string,
  variables: Variables = {},
  session?: Session | null,
): Promise<T> {
  const result = await gql<T>(test, query, variables, session);
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  expect(result.status).toBe(200);
  expect(result.data).toBeTruthy();
  return result.data as T;
}

/** Any answer of /graphql: the HTTP status and the parsed body. */
export interface Answer {
  status: number;
  body: GqlBody<unknown>;
}

/** Codes of every error, in order. */
export const codesOf = (answer: Answer): (string | undefined)[] =>
  (answer.body.errors ?? []).map((error) => error.extensions?.code);

/**
 * A refused field: exactly one error with `code`, a readable message, the field's path when
 * the refusal came from a resolver, and no data for it. Bad input is never an internal error.
 */
export function expectRefused(answer: Answer, code: string, field?: string): GqlError {
  const { errors, data } = answer.body;
  expect(errors, `expected ${code}, got ${JSON.stringify(answer.body)}`).toBeDefined();
  expect(codesOf(answer)).toEqual([code]);
  const [error] = errors!;
  expect(typeof error.message).toBe('string');
  expect(error.message.trim().length).toBeGreaterThan(0);
  expect(error.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
  if (field) {
    expect(answer.status).toBe(200);
    expect(error.path).toEqual([field]);
    // A non-null root field that failed leaves the whole `data` null.
    expect(data).toBeNull();
  }
  return error;
}

/**
 * A request Apollo refused before running anything (parse, validation, variable coercion):
 * status 400, the code, and no `data` key at all.
 */
export function expectRequestRefused(answer: Answer, code: string): GqlError {
  const { errors } = answer.body;
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body).not.toHaveProperty('data');
  expect(errors?.length).toBeGreaterThanOrEqual(1);
  for (const error of errors!) expect(error.extensions?.code).toBe(code);
  return errors![0];
}

export async function stockOf(test: TestApp, id: string): Promise<number> {
  const row = await test.connection
    .collection('products')
    .findOne({ _id: new Types.ObjectId(id) }, { projection: { quantity: 1 } });
  if (!row) throw new Error(`no product ${id}`);
  return row.quantity as number;
}

export async function categoryIdBySlug(test: TestApp, slug: string): Promise<string> {
  const row = await test.connection.collection('categories').findOne({ slug });
  if (!row) throw new Error(`no category ${slug}`);
  return String(row._id);
}

/** Every field of a product, with its category. */
export const PRODUCT_FIELDS = `
  id name slug description price quantity shipping photoUrl createdAt updatedAt
  category { id name slug }
`;

export interface ProductView {
  id: string;
  name: string;
  slug: string;
  description: string;
  price: number;
  quantity: number;
  shipping: boolean;
  photoUrl: string | null;
  createdAt: string;
  updatedAt: string;
  category: { id: string; name: string; slug: string } | null;
}

export interface ProductPageView {
  items: ProductView[];
  total: number;
  page: number;
  pageSize: number;
  hasMore: boolean;
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
