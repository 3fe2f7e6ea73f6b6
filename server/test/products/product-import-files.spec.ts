import { stringify } from 'csv-stringify/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CSV_COLUMNS, PRODUCT_IMPORT_LIMITS } from '../../src/shared/rules';
import { newCategory, snapshot, uniqueTag } from '../support/fixtures';
import { expectRefused, gqlUpload } from '../support/gql';
import { eventLoopDuring } from '../support/event-loop';
import { useTestShop } from '../support/test-app';
import type { TestApp } from '../support/test-app';

const PREVIEW = `
  mutation ($file: Upload!) {
    previewProductImport(file: $file) { creates errors { line field message } }
  }
`;
const IMPORT = `
  mutation ($file: Upload!) {
    importProducts(file: $file) { created errors { line field message } }
  }
`;
const HEADER = `${PRODUCT_CSV_COLUMNS.join(',')}\n`;
/** What "free" means for the event loop: no turn of it holds it longer, in CPU time. */
const FREE_MS = 100;

/** What "quickly" means for a refusal, in CPU time. */
const QUICK_MS = 3_000;

const csvFile = (bytes: Buffer) => ({ bytes, filename: 'products.csv', contentType: 'text/csv' });

/**
 * `work` run with /healthz asked every 20 ms meanwhile: how long the event loop was held (see
 * eventLoopDuring) and how many health checks were answered, each 200, while it ran.
 */
async function servingDuring<T>(shop: TestApp, work: () => Promise<T>) {
  let healthChecks = 0;
  let running = true;
  const probing = (async () => {
    while (running) {
      expect((await shop.http().get('/healthz')).status).toBe(200);
      if (running) healthChecks += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    const report = await eventLoopDuring(work);
    console.log(
      `event loop held at most ${report.heldMs.toFixed(0)} ms of CPU, ${report.cpuMs.toFixed(0)} ms in all ` +
        `(timers late by up to ${report.maxDelayMs.toFixed(0)} ms); /healthz answered ${healthChecks} times`,
    );
    return { ...report, healthChecks };
  } finally {
    running = false;
    await probing;
  }
}

/**
 * The import's files are read as a stream in slices that leave the event loop free, stop at the
 * row limit, and must be UTF-8. Before, a 200 KB file of "a" lines held the whole shop 13.8 s
 * before its answer (at most 2,000 products), and a Latin-1 file was imported with U+FFFD in
 * place of its accented letters.
 */
describe('product import files: streamed, limited, UTF-8', () => {
  const shop = useTestShop({ seed: true });

  const upload = (query: string, bytes: Buffer) =>
    gqlUpload(shop, query, csvFile(bytes), shop.admin);

  // The first calls of a process compile what they run (the upload's parsing, csv-parse, the
  // product form's checks): a pause of its own, once, which is not what is measured here.
  beforeAll(async () => {
    const category = await newCategory(shop, shop.admin);
    const lines = `,Warm-up,Once,1,${category.slug},1,no\n`.repeat(50) + 'a\n'.repeat(50);
    await upload(PREVIEW, Buffer.from(HEADER + lines));
  });

  for (const [size, lines] of [
    ['200 KB', 100_000],
    ['1 MB', 499_000],
  ] as const) {
    it(`answers the row limit of a ${size} file of "a" lines at once, the event loop free meanwhile`, async () => {
      const file = Buffer.from(HEADER + 'a\n'.repeat(lines));
      expect(file.length).toBeLessThanOrEqual(PRODUCT_IMPORT_LIMITS.maxBytes);
      const before = await snapshot(shop);
      for (const query of [PREVIEW, IMPORT]) {
        const { result, heldMs, cpuMs } = await servingDuring(shop, () => upload(query, file));
        expect(expectRefused(result, 'BAD_USER_INPUT').message).toBe(
          PRODUCT_IMPORT_LIMITS.tooManyRows,
        );
        expect(heldMs).toBeLessThan(FREE_MS);
        // Refused once line 2,002 is read, not after every line: reading all 100,000 took 13.8 s.
        expect(cpuMs).toBeLessThan(QUICK_MS);
      }
      expect(await snapshot(shop)).toEqual(before);
    });
  }

  it('checks and imports a 1 MB file of 2,000 products with the event loop free meanwhile', async () => {
    const category = await newCategory(shop, shop.admin);
    const tag = uniqueTag();
    const description = 'Hand-woven cotton, dyed with indigo. '.repeat(11);
    const rows = Array.from({ length: PRODUCT_IMPORT_LIMITS.maxRows }, (_, at) => [
      `loom-${tag}-${at}`,
      `Loom Throw ${tag} ${at}`,
      description,
      '499.50',
      category.slug,
      '3',
      'yes',
    ]);
    const file = Buffer.from(stringify([[...PRODUCT_CSV_COLUMNS], ...rows]));
    expect(file.length).toBeGreaterThan(0.9 * PRODUCT_IMPORT_LIMITS.maxBytes);
    expect(file.length).toBeLessThanOrEqual(PRODUCT_IMPORT_LIMITS.maxBytes);

    const { result, heldMs, healthChecks } = await servingDuring(shop, () => upload(PREVIEW, file));
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      previewProductImport: { creates: PRODUCT_IMPORT_LIMITS.maxRows, errors: [] },
    });
    expect(heldMs).toBeLessThan(FREE_MS);
    // Served while the file was checked, not after.
    expect(healthChecks).toBeGreaterThan(1);

    // Written, then shown all at once: the catalogue takes 2,000 products in slices too.
    const imported = await servingDuring(shop, () => upload(IMPORT, file));
    expect(imported.result.data).toEqual({
      importProducts: { created: PRODUCT_IMPORT_LIMITS.maxRows, errors: [] },
    });
    expect(imported.heldMs).toBeLessThan(FREE_MS);
  }, 300_000);

  it('refuses a file that is not UTF-8, naming the line of the first bad byte, writing nothing', async () => {
    const category = await newCategory(shop, shop.admin);
    const tag = uniqueTag();
    // As a spreadsheet saves it in Latin-1: "é" is the one byte 0xE9.
    const latin1 = Buffer.from(
      HEADER +
        `chai-${tag},Masala Chai ${tag},Assam tea,180,${category.slug},4,yes\n` +
        `"cafe-${tag}","Café ${tag}","Filter coffee,\nroasted",250,${category.slug},2,no\n` +
        `crepe-${tag},Crêpe pan ${tag},Iron,900,${category.slug},1,no\n`,
      'latin1',
    );
    const before = await snapshot(shop);
    for (const query of [PREVIEW, IMPORT]) {
      const answer = await upload(query, latin1);
      expect(expectRefused(answer, 'BAD_USER_INPUT').message).toBe(
        PRODUCT_IMPORT_LIMITS.notUtf8(3),
      );
    }
    // Past a quoted value over two lines, the count of lines still holds.
    const later = Buffer.concat([
      Buffer.from(
        HEADER +
          `"cafe-${tag}","Cafe ${tag}","Filter coffee,\nroasted",250,${category.slug},2,no\n`,
      ),
      Buffer.from(`crepe-${tag},Crêpe pan ${tag},Iron,900,${category.slug},1,no\n`, 'latin1'),
    ]);
    expect(expectRefused(await upload(PREVIEW, later), 'BAD_USER_INPUT').message).toBe(
      PRODUCT_IMPORT_LIMITS.notUtf8(4),
    );
    expect(await snapshot(shop)).toEqual(before);
  });

  it('reads a UTF-8 file with a byte order mark, accented letters and all', async () => {
    const category = await newCategory(shop, shop.admin);
    const tag = uniqueTag();
    const file = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(
        HEADER +
          `cafe-${tag},Café ${tag},Filter coffee,250,${category.slug},2,no\n` +
          `,दीया ${tag},पीतल का दीया,120,${category.slug},5,yes\n`,
      ),
    ]);
    const answer = await upload(IMPORT, file);
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({ importProducts: { created: 2, errors: [] } });
    const names = (
      await shop.connection
        .collection('products')
        .find({ category: { $exists: true }, name: { $regex: tag } })
        .toArray()
    )
      .map((product) => product.name as string)
      .sort();
    expect(names).toEqual([`Café ${tag}`, `दीया ${tag}`]);
  });
});
