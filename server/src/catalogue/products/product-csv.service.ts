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
import { PRODUCT_CSV_COLUMNS, PRODUCT_IMPORT_LIMITS, SLUG_RULE } from '../../shared/rules';
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

type Column = (typeof PRODUCT_CSV_COLUMNS)[number];

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
  ) {}

  /** Every product as a row of the export, by name. */
  *exportRows(): Generator<string[]> {
    for (const product of this.reads.everyProduct()) yield this.rowOf(product);
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
      ],
      [
        'sample-masala-chai',
        'Masala Chai, 250 g',
        'Assam tea with cardamom, ginger and cloves.',
        '180.50',
        categoryAt(1),
        '40',
        'yes',
      ],
      [
        '',
        'Cotton Tote Bag',
        'Block-printed in Jaipur; the slug comes from the name.',
        '299.00',
        categoryAt(0),
        '0',
        'no',
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
            input,
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
    const rows: PlannedRow[] = [];
    const errors: ImportError[] = [];
    /** The line each slug was first given on. */
    const slugLines = new Map<string, number>();
    /** Slugs the new products of the file will take, for the preview's derived slugs. */
    const claimed = new Set<string>();
    let columns: Record<Column, number> | undefined;
    let products = 0;
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
        const planned = this.plannedLine(
          record,
          firstLineOf(record, info.lines),
          columns,
          slugLines,
        );
        if ('errors' in planned) {
          errors.push(...planned.errors);
          continue;
        }
        if (planned.input.slug) claimed.add(planned.input.slug);
        rows.push(planned);
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

  /** One line of the file as what it would write, or what is wrong with it. */
  private plannedLine(
    record: string[],
    line: number,
    columns: Record<Column, number>,
    slugLines: Map<string, number>,
  ): PlannedRow | { errors: ImportError[] } {
    if (record.length !== PRODUCT_CSV_COLUMNS.length) {
      const message = `The line has ${record.length} values; the header has ${PRODUCT_CSV_COLUMNS.length}`;
      return { errors: [{ line, field: null, message }] };
    }
    const cells = Object.fromEntries(
      PRODUCT_CSV_COLUMNS.map((column) => [column, fromSpreadsheet(record[columns[column]])]),
    ) as Record<Column, string>;
    const checked = this.checkedLine(cells, line);
    if ('errors' in checked) return checked;
    const { input } = checked;
    if (input.slug) {
      const first = slugLines.get(input.slug);
      if (first !== undefined) {
        const message = `The slug ${input.slug} is on line ${first} too`;
        return { errors: [{ line, field: 'slug', message }] };
      }
      slugLines.set(input.slug, line);
    }
    return this.planned(line, input);
  }

  /** A line's cells as a product's fields, or every field at fault. */
  private checkedLine(
    cells: Record<Column, string>,
    line: number,
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

    // The product form's own rules and messages: one place for them (product.dto.ts).
    const form = plainToInstance(ProductFormDto, {
      name: cells.name,
      description: cells.description,
      price: cells.price.trim(),
      quantity: cells.quantity.trim(),
      category: category ? String(category._id) : undefined,
      shipping: shipping ?? false,
    });
    for (const error of validateSync(form)) {
      const field = error.property as Column;
      if (field === 'category') continue;
      fault(field, messageOf(error));
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

  /** Each field the line changes, as "price: 499 -> 549". */
  private changed(current: ProductRecord, input: ProductInput): string[] {
    const before = inputOf(current);
    return FIELDS.filter((field) => before[field] !== input[field]).map(
      (field) => `${field}: ${this.shown(field, before)} -> ${this.shown(field, input)}`,
    );
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
      default: {
        const text = input[field];
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

  private rowOf(product: ProductRecord): string[] {
    return [
      product.slug,
      product.name,
      product.description,
      rupeesText(product.price),
      this.catalogue.category(String(product.category))?.slug ?? '',
      String(product.quantity),
      product.shipping ? 'yes' : 'no',
    ];
  }
}

/** The fields an import writes, in the columns' order. */
const FIELDS = ['name', 'description', 'price', 'category', 'quantity', 'shipping'] as const;

/** A stored product as the fields an import compares and writes, its slug kept. */
function inputOf(product: ProductRecord): ProductInput & { slug: string } {
  return {
    name: product.name,
    description: product.description,
    price: product.price,
    quantity: product.quantity,
    category: String(product.category),
    shipping: product.shipping,
    slug: product.slug,
  };
}

function countsOf(rows: readonly ImportRow[]) {
  const count = (action: ImportAction) => rows.filter((row) => row.action === action).length;
  return {
    creates: count(IMPORT_ACTION.CREATE),
    updates: count(IMPORT_ACTION.UPDATE),
    unchanged: count(IMPORT_ACTION.UNCHANGED),
  };
}

/** Where each column is in the header, or what is wrong with the header. */
function columnsOf(header: string[]): Record<Column, number> | { errors: ImportError[] } {
  const names = header.map((name) => fromSpreadsheet(name).trim().toLowerCase());
  const expected = `The first line names the columns: ${PRODUCT_CSV_COLUMNS.join(',')}`;
  const errors: ImportError[] = [];
  for (const name of names) {
    if (!(PRODUCT_CSV_COLUMNS as readonly string[]).includes(name)) {
      errors.push({ line: 1, field: null, message: `Unknown column "${name}". ${expected}` });
    }
  }
  for (const column of PRODUCT_CSV_COLUMNS) {
    const count = names.filter((name) => name === column).length;
    if (count === 0)
      errors.push({ line: 1, field: column, message: `No ${column} column. ${expected}` });
    if (count > 1)
      errors.push({ line: 1, field: column, message: `Two ${column} columns. ${expected}` });
  }
  if (errors.length > 0) return { errors };
  return Object.fromEntries(
    PRODUCT_CSV_COLUMNS.map((column) => [column, names.indexOf(column)]),
  ) as Record<Column, number>;
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
    error.field === null ? -1 : PRODUCT_CSV_COLUMNS.indexOf(error.field as Column);
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
