import { describe, expect, it } from 'vitest';
import { badRequestSuite, BadRequest, long } from '../support/bad-requests';
import { missingId, newCategory } from '../support/fixtures';
import { expectRefused, expectRequestRefused, gql } from '../support/gql';
import { controlCharactersIn, holdsControlCharacters } from '../../src/shared/rules';
import { useTestShop } from '../support/test-app';
import { CREATE_CATEGORY, UPDATE_CATEGORY } from './operations';

/**
 * Bad requests to the category calls: each refused with its status and message, changing
 * nothing. The refused delete of a category holding products comes last, so that were it to
 * delete the category after all, no other case would be affected.
 */
const CASES: BadRequest[] = [
  {
    name: 'create-category: operator object as name',
    call: 'POST /api/v1/category/create-category',
    as: 'admin',
    body: { name: { $gt: '' } },
    status: 400,
    message: 'name must be a string',
  },
  {
    name: 'create-category: name missing',
    call: 'POST /api/v1/category/create-category',
    as: 'admin',
    body: {},
    status: 400,
    message: 'name must be a string',
  },
  {
    name: 'create-category: 10 000-character name',
    call: 'POST /api/v1/category/create-category',
    as: 'admin',
    body: { name: long(10_000) },
    status: 400,
    message: 'name must be shorter than or equal to 100 characters',
  },
  {
    name: 'create-category: name of spaces only',
    call: 'POST /api/v1/category/create-category',
    as: 'admin',
    body: { name: '    ' },
    status: 400,
    message: 'name should not be empty',
  },
  {
    name: 'create-category: a NUL byte in the name',
    call: 'POST /api/v1/category/create-category',
    as: 'admin',
    body: { name: 'Toys\u0000' },
    status: 400,
    message: controlCharactersIn('name'),
  },
  {
    name: 'create-category: an escape (ESC) in the name',
    call: 'POST /api/v1/category/create-category',
    as: 'admin',
    body: { name: '\u001b[1mToys' },
    status: 400,
    message: controlCharactersIn('name'),
  },
  {
    name: 'update-category: U+0001 in the name',
    call: 'PUT /api/v1/category/update-category/{emptyCategory}',
    as: 'admin',
    body: { name: 'Toys\u0001and Games' },
    status: 400,
    message: controlCharactersIn('name'),
    target: 'emptyCategory',
  },
  {
    name: 'create-category: name already taken (other case)',
    call: 'POST /api/v1/category/create-category',
    as: 'admin',
    body: (ids) => ({ name: ids.otherCategoryName.toUpperCase() }),
    status: 409,
    message: (ids) => `Category ${ids.otherCategoryName} already exists`,
  },
  {
    name: 'create-category: shopper token',
    call: 'POST /api/v1/category/create-category',
    as: 'shopper',
    body: { name: 'Toys' },
    status: 403,
    message: 'Admins only',
  },
  {
    name: 'create-category: no token',
    call: 'POST /api/v1/category/create-category',
    body: { name: 'Toys' },
    status: 401,
    message: 'Please sign in',
  },
  {
    name: 'update-category: invalid id',
    call: 'PUT /api/v1/category/update-category/not-an-id',
    as: 'admin',
    body: { name: 'Toys' },
    status: 400,
    message: 'Invalid id',
  },
  {
    name: 'update-category: number where the name belongs',
    call: 'PUT /api/v1/category/update-category/{category}',
    as: 'admin',
    body: { name: 42 },
    status: 400,
    message: 'name must be a string',
    target: 'category',
  },
  {
    name: 'update-category: unknown id',
    call: 'PUT /api/v1/category/update-category/{missing}',
    as: 'admin',
    body: { name: 'Toys' },
    status: 404,
    message: 'Category not found',
  },
  {
    name: "update-category: another category's name",
    call: 'PUT /api/v1/category/update-category/{category}',
    as: 'admin',
    body: (ids) => ({ name: ids.otherCategoryName }),
    status: 409,
    message: (ids) => `Category ${ids.otherCategoryName} already exists`,
    target: 'category',
  },
  {
    name: 'delete-category: invalid id',
    call: 'DELETE /api/v1/category/delete-category/12345',
    as: 'admin',
    status: 400,
    message: 'Invalid id',
  },
  {
    name: 'delete-category: unknown id',
    call: 'DELETE /api/v1/category/delete-category/{missing}',
    as: 'admin',
    status: 404,
    message: 'Category not found',
  },
  {
    name: 'delete-category: shopper token',
    call: 'DELETE /api/v1/category/delete-category/{emptyCategory}',
    as: 'shopper',
    status: 403,
    message: 'Admins only',
    target: 'emptyCategory',
  },
  {
    name: 'delete-category: still holding products',
    call: 'DELETE /api/v1/category/delete-category/{category}',
    as: 'admin',
    status: 409,
    message: (ids) =>
      new RegExp(`^${ids.categoryName} still has \\d+ products; move or delete them first$`),
    target: 'category',
  },
];

describe('bad requests to the category calls (REST)', () => {
  const { shop } = badRequestSuite(CASES);

  it('keeps the empty category the cases aimed at', async () => {
    const categories = await shop.http().get('/api/v1/category/get-category').expect(200);
    expect(categories.body.category.map((category: { name: string }) => category.name)).toContain(
      'Stationery',
    );
  });
});

describe('bad category input', () => {
  const shop = useTestShop({ seed: true });

  it.each([{ name: '' }, { name: '   ' }, {}, { name: { $ne: null } }])(
    'REST: refuses the body %j with 400 and creates nothing',
    async (body) => {
      const before = await shop.counts();
      const response = await shop
        .http()
        .post('/api/v1/category/create-category')
        .set(shop.admin.auth)
        .send(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.success).toBe(false);
      expect(await shop.counts()).toEqual(before);
    },
  );

  it('REST: derives the slug from the name whatever slug a new category claims', async () => {
    const response = await shop
      .http()
      .post('/api/v1/category/create-category')
      .set(shop.admin.auth)
      .send({ name: 'Garden Tools', slug: 'hacked', _id: missingId(), extra: { $where: '1' } })
      .expect(201);
    expect(response.body.category).toMatchObject({ name: 'Garden Tools', slug: 'garden-tools' });
    expect(response.body.category).not.toHaveProperty('extra');
  });

  it.each([
    ['a blank name', '   '],
    ['a name over 100 characters', 'N'.repeat(101)],
    ['a NUL byte in the name', 'Toys\u0000'],
    ['U+0001 in the name', '\u0001Toys'],
    ['a line break in the name', 'Toys\nand Games'],
  ])('GraphQL createCategory: refuses %s with BAD_USER_INPUT', async (_label, name) => {
    const before = await shop.counts();
    const error = expectRefused(
      await gql(shop, CREATE_CATEGORY, { input: { name } }, shop.admin),
      'BAD_USER_INPUT',
      'createCategory',
    );
    if (holdsControlCharacters(name)) expect(error.message).toBe(controlCharactersIn('name'));
    expect(await shop.counts()).toEqual(before);
  });

  it('GraphQL createCategory: refuses a name that is not a string before running anything', async () => {
    expectRequestRefused(
      await gql(shop, CREATE_CATEGORY, { input: { name: { $gt: '' } } }, shop.admin),
      'BAD_USER_INPUT',
    );
  });

  it.each([
    ['an id that is not an id', 'stationery', 'Ghosts'],
    ['a blank name', 'VALID', '  '],
    ['an escape (ESC) in the name', 'VALID', 'Toys \u001b[2J'],
  ])('GraphQL updateCategory: refuses %s with BAD_USER_INPUT', async (_label, id, name) => {
    const target = id === 'VALID' ? (await newCategory(shop, shop.admin))._id : id;
    expectRefused(
      await gql(shop, UPDATE_CATEGORY, { id: target, input: { name } }, shop.admin),
      'BAD_USER_INPUT',
      'updateCategory',
    );
  });
});
