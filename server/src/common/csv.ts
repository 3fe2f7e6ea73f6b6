import { stringify, Stringifier } from 'csv-stringify';

/**
 * CSV files the admin opens in a spreadsheet. A cell that begins with = + - @, a tab or a
 * carriage return is read by spreadsheets as a formula (formula injection: a product named
 * `=HYPERLINK(...)` would run when the export is opened), so it is written with a leading
 * apostrophe, which spreadsheets show as text; a cell that itself begins with an apostrophe
 * gets one more, so reading back (fromSpreadsheet) gives every value exactly as it was.
 */
const NEEDS_APOSTROPHE = /^[=+\-@\t\r']/;
const ESCAPED = /^'[=+\-@\t\r']/;

export function spreadsheetSafe(value: string): string {
  return NEEDS_APOSTROPHE.test(value) ? `'${value}` : value;
}

/** A cell as written by spreadsheetSafe, back to its value. */
export function fromSpreadsheet(cell: string): string {
  return ESCAPED.test(cell) ? cell.slice(1) : cell;
}

/**
 * Rows in, CSV text out, every cell made spreadsheet-safe; with a byte order mark, so
 * spreadsheets read the file as UTF-8 (names in Hindi or Tamil stay readable).
 */
export function csvWriter(columns: readonly string[]): Stringifier {
  return stringify({
    header: true,
    columns: [...columns],
    bom: true,
    cast: { string: spreadsheetSafe },
  });
}
