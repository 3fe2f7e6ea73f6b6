import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import {
  MAX_ALIASES,
  MAX_COST,
  MAX_DEPTH,
  MAX_DIRECTIVES,
  MAX_FIELDS,
  MAX_INTROSPECTION_DEPTH,
  MAX_TOKENS,
} from '../../src/graphql/operation-limits';
import { Account, newShopper } from '../support/fixtures';
import { codesOf, expectRequestRefused, gql, gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';

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

/** `count` fields, each `name: field`, joined for a selection set. */
const aliased = (count: number, field: (index: number) => string): string =>
  Array.from({ length: count }, (_, index) => `a${index}: ${field(index)}`).join(' ');

/**
 * n + 1 fragments, each spreading the one before twice: a few hundred bytes that expand to
 * 2^n copies of the first one. `tag` keeps each document new to Apollo's document cache.
 */
function doublingFragments(n: number, tag: string): string {
  const fragments = [`fragment ${tag}0 on Query { categories { id } }`];
  for (let i = 1; i <= n; i++) {
    fragments.push(`fragment ${tag}${i} on Query { ...${tag}${i - 1} ...${tag}${i - 1} }`);
  }
  return `query { ...${tag}${n} }\n${fragments.join('\n')}`;
}

describe('GraphQL limits against abuse', () => {
  const shop = useTestShop({ seed: true });

  describe('query depth', () => {
    it(`runs a query exactly ${MAX_DEPTH} levels deep`, async () => {
      const data = await gqlOk<{ __type: { fields: unknown[] } }>(shop, nestedQuery(MAX_DEPTH));
      expect(data.__type.fields.length).toBeGreaterThan(5);
    });

    it(`refuses a query ${MAX_DEPTH + 1} levels deep before running anything`, async () => {
      const query = nestedQuery(MAX_DEPTH + 1).replace(/^\{/, '{ products(pageSize: 1) { total } ');
      const error = expectRequestRefused(await gql(shop, query), 'GRAPHQL_VALIDATION_FAILED');
      expect(error.message).toBe(
        `Query depth limit of ${MAX_DEPTH} exceeded, found ${MAX_DEPTH + 1}.`,
      );
    });

    it(`lets introspection go ${MAX_INTROSPECTION_DEPTH} levels deep, and no deeper`, async () => {
      // `__schema` > `queryType` > `fields` > `type` > `ofType`... > `name`
      const introspection = (depth: number) =>
        '{ __schema { queryType { fields { type { ' +
        'ofType { '.repeat(depth - 5) +
        'name' +
        ' }'.repeat(depth - 5) +
        ' } } } } }';
      await gqlOk(shop, introspection(MAX_INTROSPECTION_DEPTH));
      const error = expectRequestRefused(
        await gql(shop, introspection(MAX_INTROSPECTION_DEPTH + 1)),
        'GRAPHQL_VALIDATION_FAILED',
      );
      expect(error.message).toBe(
        `Query depth limit of ${MAX_INTROSPECTION_DEPTH} exceeded, found ${MAX_INTROSPECTION_DEPTH + 1}.`,
      );
    });

    it('counts the depth through fragments too', async () => {
      const query = `
        query { __type(name: "Query") { ...Deep } }
        fragment Deep on __Type { fields { type { ofType { ofType { ofType { ofType { ofType {
          ofType { ofType { name } } } } } } } } } }
      `;
      const error = expectRequestRefused(await gql(shop, query), 'GRAPHQL_VALIDATION_FAILED');
      expect(error.message).toMatch(/^Query depth limit of \d+ exceeded, found \d+\.$/);
    });
  });

  describe('fragments spread again and again', () => {
    it('refuses 30 fragments that each spread the one before twice, in under 100 ms', async () => {
      // The slowest of a few attempts would measure the machine's other load; the quickest
      // still measures the server, as a doubling walk would take minutes every time.
      const timings: number[] = [];
      for (const tag of ['Twice', 'Again', 'Once']) {
        const started = performance.now();
        const answer = await gql(shop, doublingFragments(30, tag));
        timings.push(performance.now() - started);
        const error = expectRequestRefused(answer, 'GRAPHQL_VALIDATION_FAILED');
        expect(error.message).toBe(
          `Query has more than ${MAX_FIELDS} fields once its fragments are spread; the limit is ${MAX_FIELDS}`,
        );
      }
      expect(Math.min(...timings)).toBeLessThan(100);
    });

    it('runs a few doublings whose expansion stays small', async () => {
      const data = await gqlOk<{ categories: unknown[] }>(shop, doublingFragments(4, 'Small'));
      expect(data.categories).toHaveLength(7);
    });
  });

  describe('cost', () => {
    it('refuses 199 aliased product searches by their cost, running none of them', async () => {
      const query = `{ ${aliased(199, (i) => `products(search: "phone ${i}") { total items { id name } }`)} }`;
      const answer = await gql(shop, query);
      const error = expectRequestRefused(answer, 'GRAPHQL_VALIDATION_FAILED');
      const [, cost] = /^Query costs (\d+); the limit is (\d+)$/.exec(error.message) ?? [];
      expect(Number(cost)).toBeGreaterThan(MAX_COST);
      expect(error.message).toContain(`the limit is ${MAX_COST}`);
    });

    it('charges a search more than a lookup, and a page by the size it asks for', async () => {
      const costOf = async (query: string) =>
        (await gql(shop, query)).body.extensions?.cost?.requested ?? NaN;
      const lookup = await costOf('{ product(slug: "none") { id } }');
      const small = await costOf('{ products(pageSize: 5) { items { id } } }');
      const large = await costOf('{ products(pageSize: 50) { items { id } } }');
      const search = await costOf('{ products(pageSize: 5, search: "phone") { items { id } } }');
      expect(lookup).toBe(1);
      expect(large).toBeGreaterThan(small * 5);
      expect(search).toBeGreaterThan(small * 5);
    });

    it('counts page sizes given as variables', async () => {
      const query = 'query ($size: Int!) { products(pageSize: $size) { items { id } } }';
      const six = await gql(shop, query, { size: 6 });
      const fifty = await gql(shop, query, { size: 50 });
      expect(fifty.body.extensions?.cost?.requested).toBeGreaterThan(
        5 * (six.body.extensions?.cost?.requested ?? Infinity),
      );
    });

    it('keeps the cost of a document by its variables, their texts aside', async () => {
      const query = `query ($size: Int!, $search: String, $ids: [ID!]!) {
        products(pageSize: $size, search: $search) { items { id } }
        productsByIds(ids: $ids) { id }
      }`;
      const id = '0123456789abcdef01234567';
      const costOf = async (variables: Record<string, unknown>) =>
        (await gql(shop, query, variables)).body.extensions?.cost?.requested ?? NaN;
      const phone = await costOf({ size: 6, search: 'phone', ids: [id] });
      expect(await costOf({ size: 6, search: 'kettle', ids: [id] })).toBe(phone);
      expect(await costOf({ size: 6, search: '', ids: [id] })).toBeLessThan(phone);
      expect(await costOf({ size: 12, search: 'phone', ids: [id] })).toBeGreaterThan(phone);
      expect(await costOf({ size: 6, search: 'phone', ids: [id, id, id] })).toBeGreaterThan(phone);
    });

    it('multiplies nested lists, so orders with their lines and products cost the most', async () => {
      const orders = await gql(
        shop,
        '{ orders(pageSize: 50) { items { lines { product { id } } } } }',
        {},
        shop.admin,
      );
      expect(codesOf(orders)).toEqual([]);
      // 50 orders x 50 lines, each with its product
      expect(orders.body.extensions?.cost?.requested).toBeGreaterThan(50 * 50 * 2);
      const deeper = `{ ${aliased(3, () => 'orders(pageSize: 50) { items { lines { product { id } } } }')} }`;
      const error = expectRequestRefused(
        await gql(shop, deeper, {}, shop.admin),
        'GRAPHQL_VALIDATION_FAILED',
      );
      expect(error.message).toMatch(/^Query costs \d+; the limit is \d+$/);
    });

    it('refuses nested introspection lists, which grow the answer exponentially', async () => {
      // Two levels of `fields`: below graphql-js's own introspection depth rule, so the cost
      // is what refuses it.
      const query =
        '{ __schema { types { fields { args { type { fields { args { name } } } } } } } }';
      const error = expectRequestRefused(await gql(shop, query), 'GRAPHQL_VALIDATION_FAILED');
      expect(error.message).toMatch(/^Query costs \d+; the limit is \d+$/);
    });
  });

  describe('aliases, directives and size', () => {
    it(`runs ${MAX_ALIASES} aliased fields and refuses one more`, async () => {
      const data = await gqlOk<{ categories: Record<string, string>[] }>(
        shop,
        `{ categories { ${aliased(MAX_ALIASES, () => 'name')} } }`,
      );
      expect(Object.keys(data.categories[0])).toHaveLength(MAX_ALIASES);
      const error = expectRequestRefused(
        await gql(shop, `{ categories { ${aliased(MAX_ALIASES + 1, () => 'name')} } }`),
        'GRAPHQL_VALIDATION_FAILED',
      );
      expect(error.message).toBe(
        `Aliases limit of ${MAX_ALIASES} exceeded, found ${MAX_ALIASES + 1}.`,
      );
    });

    it('refuses a mutation of many aliased fields without running any of them', async () => {
      const mutation = `mutation { ${aliased(
        MAX_ALIASES + 1,
        (index) => `createCategory(input: { name: "Bulk ${index}" }) { id }`,
      )} }`;
      const before = await shop.counts();
      expectRequestRefused(await gql(shop, mutation, {}, shop.admin), 'GRAPHQL_VALIDATION_FAILED');
      expect(await shop.counts()).toEqual(before);
    });

    it(`refuses more than ${MAX_DIRECTIVES} directives`, async () => {
      const fields = Array.from(
        { length: MAX_DIRECTIVES + 1 },
        (_, index) => `a${index}: id @include(if: true)`,
      );
      const error = expectRequestRefused(
        await gql(shop, `{ categories { ${fields.join(' ')} } }`),
        'GRAPHQL_VALIDATION_FAILED',
      );
      expect(error.message).toBe(
        `Directives limit of ${MAX_DIRECTIVES} exceeded, found ${MAX_DIRECTIVES + 1}.`,
      );
    });

    it(`refuses a document of more than ${MAX_TOKENS} tokens before parsing all of it`, async () => {
      // `id` repeated: the same field merges, so only the token count can refuse it.
      const query = `{ categories { ${'id '.repeat(MAX_TOKENS)} } }`;
      const error = expectRequestRefused(await gql(shop, query), 'GRAPHQL_PARSE_FAILED');
      expect(error.message).toContain(`more that ${MAX_TOKENS} tokens`); // graphql-js's wording
    });

    it('keeps big pages of real screens within the limits', async () => {
      const data = await gqlOk<{ products: { items: unknown[] } }>(
        shop,
        `{ products(pageSize: 50) { total hasMore items {
          id name slug description price quantity shipping photoUrl createdAt updatedAt
          category { id name slug }
        } } }`,
      );
      expect(data.products.items).toHaveLength(50);
    });
  });

  describe('batched requests', () => {
    it('refuses a JSON array of operations with 400, running none of them', async () => {
      const before = await shop.counts();
      const response = await shop
        .http()
        .post('/graphql')
        .set(shop.admin.auth)
        .send([
          { query: 'mutation { createCategory(input: { name: "Batch One" }) { id } }' },
          { query: 'mutation { createCategory(input: { name: "Batch Two" }) { id } }' },
        ]);
      expect(response.status).toBe(400);
      expect(Array.isArray(response.body)).toBe(false);
      expect(response.body.data).toBeUndefined();
      expect(codesOf({ status: response.status, body: response.body })).toEqual(['BAD_REQUEST']);
      expect(response.body.errors[0].message).toBe('Operation batching disabled.');
      expect(await shop.counts()).toEqual(before);
    });

    it('refuses even a batch of one', async () => {
      const response = await shop
        .http()
        .post('/graphql')
        .send([{ query: '{ categories { id } }' }]);
      expect(response.status).toBe(400);
      expect(response.body.errors[0].extensions.code).toBe('BAD_REQUEST');
    });
  });
});

describe('GraphQL sign-in rate limit', () => {
  const shop = useTestShop({ env: { AUTH_FAILURES_PER_ACCOUNT_AND_ADDRESS: '2' } });

  const login = (account: Account, password: string) =>
    gql(shop, 'mutation ($input: LoginInput!) { login(input: $input) { token } }', {
      input: { email: account.email, password },
    });

  /** Two wrong passwords for an account of its own: the limit for it at this address. */
  async function twoWrongPasswords(): Promise<Account> {
    const account = await newShopper(shop);
    expect(codesOf(await login(account, 'not-the-password'))).toEqual(['UNAUTHENTICATED']);
    expect(codesOf(await login(account, 'nor-this-one'))).toEqual(['UNAUTHENTICATED']);
    return account;
  }

  it('refuses the login after two wrong passwords with TOO_MANY_REQUESTS', async () => {
    const account = await twoWrongPasswords();
    const refused = await login(account, 'still-guessing');
    expect(refused.status).toBe(200);
    expect(codesOf(refused)).toEqual(['TOO_MANY_REQUESTS']);
    expect(refused.errors?.[0].path).toEqual(['login']);
    expect(refused.errors?.[0].message).toMatch(/^Too many failed attempts, please try again in/);
    expect(refused.data).toBeNull();
  });

  it('keeps refusing that account from the same address after that, even the right password', async () => {
    const account = await twoWrongPasswords();
    const result = await login(account, account.password);
    expect(codesOf(result)).toEqual(['TOO_MANY_REQUESTS']);
    expect(result.data).toBeNull();
  });
});
