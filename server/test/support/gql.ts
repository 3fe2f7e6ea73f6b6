import type { Response } from 'supertest';
import { expect } from 'vitest';
import type { ProductBasics } from './fixtures';
import type { Session, TestApp, TestShop } from './test-app';

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

function wrap<T>(response: Response): GqlResult<T> {
  const body = (response.body ?? {}) as GqlBody<T>;
  return { status: response.status, body, data: body.data, errors: body.errors, response };
}

/**
 * POSTs one operation to /graphql as JSON, signed in as `session` when given, with `headers`
 * besides (an `X-Forwarded-For`, say).
 */
export async function gql<T = Record<string, unknown>>(
  test: TestApp,
  query: string,
  variables: Variables = {},
  session?: Session | null,
  headers: Record<string, string> = {},
): Promise<GqlResult<T>> {
  const request = test.http().post('/graphql').set('Content-Type', 'application/json');
  if (session) request.set(session.auth);
  request.set(headers);
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

/** Every field of a product, with its category. */
export const PRODUCT_FIELDS = `
  id name slug description price quantity shipping photoUrl createdAt updatedAt
  category { id name slug }
`;

/** A product as GraphQL answers it, with its category. */
export interface ProductView extends ProductBasics {
  id: string;
  photoUrl: string | null;
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

/**
 * An admin-only operation refused without a token (UNAUTHENTICATED, "Please sign in") and
 * with the shopper's (FORBIDDEN, "Admins only"), changing nothing.
 */
export async function expectAdminOnly(
  shop: TestShop,
  query: string,
  variables: Variables,
  field: string,
): Promise<void> {
  const before = await shop.counts();
  const anonymous = expectRefused(await gql(shop, query, variables), 'UNAUTHENTICATED', field);
  expect(anonymous.message).toBe('Please sign in');
  const shopper = expectRefused(
    await gql(shop, query, variables, shop.shopper),
    'FORBIDDEN',
    field,
  );
  expect(shopper.message).toBe('Admins only');
  expect(await shop.counts()).toEqual(before);
}

/** A file sent as an Upload variable. */
export interface UploadFile {
  bytes: Buffer;
  filename: string;
  contentType: string;
}

/**
 * One operation with files, as the GraphQL multipart request spec lays it out: the
 * `operations` field (the file's variable null, or a list of nulls for a list of files, with
 * `variables` besides), the `map` field, then the files as fields "0", "1", ...
 */
export async function gqlUpload<T = Record<string, unknown>>(
  test: TestApp,
  query: string,
  file: UploadFile | UploadFile[],
  session?: Session | null,
  variable = 'file',
  variables: Variables = {},
): Promise<GqlResult<T>> {
  const files = Array.isArray(file) ? file : [file];
  const paths = Array.isArray(file)
    ? files.map((_file, index) => `variables.${variable}.${index}`)
    : [`variables.${variable}`];
  const request = test.http().post('/graphql').set('Apollo-Require-Preflight', 'true');
  if (session) request.set(session.auth);
  const nulls = Array.isArray(file) ? files.map(() => null) : null;
  request
    .field('operations', JSON.stringify({ query, variables: { ...variables, [variable]: nulls } }))
    .field('map', JSON.stringify(Object.fromEntries(paths.map((path, index) => [index, [path]]))));
  files.forEach((part, index) =>
    request.attach(String(index), part.bytes, {
      filename: part.filename,
      contentType: part.contentType,
    }),
  );
  return wrap<T>(await request);
}
