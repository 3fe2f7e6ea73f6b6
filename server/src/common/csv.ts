import { parse } from 'csv-parse';
import { stringify, Stringifier } from 'csv-stringify';
import { isUtf8 } from 'node:buffer';
import { once } from 'node:events';
import { TimeSlices } from './time-slices';

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

/** A record of a CSV file and the line it ends on (the first line is 1). */
export interface CsvRecord {
  record: string[];
  info: { lines: number };
}

/** A file whose bytes are not UTF-8 from this line on (the first line is 1). */
export class NotUtf8Error extends Error {
  constructor(readonly line: number) {
    super(`Line ${line} is not UTF-8`);
  }
}

/**
 * The most lines, and bytes, handed to the parser at once: how much it parses without a break.
 * csv-parse builds an error object for each line of a column count other than the first's (even
 * when told to let it pass), 100 to 250 µs a line, so a file of one-letter lines is its slowest.
 */
const LINES_AT_ONCE = 16;
const BYTES_AT_ONCE = 16 * 1024;
const NEWLINE = 0x0a;

/**
 * The records of a CSV file, read as a stream a few lines at a time, with the event loop given
 * a turn whenever `slices` says so: a caller that stops early (a limit reached) has the rest
 * neither parsed nor checked. Each piece is checked to be UTF-8 before it is parsed (a byte
 * order mark is); one that is not fails with NotUtf8Error naming the line of the first bad
 * byte, rather than being read with U+FFFD in place of its letters. A file csv-parse cannot
 * read fails with its error, which carries `lines`.
 */
export async function* csvRecords(file: Buffer, slices: TimeSlices): AsyncGenerator<CsvRecord> {
  const parser = parse({
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
  });
  const feeding = new AbortController();
  const feed = async () => {
    for (const piece of piecesOf(file)) {
      const bad = firstLineNotUtf8(piece.bytes, piece.firstLine);
      if (bad !== null) throw new NotUtf8Error(bad);
      if (!parser.write(piece.bytes)) await once(parser, 'drain', { signal: feeding.signal });
    }
    parser.end();
  };
  feed().catch((error: unknown) => {
    if (!feeding.signal.aborted) parser.destroy(error as Error);
  });
  try {
    // csv-parse's types leave out that `info` gives each record with its lines.
    for await (const record of parser as AsyncIterable<CsvRecord>) {
      yield record;
      await slices.next();
    }
  } finally {
    feeding.abort();
    parser.destroy();
  }
}

/** The file in pieces of whole lines (or of whole characters, for a very long line). */
function* piecesOf(file: Buffer): Generator<{ bytes: Buffer; firstLine: number }> {
  let start = 0;
  let line = 1;
  while (start < file.length) {
    let end = start;
    for (let lines = 0; lines < LINES_AT_ONCE && end < file.length; lines += 1) {
      const newline = file.indexOf(NEWLINE, end);
      const lineEnd = newline === -1 ? file.length : newline + 1;
      if (lineEnd - start <= BYTES_AT_ONCE) {
        end = lineEnd;
        continue;
      }
      if (end === start) {
        end = start + BYTES_AT_ONCE;
        // Never inside a character: back to the start of the one the cut falls in.
        while (end > start + 1 && (file[end] & 0xc0) === 0x80) end -= 1;
      }
      break;
    }
    yield { bytes: file.subarray(start, end), firstLine: line };
    line += countNewlines(file.subarray(start, end));
    start = end;
  }
}

/** The first line of `bytes` (the first being `firstLine`) that is not UTF-8, or null. */
function firstLineNotUtf8(bytes: Buffer, firstLine: number): number | null {
  if (isUtf8(bytes)) return null;
  let line = firstLine;
  for (let start = 0; start < bytes.length; line += 1) {
    const newline = bytes.indexOf(NEWLINE, start);
    const end = newline === -1 ? bytes.length : newline + 1;
    if (!isUtf8(bytes.subarray(start, end))) return line;
    start = end;
  }
  return line;
}

function countNewlines(bytes: Buffer): number {
  let count = 0;
  for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, at + 1)) count += 1;
  return count;
}
