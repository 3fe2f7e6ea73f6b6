import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seeded, Session, startTestApp, TestApp } from '../support/test-app';
import { categoryIdBySlug, fetchPhoto, missingId, PHOTO_URL } from '../support/fixtures';
import {
  expectRefused,
  expectRequestRefused,
  gql,
  gqlOk,
  PRODUCT_FIELDS,
  ProductView,
  Variables,
} from '../support/gql';

interface CategoryView {
  id: string;
  name: string;
  slug: string;
}

/** Stored as an ObjectId, not as the string of one, so that queries by id find it. */
const isObjectId = (value: unknown): boolean =>
  (value as { _bsontype?: string } | null)?._bsontype === 'ObjectId';

const CREATE_CATEGORY =
  'mutation ($input: CategoryInput!) { createCategory(input: $input) { id name slug } }';
const UPDATE_CATEGORY =
  'mutation ($id: ID!, $input: CategoryInput!) { updateCategory(id: $id, input: $input) { id name slug } }';
const DELETE_CATEGORY = 'mutation ($id: ID!) { deleteCategory(id: $id) { id name slug } }';
const CATEGORY = 'query ($slug: String!) { category(slug: $slug) { id name slug } }';

const CREATE_PRODUCT = `
  mutation ($input: ProductInput!) { createProduct(input: $input) { ${PRODUCT_FIELDS} } }
`;
const UPDATE_PRODUCT = `
  mutation ($id: ID!, $input: ProductChangesInput!) {
    updateProduct(id: $id, input: $input) { ${PRODUCT_FIELDS} }
  }
`;
const DELETE_PRODUCT = `mutation ($id: ID!) { deleteProduct(id: $id) { ${PRODUCT_FIELDS} } }`;
const PRODUCT = `query ($slug: String!) { product(slug: $slug) { ${PRODUCT_FIELDS} } }`;

describe('GraphQL catalogue administration', () => {
  let test: TestApp;
  let admin: Session;
  let shopper: Session;

  beforeAll(async () => {
    test = await startTestApp();
    ({ admin, shopper } = await seeded(test));
  });
  afterAll(() => test.close());

  const storedProduct = (id: string) =>
    test.connection.collection('products').findOne({ _id: new Types.ObjectId(id) });

  /** An admin-only operation refused without a token and with the shopper's, changing nothing. */
  async function expectAdminOnly(query: string, variables: Variables, field: string) {
    const before = await test.counts();
    const anonymous = expectRefused(await gql(test, query, variables), 'UNAUTHENTICATED', field);
    expect(anonymous.message).toBe('Please sign in');
    const shopperAnswer = expectRefused(
      await gql(test, query, variables, shopper),
      'FORBIDDEN',
      field,
    );
    expect(shopperAnswer.message).toBe('Admins only');
    expect(await test.counts()).toEqual(before);
  }

  describe('createCategory', () => {
    it('is for admins only', async () => {
      await expectAdminOnly(CREATE_CATEGORY, { input: { name: 'Toys & Games' } }, 'createCategory');
      expect((await gql(test, CATEGORY, { slug: 'toys-and-games' })).data?.category).toBeNull();
    });

    it('creates a category with a slug made from the trimmed name', async () => {
      const { createCategory } = await gqlOk<{ createCategory: CategoryView }>(
        test,
        CREATE_CATEGORY,
        { input: { name: '  Toys & Games ' } },
        admin,
      );
      expect(createCategory).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: 'Toys & Games',
        slug: 'toys-and-games',
      });
      const { category } = await gqlOk(test, CATEGORY, { slug: 'toys-and-games' });
      expect(category).toEqual(createCategory);
    });

    it.each(['Toys & Games', 'toys and games', 'TOYS-AND-GAMES'])(
      'refuses "%s", a duplicate of an existing category, with CONFLICT',
      async (name) => {
        const before = await test.counts();
        const error = expectRefused(
          await gql(test, CREATE_CATEGORY, { input: { name } }, admin),
          'CONFLICT',
          'createCategory',
        );
        expect(error.message).toBe('Category Toys & Games already exists');
        expect(await test.counts()).toEqual(before);
      },
    );

    it.each([
      ['a blank name', '   '],
      ['a name over 100 characters', 'N'.repeat(101)],
    ])('refuses %s with BAD_USER_INPUT', async (_label, name) => {
      const before = await test.counts();
      expectRefused(
        await gql(test, CREATE_CATEGORY, { input: { name } }, admin),
        'BAD_USER_INPUT',
        'createCategory',
      );
      expect(await test.counts()).toEqual(before);
    });

    it('refuses a name that is not a string before running anything', async () => {
      expectRequestRefused(
        await gql(test, CREATE_CATEGORY, { input: { name: { $gt: '' } } }, admin),
        'BAD_USER_INPUT',
      );
    });
  });

  describe('updateCategory', () => {
    let toys: CategoryView;
    beforeAll(async () => {
      toys = (
        await gqlOk<{ createCategory: CategoryView }>(
          test,
          CREATE_CATEGORY,
          { input: { name: 'Stationery' } },
          admin,
        )
      ).createCategory;
    });

    it('is for admins only', async () => {
      await expectAdminOnly(
        UPDATE_CATEGORY,
        { id: toys.id, input: { name: 'Office Supplies' } },
        'updateCategory',
      );
      expect((await gqlOk(test, CATEGORY, { slug: 'stationery' })).category).toEqual(toys);
    });

    it('renames a category and moves its slug with the name', async () => {
      const { updateCategory } = await gqlOk<{ updateCategory: CategoryView }>(
        test,
        UPDATE_CATEGORY,
        { id: toys.id, input: { name: 'Office Supplies' } },
        admin,
      );
      expect(updateCategory).toEqual({
        id: toys.id,
        name: 'Office Supplies',
        slug: 'office-supplies',
      });
      expect((await gqlOk(test, CATEGORY, { slug: 'stationery' })).category).toBeNull();
      expect((await gqlOk(test, CATEGORY, { slug: 'office-supplies' })).category).toEqual(
        updateCategory,
      );
    });

    it('lets a category keep its own name in another case', async () => {
      const { updateCategory } = await gqlOk<{ updateCategory: CategoryView }>(
        test,
        UPDATE_CATEGORY,
        { id: toys.id, input: { name: 'office supplies' } },
        admin,
      );
      expect(updateCategory).toEqual({
        id: toys.id,
        name: 'office supplies',
        slug: 'office-supplies',
      });
    });

    it("refuses another category's name with CONFLICT", async () => {
      const error = expectRefused(
        await gql(test, UPDATE_CATEGORY, { id: toys.id, input: { name: 'Books' } }, admin),
        'CONFLICT',
        'updateCategory',
      );
      expect(error.message).toBe('Category Books already exists');
      expect((await gqlOk(test, CATEGORY, { slug: 'office-supplies' })).category).not.toBeNull();
    });

    it('refuses an unknown id with NOT_FOUND', async () => {
      const error = expectRefused(
        await gql(test, UPDATE_CATEGORY, { id: missingId(), input: { name: 'Ghosts' } }, admin),
        'NOT_FOUND',
        'updateCategory',
      );
      expect(error.message).toBe('Category not found');
      expect((await gqlOk(test, CATEGORY, { slug: 'ghosts' })).category).toBeNull();
    });

    it.each([
      ['an id that is not an id', 'stationery', 'Ghosts'],
      ['a blank name', 'VALID', '  '],
    ])('refuses %s with BAD_USER_INPUT', async (_label, id, name) => {
      const target = id === 'VALID' ? toys.id : id;
      expectRefused(
        await gql(test, UPDATE_CATEGORY, { id: target, input: { name } }, admin),
        'BAD_USER_INPUT',
        'updateCategory',
      );
    });
  });

  describe('deleteCategory', () => {
    it('is for admins only', async () => {
      const { createCategory } = await gqlOk<{ createCategory: CategoryView }>(
        test,
        CREATE_CATEGORY,
        { input: { name: 'Garden' } },
        admin,
      );
      await expectAdminOnly(DELETE_CATEGORY, { id: createCategory.id }, 'deleteCategory');
      expect((await gqlOk(test, CATEGORY, { slug: 'garden' })).category).toEqual(createCategory);
    });

    it('deletes an empty category and returns it', async () => {
      const id = await categoryIdBySlug(test, 'garden');
      const before = await test.counts();
      const { deleteCategory } = await gqlOk<{ deleteCategory: CategoryView }>(
        test,
        DELETE_CATEGORY,
        { id },
        admin,
      );
      expect(deleteCategory).toEqual({ id, name: 'Garden', slug: 'garden' });
      expect(await test.counts()).toEqual({ ...before, categories: before.categories - 1 });
      expect((await gqlOk(test, CATEGORY, { slug: 'garden' })).category).toBeNull();
    });

    it('refuses a category that holds products with CONFLICT, and keeps both', async () => {
      const books = await categoryIdBySlug(test, 'books');
      const before = await test.counts();
      const error = expectRefused(
        await gql(test, DELETE_CATEGORY, { id: books }, admin),
        'CONFLICT',
        'deleteCategory',
      );
      expect(error.message).toBe('Books still has 6 products; move or delete them first');
      expect(await test.counts()).toEqual(before);
      expect((await gqlOk(test, CATEGORY, { slug: 'books' })).category).toMatchObject({
        id: books,
      });
    });

    it('refuses an unknown id with NOT_FOUND and an invalid one with BAD_USER_INPUT', async () => {
      const before = await test.counts();
      expectRefused(
        await gql(test, DELETE_CATEGORY, { id: missingId() }, admin),
        'NOT_FOUND',
        'deleteCategory',
      );
      expectRefused(
        await gql(test, DELETE_CATEGORY, { id: 'books' }, admin),
        'BAD_USER_INPUT',
        'deleteCategory',
      );
      expect(await test.counts()).toEqual(before);
    });
  });

  describe('createProduct (without a photo)', () => {
    const input = async (changes: Variables = {}) => ({
      name: 'Tata Tea Gold 1kg',
      description: 'A blend of Assam CTC and long leaf tea.',
      price: 545.5,
      quantity: 40,
      category: await categoryIdBySlug(test, 'home-and-kitchen'),
      ...changes,
    });

    it('is for admins only', async () => {
      await expectAdminOnly(CREATE_PRODUCT, { input: await input() }, 'createProduct');
    });

    it('creates a product with a slug, its category, no photo and shipping false', async () => {
      const before = await test.counts();
      const { createProduct } = await gqlOk<{ createProduct: ProductView }>(
        test,
        CREATE_PRODUCT,
        { input: await input() },
        admin,
      );
      expect(createProduct).toMatchObject({
        name: 'Tata Tea Gold 1kg',
        slug: 'tata-tea-gold-1kg',
        description: 'A blend of Assam CTC and long leaf tea.',
        price: 545.5,
        quantity: 40,
        shipping: false,
        photoUrl: null,
        category: {
          id: await categoryIdBySlug(test, 'home-and-kitchen'),
          name: 'Home & Kitchen',
          slug: 'home-and-kitchen',
        },
      });
      expect(await test.counts()).toEqual({ ...before, products: before.products + 1 });
      const { product } = await gqlOk<{ product: ProductView }>(test, PRODUCT, {
        slug: 'tata-tea-gold-1kg',
      });
      expect(product).toEqual(createProduct);
      const stored = await storedProduct(createProduct.id);
      expect(isObjectId(stored?.category)).toBe(true);
    });

    it('gives a second product of the same name the next free slug', async () => {
      const { createProduct } = await gqlOk<{ createProduct: ProductView }>(
        test,
        CREATE_PRODUCT,
        { input: await input({ shipping: true }) },
        admin,
      );
      expect(createProduct).toMatchObject({ slug: 'tata-tea-gold-1kg-2', shipping: true });
    });

    it.each<[string, Variables]>([
      ['a negative price', { price: -1 }],
      ['a price with three decimals', { price: 10.005 }],
      ['a price over the maximum', { price: 10_000_001 }],
      ['a negative quantity', { quantity: -1 }],
      ['a quantity over the maximum', { quantity: 1_000_001 }],
      ['a category that is not an id', { category: 'home-and-kitchen' }],
      ['a category no one has', { category: new Types.ObjectId().toHexString() }],
      ['a blank name', { name: '   ' }],
      ['a blank description', { description: '' }],
    ])('refuses %s with BAD_USER_INPUT and stores nothing', async (_label, changes) => {
      const before = await test.counts();
      expectRefused(
        await gql(test, CREATE_PRODUCT, { input: await input(changes) }, admin),
        'BAD_USER_INPUT',
        'createProduct',
      );
      expect(await test.counts()).toEqual(before);
    });

    it('refuses a quantity that is not a whole number before running anything', async () => {
      const before = await test.counts();
      expectRequestRefused(
        await gql(test, CREATE_PRODUCT, { input: await input({ quantity: 2.5 }) }, admin),
        'BAD_USER_INPUT',
      );
      expect(await test.counts()).toEqual(before);
    });
  });

  describe('updateProduct (without a photo)', () => {
    let target: ProductView;
    beforeAll(async () => {
      target = (
        await gqlOk<{ product: ProductView }>(test, PRODUCT, {
          slug: 'milton-thermosteel-flask-1-litre',
        })
      ).product;
    });

    it('is for admins only', async () => {
      await expectAdminOnly(
        UPDATE_PRODUCT,
        { id: target.id, input: { price: 1 } },
        'updateProduct',
      );
      // Stored in paise.
      expect((await storedProduct(target.id))?.price).toBe(89_900);
    });

    it('changes only the fields given, and keeps the photo', async () => {
      const { updateProduct } = await gqlOk<{ updateProduct: ProductView }>(
        test,
        UPDATE_PRODUCT,
        { id: target.id, input: { price: 949, quantity: 12 } },
        admin,
      );
      expect(updateProduct).toEqual({
        ...target,
        price: 949,
        quantity: 12,
        updatedAt: expect.any(String),
      });
      expect(updateProduct.photoUrl).toBe(target.photoUrl);
    });

    it('moves the slug with a new name and the product to a new category', async () => {
      const sports = await categoryIdBySlug(test, 'sports-and-fitness');
      const { updateProduct } = await gqlOk<{ updateProduct: ProductView }>(
        test,
        UPDATE_PRODUCT,
        { id: target.id, input: { name: 'Milton Thermosteel Flask 1L', category: sports } },
        admin,
      );
      expect(updateProduct).toMatchObject({
        id: target.id,
        name: 'Milton Thermosteel Flask 1L',
        slug: 'milton-thermosteel-flask-1l',
        category: { id: sports, name: 'Sports & Fitness' },
      });
      expect((await gqlOk(test, PRODUCT, { slug: target.slug })).product).toBeNull();
      const stored = await storedProduct(target.id);
      expect(isObjectId(stored?.category)).toBe(true);
      expect(String(stored?.category)).toBe(sports);
    });

    it('refuses an unknown id with NOT_FOUND', async () => {
      const before = await test.counts();
      const error = expectRefused(
        await gql(test, UPDATE_PRODUCT, { id: missingId(), input: { price: 1 } }, admin),
        'NOT_FOUND',
        'updateProduct',
      );
      expect(error.message).toBe('Product not found');
      expect(await test.counts()).toEqual(before);
    });

    it.each<[string, string | null, Variables]>([
      ['an id that is not an id', 'milton', { price: 1 }],
      ['a negative price', null, { price: -5 }],
      ['a negative quantity', null, { quantity: -5 }],
      ['a blank name', null, { name: ' ' }],
      ['a category that is not an id', null, { category: 'books' }],
      ['a category no one has', null, { category: new Types.ObjectId().toHexString() }],
    ])('refuses %s with BAD_USER_INPUT and changes nothing', async (_label, id, input) => {
      const before = await storedProduct(target.id);
      expectRefused(
        await gql(test, UPDATE_PRODUCT, { id: id ?? target.id, input }, admin),
        'BAD_USER_INPUT',
        'updateProduct',
      );
      expect(await storedProduct(target.id)).toEqual(before);
    });

    it.each(['name', 'description', 'price', 'quantity', 'shipping', 'category'])(
      'never fails inside for an explicit null %s, and stores no null',
      async (field) => {
        const before = await storedProduct(target.id);
        try {
          const result = await gql<{ updateProduct: ProductView }>(
            test,
            UPDATE_PRODUCT,
            { id: target.id, input: { [field]: null } },
            admin,
          );
          if (result.errors) {
            expectRefused(result, 'BAD_USER_INPUT', 'updateProduct');
          } else {
            expect(result.data?.updateProduct).toMatchObject({
              id: target.id,
              name: before?.name,
              // Stored in paise, answered in rupees.
              price: (before?.price as number) / 100,
              quantity: before?.quantity,
            });
          }
          const after = await storedProduct(target.id);
          expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
        } finally {
          // Whatever happened, the next tests start from the product as it was.
          await test.connection.collection('products').replaceOne({ _id: before!._id }, before!);
        }
      },
    );
  });

  describe('deleteProduct', () => {
    let target: ProductView;
    beforeAll(async () => {
      target = (
        await gqlOk<{ product: ProductView }>(test, PRODUCT, {
          slug: 'nivia-storm-football-size-5',
        })
      ).product;
    });

    it('is for admins only', async () => {
      await expectAdminOnly(DELETE_PRODUCT, { id: target.id }, 'deleteProduct');
      expect(await storedProduct(target.id)).not.toBeNull();
    });

    it('deletes the product and its photo, and returns the product', async () => {
      expect(target.photoUrl).toMatch(PHOTO_URL);
      const before = await test.counts();
      const { deleteProduct } = await gqlOk<{ deleteProduct: ProductView }>(
        test,
        DELETE_PRODUCT,
        { id: target.id },
        admin,
      );
      expect(deleteProduct).toMatchObject({
        id: target.id,
        name: 'Nivia Storm Football Size 5',
        price: 549,
      });
      expect(await test.counts()).toEqual({
        ...before,
        products: before.products - 1,
        product_photos: before.product_photos - 1,
      });
      expect((await gqlOk(test, PRODUCT, { slug: target.slug })).product).toBeNull();
      expect((await fetchPhoto(test, target.photoUrl!)).status).toBe(404);
    });

    it('refuses the same id again with NOT_FOUND, and an invalid one with BAD_USER_INPUT', async () => {
      const before = await test.counts();
      const error = expectRefused(
        await gql(test, DELETE_PRODUCT, { id: target.id }, admin),
        'NOT_FOUND',
        'deleteProduct',
      );
      expect(error.message).toBe('Product not found');
      expectRefused(
        await gql(test, DELETE_PRODUCT, { id: 'nivia' }, admin),
        'BAD_USER_INPUT',
        'deleteProduct',
      );
      expect(await test.counts()).toEqual(before);
    });
  });
});
