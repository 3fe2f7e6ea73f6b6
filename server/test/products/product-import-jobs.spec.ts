import { stringify } from 'csv-stringify/sync';
import { Types } from 'mongoose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductImports } from '../../src/catalogue/products/product-imports.service';
import { ProductWrites } from '../../src/catalogue/products/product-writes.service';
import { PRODUCT_CSV_COLUMNS, PRODUCT_IMPORT_LIMITS } from '../../src/shared/rules';
import {
  expectError,
  newCategory,
  newProduct,
  productBySlug,
  uniqueTag,
} from '../support/fixtures';
import { gqlOk, gqlUpload } from '../support/gql';
import { useTestShop } from '../support/test-app';

const IMPORT = `
  mutation ($file: Upload!) {
    importProducts(file: $file) {
      created updated unchanged errors { line field message }
      job { id state fileName created updated unchanged finishedAt recoveredAt errors { message } }
    }
  }
`;
const JOBS = `
  query { productImports(last: 5) { id state fileName created updated errors { line message } } }
`;
const JOB = `
  query ($id: ID!) { productImport(id: $id) { id state created recoveredAt errors { message } } }
`;
const LISTED = `
  query ($filter: ProductFilter) { products(filter: $filter, pageSize: 50) { total } }
`;

interface Job {
  id: string;
  state: string;
  created: number;
  recoveredAt: string | null;
  errors: { message: string }[];
}

/**
 * An import is a job (product_imports): recorded before it writes, its products written out
 * of sight and shown together at the end, and, should the process stop half way, finished or
 * undone at the next start (ProductImports.recover, which StartUp calls), never left half
 * applied. Before, a kill four seconds into importing 1,999 new rows left 334 of them, and the
 * storefront showed each as it was written.
 */
describe('product import jobs: all or nothing for shoppers and across crashes', () => {
  const shop = useTestShop({ seed: true });

  afterEach(() => vi.restoreAllMocks());

  const rowsFor = (tag: string, category: string, count: number) =>
    Array.from({ length: count }, (_, at) => [
      `kite-${tag}-${at}`,
      `Patang Kite ${tag} ${at}`,
      'Paper and bamboo, for Makar Sankranti.',
      '60',
      category,
      '10',
      'no',
    ]);
  const csvOf = (rows: string[][]) => Buffer.from(stringify([[...PRODUCT_CSV_COLUMNS], ...rows]));
  const importFile = (bytes: Buffer) =>
    gqlUpload<{ importProducts: { job: Job & { fileName: string; finishedAt: string | null } } }>(
      shop,
      IMPORT,
      { bytes, filename: 'kites.csv', contentType: 'text/csv' },
      shop.admin,
    );
  const listed = async (category: string) =>
    (
      await gqlOk<{ products: { total: number } }>(shop, LISTED, {
        filter: { categoryIds: [category] },
      })
    ).products.total;
  const jobOf = async (id: string) =>
    (await gqlOk<{ productImport: Job }>(shop, JOB, { id }, shop.admin)).productImport;
  const products = () => shop.connection.collection('products');

  it('records the job, and gives its outcome on GraphQL and REST', async () => {
    const category = await newCategory(shop, shop.admin);
    const answer = await importFile(csvOf(rowsFor(uniqueTag(), category.slug, 3)));
    expect(answer.errors).toBeUndefined();
    const { job } = answer.data!.importProducts;
    expect(job).toMatchObject({
      state: 'DONE',
      fileName: 'kites.csv',
      created: 3,
      updated: 0,
      unchanged: 0,
      recoveredAt: null,
      errors: [],
    });
    expect(job.finishedAt).not.toBeNull();

    const { productImports } = await gqlOk<{ productImports: Job[] }>(shop, JOBS, {}, shop.admin);
    expect(productImports[0]).toMatchObject({ id: job.id, state: 'DONE', created: 3 });
    const latest = await shop.http().get('/api/v1/product/imports').set(shop.admin.auth);
    expect(latest.status).toBe(200);
    expect(latest.body.imports[0]).toMatchObject({ _id: job.id, state: 'done', errors: [] });
    const one = await shop.http().get(`/api/v1/product/imports/${job.id}`).set(shop.admin.auth);
    expect(one.body).toMatchObject({ success: true, import: { _id: job.id, created: 3 } });

    expectError(await shop.http().get('/api/v1/product/imports').set(shop.shopper.auth), 403);
    expectError(
      await shop
        .http()
        .get(`/api/v1/product/imports/${new Types.ObjectId().toHexString()}`)
        .set(shop.admin.auth),
      404,
      'No import has this id',
    );
  });

  it('imports on REST as on GraphQL, with the same refusals', async () => {
    const category = await newCategory(shop, shop.admin);
    const tag = uniqueTag();
    const file = csvOf(rowsFor(tag, category.slug, 2));
    const send = (path: string, bytes: Buffer) =>
      shop
        .http()
        .post(`/api/v1/product/${path}`)
        .set(shop.admin.auth)
        .attach('file', bytes, { filename: 'kites.csv', contentType: 'text/csv' });

    const preview = await send('import-preview', file);
    expect(preview.status).toBe(200);
    expect(preview.body.preview).toMatchObject({ creates: 2, errors: [] });
    const imported = await send('import', file);
    expect(imported.status).toBe(200);
    expect(imported.body.result).toMatchObject({
      created: 2,
      errors: [],
      job: { state: 'done', fileName: 'kites.csv' },
    });
    expect(await listed(category._id)).toBe(2);

    const latin1 = Buffer.from(`${PRODUCT_CSV_COLUMNS.join(',')}\n,Café,x,1,a,1,no\n`, 'latin1');
    for (const path of ['import-preview', 'import']) {
      expectError(await send(path, latin1), 400, PRODUCT_IMPORT_LIMITS.notUtf8(2));
      const many = Buffer.from(`${PRODUCT_CSV_COLUMNS.join(',')}\n${'a\n'.repeat(100_000)}`);
      expectError(await send(path, many), 400, PRODUCT_IMPORT_LIMITS.tooManyRows);
      const huge = Buffer.alloc(PRODUCT_IMPORT_LIMITS.maxBytes + 10, 'a');
      expectError(await send(path, huge), 413, PRODUCT_IMPORT_LIMITS.tooLarge);
      expectError(
        await shop.http().post(`/api/v1/product/${path}`).set(shop.admin.auth),
        400,
        PRODUCT_IMPORT_LIMITS.noFile,
      );
    }
  });

  it('shows none of an import’s products until every one is written, then all at once', async () => {
    const category = await newCategory(shop, shop.admin);
    const tag = uniqueTag();
    const kept = await newProduct(shop, shop.admin, { category: category._id, price: 100 });
    const rows = [
      [kept.slug, kept.name, kept.description, '150', category.slug, '9', 'no'],
      ...rowsFor(tag, category.slug, 30),
    ];
    const writes = shop.app.get(ProductWrites);
    const createHidden = writes.createHidden.bind(writes);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reachedGate!: () => void;
    const paused = new Promise<void>((resolve) => (reachedGate = resolve));
    vi.spyOn(writes, 'createHidden').mockImplementation(async (id, input, job) => {
      if (input.slug === `kite-${tag}-20`) {
        reachedGate();
        await gate;
      }
      return createHidden(id, input, job);
    });

    const importing = importFile(csvOf(rows));
    await paused;
    // Twenty written, and the change to the kept product: none of it shown.
    expect(await products().countDocuments({ slug: { $regex: `^kite-${tag}-` } })).toBe(20);
    expect(await listed(category._id)).toBe(1);
    const shown = await gqlOk<{ product: { price: number } }>(
      shop,
      'query ($slug: String!) { product(slug: $slug) { price } }',
      { slug: kept.slug },
    );
    expect(shown.product.price).toBe(100);
    const { productImports } = await gqlOk<{ productImports: Job[] }>(shop, JOBS, {}, shop.admin);
    expect(productImports[0]).toMatchObject({ state: 'WRITING', created: 30 });

    release();
    const answer = await importing;
    expect(answer.data!.importProducts.job.state).toBe('DONE');
    expect(await listed(category._id)).toBe(31);
    expect((await productBySlug(shop, kept.slug)).price).toBe(15_000);
  });

  describe('a job its process left half way', () => {
    /**
     * What a process killed mid-import leaves: the job recorded, some new products written
     * hidden (the first `shownAlready` of them already shown, when it had reached `applying`),
     * and its change to `changed` kept beside it.
     */
    async function leftBehind(state: 'writing' | 'applying', silentForMs: number) {
      const category = await newCategory(shop, shop.admin);
      const tag = uniqueTag();
      const changed = await newProduct(shop, shop.admin, { category: category._id, price: 100 });
      const writes = shop.app.get(ProductWrites);
      const job = new Types.ObjectId();
      const creates = [0, 1, 2, 3].map(() => new Types.ObjectId());
      const input = (at: number) => ({
        name: `Left Kite ${tag} ${at}`,
        description: 'Paper',
        price: 6_000,
        quantity: 4,
        category: category._id,
        shipping: false,
        slug: `left-kite-${tag}-${at}`,
      });
      await shop.connection.collection('product_imports').insertOne({
        _id: job,
        state,
        fileName: 'left.csv',
        startedAt: new Date(Date.now() - silentForMs - 5_000),
        aliveAt: new Date(Date.now() - silentForMs),
        finishedAt: null,
        recoveredAt: null,
        created: 4,
        updated: 1,
        unchanged: 0,
        creates,
        updates: [new Types.ObjectId(changed._id)],
        faults: [],
      });
      // Killed after three of four new products.
      for (const at of [0, 1, 2]) await writes.createHidden(creates[at], input(at), job);
      const { slug: _slug, ...change } = input(9);
      await writes.stageUpdate(new Types.ObjectId(changed._id), { ...change, price: 25_000 }, job);
      if (state === 'applying') {
        await products().updateOne({ _id: creates[0] }, { $unset: { importJob: 1 } });
        await writes.createHidden(creates[3], input(3), job);
      }
      return { job: String(job), category: category._id, changed, tag };
    }

    it('undoes one left writing once nothing has written it for a while, never one still alive', async () => {
      const left = await leftBehind('writing', 1_000);
      const imports = shop.app.get(ProductImports);
      expect(await listed(left.category)).toBe(1);

      // Heard from a second ago: maybe another instance, still writing. Left alone.
      await imports.recover();
      expect(await jobOf(left.job)).toMatchObject({ state: 'WRITING' });

      await shop.connection
        .collection('product_imports')
        .updateOne(
          { _id: new Types.ObjectId(left.job) },
          { $set: { aliveAt: new Date(Date.now() - 60_000) } },
        );
      await imports.recover();
      const job = await jobOf(left.job);
      expect(job).toMatchObject({
        state: 'UNDONE',
        errors: [{ message: PRODUCT_IMPORT_LIMITS.stopped }],
      });
      expect(job.recoveredAt).not.toBeNull();
      expect(await products().countDocuments({ slug: { $regex: `^left-kite-${left.tag}` } })).toBe(
        0,
      );
      const changed = await products().findOne({ _id: new Types.ObjectId(left.changed._id) });
      expect(changed).toMatchObject({ price: 10_000, name: left.changed.name });
      expect(changed).not.toHaveProperty('importPending');
      expect(await listed(left.category)).toBe(1);
    });

    it('finishes one left applying, showing all its products at once', async () => {
      const left = await leftBehind('applying', 0);
      await shop.app.get(ProductImports).recover();
      const job = await jobOf(left.job);
      expect(job).toMatchObject({ state: 'DONE', errors: [] });
      expect(job.recoveredAt).not.toBeNull();
      expect(await listed(left.category)).toBe(5);
      expect(
        await products().countDocuments({
          slug: { $regex: `^left-kite-${left.tag}` },
          importJob: { $exists: true },
        }),
      ).toBe(0);
      expect((await productBySlug(shop, left.changed.slug)).price).toBe(25_000);
    });
  });
});
