import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCategories, demoProducts } from '../../src/database/seed/demo-catalog';
import { seeded, Session, startTestApp, TestApp } from '../support/test-app';

interface CategoryReply {
  _id: string;
  name: string;
  slug: string;
}

describe('REST categories: /api/v1/category', () => {
  let test: TestApp;
  let admin: Session;
  let shopper: Session;

  beforeAll(async () => {
    test = await startTestApp();
    ({ admin, shopper } = await seeded(test));
  });
  afterAll(() => test.close());

  const listCategories = async (): Promise<CategoryReply[]> => {
    const response = await test.http().get('/api/v1/category/get-category').expect(200);
    return response.body.category;
  };
  const bySlug = async (slug: string) => (await listCategories()).find((c) => c.slug === slug);

  describe('get-category', () => {
    it('lists every category with _id, name and slug, alphabetically, to anyone', async () => {
      const response = await test.http().get('/api/v1/category/get-category').expect(200);
      expect(response.body.success).toBe(true);
      const categories: CategoryReply[] = response.body.category;
      expect(categories.map((c) => c.name)).toEqual([...demoCategories].sort());
      for (const category of categories) {
        expect(Types.ObjectId.isValid(category._id)).toBe(true);
        expect(category.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }
      expect(categories.find((c) => c.name === 'Home & Kitchen')?.slug).toBe('home-and-kitchen');
    });
  });

  describe('create-category', () => {
    const create = (session: Session | null, body: object) => {
      const request = test.http().post('/api/v1/category/create-category');
      return (session ? request.set(session.auth) : request).send(body);
    };

    it('answers 401 without a token and creates nothing', async () => {
      const before = await test.counts();
      await create(null, { name: 'Toys & Games' }).expect(401);
      expect(await test.counts()).toEqual(before);
    });

    it("refuses the shopper's token with 403 and creates nothing", async () => {
      const before = await test.counts();
      const response = await create(shopper, { name: 'Toys & Games' }).expect(403);
      expect(response.body).toEqual({ success: false, message: expect.any(String) });
      expect(await test.counts()).toEqual(before);
    });

    it('creates a category for the admin: 201 with the category and its slug', async () => {
      const response = await create(admin, { name: '  Toys & Games ' }).expect(201);
      expect(response.body).toMatchObject({
        success: true,
        message: 'Toys & Games is created',
        category: { name: 'Toys & Games', slug: 'toys-and-games' },
      });
      expect(Types.ObjectId.isValid(response.body.category._id)).toBe(true);
      expect(await bySlug('toys-and-games')).toMatchObject({
        _id: response.body.category._id,
        name: 'Toys & Games',
      });
    });

    it('accepts "Bearer <token>" as well as the bare token', async () => {
      const response = await test
        .http()
        .post('/api/v1/category/create-category')
        .set('Authorization', `Bearer ${admin.token}`)
        .send({ name: 'Stationery' })
        .expect(201);
      expect(response.body.category.slug).toBe('stationery');
    });

    it('refuses a duplicate name with 409, also when only the case differs', async () => {
      const before = await test.counts();
      for (const name of ['Toys & Games', 'toys & games', 'TOYS & GAMES', 'Books']) {
        const response = await create(admin, { name });
        expect(response.status, name).toBe(409);
        expect(response.body).toEqual({ success: false, message: expect.any(String) });
      }
      expect(await test.counts()).toEqual(before);
    });

    it('refuses an empty or missing name, or an object for a name, with 400', async () => {
      const before = await test.counts();
      for (const body of [{ name: '' }, { name: '   ' }, {}, { name: { $ne: null } }]) {
        const response = await create(admin, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.success).toBe(false);
      }
      expect(await test.counts()).toEqual(before);
    });
  });

  describe('update-category', () => {
    const update = (session: Session | null, id: string, body: object) => {
      const request = test.http().put(`/api/v1/category/update-category/${id}`);
      return (session ? request.set(session.auth) : request).send(body);
    };

    it('answers 401 without a token and 403 to the shopper, renaming nothing', async () => {
      const toys = (await bySlug('toys-and-games'))!;
      await update(null, toys._id, { name: 'Board Games' }).expect(401);
      await update(shopper, toys._id, { name: 'Board Games' }).expect(403);
      expect(await bySlug('toys-and-games')).toEqual(toys);
    });

    it('renames the category and moves its slug with the name', async () => {
      const toys = (await bySlug('toys-and-games'))!;
      const response = await update(admin, toys._id, { name: 'Board Games' }).expect(200);
      expect(response.body).toMatchObject({
        success: true,
        message: 'Board Games is updated',
        category: { _id: toys._id, name: 'Board Games', slug: 'board-games' },
      });
      expect(await bySlug('toys-and-games')).toBeUndefined();
      expect(await bySlug('board-games')).toMatchObject({ _id: toys._id, name: 'Board Games' });
    });

    it('lets a category be renamed to a different case of its own name', async () => {
      const games = (await bySlug('board-games'))!;
      const response = await update(admin, games._id, { name: 'BOARD Games' }).expect(200);
      expect(response.body.category).toMatchObject({ name: 'BOARD Games', slug: 'board-games' });
      await update(admin, games._id, { name: 'Board Games' }).expect(200);
    });

    it("refuses a rename onto another category's name with 409", async () => {
      const games = (await bySlug('board-games'))!;
      const response = await update(admin, games._id, { name: 'books' }).expect(409);
      expect(response.body.success).toBe(false);
      expect(await bySlug('board-games')).toEqual(games);
      expect((await bySlug('books'))?.name).toBe('Books');
    });

    it('answers 400 for an id that is not an id and 404 for an unknown one', async () => {
      const invalid = await update(admin, 'not-an-id', { name: 'Anything' }).expect(400);
      expect(invalid.body).toEqual({ success: false, message: expect.any(String) });
      const unknown = await update(admin, new Types.ObjectId().toHexString(), {
        name: 'Anything',
      }).expect(404);
      expect(unknown.body).toEqual({ success: false, message: 'Category not found' });
      expect(await bySlug('anything')).toBeUndefined();
    });

    it('refuses an empty name with 400', async () => {
      const games = (await bySlug('board-games'))!;
      await update(admin, games._id, { name: '' }).expect(400);
      expect(await bySlug('board-games')).toEqual(games);
    });
  });

  describe('delete-category', () => {
    const remove = (session: Session | null, id: string) => {
      const request = test.http().delete(`/api/v1/category/delete-category/${id}`);
      return session ? request.set(session.auth) : request;
    };

    it('answers 401 without a token and 403 to the shopper, deleting nothing', async () => {
      const games = (await bySlug('board-games'))!;
      const before = await test.counts();
      await remove(null, games._id).expect(401);
      await remove(shopper, games._id).expect(403);
      expect(await test.counts()).toEqual(before);
    });

    it('deletes an empty category for the admin', async () => {
      const games = (await bySlug('board-games'))!;
      const before = await test.counts();
      const response = await remove(admin, games._id).expect(200);
      expect(response.body).toEqual({ success: true, message: 'Board Games is deleted' });
      expect(await bySlug('board-games')).toBeUndefined();
      expect((await test.counts()).categories).toBe(before.categories - 1);
    });

    it('answers 404 when the category is already gone', async () => {
      const stationery = (await bySlug('stationery'))!;
      await remove(admin, stationery._id).expect(200);
      const response = await remove(admin, stationery._id).expect(404);
      expect(response.body).toEqual({ success: false, message: 'Category not found' });
    });

    it('refuses with 409 to delete a category that still has products, deleting nothing', async () => {
      const electronics = (await bySlug('electronics'))!;
      const inElectronics = demoProducts.filter((p) => p.category === 'Electronics').length;
      const before = await test.counts();
      const response = await remove(admin, electronics._id).expect(409);
      expect(response.body.success).toBe(false);
      expect(response.body.message).toContain('Electronics');
      expect(response.body.message).toContain(String(inElectronics));
      expect(await test.counts()).toEqual(before);
      expect(await bySlug('electronics')).toEqual(electronics);
    });

    it('answers 400 for an id that is not an id', async () => {
      const response = await remove(admin, 'electronics').expect(400);
      expect(response.body.success).toBe(false);
    });
  });
});
