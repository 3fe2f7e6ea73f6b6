import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, expectRefused } from '../support/gql';
import { POLYGLOTS } from '../support/polyglots';
import { seeded, Session, startTestApp, TestApp } from '../support/test-app';
import { expectError, ProductRow, snapshot, stockedProduct } from '../support/fixtures';

/** Inputs that once answered 500, and uploads that once passed as photos. */
describe('hostile input: a clear 400 that changes nothing', () => {
  let test: TestApp;
  let admin: Session;
  let product: ProductRow;

  beforeAll(async () => {
    test = await startTestApp();
    ({ admin } = await seeded(test));
    product = await stockedProduct(test, 1);
  });
  afterAll(() => test.close());

  const newProduct = (price: unknown) => ({
    name: 'Exponent Priced Kettle',
    description: 'An electric kettle priced by a tiny exponent.',
    price,
    quantity: 5,
    category: String(product.category),
    shipping: true,
  });

  /** Runs `attempt`, then shows that no document of the shop changed. */
  async function changesNothing(attempt: () => Promise<void>): Promise<void> {
    const before = await snapshot(test);
    await attempt();
    expect(await snapshot(test)).toEqual(before);
  }

  describe('a NUL byte in a search', () => {
    it('REST GET /api/v1/product/search/%00 -> 400', async () => {
      const response = await test.http().get('/api/v1/product/search/%00');
      expectError(response, 400);
      expect(response.body.message).toBe('Search must not contain control characters');
    });

    it('REST search with a NUL inside a word -> 400', async () => {
      expectError(await test.http().get('/api/v1/product/search/a%00b'), 400);
    });

    it('GraphQL products(search: "a\\u0000b") -> BAD_USER_INPUT', async () => {
      const answer = await gql(test, '{ products(search: "a\\u0000b") { total } }');
      const error = expectRefused(answer, 'BAD_USER_INPUT', 'products');
      expect(error.message).toBe('Search must not contain control characters');
    });

    it('GraphQL users(search:) of an administrator -> BAD_USER_INPUT', async () => {
      const answer = await gql(
        test,
        'query ($search: String) { users(search: $search) { total } }',
        { search: 'shop\u0000per' },
        admin,
      );
      expectRefused(answer, 'BAD_USER_INPUT', 'users');
    });
  });

  describe('a price written as a tiny exponent', () => {
    for (const price of [1e-7, 5e-324]) {
      it(`REST create-product with {"price": ${price}} as JSON -> 400`, () =>
        changesNothing(async () => {
          const response = await test
            .http()
            .post('/api/v1/product/create-product')
            .set(admin.auth)
            .send(newProduct(price));
          expectError(response, 400);
          expect(response.body.message).toBe('price must have at most 2 decimal places');
        }));

      it(`REST create-product with price=${price} in a multipart form -> 400`, () =>
        changesNothing(async () => {
          let request = test.http().post('/api/v1/product/create-product').set(admin.auth);
          for (const [name, value] of Object.entries(newProduct(String(price)))) {
            request = request.field(name, String(value));
          }
          expectError(await request, 400);
        }));

      it(`REST update-product with {"price": ${price}} -> 400`, () =>
        changesNothing(async () => {
          const response = await test
            .http()
            .put(`/api/v1/product/update-product/${product._id}`)
            .set(admin.auth)
            .send({ price });
          expectError(response, 400);
          expect(response.body.message).toBe('price must have at most 2 decimal places');
        }));

      it(`GraphQL createProduct with price ${price} -> BAD_USER_INPUT`, () =>
        changesNothing(async () => {
          const answer = await gql(
            test,
            'mutation ($input: ProductInput!) { createProduct(input: $input) { id } }',
            { input: newProduct(price) },
            admin,
          );
          const error = expectRefused(answer, 'BAD_USER_INPUT', 'createProduct');
          expect(error.message).toBe('price must have at most 2 decimal places');
        }));

      it(`GraphQL updateProduct with price ${price} -> BAD_USER_INPUT`, () =>
        changesNothing(async () => {
          const answer = await gql(
            test,
            'mutation ($id: ID!, $input: ProductChangesInput!) { updateProduct(id: $id, input: $input) { id } }',
            { id: String(product._id), input: { price } },
            admin,
          );
          expectRefused(answer, 'BAD_USER_INPUT', 'updateProduct');
        }));
    }

    it('still takes a price in whole paise', async () => {
      const response = await test
        .http()
        .put(`/api/v1/product/update-product/${product._id}`)
        .set(admin.auth)
        .send({ price: 0.29 })
        .expect(200);
      expect(response.body.products.price).toBe(0.29);
    });
  });

  describe('a photo that only starts like an image (polyglot)', () => {
    for (const polyglot of POLYGLOTS) {
      it(`REST create-product with a ${polyglot.kind} polyglot -> 400, nothing stored`, () =>
        changesNothing(async () => {
          let request = test.http().post('/api/v1/product/create-product').set(admin.auth);
          for (const [name, value] of Object.entries(newProduct(499))) {
            request = request.field(name, String(value));
          }
          const response = await request.attach('photo', polyglot.bytes, polyglot);
          expectError(response, 400);
          expect(response.body.message).toBe('Photo must be a JPEG, PNG, WebP or GIF image');
        }));

      it(`REST update-product with a ${polyglot.kind} polyglot -> 400, photo unchanged`, () =>
        changesNothing(async () => {
          const response = await test
            .http()
            .put(`/api/v1/product/update-product/${product._id}`)
            .set(admin.auth)
            .attach('photo', polyglot.bytes, polyglot);
          expectError(response, 400);
        }));
    }
  });
});
