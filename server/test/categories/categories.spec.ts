import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { slugify } from '../../src/common/text';
import { demoCategories, demoProducts } from '../../src/seed/demo-catalog';
import { DEMO_CATEGORY_HINDI } from '../../src/seed/demo-hindi';
import {
  CategoryReply,
  categoryIdBySlug,
  missingId,
  newCategory,
  uniqueTag,
} from '../support/fixtures';
import { expectAdminOnly, expectRefused, expectRequestRefused, gql, gqlOk } from '../support/gql';
import { Session, TestShop, useTestShop } from '../support/test-app';
import {
  CATEGORY,
  CategoryView,
  CREATE_CATEGORY,
  DELETE_CATEGORY,
  UPDATE_CATEGORY,
} from './operations';

/** A name no other test gives a category, starting with `name`. */
const named = (name: string) => `${name} ${uniqueTag()}`;

/** Every category as the REST list answers it, and one of them by slug. */
function restCategories(shop: TestShop) {
  const list = async (): Promise<CategoryReply[]> =>
    (await shop.http().get('/api/v1/category/get-category').expect(200)).body.category;
  const bySlug = async (slug: string) => (await list()).find((c) => c.slug === slug);
  return { list, bySlug };
}

describe('reading categories (the demo catalogue, unchanged)', () => {
  const shop = useTestShop({ seed: true });

  it('REST: lists every category with _id, name and slug, alphabetically, to anyone', async () => {
    const response = await shop.http().get('/api/v1/category/get-category').expect(200);
    expect(response.body.success).toBe(true);
    const categories: CategoryReply[] = response.body.category;
    expect(categories.map((c) => c.name)).toEqual([...demoCategories].sort());
    for (const category of categories) {
      expect(Types.ObjectId.isValid(category._id)).toBe(true);
      expect(category.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(categories.find((c) => c.name === 'Home & Kitchen')?.slug).toBe('home-and-kitchen');
  });

  it('GraphQL: lists the seven categories by name with their slugs', async () => {
    const { categories } = await gqlOk<{ categories: CategoryView[] }>(
      shop,
      '{ categories { id name slug } }',
    );
    expect(categories.map((category) => category.name)).toEqual([...demoCategories].sort());
    expect(categories.map((category) => category.slug)).toEqual(
      [...demoCategories].sort().map(slugify),
    );
    for (const category of categories) expect(Types.ObjectId.isValid(category.id)).toBe(true);
    expect(categories.find((c) => c.name === 'Home & Kitchen')?.slug).toBe('home-and-kitchen');
  });

  it('GraphQL: the demo categories carry their Hindi names', async () => {
    const { categories } = await gqlOk<{ categories: { name: string; nameHi: string | null }[] }>(
      shop,
      '{ categories { name nameHi } }',
    );
    expect(Object.fromEntries(categories.map((c) => [c.name, c.nameHi]))).toEqual(
      DEMO_CATEGORY_HINDI,
    );
  });

  it('GraphQL: finds a category by its slug, in any case', async () => {
    const id = await categoryIdBySlug(shop, 'home-and-kitchen');
    for (const slug of ['home-and-kitchen', 'HOME-AND-KITCHEN']) {
      const { category } = await gqlOk(shop, CATEGORY, { slug });
      expect(category).toEqual({ id, name: 'Home & Kitchen', slug: 'home-and-kitchen' });
    }
  });

  it('GraphQL: answers null, without an error, for a slug no category has', async () => {
    const result = await gql(shop, '{ category(slug: "toys-and-games") { id } }');
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ category: null });
  });

  it('GraphQL: refuses a category query without its slug before running anything', async () => {
    expectRequestRefused(await gql(shop, '{ category { id } }'), 'GRAPHQL_VALIDATION_FAILED');
  });
});

describe('changing categories (each test on categories of its own)', () => {
  const shop = useTestShop({ seed: true });
  const { bySlug } = restCategories(shop);

  const categoryBySlug = async (slug: string) =>
    (await gqlOk<{ category: CategoryView | null }>(shop, CATEGORY, { slug })).category;
  const gqlCreate = async (name: string) =>
    (
      await gqlOk<{ createCategory: CategoryView }>(
        shop,
        CREATE_CATEGORY,
        { input: { name } },
        shop.admin,
      )
    ).createCategory;

  describe('Hindi names, on both APIs', () => {
    const HINDI = 'query ($slug: String!) { category(slug: $slug) { name nameHi } }';
    const hindiOf = async (slug: string) =>
      (await gqlOk<{ category: { nameHi: string | null } }>(shop, HINDI, { slug })).category.nameHi;

    it('REST creates with one and answers it; a rename leaving it out keeps it', async () => {
      const name = named('Toys & Games');
      const response = await shop
        .http()
        .post('/api/v1/category/create-category')
        .set(shop.admin.auth)
        .send({ name, nameHi: 'खिलौने और खेल' })
        .expect(201);
      expect(response.body.category).toMatchObject({ name, nameHi: 'खिलौने और खेल' });
      const renamed = named('Toys');
      await shop
        .http()
        .put(`/api/v1/category/update-category/${response.body.category._id}`)
        .set(shop.admin.auth)
        .send({ name: renamed })
        .expect(200);
      expect(await bySlug(slugify(renamed))).toMatchObject({ nameHi: 'खिलौने और खेल' });
    });

    it('GraphQL sets it, changes it and clears it with an empty text', async () => {
      const name = named('Stationery');
      const { createCategory } = await gqlOk<{ createCategory: CategoryView }>(
        shop,
        CREATE_CATEGORY,
        { input: { name, nameHi: 'स्टेशनरी' } },
        shop.admin,
      );
      expect(await hindiOf(createCategory.slug)).toBe('स्टेशनरी');
      await gqlOk(
        shop,
        UPDATE_CATEGORY,
        { id: createCategory.id, input: { name, nameHi: 'लेखन सामग्री' } },
        shop.admin,
      );
      expect(await hindiOf(createCategory.slug)).toBe('लेखन सामग्री');
      await gqlOk(
        shop,
        UPDATE_CATEGORY,
        { id: createCategory.id, input: { name, nameHi: '' } },
        shop.admin,
      );
      expect(await hindiOf(createCategory.slug)).toBeNull();
    });

    it('refuses control characters in it with 400 naming nameHi, creating nothing', async () => {
      const before = await shop.counts();
      const response = await shop
        .http()
        .post('/api/v1/category/create-category')
        .set(shop.admin.auth)
        .send({ name: named('Toys'), nameHi: 'खिलौने\u0000' })
        .expect(400);
      expect(JSON.stringify(response.body)).toMatch(/nameHi/);
      expect(await shop.counts()).toEqual(before);
    });
  });

  describe('creating: REST POST /api/v1/category/create-category', () => {
    const create = (session: Session | null, body: object) => {
      const request = shop.http().post('/api/v1/category/create-category');
      return (session ? request.set(session.auth) : request).send(body);
    };

    it('answers 401 without a token and creates nothing', async () => {
      const before = await shop.counts();
      await create(null, { name: 'Toys & Games' }).expect(401);
      expect(await shop.counts()).toEqual(before);
    });

    it("refuses the shopper's token with 403 and creates nothing", async () => {
      const before = await shop.counts();
      const response = await create(shop.shopper, { name: 'Toys & Games' }).expect(403);
      expect(response.body).toEqual({ success: false, message: expect.any(String) });
      expect(await shop.counts()).toEqual(before);
    });

    it('creates a category for the admin: 201 with the category and its slug', async () => {
      const name = named('Toys & Games');
      const response = await create(shop.admin, { name: `  ${name} ` }).expect(201);
      expect(response.body).toMatchObject({
        success: true,
        message: `${name} is created`,
        category: { name, slug: slugify(name) },
      });
      expect(response.body.category.slug).toMatch(/^toys-and-games-/);
      expect(Types.ObjectId.isValid(response.body.category._id)).toBe(true);
      expect(await bySlug(slugify(name))).toMatchObject({
        _id: response.body.category._id,
        name,
      });
    });

    it('accepts "Bearer <token>" as well as the bare token', async () => {
      const name = named('Stationery');
      const response = await shop
        .http()
        .post('/api/v1/category/create-category')
        .set('Authorization', `Bearer ${shop.admin.token}`)
        .send({ name })
        .expect(201);
      expect(response.body.category.slug).toBe(slugify(name));
    });

    it('refuses a duplicate name with 409, also when only the case differs', async () => {
      const { name } = await newCategory(shop, shop.admin, named('Toys & Games'));
      const before = await shop.counts();
      for (const duplicate of [name, name.toLowerCase(), name.toUpperCase(), 'Books']) {
        const response = await create(shop.admin, { name: duplicate });
        expect(response.status, duplicate).toBe(409);
        expect(response.body).toEqual({ success: false, message: expect.any(String) });
      }
      expect(await shop.counts()).toEqual(before);
    });
  });

  describe('creating: GraphQL createCategory', () => {
    it('is for admins only', async () => {
      await expectAdminOnly(
        shop,
        CREATE_CATEGORY,
        { input: { name: 'Toys & Games' } },
        'createCategory',
      );
      expect(await categoryBySlug('toys-and-games')).toBeNull();
    });

    it('creates a category with a slug made from the trimmed name', async () => {
      const name = named('Toys & Games');
      const { createCategory } = await gqlOk<{ createCategory: CategoryView }>(
        shop,
        CREATE_CATEGORY,
        { input: { name: `  ${name} ` } },
        shop.admin,
      );
      expect(createCategory).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name,
        slug: slugify(name),
      });
      expect(createCategory.slug).toMatch(/^toys-and-games-/);
      expect(await categoryBySlug(slugify(name))).toEqual(createCategory);
    });

    it.each(['Toys & Games', 'toys and games', 'TOYS-AND-GAMES'])(
      'refuses "%s", a duplicate of an existing category, with CONFLICT',
      async (name) => {
        if (!(await categoryBySlug('toys-and-games'))) await gqlCreate('Toys & Games');
        const before = await shop.counts();
        const error = expectRefused(
          await gql(shop, CREATE_CATEGORY, { input: { name } }, shop.admin),
          'CONFLICT',
          'createCategory',
        );
        expect(error.message).toBe('Category Toys & Games already exists');
        expect(await shop.counts()).toEqual(before);
      },
    );
  });

  describe('renaming: REST PUT /api/v1/category/update-category/:id', () => {
    const update = (session: Session | null, id: string, body: object) => {
      const request = shop.http().put(`/api/v1/category/update-category/${id}`);
      return (session ? request.set(session.auth) : request).send(body);
    };

    it('answers 401 without a token and 403 to the shopper, renaming nothing', async () => {
      const toys = await newCategory(shop, shop.admin, named('Toys & Games'));
      await update(null, toys._id, { name: named('Board Games') }).expect(401);
      await update(shop.shopper, toys._id, { name: named('Board Games') }).expect(403);
      expect(await bySlug(toys.slug)).toEqual(toys);
    });

    it('renames the category and moves its slug with the name', async () => {
      const toys = await newCategory(shop, shop.admin, named('Toys & Games'));
      const name = named('Board Games');
      const response = await update(shop.admin, toys._id, { name }).expect(200);
      expect(response.body).toMatchObject({
        success: true,
        message: `${name} is updated`,
        category: { _id: toys._id, name, slug: slugify(name) },
      });
      expect(await bySlug(toys.slug)).toBeUndefined();
      expect(await bySlug(slugify(name))).toMatchObject({ _id: toys._id, name });
    });

    it('lets a category be renamed to a different case of its own name', async () => {
      const games = await newCategory(shop, shop.admin, named('Board Games'));
      const shouted = games.name.replace('Board', 'BOARD');
      const response = await update(shop.admin, games._id, { name: shouted }).expect(200);
      expect(response.body.category).toMatchObject({ name: shouted, slug: games.slug });
      await update(shop.admin, games._id, { name: games.name }).expect(200);
    });

    it("refuses a rename onto another category's name with 409", async () => {
      const games = await newCategory(shop, shop.admin, named('Board Games'));
      const response = await update(shop.admin, games._id, { name: 'books' }).expect(409);
      expect(response.body.success).toBe(false);
      expect(await bySlug(games.slug)).toEqual(games);
      expect((await bySlug('books'))?.name).toBe('Books');
    });

    it('answers 400 for an id that is not an id and 404 for an unknown one', async () => {
      const invalid = await update(shop.admin, 'not-an-id', { name: 'Anything' }).expect(400);
      expect(invalid.body).toEqual({ success: false, message: expect.any(String) });
      const unknown = await update(shop.admin, missingId(), { name: 'Anything' }).expect(404);
      expect(unknown.body).toEqual({ success: false, message: 'Category not found' });
      expect(await bySlug('anything')).toBeUndefined();
    });

    it('refuses an empty name with 400', async () => {
      const games = await newCategory(shop, shop.admin, named('Board Games'));
      await update(shop.admin, games._id, { name: '' }).expect(400);
      expect(await bySlug(games.slug)).toEqual(games);
    });
  });

  describe('renaming: GraphQL updateCategory', () => {
    it('is for admins only', async () => {
      const stationery = await gqlCreate(named('Stationery'));
      await expectAdminOnly(
        shop,
        UPDATE_CATEGORY,
        { id: stationery.id, input: { name: 'Office Supplies' } },
        'updateCategory',
      );
      expect(await categoryBySlug(stationery.slug)).toEqual(stationery);
    });

    it('renames a category and moves its slug with the name', async () => {
      const stationery = await gqlCreate(named('Stationery'));
      const name = named('Office Supplies');
      const { updateCategory } = await gqlOk<{ updateCategory: CategoryView }>(
        shop,
        UPDATE_CATEGORY,
        { id: stationery.id, input: { name } },
        shop.admin,
      );
      expect(updateCategory).toEqual({ id: stationery.id, name, slug: slugify(name) });
      expect(await categoryBySlug(stationery.slug)).toBeNull();
      expect(await categoryBySlug(slugify(name))).toEqual(updateCategory);
    });

    it('lets a category keep its own name in another case', async () => {
      const office = await gqlCreate(named('Office Supplies'));
      const { updateCategory } = await gqlOk<{ updateCategory: CategoryView }>(
        shop,
        UPDATE_CATEGORY,
        { id: office.id, input: { name: office.name.toLowerCase() } },
        shop.admin,
      );
      expect(updateCategory).toEqual({
        id: office.id,
        name: office.name.toLowerCase(),
        slug: office.slug,
      });
    });

    it("refuses another category's name with CONFLICT", async () => {
      const office = await gqlCreate(named('Office Supplies'));
      const error = expectRefused(
        await gql(shop, UPDATE_CATEGORY, { id: office.id, input: { name: 'Books' } }, shop.admin),
        'CONFLICT',
        'updateCategory',
      );
      expect(error.message).toBe('Category Books already exists');
      expect(await categoryBySlug(office.slug)).toEqual(office);
    });

    it('refuses an unknown id with NOT_FOUND', async () => {
      const error = expectRefused(
        await gql(
          shop,
          UPDATE_CATEGORY,
          { id: missingId(), input: { name: 'Ghosts' } },
          shop.admin,
        ),
        'NOT_FOUND',
        'updateCategory',
      );
      expect(error.message).toBe('Category not found');
      expect(await categoryBySlug('ghosts')).toBeNull();
    });
  });

  describe('deleting: REST DELETE /api/v1/category/delete-category/:id', () => {
    const remove = (session: Session | null, id: string) => {
      const request = shop.http().delete(`/api/v1/category/delete-category/${id}`);
      return session ? request.set(session.auth) : request;
    };

    it('answers 401 without a token and 403 to the shopper, deleting nothing', async () => {
      const games = await newCategory(shop, shop.admin, named('Board Games'));
      const before = await shop.counts();
      await remove(null, games._id).expect(401);
      await remove(shop.shopper, games._id).expect(403);
      expect(await shop.counts()).toEqual(before);
    });

    it('deletes an empty category for the admin', async () => {
      const games = await newCategory(shop, shop.admin, named('Board Games'));
      const before = await shop.counts();
      const response = await remove(shop.admin, games._id).expect(200);
      expect(response.body).toEqual({ success: true, message: `${games.name} is deleted` });
      expect(await bySlug(games.slug)).toBeUndefined();
      expect((await shop.counts()).categories).toBe(before.categories - 1);
    });

    it('answers 404 when the category is already gone', async () => {
      const stationery = await newCategory(shop, shop.admin, named('Stationery'));
      await remove(shop.admin, stationery._id).expect(200);
      const response = await remove(shop.admin, stationery._id).expect(404);
      expect(response.body).toEqual({ success: false, message: 'Category not found' });
    });

    it('refuses with 409 to delete a category that still has products, deleting nothing', async () => {
      const electronics = (await bySlug('electronics'))!;
      const inElectronics = demoProducts.filter((p) => p.category === 'Electronics').length;
      const before = await shop.counts();
      const response = await remove(shop.admin, electronics._id).expect(409);
      expect(response.body.success).toBe(false);
      expect(response.body.message).toContain('Electronics');
      expect(response.body.message).toContain(String(inElectronics));
      expect(await shop.counts()).toEqual(before);
      expect(await bySlug('electronics')).toEqual(electronics);
    });

    it('answers 400 for an id that is not an id', async () => {
      const response = await remove(shop.admin, 'electronics').expect(400);
      expect(response.body.success).toBe(false);
    });
  });

  describe('deleting: GraphQL deleteCategory', () => {
    it('is for admins only', async () => {
      const garden = await gqlCreate(named('Garden'));
      await expectAdminOnly(shop, DELETE_CATEGORY, { id: garden.id }, 'deleteCategory');
      expect(await categoryBySlug(garden.slug)).toEqual(garden);
    });

    it('deletes an empty category and returns it', async () => {
      const garden = await gqlCreate(named('Garden'));
      const before = await shop.counts();
      const { deleteCategory } = await gqlOk<{ deleteCategory: CategoryView }>(
        shop,
        DELETE_CATEGORY,
        { id: garden.id },
        shop.admin,
      );
      expect(deleteCategory).toEqual(garden);
      expect(await shop.counts()).toEqual({ ...before, categories: before.categories - 1 });
      expect(await categoryBySlug(garden.slug)).toBeNull();
    });

    it('refuses a category that holds products with CONFLICT, and keeps both', async () => {
      const books = await categoryIdBySlug(shop, 'books');
      const before = await shop.counts();
      const error = expectRefused(
        await gql(shop, DELETE_CATEGORY, { id: books }, shop.admin),
        'CONFLICT',
        'deleteCategory',
      );
      expect(error.message).toBe('Books still has 6 products; move or delete them first');
      expect(await shop.counts()).toEqual(before);
      expect(await categoryBySlug('books')).toMatchObject({ id: books });
    });

    it('refuses an unknown id with NOT_FOUND and an invalid one with BAD_USER_INPUT', async () => {
      const before = await shop.counts();
      expectRefused(
        await gql(shop, DELETE_CATEGORY, { id: missingId() }, shop.admin),
        'NOT_FOUND',
        'deleteCategory',
      );
      expectRefused(
        await gql(shop, DELETE_CATEGORY, { id: 'books' }, shop.admin),
        'BAD_USER_INPUT',
        'deleteCategory',
      );
      expect(await shop.counts()).toEqual(before);
    });
  });
});
