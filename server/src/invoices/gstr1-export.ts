import { stringify } from 'csv-stringify/sync';
import { GSTR1_FILES } from '../shared/tax-rules';
import { spreadsheetSafe } from '../common/csv';
import { shopDay } from '../common/shop-days';
import { TaxAmounts, TaxDocument, TaxLine, TaxState } from './tax-document';

/**
 * A month's issued tax documents as the tables of GSTR-1 a small online shop files, shaped like
 * the CSV templates of GSTN's returns offline tool (headings, place of supply as `08-Rajasthan`,
 * dates as `05-Jul-2026`, rupees with two decimals). Money stays in paise until a CSV is written.
 * docs/gstr1-export.md says which table holds what and what the shop does not report.
 */

export interface Gstr1Month {
  year: number;
  /** 1 for January to 12 for December. */
  month: number;
}

/** A table's sums: money in paise. */
export interface Gstr1Totals extends TaxAmounts {
  /** The documents counted in the table (an invoice or note once, however many rates it has). */
  documents: number;
  /** Invoice or note values (b2b, b2cl, cdnr, cdnur), or taxable value plus tax (b2cs, hsn). */
  value: number;
}

export interface Gstr1Table<Row> {
  rows: Row[];
  totals: Gstr1Totals;
}

/** One row per document and rate: the part of the document taxed at `rate`. */
export interface Gstr1DocumentRow extends TaxAmounts {
  number: string;
  date: Date;
  /** The whole document's value, repeated on each of its rates' rows as the templates ask. */
  documentValue: number;
  placeOfSupply: TaxState;
  reverseCharge: boolean;
  rate: number;
}

export interface Gstr1RegisteredRow extends Gstr1DocumentRow {
  recipientGstin: string;
  recipientName: string;
}

/** Consumer sales of one place of supply and rate, less the consumers' credit notes netted in. */
export interface Gstr1B2csRow extends TaxAmounts {
  placeOfSupply: TaxState;
  rate: number;
}

export interface Gstr1HsnRow extends TaxAmounts {
  hsn: string;
  description: string;
  /** Unit quantity code as the line has it: `NOS`. */
  unit: string;
  quantity: number;
  rate: number;
  /** Taxable value plus tax. */
  value: number;
}

export interface Gstr1Tables {
  month: Gstr1Month;
  /** Table 4A: invoices to registered buyers. */
  b2b: Gstr1Table<Gstr1RegisteredRow>;
  /** Table 5: inter-state invoices to consumers above the B2CL limit. */
  b2cl: Gstr1Table<Gstr1DocumentRow>;
  /** Table 7: all other consumer sales, net of the consumers' credit notes against them. */
  b2cs: Gstr1Table<Gstr1B2csRow>;
  /** Table 9B: credit notes to registered buyers. */
  cdnr: Gstr1Table<Gstr1RegisteredRow>;
  /** Table 9B: consumers' credit notes against B2CL invoices. */
  cdnur: Gstr1Table<Gstr1DocumentRow>;
  /** Table 12, B2B tab: registered buyers' invoices less their credit notes, by HSN and rate. */
  hsnB2b: Gstr1Table<Gstr1HsnRow>;
  /** Table 12, B2C tab: the same for consumers. */
  hsnB2c: Gstr1Table<Gstr1HsnRow>;
}

/**
 * Rule 59(4)(a)(ii): an inter-state invoice to a consumer is reported one by one (B2CL) when its
 * value is above this; one lakh rupees from 1 August 2024 (notification 12/2024-Central Tax),
 * two and a half lakh before.
 */
const B2CL_LIMITS: readonly { from: string; above: number }[] = [
  { from: '2024-08-01', above: 1_00_000_00 },
  { from: '0000-01-01', above: 2_50_000_00 },
];

export function b2clLimit(invoicedAt: Date): number {
  const day = shopDay(invoicedAt.getTime());
  return B2CL_LIMITS.find((limit) => day >= limit.from)!.above;
}

/**
 * The places of supply as the offline tool's list spells them (`&` for `and`, and its own
 * `Lakshdweep`): the tool refuses any other spelling.
 */
const PLACE_OF_SUPPLY: Readonly<Record<string, string>> = {
  '01': 'Jammu & Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra & Nagar Haveli & Daman & Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshdweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman & Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

/** Unit quantity codes as the offline tool's list writes them. */
const UQC: Readonly<Record<string, string>> = {
  BOX: 'BOX-BOX',
  KGS: 'KGS-KILOGRAMS',
  LTR: 'LTR-LITRES',
  MTR: 'MTR-METERS',
  NOS: 'NOS-NUMBERS',
  OTH: 'OTH-OTHERS',
  PAC: 'PAC-PACKS',
  PCS: 'PCS-PIECES',
  PRS: 'PRS-PAIRS',
  SET: 'SET-SETS',
  UNT: 'UNT-UNITS',
};

type Kind = 'b2b' | 'b2cl' | 'b2cs' | 'cdnr' | 'cdnur';

/** Which table a document goes to: the GSTR-1 form's rules, in one place. */
export function gstr1TableOf(document: TaxDocument): Kind {
  const registered = document.recipient.gstin !== null;
  const interState = document.placeOfSupply.code !== document.supplier.state.code;
  if (document.kind === 'invoice') {
    if (registered) return 'b2b';
    return interState && document.totals.total > b2clLimit(document.issuedAt) ? 'b2cl' : 'b2cs';
  }
  if (registered) return 'cdnr';
  // CDNUR holds consumers' notes against B2CL invoices only; the rest are netted into B2CS.
  const against = document.refersTo;
  if (against === null) throw new Error(`${document.number}: a credit note names its invoice`);
  return interState && against.total > b2clLimit(against.issuedAt) ? 'cdnur' : 'b2cs';
}

export function gstr1Tables(documents: readonly TaxDocument[], month: Gstr1Month): Gstr1Tables {
  const prefix = `${month.year}-${String(month.month).padStart(2, '0')}`;
  for (const document of documents) checkDocument(document, prefix);
  const ordered = [...documents].sort(
    (a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || a.number.localeCompare(b.number),
  );
  const of = (kind: Kind) => ordered.filter((document) => gstr1TableOf(document) === kind);
  const registered = ordered.filter((document) => document.recipient.gstin !== null);
  const consumers = ordered.filter((document) => document.recipient.gstin === null);
  return {
    month,
    b2b: documentTable(of('b2b'), registeredRow),
    b2cl: documentTable(of('b2cl'), documentRow),
    b2cs: b2csTable(of('b2cs')),
    cdnr: documentTable(of('cdnr'), registeredRow),
    cdnur: documentTable(of('cdnur'), documentRow),
    hsnB2b: hsnTable(registered),
    hsnB2c: hsnTable(consumers),
  };
}

function checkDocument(document: TaxDocument, month: string): void {
  if (!shopDay(document.issuedAt.getTime()).startsWith(month)) {
    throw new Error(`${document.number} was not issued in ${month}`);
  }
  const sum = sumOf(document.lines);
  const { totals } = document;
  if (
    sum.taxable !== totals.taxable ||
    sum.cgst !== totals.cgst ||
    sum.sgst !== totals.sgst ||
    sum.utgst !== totals.utgst ||
    sum.igst !== totals.igst ||
    valueOf(totals) !== totals.total
  ) {
    throw new Error(`${document.number}: its lines do not add up to its totals`);
  }
}

const valueOf = (amounts: TaxAmounts) =>
  amounts.taxable + amounts.cgst + amounts.sgst + amounts.utgst + amounts.igst;

const zero = (): TaxAmounts => ({ taxable: 0, cgst: 0, sgst: 0, utgst: 0, igst: 0 });

/** Adds `amounts` times `sign` into `into`. */
function add(into: TaxAmounts, amounts: TaxAmounts, sign = 1): void {
  into.taxable += sign * amounts.taxable;
  into.cgst += sign * amounts.cgst;
  into.sgst += sign * amounts.sgst;
  into.utgst += sign * amounts.utgst;
  into.igst += sign * amounts.igst;
}

function sumOf(lines: readonly TaxAmounts[]): TaxAmounts {
  const sum = zero();
  for (const line of lines) add(sum, line);
  return sum;
}

/** A document's lines by rate, rates in increasing order. */
function byRate(lines: readonly TaxLine[]): [number, TaxAmounts][] {
  const rates = new Map<number, TaxAmounts>();
  for (const line of lines) {
    const sum = rates.get(line.rate) ?? zero();
    add(sum, line);
    rates.set(line.rate, sum);
  }
  return [...rates].sort(([a], [b]) => a - b);
}

function documentRow(document: TaxDocument, rate: number, amounts: TaxAmounts): Gstr1DocumentRow {
  return {
    number: document.number,
    date: document.issuedAt,
    documentValue: document.totals.total,
    placeOfSupply: document.placeOfSupply,
    reverseCharge: document.reverseCharge,
    rate,
    ...amounts,
  };
}

function registeredRow(
  document: TaxDocument,
  rate: number,
  amounts: TaxAmounts,
): Gstr1RegisteredRow {
  return {
    recipientGstin: document.recipient.gstin!,
    recipientName: document.recipient.name,
    ...documentRow(document, rate, amounts),
  };
}

function documentTable<Row extends TaxAmounts>(
  documents: readonly TaxDocument[],
  row: (document: TaxDocument, rate: number, amounts: TaxAmounts) => Row,
): Gstr1Table<Row> {
  const totals: Gstr1Totals = { documents: documents.length, value: 0, ...zero() };
  const rows: Row[] = [];
  for (const document of documents) {
    totals.value += document.totals.total;
    for (const [rate, amounts] of byRate(document.lines)) {
      rows.push(row(document, rate, amounts));
      add(totals, amounts);
    }
  }
  return { rows, totals };
}

function b2csTable(documents: readonly TaxDocument[]): Gstr1Table<Gstr1B2csRow> {
  const groups = new Map<string, Gstr1B2csRow>();
  for (const document of documents) {
    const sign = document.kind === 'invoice' ? 1 : -1;
    for (const [rate, amounts] of byRate(document.lines)) {
      const key = `${document.placeOfSupply.code}|${rate}`;
      const group = groups.get(key) ?? { placeOfSupply: document.placeOfSupply, rate, ...zero() };
      add(group, amounts, sign);
      groups.set(key, group);
    }
  }
  const rows = [...groups.values()].sort(
    (a, b) => a.placeOfSupply.code.localeCompare(b.placeOfSupply.code) || a.rate - b.rate,
  );
  const totals: Gstr1Totals = { documents: documents.length, ...zero(), value: 0 };
  for (const row of rows) add(totals, row);
  totals.value = valueOf(totals);
  return { rows, totals };
}

/** Invoices add and credit notes subtract, quantities too (goods returned). */
function hsnTable(documents: readonly TaxDocument[]): Gstr1Table<Gstr1HsnRow> {
  const groups = new Map<string, Gstr1HsnRow>();
  for (const document of documents) {
    const sign = document.kind === 'invoice' ? 1 : -1;
    for (const line of document.lines) {
      const key = `${line.hsn}|${line.rate}|${line.unit}`;
      const group = groups.get(key) ?? {
        hsn: line.hsn,
        // The first description sold under the code names the row.
        description: line.description,
        unit: line.unit,
        quantity: 0,
        rate: line.rate,
        value: 0,
        ...zero(),
      };
      add(group, line, sign);
      group.quantity += sign * line.quantity;
      group.value += sign * line.total;
      groups.set(key, group);
    }
  }
  const rows = [...groups.values()].sort(
    (a, b) => a.hsn.localeCompare(b.hsn) || a.rate - b.rate || a.unit.localeCompare(b.unit),
  );
  const totals: Gstr1Totals = { documents: documents.length, ...zero(), value: 0 };
  for (const row of rows) {
    add(totals, row);
    totals.value += row.value;
  }
  return { rows, totals };
}

// Writing the CSVs: the one place money leaves paise.

/** Paise as rupees with two decimals: `-1234.05`. */
export function rupees(paise: number): string {
  const whole = Math.abs(paise);
  const text = `${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
  return paise < 0 ? `-${text}` : text;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The shop's day of `date` as the offline tool reads it: `05-Jul-2026`. */
export function gstr1Date(date: Date): string {
  const [year, month, day] = shopDay(date.getTime()).split('-');
  return `${day}-${MONTHS[Number(month) - 1]}-${year}`;
}

export function placeOfSupply(state: TaxState): string {
  const name = PLACE_OF_SUPPLY[state.code];
  if (name === undefined) throw new Error(`No place of supply has the state code ${state.code}`);
  return `${state.code}-${name}`;
}

function uqc(unit: string): string {
  const written = UQC[unit];
  if (written === undefined) throw new Error(`No unit quantity code ${unit} is known`);
  return written;
}

const yesNo = (value: boolean) => (value ? 'Y' : 'N');
/** Cess: the shop sells nothing that bears it. */
const NO_CESS = rupees(0);

type Cells = Record<string, string>;

function csv(columns: readonly string[], records: readonly Cells[]): string {
  return stringify(records as Cells[], { header: true, columns: [...columns] });
}

export const GSTR1_COLUMNS = {
  b2b: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Reverse Charge',
    'Applicable % of Tax Rate',
    'Invoice Type',
    'E-Commerce GSTIN',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  b2cl: [
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  b2cs: [
    'Type',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  cdnr: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Reverse Charge',
    'Note Supply Type',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  cdnur: [
    'UR Type',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  hsn: [
    'HSN',
    'Description',
    'UQC',
    'Total Quantity',
    'Total Value',
    'Rate',
    'Taxable Value',
    'Integrated Tax Amount',
    'Central Tax Amount',
    'State/UT Tax Amount',
    'Cess Amount',
  ],
  totals: [
    'Table',
    'Documents',
    'Value',
    'Taxable Value',
    'Integrated Tax Amount',
    'Central Tax Amount',
    'State/UT Tax Amount',
    'Cess Amount',
  ],
} as const;

/** The file names of gstr1Csv, in the order the offline tool lists its tables (shared rules). */
export { GSTR1_FILES };

/** The tables as CSV files the offline tool imports, by file name; `totals.csv` is for checking. */
export function gstr1Csv(tables: Gstr1Tables): Record<(typeof GSTR1_FILES)[number], string> {
  const registered = (row: Gstr1RegisteredRow, typeColumn: string, type: string): Cells => ({
    'GSTIN/UIN of Recipient': row.recipientGstin,
    'Receiver Name': spreadsheetSafe(row.recipientName),
    'Place Of Supply': placeOfSupply(row.placeOfSupply),
    'Reverse Charge': yesNo(row.reverseCharge),
    'Applicable % of Tax Rate': '',
    [typeColumn]: type,
    Rate: String(row.rate),
    'Taxable Value': rupees(row.taxable),
    'Cess Amount': NO_CESS,
  });
  const hsn = (table: Gstr1Table<Gstr1HsnRow>) =>
    csv(
      GSTR1_COLUMNS.hsn,
      table.rows.map((row) => ({
        HSN: row.hsn,
        Description: spreadsheetSafe(row.description),
        UQC: uqc(row.unit),
        'Total Quantity': String(row.quantity),
        'Total Value': rupees(row.value),
        Rate: String(row.rate),
        'Taxable Value': rupees(row.taxable),
        'Integrated Tax Amount': rupees(row.igst),
        'Central Tax Amount': rupees(row.cgst),
        'State/UT Tax Amount': rupees(row.sgst + row.utgst),
        'Cess Amount': NO_CESS,
      })),
    );
  const totalsRow = (table: string, totals: Gstr1Totals): Cells => ({
    Table: table,
    Documents: String(totals.documents),
    Value: rupees(totals.value),
    'Taxable Value': rupees(totals.taxable),
    'Integrated Tax Amount': rupees(totals.igst),
    'Central Tax Amount': rupees(totals.cgst),
    'State/UT Tax Amount': rupees(totals.sgst + totals.utgst),
    'Cess Amount': NO_CESS,
  });
  return {
    'b2b.csv': csv(
      GSTR1_COLUMNS.b2b,
      tables.b2b.rows.map((row) => ({
        ...registered(row, 'Invoice Type', 'Regular B2B'),
        'Invoice Number': row.number,
        'Invoice date': gstr1Date(row.date),
        'Invoice Value': rupees(row.documentValue),
        'E-Commerce GSTIN': '',
      })),
    ),
    'b2cl.csv': csv(
      GSTR1_COLUMNS.b2cl,
      tables.b2cl.rows.map((row) => ({
        'Invoice Number': row.number,
        'Invoice date': gstr1Date(row.date),
        'Invoice Value': rupees(row.documentValue),
        'Place Of Supply': placeOfSupply(row.placeOfSupply),
        'Applicable % of Tax Rate': '',
        Rate: String(row.rate),
        'Taxable Value': rupees(row.taxable),
        'Cess Amount': NO_CESS,
        'E-Commerce GSTIN': '',
      })),
    ),
    'b2cs.csv': csv(
      GSTR1_COLUMNS.b2cs,
      tables.b2cs.rows.map((row) => ({
        // OE: other than through an e-commerce operator; the shop sells on its own site.
        Type: 'OE',
        'Place Of Supply': placeOfSupply(row.placeOfSupply),
        'Applicable % of Tax Rate': '',
        Rate: String(row.rate),
        'Taxable Value': rupees(row.taxable),
        'Cess Amount': NO_CESS,
        'E-Commerce GSTIN': '',
      })),
    ),
    'cdnr.csv': csv(
      GSTR1_COLUMNS.cdnr,
      tables.cdnr.rows.map((row) => ({
        ...registered(row, 'Note Supply Type', 'Regular B2B'),
        'Note Number': row.number,
        'Note Date': gstr1Date(row.date),
        'Note Type': 'C',
        'Note Value': rupees(row.documentValue),
      })),
    ),
    'cdnur.csv': csv(
      GSTR1_COLUMNS.cdnur,
      tables.cdnur.rows.map((row) => ({
        'UR Type': 'B2CL',
        'Note Number': row.number,
        'Note Date': gstr1Date(row.date),
        'Note Type': 'C',
        'Place Of Supply': placeOfSupply(row.placeOfSupply),
        'Note Value': rupees(row.documentValue),
        'Applicable % of Tax Rate': '',
        Rate: String(row.rate),
        'Taxable Value': rupees(row.taxable),
        'Cess Amount': NO_CESS,
      })),
    ),
    'hsn-b2b.csv': hsn(tables.hsnB2b),
    'hsn-b2c.csv': hsn(tables.hsnB2c),
    'totals.csv': csv(GSTR1_COLUMNS.totals, [
      totalsRow('b2b', tables.b2b.totals),
      totalsRow('b2cl', tables.b2cl.totals),
      totalsRow('b2cs', tables.b2cs.totals),
      totalsRow('cdnr', tables.cdnr.totals),
      totalsRow('cdnur', tables.cdnur.totals),
      totalsRow('hsn(b2b)', tables.hsnB2b.totals),
      totalsRow('hsn(b2c)', tables.hsnB2c.totals),
    ]),
  };
}
