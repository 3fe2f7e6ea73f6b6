import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeedService } from '../../src/database/seed/seed.service';
import { getIntrospectionQuery } from 'graphql';
import {
  MAX_INTROSPECTION_DEPTH,
  MAX_QUERY_DEPTH,
  MAX_QUERY_FIELDS,
} from '../../src/graphql/query-limits';
import { seeded, Session, startTestApp, TestApp } from '../support/test-app';
import { codesOf, expectRequestRefused, gql, gqlOk } from './gql';

/**
 * A query nested exactly `depth` fields deep:
 * `__type` > `fields` > `type` > `ofType` x (depth - 4) > `name`.
 */
function nestedQuery(depth: number): string {
  const ofTypes = depth - 4;
  return (
    '{ __type(name: "Query") { fields { type { ' +
    'ofType { '.repeat(ofTypes) +
    'name' +
    ' }'.repeat(ofTypes) +
    ' } } } }'
  );
}

/** A query of `count` aliased `__typename` fields at the root. */
const aliasedQuery = (count: number): string =>
  `{ ${Array.from({ length: count }, (_, index) => `f${index}: __typename`).join(' ')} }`;

describe('GraphQL limits against abuse', () => {
  let test: TestApp;
  let admin: Session;

  beforeAll(async () => {
    test = await startTestApp();
    ({ admin } = await seeded(test));
  });
  afterAll(() => test.close());

  describe('query depth', () => {
    it(`runs a query exactly ${MAX_QUERY_DEPTH} levels deep`, async () => {
      const data = await gqlOk<{ __type: { fields: unknown[] } }>(
        test,
        nestedQuery(MAX_QUERY_DEPTH),
      );
      expect(data.__type.fields.length).toBeGreaterThan(5);
    });

    it(`refuses a query ${MAX_QUERY_DEPTH + 1} levels deep before running anything`, async () => {
      const query = nestedQuery(MAX_QUERY_DEPTH + 1).replace(
        /^\{/,
        '{ products(pageSize: 1) { total } ',
      );
      const error = expectRequestRefused(await gql(test, query), 'GRAPHQL_VALIDATION_FAILED');
      expect(error.message).toBe(
        `Query is nested ${MAX_QUERY_DEPTH + 1} levels deep; the limit is ${MAX_QUERY_DEPTH}`,
      );
    });

    it('counts the depth through fragments too', async () => {
      const query = `
        query { products(pageSize: 1) { total } __type(name: "Query") { ...Deep } }
        fragment Deep on __Type { fields { type { ofType { ofType { ofType { ofType { ofType {
          ofType { ofType { name } } } } } } } } } }
      `;
      expectRequestRefused(await gql(test, query), 'GRAPHQL_VALIDATION_FAILED');
    });
  });

  describe('schema introspection (the explorer, code generators)', () => {
    it('runs the full introspection query the explorer sends', async () => {
      const query = getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true });
      const data = await gqlOk<{ __schema: { types: { name: string }[] } }>(test, query);
      expect(data.__schema.types.map((type) => type.name)).toContain('Product');
    });

    it(`refuses introspection ${MAX_INTROSPECTION_DEPTH + 1} levels deep`, async () => {
      const error = expectRequestRefused(
        await gql(test, nestedQuery(MAX_INTROSPECTION_DEPTH + 1)),
        'GRAPHQL_VALIDATION_FAILED',
      );
      expect(error.message).toBe(
        `Query is nested ${MAX_INTROSPECTION_DEPTH + 1} levels deep; the limit is ${MAX_INTROSPECTION_DEPTH}`,
      );
    });
  });

  describe('fields per operation', () => {
    it(`runs a query of exactly ${MAX_QUERY_FIELDS} aliased fields`, async () => {
      const data = await gqlOk<Record<string, string>>(test, aliasedQuery(MAX_QUERY_FIELDS));
      expect(Object.keys(data)).toHaveLength(MAX_QUERY_FIELDS);
      expect(data.f0).toBe('Query');
    });

    it(`refuses ${MAX_QUERY_FIELDS + 1} aliased fields before running anything`, async () => {
      const error = expectRequestRefused(
        await gql(test, aliasedQuery(MAX_QUERY_FIELDS + 1)),
        'GRAPHQL_VALIDATION_FAILED',
      );
      expect(error.message).toBe(
        `Query selects ${MAX_QUERY_FIELDS + 1} fields; the limit is ${MAX_QUERY_FIELDS}`,
      );
    });

    it('refuses a mutation of many aliased fields without running any of them', async () => {
      const count = Math.floor(MAX_QUERY_FIELDS / 2) + 1; // two fields each: the field and id
      const mutation = `mutation { ${Array.from(
        { length: count },
        (_, index) => `c${index}: createCategory(input: { name: "Bulk ${index}" }) { id }`,
      ).join(' ')} }`;
      const before = await test.counts();
      expectRequestRefused(await gql(test, mutation, {}, admin), 'GRAPHQL_VALIDATION_FAILED');
      expect(await test.counts()).toEqual(before);
    });

    it('counts fields of a fragment each time it is spread', async () => {
      const fragment = `fragment Many on Query { ${Array.from(
        { length: 100 },
        (_, index) => `g${index}: __typename`,
      ).join(' ')} }`;
      const query = `{ a: __type(name: "Query") { name } ...Many ...Many ... on Query { ...Many ...Many ...Many } } ${fragment}`;
      expectRequestRefused(await gql(test, query), 'GRAPHQL_VALIDATION_FAILED');
    });

    it('keeps big pages of real screens within the limits', async () => {
      const data = await gqlOk<{ products: { items: unknown[] } }>(
        test,
        `{ products(pageSize: 50) { total hasMore items {
          id name slug description price quantity shipping photoUrl createdAt updatedAt
          category { id name slug }
        } } }`,
      );
      expect(data.products.items).toHaveLength(48);
    });
  });

  describe('batched requests', () => {
    it('refuses a JSON array of operations with 400, running none of them', async () => {
      const before = await test.counts();
      const response = await test
        .http()
        .post('/graphql')
        .set(admin.auth)
        .send([
          { query: 'mutation { createCategory(input: { name: "Batch One" }) { id } }' },
          { query: 'mutation { createCategory(input: { name: "Batch Two" }) { id } }' },
        ]);
      expect(response.status).toBe(400);
      expect(Array.isArray(response.body)).toBe(false);
      expect(response.body.data).toBeUndefined();
      expect(codesOf({ status: response.status, body: response.body })).toEqual(['BAD_REQUEST']);
      expect(response.body.errors[0].message).toBe('Operation batching disabled.');
      expect(await test.counts()).toEqual(before);
    });

    it('refuses even a batch of one', async () => {
      const response = await test
        .http()
        .post('/graphql')
        .send([{ query: '{ categories { id } }' }]);
      expect(response.status).toBe(400);
      expect(response.body.errors[0].extensions.code).toBe('BAD_REQUEST');
    });
  });
});

describe('GraphQL sign-in rate limit', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({ AUTH_RATE_LIMIT_MAX: '2' });
    // The seed alone: seeded() would spend the two attempts on its own REST logins.
    await test.app.get(SeedService).seed();
  });
  afterAll(() => test.close());

  it('refuses the third of three aliased logins in one request with TOO_MANY_REQUESTS', async () => {
    const { email, password } = test.config.shopper;
    const input = `input: { email: "${email}", password: "${password}" }`;
    const result = await gql(
      test,
      `mutation {
        a: login(${input}) { token }
        b: login(${input}) { token }
        c: login(${input}) { token }
      }`,
    );
    expect(result.status).toBe(200);
    expect(codesOf(result)).toEqual(['TOO_MANY_REQUESTS']);
    expect(result.errors?.[0].path).toEqual(['c']);
    expect(result.errors?.[0].message).toBe('Too many attempts, please try again later');
    // login is non-null, so the refused alias nulls the whole answer.
    expect(result.data).toBeNull();
  });

  it('keeps refusing logins from the same address after that', async () => {
    const { email, password } = test.config.shopper;
    const result = await gql(
      test,
      'mutation ($input: LoginInput!) { login(input: $input) { token } }',
      { input: { email, password } },
    );
    expect(codesOf(result)).toEqual(['TOO_MANY_REQUESTS']);
    expect(result.data).toBeNull();
  });
});
