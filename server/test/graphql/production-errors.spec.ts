import { Catalogue } from '../../src/catalogue/read-model/catalogue';
import { describe, expect, it } from 'vitest';
import { missingId } from '../support/fixtures';
import { Answer, codesOf, gql } from '../support/gql';
import { PRODUCTION_ENV, useTestShop } from '../support/test-app';

/**
 * Nothing of the server's insides in an answer: no stack, no detail, no source paths; only the
 * code and the request's id, which names the request's log lines and its X-Request-Id.
 */
function expectNothingInternal(
  answer: Answer & { response: { headers: Record<string, string> } },
): void {
  const text = JSON.stringify(answer.body);
  expect(text).not.toMatch(/stacktrace/i);
  expect(text).not.toMatch(/\.(ts|js|mjs):\d+/);
  expect(text).not.toMatch(/\/work\/|node_modules/);
  expect(answer.body.errors?.length).toBeGreaterThan(0);
  for (const error of answer.body.errors!) {
    expect(Object.keys(error.extensions ?? {})).toEqual(['code', 'requestId']);
    expect(error.extensions?.requestId).toBe(answer.response.headers['x-request-id']);
  }
}

describe('GraphQL errors in production', () => {
  const shop = useTestShop({ env: { ...PRODUCTION_ENV, SEED_DEMO: 'true' }, seed: true });

  it('runs in production mode', () => {
    expect(shop.config.production).toBe(true);
  });

  it.each([
    [
      'a refusal from a resolver',
      `{ relatedProducts(productId: "${missingId()}") { id } }`,
      'NOT_FOUND',
    ],
    ['a field that does not exist', '{ products { nope } }', 'GRAPHQL_VALIDATION_FAILED'],
    ['a query that does not parse', '{ products { ', 'GRAPHQL_PARSE_FAILED'],
    ['an admin query without a token', '{ users { total } }', 'UNAUTHENTICATED'],
    ['bad input to a resolver', '{ products(pageSize: 51) { total } }', 'BAD_USER_INPUT'],
  ])('hides the stack for %s', async (_label, query, code) => {
    const answer = await gql(shop, query);
    expect(codesOf(answer)).toEqual([code]);
    expectNothingInternal(answer);
  });

  it('hides the stack for a variable of the wrong type', async () => {
    const answer = await gql(shop, 'query ($n: Int!) { products(pageSize: $n) { total } }', {
      n: 'many',
    });
    expect(answer.status).toBe(400);
    expect(codesOf(answer)).toEqual(['BAD_USER_INPUT']);
    expectNothingInternal(answer);
  });

  it('hides the stack for a forbidden admin mutation', async () => {
    const answer = await gql(
      shop,
      'mutation { createCategory(input: { name: "Forbidden" }) { id } }',
      {},
      shop.shopper,
    );
    expect(codesOf(answer)).toEqual(['FORBIDDEN']);
    expectNothingInternal(answer);
  });

  it('hides the stack for a batched request', async () => {
    const response = await shop
      .http()
      .post('/graphql')
      .send([{ query: '{ categories { id } }' }, { query: '{ categories { id } }' }]);
    const answer = { status: response.status, body: response.body, response };
    expect(answer.status).toBe(400);
    expect(codesOf(answer)).toEqual(['BAD_REQUEST']);
    expectNothingInternal(answer);
  });

  it('hides the stack for a multipart request refused as CSRF', async () => {
    const response = await shop
      .http()
      .post('/graphql')
      .field('operations', JSON.stringify({ query: '{ categories { id } }', variables: {} }))
      .field('map', '{}');
    const answer = { status: response.status, body: response.body, response };
    expect(answer.status).toBe(400);
    expect(codesOf(answer)).toEqual(['BAD_REQUEST']);
    expectNothingInternal(answer);
  });

  it('answers a fault of the server with a generic message and nothing more', async () => {
    // A corrupt document: a price no Float can represent.
    const row = await shop.connection.collection('products').findOne({}, { sort: { _id: 1 } });
    await shop.connection
      .collection('products')
      .updateOne({ _id: row!._id }, { $set: { price: 'about a thousand' } });
    // Written behind the shop's back: the catalogue re-reads it as when another instance writes.
    const catalogue = shop.app.get(Catalogue);
    await catalogue.productChanged(String(row!._id));
    try {
      const answer = await gql(shop, 'query ($slug: String!) { product(slug: $slug) { price } }', {
        slug: row!.slug,
      });
      expect(codesOf(answer)).toEqual(['INTERNAL_SERVER_ERROR']);
      expect(answer.body.errors?.[0].message).toBe('Something went wrong');
      expect(answer.body.errors?.[0].message).not.toMatch(/about a thousand|Float/);
      expectNothingInternal(answer);
    } finally {
      await shop.connection
        .collection('products')
        .updateOne({ _id: row!._id }, { $set: { price: row!.price } });
      await catalogue.productChanged(String(row!._id));
    }
  });
});

describe('GraphQL errors outside production (the control)', () => {
  const shop = useTestShop();

  it('does include a stack trace in development answers, so the check above means something', async () => {
    const answer = await gql(shop, '{ products { nope } }');
    expect(codesOf(answer)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(answer.body.errors?.[0].extensions?.stacktrace).toEqual(expect.any(Array));
  });
});
