import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seeded, startTestApp, TestApp } from '../support/test-app';
import { missingId } from '../support/fixtures';
import { expectRefused, gql } from '../support/gql';

const QUERY = 'query ($ids: [ID!]!) { productsByIds(ids: $ids) { id name price quantity } }';

describe('productsByIds (the cart checks stock and prices)', () => {
  let test: TestApp;
  let products: { _id: { toHexString(): string }; name: string; price: number; quantity: number }[];

  beforeAll(async () => {
    test = await startTestApp();
    await seeded(test);
    products = (await test.connection.collection('products').find().limit(3).toArray()) as never;
  });
  afterAll(() => test.close());

  it('returns the current price and stock of each product that still exists', async () => {
    const ids = products.map((product) => product._id.toHexString());
    const { data } = await gql<{
      productsByIds: { id: string; price: number; quantity: number }[];
    }>(test, QUERY, { ids: [...ids, missingId()] });
    expect(data!.productsByIds.map((product) => product.id).sort()).toEqual([...ids].sort());
    for (const product of products) {
      const found = data!.productsByIds.find((item) => item.id === product._id.toHexString());
      // Stored in paise, answered in rupees.
      expect(found).toMatchObject({ price: product.price / 100, quantity: product.quantity });
    }
  });

  it('refuses an id that is not an id, and more than 100 ids', async () => {
    expectRefused(await gql(test, QUERY, { ids: ['not-an-id'] }), 'BAD_USER_INPUT');
    const many = Array.from({ length: 101 }, () => missingId());
    expectRefused(await gql(test, QUERY, { ids: many }), 'BAD_USER_INPUT');
  });
});
