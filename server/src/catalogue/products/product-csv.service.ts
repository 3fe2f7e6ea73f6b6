import { Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';
import { Catalogue } from '../read-model/catalogue';
import type { CategoryRecord } from '../records/category.schema';
import { csvRecords, fromSpreadsheet, NotUtf8Error } from '../../common/csv';
import { KeyedMutex } from '../../common/keyed-mutex';
import { rupeesText, toPaise } from '../../common/money';
import { badInput, ShopError } from '../../common/shop-error';
import { freeSlug, slugify } from '../../common/text';
import { TimeSlices } from '../../common/time-slices';
import {
  CSV_OPTIONS,
  obeys,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_EXPORT_COLUMNS,
  PRODUCT_CSV_HINDI_COLUMNS,
  PRODUCT_CSV_TAX_COLUMNS,
  PRODUCT_CSV_VARIANT_COLUMNS,
  PRODUCT_IMPORT_LIMITS,
  PRODUCT_RULES,
  SLUG_RULE,
  VARIANT_RULES,
} from '../../shared/rules';
import { HSN_PATTERN, TAX_RULES } from '../../shared/tax-rules';
import { TaxSettingsService } from '../../tax';
import {
  checkedGrid,
  normaliseSku,
  skuFromSlug,
  VariantGrid,
  VariantInput,
} from '../variants/variant-grid';
import { ProductFormDto } from './product.dto';
import { ProductReads } from './product-reads.service';
import { IMPORT_JOB_STATE, ImportFault, ProductImportRecord } from './product-import.schema';
import { ProductImports } from './product-imports.service';
import { ProductInput } from './product-writes.service';
import type { ProductRecord } from '../records/product.schema';

export const IMPORT_ACTION = {
  CREATE: 'create',
  UPDATE: 'update',
  UNCHANGED: 'unchanged',
} as const;
export type ImportAction = (typeof IMPORT_ACTION)[keyof typeof IMPORT_ACTION];

type Column = (typeof PRODUCT_CSV_EXPORT_COLUMNS)[number];

/** A fault of a line (`field` is a column, or null for the line as a whole), as a job keeps it too. */
export type ImportError = ImportFault;

export interface ImportRow {
  line: number;
  slug: string;
  action: ImportAction;
  changes: string[];
}

export interface ImportPreview {
  rows: ImportRow[];
  errors: ImportError[];
  creates: number;
  updates: number;
  unchanged: number;
}

export interface ImportResult {
  created: number;
  updated: number;
  unchanged: number;
  errors: ImportError[];
  /** The job that wrote the file; null when a line was at fault and nothing began. */
  job: ProductImportRecord | null;
}

/** A valid line: what it would write, and to which product. */
interface PlannedRow extends ImportRow {
  input: ProductInput;
  /** The product an update changes. */
  current?: ProductRecord;
}

/** A line's variant: its cells of the variant columns, checked. */
interface LineVariant {
  line: number;
  sku: string;
  /** Option name and value pairs, in the line's order. */
  choices: [string, string][];
  /** Paise. */
  price: number;
  mrp: number | null;
  quantity: number;
}

/** A checked line, and its variant when the file has the variant columns. */
interface CheckedLine {
  line: number;
  input: ProductInput;
  variant?: LineVariant;
}

/** The most errors one answer lists; one more entry then says how many more there are. */
export const IMPORT_ERRORS_SHOWN = 100;
/** Longer texts are cut short in the changes a preview lists. */
const SHOWN_TEXT = 40;

const SHIPPING = { yes: true, no: false, true: true, false: false, '1': true, '0': false } as const;

/**
 * The catalogue as CSV (the columns of PRODUCT_CSV_COLUMNS, also the import's): the rows of an
 * export, a sample, and the import, which creates a product for a new slug (or an empty one,
 * from its name) and updates the product of a known slug.
 *
 * An import checks every line with the same rules as the product form (ProductFormDto, whose
 * messages come from shared/rules.ts) before anything is written, naming each line and field
 * at fault; then writes through ProductWrites, whose rules run once more, so the catalogue,
 * the change log and slugs follow as for any other write. All or nothing: a write that still
 * fails (a category deleted meanwhile, a slug taken on another instance a moment ago, the
 * database gone) has every write before it undone.
 */
@Injectable()
export class ProductCsvService {
  /** One import at a time in this process, so two cannot interleave their writes and undos. */
  private readonly imports = new KeyedMutex();

  constructor(
    private readonly reads: ProductReads,
    private readonly catalogue: Catalogue,
    private readonly jobs: ProductImports,
    private readonly taxes: TaxSettingsService,
  ) {}

  /** Every product as a row of the export, by name. */
  *exportRows(): Generator<string[]> {
    for (const product of this.reads.everyProduct()) yield* this.rowsOf(product);
  }

  /** A few products in the import's format, filed under the shop's own categories. */
  sampleRows(): string[][] {
    const categories = this.catalogue.categoryList();
    const categoryAt = (at: number) =>
      categories[at % Math.max(1, categories.length)]?.slug ?? 'your-category-slug';
    return [
      [
        'sample-brass-diya',
        'Brass Diya, set of 2',
        'Hand-cast brass oil lamps from Moradabad.',
        '349.00',
        categoryAt(0),
        '25',
        'yes',
        'DIYA-2',
        '',
        '399.00',
        '7418',
        'standard',
        'पीतल का दीया, 2 का सेट',
        'मुरादाबाद में हाथ से ढले पीतल के दीये।',
      ],
      [
        'sample-cotton-kurta',
        'Cotton Kurta',
        'Handloom cotton; one line per size and colour, sharing the slug.',
        '899.00',
        categoryAt(1),
        '12',
        'yes',
        'KURTA-M-INDIGO',
        'Size=M; Colour=Indigo',
        '1299.00',
        '6211',
        'apparel',
        'सूती कुर्ता',
        'हथकरघा सूती; हर नाप और रंग की एक पंक्ति, एक ही स्लग के साथ।',
      ],
      [
        'sample-cotton-kurta',
        'Cotton Kurta',
        'Handloom cotton; one line per size and colour, sharing the slug.',
        '899.00',
        categoryAt(1),
        '0',
        'yes',
        'KURTA-L-INDIGO',
        'Size=L; Colour=Indigo',
        '1299.00',
        '6211',
        'apparel',
        'सूती कुर्ता',
        'हथकरघा सूती; हर नाप और रंग की एक पंक्ति, एक ही स्लग के साथ।',
      ],
      [
        'sample-masala-chai',
        'Masala Chai, 250 g',
        'Assam tea with cardamom, ginger and cloves.',
        '180.50',
        categoryAt(1),
        '40',
        'yes',
        '',
        '',
        '',
        '0902',
        'reduced',
        'मसाला चाय, 250 ग्राम',
        'इलायची, अदरक और लौंग वाली असम चाय।',
      ],
      [
        '',
        'Cotton Tote Bag',
        'Block-printed in Jaipur; the slug comes from the name.',
        '299.00',
        categoryAt(0),
        '0',
        'no',
        '',
        '',
        '',
        '4202',
        'standard',
        '',
        '',
      ],
    ];
  }

  /** What importing `file` would do; writes nothing. */
  async preview(file: Buffer): Promise<ImportPreview> {
    const { rows, errors } = await this.plan(file);
    return {
      rows: rows.map(({ line, slug, action, changes }) => ({ line, slug, action, changes })),
      errors,
      ...countsOf(rows),
    };
  }

  /**
   * Checks the whole file again, then writes all of it as one job (ProductImports), or nothing
   * when any line is at fault. `fileName` names the job for the admin.
   */
  apply(file: Buffer, fileName = ''): Promise<ImportResult> {
    return this.imports.run('import', async () => {
      const { rows, errors } = await this.plan(file);
      if (errors.length > 0) return { created: 0, updated: 0, unchanged: 0, errors, job: null };
      const counts = countsOf(rows);
      const job = await this.jobs.run(
        rows
          .filter((row) => row.action !== IMPORT_ACTION.UNCHANGED)
          .map(({ line, slug, input, current }) => ({
            line,
            slug,
            input: asWritten(input),
            ...(current && { current: current._id }),
          })),
        {
          fileName,
          created: counts.creates,
          updated: counts.updates,
          unchanged: counts.unchanged,
        },
      );
      if (job.state !== IMPORT_JOB_STATE.DONE) {
        return { created: 0, updated: 0, unchanged: 0, errors: job.faults, job };
      }
      return {
        created: job.created,
        updated: job.updated,
        unchanged: job.unchanged,
        errors: [],
        job,
      };
    });
  }

  /**
   * Every line of the file checked against the rules and the catalogue as it is now, read as a
   * stream in slices that leave the event loop free (a file of 2,000 lines takes a while to
   * check, and the shop serves meanwhile), stopping at the first line past the row limit.
   */
  private async plan(file: Buffer): Promise<{ rows: PlannedRow[]; errors: ImportError[] }> {
    if (file.length > PRODUCT_IMPORT_LIMITS.maxBytes) {
      throw new ShopError('PAYLOAD_TOO_LARGE', PRODUCT_IMPORT_LIMITS.tooLarge);
    }
    const lines: CheckedLine[] = [];
    const errors: ImportError[] = [];
    let columns: Columns | undefined;
    let products = 0;
    const classes = new Set((await this.taxes.classes()).classes.map((one) => one.code));
    try {
      for await (const { record, info } of csvRecords(file, new TimeSlices())) {
        if (!columns) {
          const found = columnsOf(record);
          if ('errors' in found) return { rows: [], errors: found.errors };
          columns = found;
          continue;
        }
        products += 1;
        if (products > PRODUCT_IMPORT_LIMITS.maxRows) {
          throw badInput(PRODUCT_IMPORT_LIMITS.tooManyRows);
        }
        const at = firstLineOf(record, info.lines);
        const checked = this.checkedRecord(record, at, columns, classes);
        if ('errors' in checked) errors.push(...checked.errors);
        else lines.push(checked);
      }
    } catch (error) {
      if (error instanceof ShopError) throw error;
      if (error instanceof NotUtf8Error) throw badInput(PRODUCT_IMPORT_LIMITS.notUtf8(error.line));
      const { lines, message } = error as { lines?: number; message: string };
      return {
        rows: [],
        errors: [{ line: lines ?? 1, field: null, message: unreadable(message) }],
      };
    }
    if (products === 0) throw badInput(PRODUCT_IMPORT_LIMITS.empty);
    const rows: PlannedRow[] = [];
    /** Slugs the new products of the file will take, for the preview's derived slugs. */
    const claimed = new Set<string>();
    /** The line each SKU was given on. */
    const skuLines = new Map<string, number>();
    for (const [first, ...again] of productsOf(lines)) {
      // Without the variant columns one line is one product: a slug given twice is a mistake.
      if (!first.variant) {
        const message = `The slug ${first.input.slug} is on line ${first.line} too`;
        errors.push(...again.map(({ line }) => ({ line, field: 'slug', message })));
      }
      const planned = this.plannedProduct(first.variant ? [first, ...again] : [first], skuLines);
      if ('errors' in planned) {
        errors.push(...planned.errors);
        continue;
      }
      if (planned.input.slug) claimed.add(planned.input.slug);
      rows.push(planned);
    }
    errors.sort((a, b) => a.line - b.line);
    // New products without a slug take their name's, or the next free one.
    for (const row of rows) {
      if (row.action !== IMPORT_ACTION.CREATE || row.input.slug) continue;
      row.slug = freeSlug(
        slugify(row.input.name),
        (slug) => claimed.has(slug) || this.catalogue.hasSlug(slug),
      );
      claimed.add(row.slug);
    }
    return { rows, errors: shown(errors) };
  }

  /** One line of the file checked: the product's fields and its variant, or what is wrong. */
  private checkedRecord(
    record: string[],
    line: number,
    columns: Columns,
    classes: ReadonlySet<string>,
  ): CheckedLine | { errors: ImportError[] } {
    if (record.length !== columns.width) {
      const message = `The line has ${record.length} values; the header has ${columns.width}`;
      return { errors: [{ line, field: null, message }] };
    }
    const cellOf = (column: Column) =>
      columns.at[column] === undefined ? '' : fromSpreadsheet(record[columns.at[column]!]);
    const cells = Object.fromEntries(
      PRODUCT_CSV_EXPORT_COLUMNS.map((column) => [column, cellOf(column)]),
    ) as Record<Column, string>;
    const given = (group: readonly Column[]) =>
      group.some((column) => columns.at[column] !== undefined);
    const taxed = given(PRODUCT_CSV_TAX_COLUMNS);
    const checked = this.checkedLine(
      cells,
      line,
      taxed ? classes : null,
      given(PRODUCT_CSV_HINDI_COLUMNS),
    );
    if ('errors' in checked) return checked;
    if (!columns.variants) return { line, input: checked.input };
    const variant = checkedVariant(cells, line, checked.input);
    return 'errors' in variant ? variant : { line, input: checked.input, variant };
  }

  /**
   * The lines of one product as what they would write: its fields from the first line, which
   * the others must repeat, and, with the variant columns, its options and variants checked
   * as the variant editor's (checkedGrid), each fault named by the line it comes from.
   */
  private plannedProduct(
    group: CheckedLine[],
    skuLines: Map<string, number>,
  ): PlannedRow | { errors: ImportError[] } {
    const [first] = group;
    const { line, input } = first;
    const errors: ImportError[] = [];
    for (const other of group.slice(1)) {
      for (const field of SHARED_FIELDS) {
        if (other.input[field] !== input[field]) {
          errors.push({
            line: other.line,
            field: COLUMN_OF[field] ?? field,
            message: `The ${COLUMN_OF[field] ?? field} differs from line ${line}'s: the lines of one product share it`,
          });
        }
      }
    }
    if (!first.variant) return this.planned(line, input);
    const current = input.slug ? this.catalogue.productBySlug(input.slug) : undefined;
    const variants = group.map(({ variant }) => variant!);
    const names = variants[0].choices.map(([name]) => name);
    const options = names.map((name) => ({ name, values: [] as string[] }));
    for (const variant of variants) {
      const named = variant.choices.map(([name]) => name);
      if (named.join('\u0000').toLowerCase() !== names.join('\u0000').toLowerCase()) {
        const message = `The options are not those of line ${line}: ${names.join(', ') || 'none'}`;
        errors.push({ line: variant.line, field: 'options', message });
        continue;
      }
      variant.choices.forEach(([, value], at) => {
        const known = options[at].values.some((seen) => seen.toLowerCase() === value.toLowerCase());
        if (!known) options[at].values.push(value);
      });
    }
    if (errors.length > 0) return { errors };
    const given: VariantInput[] = variants.map((variant) => {
      const values = variant.choices.map(([, value]) => value);
      const sku =
        variant.sku ||
        (!current && !input.slug
          ? ''
          : variants.length === 1 && names.length === 0 && current?.variants.length === 1
            ? current.variants[0].sku
            : madeSku(input.slug ?? current!.slug, values));
      const kept = current?.variants.find((stored) => stored.sku === sku);
      return {
        ...(kept && { id: String(kept._id) }),
        sku,
        values,
        price: variant.price,
        mrp: variant.mrp,
        quantity: variant.quantity,
        onSale: kept?.onSale ?? true,
        photoHash: kept?.photoHash ?? null,
      };
    });
    // A new product named by its name alone, sold one way, gets its SKU when it is written.
    if (given.length === 1 && !given[0].sku) return this.planned(line, input);
    for (const [at, variant] of given.entries()) {
      const lineOfSku = skuLines.get(variant.sku);
      const holder = this.catalogue.productBySku(variant.sku);
      if (lineOfSku !== undefined) {
        const message = `The SKU ${variant.sku} is on line ${lineOfSku} too`;
        errors.push({ line: variants[at].line, field: 'sku', message });
      } else if (holder && !(current && holder._id.equals(current._id))) {
        const message = `The SKU ${variant.sku} is already used by ${holder.name}`;
        errors.push({ line: variants[at].line, field: 'sku', message });
      }
      skuLines.set(variant.sku, variants[at].line);
    }
    if (errors.length > 0) return { errors };
    try {
      const grid = checkedGrid(options, given, current?.variants ?? []);
      const summary = { price: grid.variants[0].price, quantity: 0 };
      for (const variant of grid.variants) summary.quantity += variant.quantity;
      return this.planned(line, { ...input, ...summary, grid });
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      return { errors: [gridFault(error.message, variants, line)] };
    }
  }

  /**
   * A line's cells as a product's fields, or every field at fault. `classes`: the shop's tax
   * classes when the file has the tax columns; `hindi`: whether it has the Hindi ones.
   */
  private checkedLine(
    cells: Record<Column, string>,
    line: number,
    classes: ReadonlySet<string> | null,
    hindi: boolean,
  ): { input: ProductInput } | { errors: ImportError[] } {
    const errors: ImportError[] = [];
    const fault = (field: Column, message: string) => errors.push({ line, field, message });

    const slug = cells.slug.trim().toLowerCase();
    if (slug && !(SLUG_RULE.pattern.test(slug) && slug.length <= SLUG_RULE.maxLength)) {
      fault('slug', SLUG_RULE.message);
    }
    const category = this.categoryNamed(cells.category.trim());
    if (!cells.category.trim()) fault('category', 'Category is required');
    else if (!category)
      fault('category', `No category has the slug or name "${cells.category.trim()}"`);
    const shipping = SHIPPING[cells.shipping.trim().toLowerCase() as keyof typeof SHIPPING];
    if (cells.shipping.trim() && shipping === undefined) {
      fault('shipping', 'Shipping must be yes or no');
    }
    // With the tax columns: their cells, blanks clearing them; without, both kept as they are.
    const hsn = cells.hsn.trim();
    const taxClass = cells.taxclass.trim();
    if (classes && hsn && !HSN_PATTERN.test(hsn)) fault('hsn', TAX_RULES.hsn);
    if (classes && taxClass && !classes.has(taxClass)) fault('taxclass', TAX_RULES.taxClass);

    // The product form's own rules and messages: one place for them (product.dto.ts). With the
    // Hindi columns: their cells, blanks clearing them; without, both kept as they are.
    const form = plainToInstance(ProductFormDto, {
      name: cells.name,
      description: cells.description,
      ...(hindi && { nameHi: cells.name_hi, descriptionHi: cells.description_hi }),
      price: cells.price.trim(),
      quantity: cells.quantity.trim(),
      category: category ? String(category._id) : undefined,
      shipping: shipping ?? false,
    });
    for (const error of validateSync(form)) {
      if (error.property === 'category') continue;
      const field = FORM_COLUMN[error.property] ?? (error.property as Column);
      fault(field, namingColumn(messageOf(error), error.property, field));
    }
    if (errors.length > 0) return { errors: sortedByColumn(errors) };
    return {
      input: {
        name: form.name,
        description: form.description,
        price: toPaise(form.price),
        quantity: form.quantity,
        category: String(category!._id),
        shipping: form.shipping ?? false,
        ...(classes && { hsn: hsn || null, taxClass: taxClass || null }),
        ...(hindi && { nameHi: form.nameHi || null, descriptionHi: form.descriptionHi || null }),
        ...(slug && { slug }),
      },
    };
  }

  /** What the line does to the catalogue as it is now. */
  private planned(line: number, input: ProductInput): PlannedRow {
    const current = input.slug ? this.catalogue.productBySlug(input.slug) : undefined;
    if (!current) {
      return {
        line,
        slug: input.slug ?? '',
        action: IMPORT_ACTION.CREATE,
        changes: this.created(input),
        input,
      };
    }
    const changes = this.changed(current, input);
    return {
      line,
      slug: current.slug,
      action: changes.length > 0 ? IMPORT_ACTION.UPDATE : IMPORT_ACTION.UNCHANGED,
      changes,
      input,
      current,
    };
  }

  /** The fields of a new product, as a preview lists them. */
  private created(input: ProductInput): string[] {
    return FIELDS.map((field) => `${field}: ${this.shown(field, input)}`);
  }

  /** Each field the line changes, as "price: 499 -> 549", and its variants when they change. */
  private changed(current: ProductRecord, input: ProductInput): string[] {
    const before = inputOf(current);
    const changes = FIELDS.filter(
      (field) => input[field] !== undefined && before[field] !== input[field],
    ).map((field) => `${field}: ${this.shown(field, before)} -> ${this.shown(field, input)}`);
    if (input.grid) changes.push(...variantChanges(current, input.grid));
    return changes;
  }

  private shown(field: (typeof FIELDS)[number], input: ProductInput): string {
    switch (field) {
      case 'price':
        return input.price % 100 === 0 ? String(input.price / 100) : rupeesText(input.price);
      case 'category':
        return this.catalogue.category(input.category)?.slug ?? input.category;
      case 'shipping':
        return input.shipping ? 'yes' : 'no';
      case 'quantity':
        return String(input.quantity);
      case 'hsn':
      case 'taxClass':
        return input[field] || '(none)';
      default: {
        const text = input[field];
        if (!text) return '(none)';
        return text.length > SHOWN_TEXT ? `${text.slice(0, SHOWN_TEXT - 1)}…` : text;
      }
    }
  }

  /** By slug, else by name ignoring case, as an admin may write either. */
  private categoryNamed(text: string): CategoryRecord | undefined {
    if (!text) return undefined;
    const wanted = text.toLowerCase();
    return (
      this.catalogue.categoryWithSlug(wanted) ??
      this.catalogue.categoryList().find((category) => category.name.toLowerCase() === wanted)
    );
  }

  /** A product as the export writes it: a line per variant, in the export's columns. */
  private rowsOf(product: ProductRecord): string[][] {
    const category = this.catalogue.category(String(product.category))?.slug ?? '';
    return product.variants.map((variant) => [
      product.slug,
      product.name,
      product.description,
      rupeesText(variant.price),
      category,
      String(variant.quantity),
      product.shipping ? 'yes' : 'no',
      variant.sku,
      product.options
        .map((option, at) => `${option.name}${CSV_OPTIONS.is}${variant.values[at]}`)
        .join(`${CSV_OPTIONS.between} `),
      variant.mrp === null ? '' : rupeesText(variant.mrp),
      product.hsn ?? '',
      product.taxClass ?? '',
      product.nameHi ?? '',
      product.descriptionHi ?? '',
    ]);
  }
}

/** The fields an import writes, in the columns' order. */
const FIELDS = [
  'name',
  'description',
  'price',
  'category',
  'quantity',
  'shipping',
  'hsn',
  'taxClass',
  'nameHi',
  'descriptionHi',
] as const;

/** A stored product as the fields an import compares and writes, its slug kept. */
function inputOf(product: ProductRecord): ProductInput & { slug: string } {
  return {
    name: product.name,
    description: product.description,
    price: product.price,
    quantity: product.quantity,
    category: String(product.category),
    shipping: product.shipping,
    hsn: product.hsn ?? null,
    taxClass: product.taxClass ?? null,
    nameHi: product.nameHi ?? null,
    descriptionHi: product.descriptionHi ?? null,
    slug: product.slug,
  };
}

/** The fields an empty cell clears: null in a plan, as stored. */
const CLEARABLE = ['hsn', 'taxClass', 'nameHi', 'descriptionHi'] as const;

/**
 * A line's fields as ProductWrites takes them: a field cleared as '', since an update reads
 * null as "no change" (as GraphQL's explicit null), and would keep what the file clears.
 */
function asWritten(input: ProductInput): ProductInput {
  const written = { ...input };
  for (const field of CLEARABLE) if (written[field] === null) written[field] = '';
  return written;
}

function countsOf(rows: readonly ImportRow[]) {
  const count = (action: ImportAction) => rows.filter((row) => row.action === action).length;
  return {
    creates: count(IMPORT_ACTION.CREATE),
    updates: count(IMPORT_ACTION.UPDATE),
    unchanged: count(IMPORT_ACTION.UNCHANGED),
  };
}

/** Where each column is in the header, how many it names, and whether it has the variant ones. */
interface Columns {
  at: Partial<Record<Column, number>>;
  width: number;
  variants: boolean;
}

/** Where each column is in the header, or what is wrong with the header. */
function columnsOf(header: string[]): Columns | { errors: ImportError[] } {
  const names = header.map((name) => fromSpreadsheet(name).trim().toLowerCase());
  const expected =
    `The first line names the columns: ${PRODUCT_CSV_COLUMNS.join(',')}, ` +
    `and for variants ${PRODUCT_CSV_VARIANT_COLUMNS.join(',')}; ` +
    `${PRODUCT_CSV_TAX_COLUMNS.join(',')} and ${PRODUCT_CSV_HINDI_COLUMNS.join(',')} may follow`;
  const errors: ImportError[] = [];
  for (const name of names) {
    if (!(PRODUCT_CSV_EXPORT_COLUMNS as readonly string[]).includes(name)) {
      errors.push({ line: 1, field: null, message: `Unknown column "${name}". ${expected}` });
    }
  }
  const variants = PRODUCT_CSV_VARIANT_COLUMNS.some((column) => names.includes(column));
  const needed: readonly Column[] = variants
    ? [...PRODUCT_CSV_COLUMNS, ...PRODUCT_CSV_VARIANT_COLUMNS]
    : PRODUCT_CSV_COLUMNS;
  for (const column of needed) {
    const count = names.filter((name) => name === column).length;
    if (count === 0)
      errors.push({ line: 1, field: column, message: `No ${column} column. ${expected}` });
    if (count > 1)
      errors.push({ line: 1, field: column, message: `Two ${column} columns. ${expected}` });
  }
  const optional: readonly Column[] = [...PRODUCT_CSV_TAX_COLUMNS, ...PRODUCT_CSV_HINDI_COLUMNS];
  for (const column of optional) {
    if (names.filter((name) => name === column).length > 1)
      errors.push({ line: 1, field: column, message: `Two ${column} columns. ${expected}` });
  }
  if (errors.length > 0) return { errors };
  const given = optional.filter((column) => names.includes(column));
  return {
    at: Object.fromEntries([...needed, ...given].map((column) => [column, names.indexOf(column)])),
    width: names.length,
    variants,
  };
}

/** Each variant's own: a line of its product holds them for its variant alone. */
const VARIANT_FIELDS = ['price', 'quantity'] as const;
type SharedField = Exclude<(typeof FIELDS)[number], (typeof VARIANT_FIELDS)[number]>;

/** The fields every line of one product repeats. */
const SHARED_FIELDS = FIELDS.filter(
  (field): field is SharedField => !(VARIANT_FIELDS as readonly string[]).includes(field),
);
/** The column a shared field is read from, where its name differs. */
const COLUMN_OF: Partial<Record<SharedField, Column>> = {
  taxClass: 'taxclass',
  nameHi: 'name_hi',
  descriptionHi: 'description_hi',
};
/** The column a field of the product form (ProductFormDto) is read from, where its name differs. */
const FORM_COLUMN: Partial<Record<string, Column>> = {
  nameHi: 'name_hi',
  descriptionHi: 'description_hi',
};

/** A form's message about `property` (`nameHi must ...`) as about its column (`name_hi must ...`). */
function namingColumn(message: string, property: string, column: Column): string {
  return column !== property && message.startsWith(`${property} `)
    ? `${column}${message.slice(property.length)}`
    : message;
}

/**
 * The file's lines as products: the lines sharing a slug are one product's, in the order it
 * first appears; a line without a slug is a product of its own.
 */
function productsOf(lines: CheckedLine[]): CheckedLine[][] {
  const bySlug = new Map<string, CheckedLine[]>();
  const groups: CheckedLine[][] = [];
  for (const line of lines) {
    const slug = line.input.slug;
    const group = slug ? bySlug.get(slug) : undefined;
    if (group) {
      group.push(line);
      continue;
    }
    const started = [line];
    if (slug) bySlug.set(slug, started);
    groups.push(started);
  }
  return groups;
}

/** A line's variant cells: SKU, options and MRP checked; price and stock from its fields. */
function checkedVariant(
  cells: Record<Column, string>,
  line: number,
  input: ProductInput,
): LineVariant | { errors: ImportError[] } {
  const errors: ImportError[] = [];
  const sku = normaliseSku(cells.sku);
  if (sku && !VARIANT_RULES.sku.pattern.test(sku)) {
    errors.push({ line, field: 'sku', message: VARIANT_RULES.sku.message });
  }
  const choices: [string, string][] = [];
  for (const part of cells.options.split(CSV_OPTIONS.between)) {
    if (!part.trim()) continue;
    const [name, ...rest] = part.split(CSV_OPTIONS.is);
    const value = rest.join(CSV_OPTIONS.is).trim();
    if (!name.trim() || !value) {
      const message = `Options are written Size${CSV_OPTIONS.is}M${CSV_OPTIONS.between} Colour${CSV_OPTIONS.is}Indigo`;
      errors.push({ line, field: 'options', message });
      break;
    }
    choices.push([name.trim(), value]);
  }
  let mrp: number | null = null;
  if (cells.mrp.trim()) {
    const rupees = Number(cells.mrp.trim());
    if (!obeys(PRODUCT_RULES.price, rupees) || !Number.isInteger(Math.round(rupees * 100))) {
      errors.push({ line, field: 'mrp', message: PRODUCT_RULES.price.message });
    } else mrp = toPaise(rupees);
  }
  if (errors.length > 0) return { errors };
  return { line, sku, choices, price: input.price, mrp, quantity: input.quantity };
}

/** A SKU made from a product's slug and a variant's values: KURTA-M-INDIGO. */
function madeSku(slug: string, values: readonly string[]): string {
  const made = [slug, ...values]
    .join('-')
    .toUpperCase()
    .replace(/[^A-Z0-9._/-]+/g, '-');
  return skuFromSlug(made.replace(/-+/g, '-').toLowerCase());
}

/**
 * A refusal of checkedGrid (`variants[2].mrp: ...`) as the fault of the line and column it
 * comes from; a refusal of the options, as the first line's.
 */
function gridFault(message: string, variants: LineVariant[], first: number): ImportError {
  const match = /^variants\[(\d+)\]\.(\w+): (.*)$/.exec(message);
  if (match) {
    const column = (
      { sku: 'sku', values: 'options', price: 'price', mrp: 'mrp', quantity: 'quantity' } as const
    )[match[2] as 'sku'];
    return {
      line: variants[Number(match[1])]?.line ?? first,
      field: column ?? null,
      message: match[3],
    };
  }
  return { line: first, field: 'options', message: message.replace(/^[\w.[\]]+: /, '') };
}

/**
 * What an import changes of a product's options and variants, as a preview lists it: the
 * options, then each variant by SKU, added, removed or changed ("KURTA-M price: 899 -> 949").
 * A product sold one way shows its price and stock among its own fields already.
 */
function variantChanges(current: ProductRecord, grid: VariantGrid): string[] {
  const changes: string[] = [];
  const optionsText = (options: readonly { name: string; values: readonly string[] }[]) =>
    options.map(({ name, values }) => `${name} (${values.join(', ')})`).join('; ') || 'none';
  if (optionsText(current.options) !== optionsText(grid.options)) {
    changes.push(`options: ${optionsText(current.options)} -> ${optionsText(grid.options)}`);
  }
  const oneWay = current.variants.length === 1 && grid.variants.length === 1;
  const money = (paise: number | null) => (paise === null ? 'none' : rupeesText(paise));
  for (const variant of grid.variants) {
    const before = current.variants.find((stored) => stored.sku === variant.sku);
    if (!before) {
      changes.push(
        oneWay ? `sku: ${current.variants[0].sku} -> ${variant.sku}` : `added ${variant.sku}`,
      );
      continue;
    }
    const named = oneWay ? '' : `${variant.sku} `;
    if (!oneWay && before.price !== variant.price) {
      changes.push(`${named}price: ${money(before.price)} -> ${money(variant.price)}`);
    }
    if (!oneWay && before.quantity !== variant.quantity) {
      changes.push(`${named}quantity: ${before.quantity} -> ${variant.quantity}`);
    }
    if (before.mrp !== variant.mrp) {
      changes.push(`${named}mrp: ${money(before.mrp)} -> ${money(variant.mrp)}`);
    }
    if (before.values.join('/') !== variant.values.join('/')) {
      changes.push(`${named}options: ${before.values.join(', ')} -> ${variant.values.join(', ')}`);
    }
  }
  if (!oneWay) {
    const kept = new Set(grid.variants.map((variant) => variant.sku));
    for (const stored of current.variants) {
      if (!kept.has(stored.sku)) changes.push(`removed ${stored.sku}`);
    }
  }
  return changes;
}

/** csv-parse tells the line a record ends on; a quoted value may span several. */
function firstLineOf(record: readonly string[], lastLine: number): number {
  const breaks = record.reduce((sum, value) => sum + (value.match(/\n/g)?.length ?? 0), 0);
  return lastLine - breaks;
}

/** The shop's rule message when a value breaks one, else the validator's own. */
function messageOf(error: ValidationError): string {
  const constraints = error.constraints ?? {};
  return (
    constraints.obeys ??
    constraints.isInt ??
    constraints.isNotEmpty ??
    Object.values(constraints)[0] ??
    `${error.property} is not valid`
  );
}

function sortedByColumn(errors: ImportError[]): ImportError[] {
  const at = (error: ImportError) =>
    error.field === null ? -1 : PRODUCT_CSV_EXPORT_COLUMNS.indexOf(error.field as Column);
  return errors.sort((a, b) => at(a) - at(b));
}

function shown(errors: ImportError[]): ImportError[] {
  if (errors.length <= IMPORT_ERRORS_SHOWN) return errors;
  const more = errors.length - IMPORT_ERRORS_SHOWN;
  return [
    ...errors.slice(0, IMPORT_ERRORS_SHOWN),
    {
      line: errors[IMPORT_ERRORS_SHOWN].line,
      field: null,
      message: `${more} more error${more === 1 ? '' : 's'} from this line on; correct those above first`,
    },
  ];
}

function unreadable(detail: string): string {
  return `The file cannot be read as CSV here (${detail.replace(/^[^:]*: /, '')})`;
}
