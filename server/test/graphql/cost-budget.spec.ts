import { describe, expect, it } from 'vitest';
import { SEARCH_COST } from '../../src/graphql/operation-limits';
import { freshAddress } from '../support/fixtures';
import { codesOf, gql } from '../support/gql';
import { PRODUCTION_ENV, Session, useTestShop } from '../support/test-app';

/** Ten products with their categories: 2 for the page, 2 for each product. */
const TEN_PRODUCTS = '{ products(pageSize: 10) { items { id category { id } } } }';
const TEN_PRODUCTS_COST = 22;

describe('GraphQL cost budgets per address', () => {
  // Behind a trusted proxy, each test asks from an address of its own, with fresh budgets.
  const shop = useTestShop({
    env: {
      TRUST_PROXY: 'loopback',
      GRAPHQL_COST_BUDGET_ANONYMOUS: String(4 * TEN_PRODUCTS_COST),
      GRAPHQL_COST_BUDGET_SIGNED_IN: String(6 * TEN_PRODUCTS_COST),
      GRAPHQL_COST_BUDGET_WINDOW_MS: '60000',
    },
    seed: true,
  });

  /** Ten products asked for from `address`, signed in as `session` when given. */
  const tenProducts = (address: string, session?: Session) =>
    gql(shop, TEN_PRODUCTS, {}, session, { 'X-Forwarded-For': address });

  /** Spends the whole anonymous budget of `address`. */
  async function spendAnonymousBudget(address: string): Promise<number[]> {
    const remaining: number[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await tenProducts(address);
      expect(codesOf(answer)).toEqual([]);
      expect(answer.body.extensions?.cost?.requested).toBe(TEN_PRODUCTS_COST);
      remaining.push(answer.body.extensions?.cost?.remaining ?? NaN);
    }
    return remaining;
  }

  it('spends the cost of each operation until the anonymous budget is gone, then answers 429', async () => {
    const address = freshAddress();
    const remaining = await spendAnonymousBudget(address);
    expect(remaining).toEqual([3, 2, 1, 0].map((left) => left * TEN_PRODUCTS_COST));

    const refused = await tenProducts(address);
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
    const address = freshAddress();
    await spendAnonymousBudget(address);
    const forged = {
      token: 'forged',
      userId: shop.admin.userId,
      auth: { Authorization: 'forged' },
    };
    const answer = await tenProducts(address, forged);
    expect(answer.status).toBe(429);
    expect(codesOf(answer)).toEqual(['TOO_MANY_REQUESTS']);
  });

  it('still lets a signed-in user from that address spend their own budget', async () => {
    const address = freshAddress();
    await spendAnonymousBudget(address);
    const answer = await tenProducts(address, shop.admin);
    expect(codesOf(answer)).toEqual([]);
    expect(answer.body.extensions?.cost?.remaining).toBe(5 * TEN_PRODUCTS_COST);
  });

  it('refuses a change once the signed-in budget is gone, without making it', async () => {
    const address = freshAddress();
    for (let i = 0; i < 6; i++) await tenProducts(address, shop.admin);
    const before = await shop.counts();
    const answer = await gql(
      shop,
      'mutation { createCategory(input: { name: "Over Budget" }) { id } }',
      {},
      shop.admin,
      { 'X-Forwarded-For': address },
    );
    expect(answer.status).toBe(429);
    expect(codesOf(answer)).toEqual(['TOO_MANY_REQUESTS']);
    expect(await shop.counts()).toEqual(before);
  });
});

describe('GraphQL cost budgets in production', () => {
  const shop = useTestShop({ env: { ...PRODUCTION_ENV, GRAPHQL_COST_BUDGET_ANONYMOUS: '1' } });

  it('keeps the retry hint, and only it, beside the code', async () => {
    const refused = await gql(shop, TEN_PRODUCTS);
    expect(refused.status).toBe(429);
    expect(Object.keys(refused.errors?.[0].extensions ?? {})).toEqual([
      'code',
      'retryAfter',
      'requestId',
    ]);
  });
});

describe('suggestions in the cost budget', () => {
  // The default anonymous budget and window ('' is unset), as a shop in production has them.
  const shop = useTestShop({
    env: {
      TRUST_PROXY: 'loopback',
      GRAPHQL_COST_BUDGET_ANONYMOUS: '',
      GRAPHQL_COST_BUDGET_WINDOW_MS: '',
    },
  });
  /** As many suggestions, each for a text never asked before, in one operation. */
  const PER_OPERATION = 100;
  let texts = 0;
  const newTexts = () =>
    `{ ${Array.from(
      { length: PER_OPERATION },
      (_, i) => `s${i}: searchSuggestions(text: "kettle ${(texts += 1)}") { __typename }`,
    ).join(' ')} }`;

  it('charges a suggestion what a search costs, however little is asked of its answer', async () => {
    const answer = await gql(shop, '{ searchSuggestions(text: "kettle") { __typename } }');
    expect(codesOf(answer)).toEqual([]);
    expect(answer.body.extensions?.cost?.requested).toBe(SEARCH_COST + 1);
  });

  it('answers one address under a thousand new suggestion texts a minute', async () => {
    const { anonymous, windowMs } = shop.config.graphql.costBudget;
    expect({ anonymous, windowMs }).toEqual({ anonymous: 100_000, windowMs: 60_000 });
    const address = freshAddress();
    let answered = 0;
    // 2,000 texts at most: at one unit each, as before, all of them were answered.
    for (let operation = 0; operation < 20; operation += 1) {
      const answer = await gql(shop, newTexts(), {}, null, { 'X-Forwarded-For': address });
      if (answer.status === 429) break;
      expect(codesOf(answer)).toEqual([]);
      answered += PER_OPERATION;
    }
    expect(answered).toBe(900);
  });
});
