import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conflict } from '../../src/common/shop-error';
import { ProductWrites } from '../../src/catalogue/products/product-writes.service';
import {
  controlCharactersIn,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_EXPORT_COLUMNS,
  PRODUCT_CSV_HINDI_COLUMNS,
  PRODUCT_IMPORT_LIMITS,
  PRODUCT_RULES,
  SLUG_RULE,
} from '../../src/shared/rules';
import {
  expectError,
  newCategory,
  newProduct,
  newShopper,
  placeOrder,
  productBySlug,
  snapshot,
  uniqueTag,
} from '../support/fixtures';
import { expectRefused, gql, gqlOk, gqlUpload } from '../support/gql';
import { useTestShop } from '../support/test-app';

const PREVIEW = `
  mutation ($file: Upload!) {
    previewProductImport(file: $file) {
      rows { line slug action changes }
      errors { line field message }
      creates updates unchanged
    }
  }
`;
const IMPORT = `
  mutation ($file: Upload!) {
    importProducts(file: $file) { created updated unchanged errors { line field message } }
  }
`;

interface ImportError {
  line: number;
  field: string | null;
  message: string;
}
interface Preview {
  rows: { line: number; slug: string; action: string; changes: string[] }[];
  errors: ImportError[];
  creates: number;
  updates: number;
  unchanged: number;
}
interface Result {
  created: number;
  updated: number;
  unchanged: number;
  errors: ImportError[];
}

type Row = string[];

const csvFile = (text: string | Buffer) => ({
  bytes: Buffer.from(text),
  filename: 'products.csv',
  contentType: 'text/csv',
});
/** A CSV of the import's columns, as a spreadsheet would save it. */
const csvOf = (rows: Row[]) => stringify([[...PRODUCT_CSV_COLUMNS], ...rows]);
/** A CSV of the export's columns, variants' included. */
/** A file with every column; rows written before the tax and Hindi columns leave them empty. */
const csvWithVariantsOf = (rows: Row[]) =>
  stringify([
    [...PRODUCT_CSV_EXPORT_COLUMNS],
    ...rows.map((row) => [
      ...row,
      ...Array<string>(PRODUCT_CSV_EXPORT_COLUMNS.length - row.length).fill(''),
    ]),
  ]);
type ExportColumn = (typeof PRODUCT_CSV_EXPORT_COLUMNS)[number];
/** A line of every column, from its cells by column; the others empty. */
const lineOf = (cells: Partial<Record<ExportColumn, string>>): Row =>
  PRODUCT_CSV_EXPORT_COLUMNS.map((column) => cells[column] ?? '');
/** Where a column is in a line of every column. */
const at = (column: ExportColumn) => PRODUCT_CSV_EXPORT_COLUMNS.indexOf(column);
/** How many products the lines of a file or an export stand for: one per slug. */
const productsIn = (rows: Row[]) => new Set(rows.map((row) => row[0])).size;

/**
 * The catalogue as CSV: the export (REST GET /api/v1/product/export.csv), the sample, and the
 * import (GraphQL previewProductImport and importProducts): a round trip leaves the catalogue
 * as edited, a file with a bad line changes nothing and names the line and field, cells a
 * spreadsheet would run as formulas are escaped both ways.
 */
describe('the catalogue as CSV: export, sample and import', () => {
  const shop = useTestShop({ seed: true });

  afterEach(() => vi.restoreAllMocks());

  const preview = async (file: string | Buffer) => {
    const answer = await gqlUpload<{ previewProductImport: Preview }>(
      shop,
      PREVIEW,
      csvFile(file),
      shop.admin,
    );
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    return answer.data!.previewProductImport;
  };
  const importFile = async (file: string | Buffer) => {
    const answer = await gqlUpload<{ importProducts: Result }>(
      shop,
      IMPORT,
      csvFile(file),
      shop.admin,
    );
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    return answer.data!.importProducts;
  };

  async function exported(): Promise<{
    text: string;
    rows: Row[];
    headers: Record<string, string>;
  }> {
    const response = await shop
      .http()
      .get('/api/v1/product/export.csv')
      .set(shop.admin.auth)
      .buffer(true);
    expect(response.status, response.text).toBe(200);
    const [header, ...rows]: Row[] = parse(response.text, { bom: true });
    expect(header).toEqual([...PRODUCT_CSV_EXPORT_COLUMNS]);
    return { text: response.text, rows, headers: response.headers };
  }

  /** Every stored product as a CSV row would give it: what the export must equal. */
  async function storedRows(): Promise<Row[]> {
    const categories = new Map(
      (await shop.connection.collection('categories').find().toArray()).map((category) => [
        String(category._id),
        category.slug as string,
      ]),
    );
    const products = await shop.connection.collection('products').find().toArray();
    type Stored = {
      sku: string;
      values: string[];
      price: number;
      quantity: number;
      mrp: number | null;
    };
    return products.flatMap((product) =>
      (product.variants as Stored[]).map((variant) => [
        product.slug,
        product.name,
        product.description,
        (variant.price / 100).toFixed(2),
        categories.get(String(product.category)) ?? '',
        String(variant.quantity),
        product.shipping ? 'yes' : 'no',
        variant.sku,
        (product.options as { name: string }[])
          .map((option, at) => `${option.name}=${variant.values[at]}`)
          .join('; '),
        variant.mrp === null ? '' : (variant.mrp / 100).toFixed(2),
        (product.hsn as string | null) ?? '',
        (product.taxClass as string | null) ?? '',
        (product.nameHi as string | null) ?? '',
        (product.descriptionHi as string | null) ?? '',
      ]),
    );
  }

  const bySlug = (rows: Row[]) =>
    [...rows].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[7] < b[7] ? -1 : 1));
  /** The value a cell holds once read back: without the apostrophe that escapes a formula. */
  const unescaped = (cell: string) => (/^'[=+\-@\t\r']/.test(cell) ? cell.slice(1) : cell);

  it('exports every product as stored, by name, streamed as an attachment', async () => {
    const { rows, headers } = await exported();
    expect(bySlug(rows.map((row) => row.map(unescaped)))).toEqual(bySlug(await storedRows()));
    const names = rows.map((row) => unescaped(row[1]).toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(headers['content-disposition']).toMatch(
      /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(headers['content-length']).toBeUndefined();
  });

  it('round trip: export, edit a price and add products, import: the catalogue is as edited', async () => {
    const { text, rows } = await exported();
    // Unchanged, the export imports as it is: nothing to do.
    expect(await preview(text)).toMatchObject({ errors: [], creates: 0, updates: 0 });

    const tag = uniqueTag();
    const edited = rows.map((row) => [...row]);
    const [changed] = edited;
    const oldPrice = changed[3];
    changed[3] = (Number(oldPrice) + 50.5).toFixed(2);
    const category = await newCategory(shop, shop.admin, `Festive ${tag}`);
    const added: Row[] = [
      // An empty slug is derived from the name; the category may be named rather than slugged.
      [
        '',
        `Diwali Rangoli Kit ${tag}`,
        'Colours, stencils and a guide.',
        '450',
        category.name,
        '12',
        'yes',
        '',
        '',
        '',
      ],
      [
        `torans-${tag}`,
        `Marigold Toran ${tag}`,
        'Fabric marigolds, 1.5 m.',
        '275.25',
        category.slug,
        '0',
        'no',
        '',
        '',
        '',
      ],
    ];
    const file = csvWithVariantsOf([...edited, ...added]);

    const before = await snapshot(shop);
    const planned = await preview(file);
    expect(await snapshot(shop)).toEqual(before);
    /** Rupees as a change shows them: whole, or with both decimals. */
    const shown = (price: string) =>
      Number.isInteger(Number(price)) ? String(Number(price)) : Number(price).toFixed(2);
    expect(planned).toMatchObject({
      errors: [],
      creates: 2,
      updates: 1,
      unchanged: productsIn(rows) - 1,
    });
    expect(planned.rows[0]).toEqual({
      line: 2,
      slug: changed[0],
      action: 'UPDATE',
      changes: [`price: ${shown(oldPrice)} -> ${shown(changed[3])}`],
    });
    expect(planned.rows.slice(-2)).toEqual([
      expect.objectContaining({
        line: rows.length + 2,
        slug: `diwali-rangoli-kit-${tag}`,
        action: 'CREATE',
      }),
      expect.objectContaining({ line: rows.length + 3, slug: `torans-${tag}`, action: 'CREATE' }),
    ]);

    expect(await importFile(file)).toEqual({
      created: 2,
      updated: 1,
      unchanged: productsIn(rows) - 1,
      errors: [],
    });
    // New products sold one way get a SKU made from their slug.
    const rangoli = `diwali-rangoli-kit-${tag}`;
    const expected = [
      ...edited,
      [rangoli, ...added[0].slice(1, 3), '450.00', category.slug, '12', 'yes'],
      [...added[1].slice(0, 7), `TORANS-${tag.toUpperCase()}`, '', '', '', '', '', ''],
    ];
    // Options, MRP, HSN, tax class and the Hindi texts left empty.
    expected[expected.length - 2].push(rangoli.toUpperCase(), '', '', '', '', '', '');
    expect(bySlug((await exported()).rows)).toEqual(bySlug(expected));
    expect(bySlug(await storedRows())).toEqual(bySlug(expected.map((row) => row.map(unescaped))));
    // The storefront serves the new products at once.
    const { product } = await gqlOk<{ product: { name: string; price: number } | null }>(
      shop,
      'query ($slug: String!) { product(slug: $slug) { name price } }',
      { slug: `torans-${tag}` },
    );
    expect(product).toEqual({ name: `Marigold Toran ${tag}`, price: 275.25 });
  });

  /** The Hindi texts stored for the product of `slug`. */
  const hindiOf = async (slug: string) => {
    const product = (await shop.connection.collection('products').findOne({ slug }))!;
    return { nameHi: product.nameHi as string | null, descriptionHi: product.descriptionHi };
  };

  it('carries Hindi names and descriptions in name_hi and description_hi, both ways', async () => {
    const tag = uniqueTag();
    const category = await newCategory(shop, shop.admin);
    const diya = `diya-${tag}`;
    const kettle = `kettle-${tag}`;
    const kurta = `kurta-${tag}`;
    const hindi = {
      nameHi: `पीतल का दीया ${tag}`,
      // A description may span lines, in Hindi too.
      descriptionHi: 'मुरादाबाद में हाथ से ढला पीतल का दीया।\nदो का सेट।',
    };
    const kurtaHindi = { name_hi: 'सूती कुर्ता', description_hi: 'हथकरघा सूती कपड़ा।' };
    const base = { category: category.slug, quantity: '5', shipping: 'yes' };
    const created = await importFile(
      stringify([
        [...PRODUCT_CSV_EXPORT_COLUMNS],
        lineOf({
          ...base,
          slug: diya,
          name: `Brass Diya ${tag}`,
          description: 'Hand-cast brass.',
          price: '349',
          name_hi: hindi.nameHi,
          description_hi: hindi.descriptionHi,
        }),
        lineOf({
          ...base,
          slug: kettle,
          name: `Kettle ${tag}`,
          description: 'Copper',
          price: '99',
        }),
        // A product sold in sizes: each of its lines repeats the Hindi texts.
        ...['M', 'L'].map((size) =>
          lineOf({
            ...base,
            ...kurtaHindi,
            slug: kurta,
            name: `Kurta ${tag}`,
            description: 'Cotton',
            price: '899',
            sku: `KURTA-${tag}-${size}`.toUpperCase(),
            options: `Size=${size}`,
          }),
        ),
      ]),
    );
    expect(created).toMatchObject({ created: 3, errors: [] });
    expect(await hindiOf(diya)).toEqual(hindi);
    expect(await hindiOf(kettle)).toEqual({ nameHi: null, descriptionHi: null });
    expect(await hindiOf(kurta)).toEqual({
      nameHi: kurtaHindi.name_hi,
      descriptionHi: kurtaHindi.description_hi,
    });

    // The export carries them, last; empty cells where there are none.
    const { text, rows } = await exported();
    expect(PRODUCT_CSV_EXPORT_COLUMNS.slice(-2)).toEqual(['name_hi', 'description_hi']);
    const lineFor = (all: Row[], slug: string) => all.find((row) => row[0] === slug)!;
    const hindiCells = (row: Row) => [row[at('name_hi')], row[at('description_hi')]];
    expect(hindiCells(lineFor(rows, diya))).toEqual([hindi.nameHi, hindi.descriptionHi]);
    expect(hindiCells(lineFor(rows, kettle))).toEqual(['', '']);
    expect(rows.filter((row) => row[0] === kurta).map(hindiCells)).toEqual([
      [kurtaHindi.name_hi, kurtaHindi.description_hi],
      [kurtaHindi.name_hi, kurtaHindi.description_hi],
    ]);

    // Imported unchanged, the export changes nothing.
    const before = await snapshot(shop);
    expect(await preview(text)).toMatchObject({ errors: [], creates: 0, updates: 0 });
    expect(await importFile(text)).toMatchObject({ created: 0, updated: 0, errors: [] });
    expect(await snapshot(shop)).toEqual(before);

    /** The export with the lines of `slug` edited. */
    const editing = (slug: string, edit: (row: Row) => void) =>
      stringify([
        [...PRODUCT_CSV_EXPORT_COLUMNS],
        ...rows.map((row) => {
          const copy = [...row];
          if (row[0] === slug) edit(copy);
          return copy;
        }),
      ]);

    // A change of a Hindi name alone is an update.
    const renamed = `पीतल का दीपक ${tag}`;
    const file = editing(diya, (row) => (row[at('name_hi')] = renamed));
    const planned = await preview(file);
    expect(planned).toMatchObject({
      errors: [],
      creates: 0,
      updates: 1,
      unchanged: productsIn(rows) - 1,
    });
    expect(planned.rows.find((row) => row.slug === diya)).toMatchObject({
      action: 'UPDATE',
      changes: [`nameHi: ${hindi.nameHi} -> ${renamed}`],
    });
    expect(await importFile(file)).toMatchObject({ updated: 1, errors: [] });
    expect(await hindiOf(diya)).toEqual({ ...hindi, nameHi: renamed });

    // An empty cell clears one.
    const cleared = editing(diya, (row) => {
      row[at('name_hi')] = renamed;
      row[at('description_hi')] = '  ';
    });
    expect((await preview(cleared)).rows.find((row) => row.slug === diya)!.changes).toEqual([
      `descriptionHi: ${hindi.descriptionHi.slice(0, 39)}… -> (none)`,
    ]);
    expect(await importFile(cleared)).toMatchObject({ updated: 1, errors: [] });
    expect(await hindiOf(diya)).toEqual({ nameHi: renamed, descriptionHi: null });

    // The lines of one product repeat them: a line that differs is refused, naming its column.
    const split = editing(kurta, (row) => {
      if (row[7].endsWith('-L')) row[at('name_hi')] = 'सूती कुर्ता, बड़ा';
    });
    // The line each row starts on: a cell over two lines (the diya's description) takes two.
    let next = 2;
    const kurtaLines = rows
      .map((row) => {
        const line = next;
        next += row.join('').split('\n').length;
        return { row, line };
      })
      .filter(({ row }) => row[0] === kurta);
    const second = kurtaLines.find(({ row }) => row[7].endsWith('-L'))!;
    const first = kurtaLines.find(({ row }) => row[7].endsWith('-M'))!;
    const unsplit = await snapshot(shop);
    expect((await preview(split)).errors).toEqual([
      {
        line: second.line,
        field: 'name_hi',
        message: `The name_hi differs from line ${first.line}'s: the lines of one product share it`,
      },
    ]);
    expect((await importFile(split)).errors).toHaveLength(1);
    expect(await snapshot(shop)).toEqual(unsplit);

    // A file without the Hindi columns leaves the Hindi texts as they are.
    const width = PRODUCT_CSV_EXPORT_COLUMNS.length - PRODUCT_CSV_HINDI_COLUMNS.length;
    const withoutHindi = (edit: (row: Row) => void) =>
      stringify([
        PRODUCT_CSV_EXPORT_COLUMNS.slice(0, width),
        ...rows.map((row) => {
          const copy = row.slice(0, width);
          if (row[0] === diya) edit(copy);
          return copy;
        }),
      ]);
    expect(await preview(withoutHindi(() => {}))).toMatchObject({
      errors: [],
      creates: 0,
      updates: 0,
    });
    const repriced = withoutHindi((row) => (row[3] = '399.00'));
    expect((await preview(repriced)).rows.find((row) => row.slug === diya)!.changes).toEqual([
      'price: 349 -> 399',
    ]);
    expect(await importFile(repriced)).toMatchObject({ updated: 1, errors: [] });
    expect((await productBySlug(shop, diya)).price).toBe(39_900);
    expect(await hindiOf(diya)).toEqual({ nameHi: renamed, descriptionHi: null });
    expect(await hindiOf(kurta)).toEqual({
      nameHi: kurtaHindi.name_hi,
      descriptionHi: kurtaHindi.description_hi,
    });
  });

  it('refuses a Hindi cell too long or with control characters, naming its column, changing nothing', async () => {
    const tag = uniqueTag();
    const category = await newCategory(shop, shop.admin);
    const base = { category: category.slug, price: '99', quantity: '1', shipping: 'no' };
    const file = stringify([
      [...PRODUCT_CSV_EXPORT_COLUMNS],
      lineOf({
        ...base,
        name: `Lamp ${tag}`,
        description: 'Brass',
        name_hi: 'द'.repeat(PRODUCT_RULES.name.maxLength + 1),
      }),
      lineOf({
        ...base,
        name: `Kettle ${tag}`,
        description: 'Copper',
        name_hi: 'केतली\u0007',
        description_hi: 'ताँबे की\u0000 केतली',
      }),
      lineOf({
        ...base,
        name: `Mug ${tag}`,
        description: 'Khadi',
        description_hi: 'क'.repeat(PRODUCT_RULES.description.maxLength + 1),
      }),
      // Tab and line breaks are kept in a description, in Hindi too; a name has none.
      lineOf({
        ...base,
        name: `Cup ${tag}`,
        description: 'Clay',
        name_hi: 'कुल्हड़\tमिट्टी',
        description_hi: 'मिट्टी का\n\tकुल्हड़',
      }),
    ]);
    const expectedErrors = [
      {
        line: 2,
        field: 'name_hi',
        message: `name_hi must be shorter than or equal to ${PRODUCT_RULES.name.maxLength} characters`,
      },
      { line: 3, field: 'name_hi', message: controlCharactersIn('name_hi') },
      { line: 3, field: 'description_hi', message: controlCharactersIn('description_hi') },
      {
        line: 4,
        field: 'description_hi',
        message: `description_hi must be shorter than or equal to ${PRODUCT_RULES.description.maxLength} characters`,
      },
      { line: 5, field: 'name_hi', message: controlCharactersIn('name_hi') },
    ];
    const before = await snapshot(shop);
    const planned = await preview(file);
    expect(planned.errors).toEqual(expectedErrors);
    expect(planned.rows).toEqual([]);
    expect(await importFile(file)).toEqual({
      created: 0,
      updated: 0,
      unchanged: 0,
      errors: expectedErrors,
    });
    expect(await snapshot(shop)).toEqual(before);
  });

  it('changes nothing for a file with a bad line, and names every line and field at fault', async () => {
    const tag = uniqueTag();
    const category = await newCategory(shop, shop.admin);
    const file = csvOf([
      // A description over two lines: the next product starts on line 4.
      [`lamp-${tag}`, `Lamp ${tag}`, 'Brass,\nhand-cast', '349', category.slug, '5', 'yes'],
      ['', `Kettle ${tag}`, 'Copper', 'abc', category.slug, '-1', 'maybe'],
      ['', `Mug ${tag}`, 'Khadi', '99.999', `no-such-category-${tag}`, '3', 'no'],
      [`lamp-${tag}`, `Other lamp ${tag}`, 'Iron', '10', category.slug, '1', 'no'],
      ['Not A Slug!', '   ', 'Tin', '10', category.slug, '1.5', ''],
    ]);
    const expectedErrors = [
      { line: 4, field: 'price', message: PRODUCT_RULES.price.message },
      { line: 4, field: 'quantity', message: PRODUCT_RULES.quantity.message },
      { line: 4, field: 'shipping', message: 'Shipping must be yes or no' },
      { line: 5, field: 'price', message: 'price must have at most 2 decimal places' },
      {
        line: 5,
        field: 'category',
        message: `No category has the slug or name "no-such-category-${tag}"`,
      },
      { line: 6, field: 'slug', message: `The slug lamp-${tag} is on line 2 too` },
      { line: 7, field: 'slug', message: SLUG_RULE.message },
      { line: 7, field: 'name', message: PRODUCT_RULES.name.required },
      { line: 7, field: 'quantity', message: PRODUCT_RULES.quantity.message },
    ];

    const before = await snapshot(shop);
    const planned = await preview(file);
    expect(planned.errors).toEqual(expectedErrors);
    expect(planned.rows).toEqual([
      expect.objectContaining({ line: 2, slug: `lamp-${tag}`, action: 'CREATE' }),
    ]);
    expect(await importFile(file)).toEqual({
      created: 0,
      updated: 0,
      unchanged: 0,
      errors: expectedErrors,
    });
    expect(await snapshot(shop)).toEqual(before);
  });

  it('refuses a header without the columns, naming what it lacks', async () => {
    const before = await snapshot(shop);
    const file = 'slug,name,price,colour\nx,Lamp,10,red\n';
    const planned = await preview(file);
    expect(planned.rows).toEqual([]);
    expect(planned.errors.map((error) => [error.line, error.field])).toEqual([
      [1, null],
      [1, 'description'],
      [1, 'category'],
      [1, 'quantity'],
      [1, 'shipping'],
    ]);
    expect(planned.errors[0].message).toContain('Unknown column "colour"');
    expect((await importFile(file)).errors).toEqual(planned.errors);
    expect(await snapshot(shop)).toEqual(before);
  });

  it('undoes every write of an import whose later write fails', async () => {
    const tag = uniqueTag();
    const category = await newCategory(shop, shop.admin);
    const kept = await newProduct(shop, shop.admin, { category: category._id, price: 100 });
    const file = csvOf([
      [kept.slug, kept.name, kept.description, '120', category.slug, '7', 'no'],
      [`first-${tag}`, `First ${tag}`, 'Made first', '10', category.slug, '1', 'no'],
      [`second-${tag}`, `Second ${tag}`, 'Refused', '10', category.slug, '1', 'no'],
    ]);
    const products = shop.app.get(ProductWrites);
    const create = products.createHidden.bind(products);
    vi.spyOn(products, 'createHidden').mockImplementation(async (id, input, job) => {
      if (input.slug === `second-${tag}`) throw conflict('Another product has the slug');
      return create(id, input, job);
    });
    const catalogueBefore = await storedRows();

    const result = await importFile(file);
    expect(result).toMatchObject({ created: 0, updated: 0, unchanged: 0 });
    expect(result.errors).toEqual([
      { line: 4, field: null, message: 'Another product has the slug; nothing was imported' },
    ]);
    expect(bySlug(await storedRows())).toEqual(bySlug(catalogueBefore));
    const restored = await productBySlug(shop, kept.slug);
    expect([restored.price, restored.quantity]).toEqual([10_000, kept.quantity]);
    expect(
      await shop.connection.collection('products').countDocuments({ slug: `first-${tag}` }),
    ).toBe(0);
  });

  it('escapes cells a spreadsheet would run as formulas, and reads them back as they were', async () => {
    const tag = uniqueTag();
    const category = await newCategory(shop, shop.admin);
    const names = [
      `=HYPERLINK("http://evil.example","Click ${tag}")`,
      `+91 Chai ${tag}`,
      `@Home Lamp ${tag}`,
      `-Minus Mug ${tag}`,
      `'Quoted Kettle ${tag}`,
    ];
    for (const name of names) {
      await newProduct(shop, shop.admin, { name, description: '=1+2', category: category._id });
    }
    const { text, rows } = await exported();
    for (const name of names) {
      const row = rows.find((one) => unescaped(one[1]) === name)!;
      expect(row, name).toBeDefined();
      expect(row[1]).toBe(`'${name}`);
      expect(row[2]).toBe(`'=1+2`);
    }
    // Nothing in the file starts a cell with a formula character.
    const cells: Row[] = parse(text, { bom: true });
    expect(cells.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);

    // Read back, the export changes nothing: every value is what it was.
    expect(await preview(text)).toMatchObject({ errors: [], creates: 0, updates: 0 });

    // A new product written the escaped way is stored without the apostrophe.
    const file = csvOf([
      [`sum-${tag}`, `'=SUM(1;2) ${tag}`, `'+tea`, '10', category.slug, '1', 'no'],
    ]);
    expect(await importFile(file)).toMatchObject({ created: 1, errors: [] });
    expect((await productBySlug(shop, `sum-${tag}`)).name).toBe(`=SUM(1;2) ${tag}`);
  });

  it('refuses control characters with the product form’s rule, naming the line and field', async () => {
    const tag = uniqueTag();
    const category = await newCategory(shop, shop.admin);
    const file = csvOf([
      ['', `Lamp\u0000${tag}`, 'Brass', '349', category.slug, '5', 'yes'],
      ['', `Kettle\u001b[31m${tag}`, 'Copper\u0001', '99', category.slug, '1', 'no'],
      // A description may span lines: tab and line breaks are kept.
      ['', `Mug ${tag}`, 'Khadi\n\tprinted', '99', category.slug, '3', 'no'],
    ]);
    const before = await snapshot(shop);
    const expectedErrors = [
      { line: 2, field: 'name', message: controlCharactersIn('name') },
      { line: 3, field: 'name', message: controlCharactersIn('name') },
      { line: 3, field: 'description', message: controlCharactersIn('description') },
    ];
    expect((await preview(file)).errors).toEqual(expectedErrors);
    expect((await importFile(file)).errors).toEqual(expectedErrors);
    expect(await snapshot(shop)).toEqual(before);
  });

  it('refuses a file over 1 MB or of more than 2,000 products, writing nothing', async () => {
    const before = await snapshot(shop);
    const description = 'x'.repeat(990);
    const big = csvOf(
      Array.from({ length: 1_020 }, (_, at) => [
        `big-${at}`,
        `Big ${at}`,
        description,
        '1',
        'a',
        '1',
        'no',
      ]),
    );
    expect(big.length).toBeGreaterThan(PRODUCT_IMPORT_LIMITS.maxBytes);
    expect(big.length).toBeLessThan(1024 * 1024);
    for (const query of [PREVIEW, IMPORT]) {
      const answer = await gqlUpload(shop, query, csvFile(big), shop.admin);
      expect(expectRefused(answer, 'PAYLOAD_TOO_LARGE').message).toBe(
        PRODUCT_IMPORT_LIMITS.tooLarge,
      );
    }
    // Past the upload's own limit too.
    const bigger = Buffer.concat([Buffer.from(big), Buffer.alloc(100_000, 'y')]);
    expect(codeOf(await gqlUpload(shop, IMPORT, csvFile(bigger), shop.admin))).toBe(
      'PAYLOAD_TOO_LARGE',
    );

    const many = csvOf(
      Array.from({ length: PRODUCT_IMPORT_LIMITS.maxRows + 1 }, (_, at) => [
        '',
        `Many ${at}`,
        'Small',
        '1',
        'a',
        '1',
        'no',
      ]),
    );
    expect(many.length).toBeLessThan(PRODUCT_IMPORT_LIMITS.maxBytes);
    for (const query of [PREVIEW, IMPORT]) {
      const answer = await gqlUpload(shop, query, csvFile(many), shop.admin);
      expect(expectRefused(answer, 'BAD_USER_INPUT').message).toBe(
        PRODUCT_IMPORT_LIMITS.tooManyRows,
      );
    }
    const empty = await gqlUpload(shop, IMPORT, csvFile(csvOf([])), shop.admin);
    expect(expectRefused(empty, 'BAD_USER_INPUT').message).toBe(PRODUCT_IMPORT_LIMITS.empty);
    expect(await snapshot(shop)).toEqual(before);
  });

  it('serves a sample anyone may download, which imports as it is', async () => {
    const response = await shop.http().get('/api/v1/product/import-sample.csv').buffer(true);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...rows]: Row[] = parse(response.text, { bom: true });
    expect(header).toEqual([...PRODUCT_CSV_EXPORT_COLUMNS]);
    expect(rows.length).toBeGreaterThan(1);
    const planned = await preview(response.text);
    expect(planned.errors).toEqual([]);
    // Its kurta is two lines, one per size: one product.
    expect(planned.rows).toHaveLength(
      rows.filter((row) => row[0] === '').length + productsIn(rows.filter((row) => row[0] !== '')),
    );
  });

  it('is for admins only: the import on GraphQL, the export on REST', async () => {
    const before = await snapshot(shop);
    const file = csvFile(csvOf([['', `Nobody's ${uniqueTag()}`, 'x', '1', 'a', '1', 'no']]));
    for (const query of [PREVIEW, IMPORT]) {
      const field = query === PREVIEW ? 'previewProductImport' : 'importProducts';
      const anonymous = expectRefused(await gqlUpload(shop, query, file), 'UNAUTHENTICATED', field);
      expect(anonymous.message).toBe('Please sign in');
      const shopper = expectRefused(
        await gqlUpload(shop, query, file, shop.shopper),
        'FORBIDDEN',
        field,
      );
      expect(shopper.message).toBe('Admins only');
    }
    expectError(await shop.http().get('/api/v1/product/export.csv'), 401);
    expectError(
      await shop.http().get('/api/v1/product/export.csv').set(shop.shopper.auth),
      403,
      'Admins only',
    );
    expect(await snapshot(shop)).toEqual(before);
  });
});

const codeOf = (answer: { errors?: { extensions?: { code?: string } }[] }) =>
  answer.errors?.[0]?.extensions?.code;

/** The admin list's stock filter (GraphQL products(filter: { stock })) and each product's level. */
describe('stock levels: the filter and each product’s level, by LOW_STOCK_THRESHOLD', () => {
  const shop = useTestShop({ seed: true, env: { LOW_STOCK_THRESHOLD: '4' } });
  const PRODUCTS = `
    query ($filter: ProductFilter) {
      products(filter: $filter, pageSize: 50) { total items { slug quantity stockLevel } }
    }
  `;

  it('keeps out of stock (0), low (1 to 4) and in stock (5 up) apart, following sales', async () => {
    const category = (await newCategory(shop, shop.admin))._id;
    const made = [];
    for (const quantity of [0, 1, 4, 5, 9]) {
      made.push(await newProduct(shop, shop.admin, { category, quantity }));
    }
    const level = (quantity: number) =>
      quantity === 0 ? 'OUT_OF_STOCK' : quantity <= 4 ? 'LOW_STOCK' : 'IN_STOCK';
    const listed = async (stock?: string) =>
      (
        await gqlOk<{
          products: { items: { slug: string; quantity: number; stockLevel: string }[] };
        }>(shop, PRODUCTS, { filter: { categoryIds: [category], ...(stock && { stock }) } })
      ).products.items;

    const all = await listed();
    expect(all.map((item) => [item.quantity, item.stockLevel]).sort()).toEqual(
      [0, 1, 4, 5, 9].map((quantity) => [quantity, level(quantity)]).sort(),
    );
    for (const stock of ['OUT_OF_STOCK', 'LOW_STOCK', 'IN_STOCK']) {
      const slugs = (await listed(stock)).map((item) => item.slug).sort();
      expect(slugs, stock).toEqual(
        made
          .filter((product) => level(product.quantity) === stock)
          .map((p) => p.slug)
          .sort(),
      );
    }

    // A sale takes the 5 down to 4: low in stock now.
    const buyer = await newShopper(shop);
    await placeOrder(shop, buyer, made[3]._id, 1);
    expect((await listed('LOW_STOCK')).map((item) => item.slug).sort()).toEqual(
      [made[1].slug, made[2].slug, made[3].slug].sort(),
    );
    expect((await listed('IN_STOCK')).map((item) => item.slug)).toEqual([made[4].slug]);
  });

  it('refuses a stock level it does not know', async () => {
    const answer = await gql(shop, PRODUCTS, { filter: { stock: 'PLENTY' } });
    expect(answer.status).toBe(400);
    expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
