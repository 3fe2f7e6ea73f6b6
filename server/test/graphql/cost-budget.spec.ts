import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_ENV, seeded, Session, startTestApp, TestApp } from '../support/test-app';
import { codesOf, gql } from './gql';

/** Ten products with their categories: 2 for the page, 2 for each product. */
const TEN_PRODUCTS = '{ products(pageSize: 10) { items { id category { id } } } }';
const TEN_PRODUCTS_COST = 22;

describe('GraphQL cost budgets per address', () => {
  let test: TestApp;
  let admin: Session;

  beforeAll(async () => {
    test = await startTestApp({
      GRAPHQL_COST_BUDGET_ANONYMOUS: String(4 * TEN_PRODUCTS_COST),
      GRAPHQL_COST_BUDGET_SIGNED_IN: String(6 * TEN_PRODUCTS_COST),
      GRAPHQL_COST_BUDGET_WINDOW_MS: '60000',
    });
    ({ admin } = await seeded(test));
  });
  afterAll(() => test.close());

  it('spends the cost of each operation until the anonymous budget is gone, then answers 429', async () => {
    const remaining: number[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await gql(test, TEN_PRODUCTS);
      expect(codesOf(answer)).toEqual([]);
      expect(answer.body.extensions?.cost?.requested).toBe(TEN_PRODUCTS_COST);
      remaining.push(answer.body.extensions?.cost?.remaining ?? NaN);
    }
    expect(remaining).toEqual([3, 2, 1, 0].map((left) => left * TEN_PRODUCTS_COST));

    const refused = await gql(test, TEN_PRODUCTS);
    expect(refused.status).toBe(429);
    expect(refused.body).not.toHaveProperty('data');
    expect(codesOf(refused)).toEqual(['TOO_MANY_REQUESTS']);
    const retryAfter = refused.errors?.[0].extensions?.retryAfter;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.response.headers['retry-after']).toBe(String(retryAfter));
    expect(refused.errors?.[0].message).toBe(
      `Too many requests from this address; try again in ${retryAfter} s`,
    );
  });

  it('counts a request with a token that is not ours as anonymous', async () => {
    const forged = { token: 'forged', userId: admin.userId, auth: { Authorization: 'forged' } };
    const answer = await gql(test, TEN_PRODUCTS, {}, forged);
    expect(answer.status).toBe(429);
    expect(codesOf(answer)).toEqual(['TOO_MANY_REQUESTS']);
  });

  it('still lets a signed-in user from that address spend their own budget', async () => {
    const answer = await gql(test, TEN_PRODUCTS, {}, admin);
    expect(codesOf(answer)).toEqual([]);
    expect(answer.body.extensions?.cost?.remaining).toBe(5 * TEN_PRODUCTS_COST);
  });

  it('refuses a change once the signed-in budget is gone, without making it', async () => {
    for (let i = 0; i < 5; i++) await gql(test, TEN_PRODUCTS, {}, admin);
    const before = await test.counts();
    const answer = await gql(
      test,
      'mutation { createCategory(input: { name: "Over Budget" }) { id } }',
      {},
      admin,
    );
    expect(answer.status).toBe(429);
    expect(codesOf(answer)).toEqual(['TOO_MANY_REQUESTS']);
    expect(await test.counts()).toEqual(before);
  });
});

describe('GraphQL cost budgets in production', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({
      ...PRODUCTION_ENV,
      GRAPHQL_COST_BUDGET_ANONYMOUS: '1',
    });
  });
  afterAll(() => test.close());

  it('keeps the retry hint, and only it, beside the code', async () => {
    const refused = await gql(test, TEN_PRODUCTS);
    expect(refused.status).toBe(429);
    expect(Object.keys(refused.errors?.[0].extensions ?? {})).toEqual(['code', 'retryAfter']);
  });
});
