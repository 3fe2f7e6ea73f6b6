import { VARIANT_RULES } from '@shop/rules';
import type { ProductVariantsInput, VariantFieldsFragment } from '../../../../gql/graphql';

/** An option as the admin edits it: a name and its values in the shop's order. */
export interface OptionDraft {
  name: string;
  values: string[];
}

/** A row of the grid: one combination of values, with what the admin typed for it. */
export interface VariantRow {
  /** The stored variant's, kept on save; none for a row not saved yet. */
  id?: string;
  values: string[];
  sku: string;
  /** As typed: '' while empty. Rupees. */
  price: number | '';
  mrp: number | '';
  quantity: number | '';
  onSale: boolean;
}

/** A column the admin may set for every row at once. */
export type BulkColumn = 'price' | 'mrp' | 'quantity';

export const rowsOf = (variants: readonly VariantFieldsFragment[]): VariantRow[] =>
  variants.map(({ id, values, sku, price, mrp, quantity, onSale }) => ({
    id,
    values,
    sku,
    price,
    mrp: mrp ?? '',
    quantity,
    onSale,
  }));

/** Every combination of the options' values, the first option's changing slowest. */
export function combinations(options: readonly OptionDraft[]): string[][] {
  return options.reduce<string[][]>(
    (combos, option) => combos.flatMap((combo) => option.values.map((value) => [...combo, value])),
    [[]],
  );
}

const SKU_CHARACTERS = /[^A-Za-z0-9._/-]+/g;

/** A SKU for a new row: the product's SKU stem and the values ("KURTA-M-BLUE"), as allowed. */
export const suggestedSku = (stem: string, values: readonly string[]) =>
  [stem, ...values]
    .map((part) => part.replace(SKU_CHARACTERS, ''))
    .filter(Boolean)
    .join('-')
    .toUpperCase()
    .slice(0, 40);

const keyOf = (values: readonly string[]) => values.join('\u0000');

/**
 * The rows for these options: a row the grid has for a combination stays as it is; a new
 * combination gets a suggested SKU and the first row's price and MRP, with no stock.
 * Combinations the options no longer make are left out (deleted on save).
 */
export function generatedRows(
  options: readonly OptionDraft[],
  rows: readonly VariantRow[],
  stem: string,
): VariantRow[] {
  const existing = new Map(rows.map((row) => [keyOf(row.values), row]));
  const [first] = rows;
  return combinations(options).map(
    (values) =>
      existing.get(keyOf(values)) ?? {
        values,
        sku: suggestedSku(stem, values),
        price: first?.price ?? '',
        mrp: first?.mrp ?? '',
        quantity: 0,
        onSale: true,
      },
  );
}

/** The grid with `column` set to `value` in every row. */
export const withColumn = (
  rows: readonly VariantRow[],
  column: BulkColumn,
  value: number | '',
): VariantRow[] => rows.map((row) => ({ ...row, [column]: value }));

/** Grid fields by name (`variants.2.price`) with what is wrong in each. */
export type GridErrors = Record<string, string>;

/** The cells left empty that every variant needs: its price and its stock. */
export function emptyCells(rows: readonly VariantRow[]): GridErrors {
  const errors: GridErrors = {};
  rows.forEach((row, index) => {
    if (row.price === '') errors[`variants.${index}.price`] = 'Enter a price';
    if (row.quantity === '') errors[`variants.${index}.quantity`] = 'Enter the stock';
  });
  return errors;
}

/** What setProductVariants is sent, once every row has its price and stock (emptyCells). */
export function gridInput(
  options: readonly OptionDraft[],
  rows: readonly VariantRow[],
): ProductVariantsInput {
  return {
    options: options.map(({ name, values }) => ({ name: name.trim(), values })),
    variants: rows.map((row) => ({
      ...(row.id && { id: row.id }),
      sku: row.sku.trim(),
      values: row.values,
      price: Number(row.price),
      mrp: row.mrp === '' ? null : row.mrp,
      quantity: Number(row.quantity),
      onSale: row.onSale,
    })),
  };
}

/** Whether another option may be added. */
export const canAddOption = (options: readonly OptionDraft[]) =>
  options.length < VARIANT_RULES.maxOptions;

/**
 * Where the server's refusal belongs: `variants[2].mrp: MRP must be at least the price` is
 * the field `variants.2.mrp`, `options[0].values: ...` the field `options.0.values`; a
 * message naming no field (or the whole list) is the form's.
 */
export function refusedField(message: string): { field: string | null; message: string } {
  const named = /^(options|variants)(?:\[(\d+)\]\.(\w+))?: (.+)$/s.exec(message);
  if (!named) return { field: null, message };
  const [, list, index, field, text] = named;
  return { field: index === undefined ? list : `${list}.${index}.${field}`, message: text };
}

/**
 * refusedField, and a SKU another product uses (which the server names but not its row) on
 * the SKU cell of the row that has it.
 */
export function refusedCell(
  message: string,
  rows: readonly VariantRow[],
): { field: string | null; message: string } {
  const refusal = refusedField(message);
  if (refusal.field) return refusal;
  const taken = rows.findIndex((row) => message.startsWith(`SKU ${row.sku.trim().toUpperCase()} `));
  return taken < 0 ? refusal : { field: `variants.${taken}.sku`, message };
}
