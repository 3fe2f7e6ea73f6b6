import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GSTR1_COLUMNS,
  GSTR1_FILES,
  gstr1Csv,
  gstr1Tables,
  Gstr1Tables,
  Gstr1Totals,
} from './gstr1-export';
import { TaxAmounts, TaxDocument, TaxLine, TaxState } from './tax-document';

const RAJASTHAN: TaxState = { code: '08', name: 'Rajasthan' };
const MAHARASHTRA: TaxState = { code: '27', name: 'Maharashtra' };
const KARNATAKA: TaxState = { code: '29', name: 'Karnataka' };
const CHANDIGARH: TaxState = { code: '04', name: 'Chandigarh' };
const DELHI: TaxState = { code: '07', name: 'Delhi' };
/** Chandigarh has no legislature: UTGST beside CGST on a sale within it. */
const UTGST_STATES = new Set(['04']);

const JULY_2026 = { year: 2026, month: 7 };
/** Noon in India on a day of July 2026. */
const july = (day: number) => new Date(Date.UTC(2026, 6, day, 6, 30));

interface LineSpec {
  hsn?: string;
  description?: string;
  quantity?: number;
  unit?: string;
  /** Taxable value of the line, in paise. */
  taxable: number;
  rate: number;
}

interface DocumentSpec {
  kind?: TaxDocument['kind'];
  number: string;
  issuedAt?: Date;
  gstin?: string | null;
  buyer?: string;
  placeOfSupply?: TaxState;
  refersTo?: TaxDocument['refersTo'];
  lines: LineSpec[];
}

/** The tax on a line as checkout splits it: half each within a state, IGST across. */
function taxed(spec: LineSpec, placeOfSupply: TaxState): TaxLine {
  const amounts: TaxAmounts = { taxable: spec.taxable, cgst: 0, sgst: 0, utgst: 0, igst: 0 };
  if (placeOfSupply.code === RAJASTHAN.code || UTGST_STATES.has(placeOfSupply.code)) {
    const half = Math.round((spec.taxable * spec.rate) / 200);
    amounts.cgst = half;
    if (UTGST_STATES.has(placeOfSupply.code)) amounts.utgst = half;
    else amounts.sgst = half;
  } else {
    amounts.igst = Math.round((spec.taxable * spec.rate) / 100);
  }
  return {
    hsn: spec.hsn ?? '6109',
    description: spec.description ?? 'Cotton T-shirt',
    quantity: spec.quantity ?? 1,
    unit: spec.unit ?? 'NOS',
    rate: spec.rate,
    ...amounts,
    total: amounts.taxable + amounts.cgst + amounts.sgst + amounts.utgst + amounts.igst,
  };
}

/** A document of a shop in Rajasthan whose lines and totals add up. */
function document(spec: DocumentSpec): TaxDocument {
  const placeOfSupply = spec.placeOfSupply ?? RAJASTHAN;
  const lines = spec.lines.map((line) => taxed(line, placeOfSupply));
  const sum = (pick: (line: TaxLine) => number) => lines.reduce((all, l) => all + pick(l), 0);
  const issuedAt = spec.issuedAt ?? july(10);
  return {
    kind: spec.kind ?? 'invoice',
    number: spec.number,
    financialYear: '2026-27',
    serial: 1,
    issuedAt,
    orderId: `order-${spec.number}`,
    orderNumber: `BZ-${spec.number}`,
    orderedAt: issuedAt,
    refersTo: spec.refersTo ?? null,
    supplier: {
      name: 'Bazaar Crafts',
      address: ['1 MI Road', 'Jaipur 302001'],
      state: RAJASTHAN,
      gstin: '08ABCDE1234F1Z5',
    },
    recipient: {
      name: spec.buyer ?? 'Asha Rao',
      address: ['2 Main Road'],
      state: placeOfSupply,
      gstin: spec.gstin ?? null,
    },
    placeOfSupply,
    reverseCharge: false,
    lines,
    totals: {
      taxable: sum((l) => l.taxable),
      cgst: sum((l) => l.cgst),
      sgst: sum((l) => l.sgst),
      utgst: sum((l) => l.utgst),
      igst: sum((l) => l.igst),
      total: sum((l) => l.total),
    },
  };
}

const creditNote = (invoice: TaxDocument, spec: Omit<DocumentSpec, 'kind' | 'refersTo'>) =>
  document({
    gstin: invoice.recipient.gstin,
    placeOfSupply: invoice.placeOfSupply,
    ...spec,
    kind: 'credit-note',
    refersTo: { number: invoice.number, issuedAt: invoice.issuedAt, total: invoice.totals.total },
  });

const rows = (text: string) => parse(text, { columns: true }) as Record<string, string>[];
const headings = (text: string) => text.split('\n')[0];

describe('the GSTR-1 tables of a month', () => {
  const b2bInvoice = document({
    number: 'BZ/2627/00001',
    gstin: '27AAPFU0939F1ZV',
    buyer: 'Pune Traders LLP',
    placeOfSupply: MAHARASHTRA,
    lines: [
      { hsn: '6109', quantity: 10, taxable: 10_000_00, rate: 5 },
      { hsn: '4202', description: 'Leather bag', quantity: 2, taxable: 5_000_00, rate: 18 },
      { hsn: '996812', description: 'Shipping', unit: 'OTH', taxable: 200_00, rate: 18 },
    ],
  });
  const bigInterState = document({
    number: 'BZ/2627/00002',
    placeOfSupply: KARNATAKA,
    lines: [{ hsn: '7113', description: 'Gold chain', taxable: 1_20_000_00, rate: 3 }],
  });
  /** Inter-state, but not above the limit: its value is exactly one lakh rupees. */
  const atTheLimit = document({
    number: 'BZ/2627/00003',
    placeOfSupply: KARNATAKA,
    lines: [{ hsn: '6109', taxable: 84_745_76, rate: 18 }],
  });
  const smallSales = [
    document({ number: 'BZ/2627/00004', lines: [{ taxable: 1_000_00, rate: 5, quantity: 2 }] }),
    document({ number: 'BZ/2627/00005', lines: [{ taxable: 3_000_00, rate: 18, hsn: '6404' }] }),
    document({
      number: 'BZ/2627/00006',
      placeOfSupply: MAHARASHTRA,
      lines: [
        { taxable: 500_00, rate: 5 },
        { taxable: 2_000_00, rate: 18, hsn: '6404' },
      ],
    }),
    document({
      number: 'BZ/2627/00007',
      placeOfSupply: CHANDIGARH,
      lines: [{ taxable: 400_00, rate: 5 }],
    }),
  ];
  const b2bNote = creditNote(b2bInvoice, {
    number: 'CN/2627/00001',
    issuedAt: july(20),
    buyer: 'Pune Traders LLP',
    lines: [{ hsn: '4202', description: 'Leather bag', quantity: 1, taxable: 2_500_00, rate: 18 }],
  });
  const b2clNote = creditNote(bigInterState, {
    number: 'CN/2627/00002',
    issuedAt: july(21),
    lines: [{ hsn: '7113', description: 'Gold chain', taxable: 1_20_000_00, rate: 3 }],
  });
  const b2csNote = creditNote(smallSales[0], {
    number: 'CN/2627/00003',
    issuedAt: july(22),
    lines: [{ taxable: 500_00, rate: 5, quantity: 1 }],
  });
  const month = [b2bInvoice, bigInterState, atTheLimit, ...smallSales, b2bNote, b2clNote, b2csNote];
  const tables = gstr1Tables(month, JULY_2026);
  const files = gstr1Csv(tables);

  it('has every template file, under the offline tool’s headings', () => {
    expect(Object.keys(files)).toEqual([...GSTR1_FILES]);
    expect(headings(files['b2b.csv'])).toBe(
      'GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount',
    );
    expect(headings(files['b2cl.csv'])).toBe(
      'Invoice Number,Invoice date,Invoice Value,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
    );
    expect(headings(files['b2cs.csv'])).toBe(
      'Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
    );
    expect(headings(files['cdnr.csv'])).toBe(
      'GSTIN/UIN of Recipient,Receiver Name,Note Number,Note Date,Note Type,Place Of Supply,Reverse Charge,Note Supply Type,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount',
    );
    expect(headings(files['cdnur.csv'])).toBe(
      'UR Type,Note Number,Note Date,Note Type,Place Of Supply,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount',
    );
    for (const hsn of ['hsn-b2b.csv', 'hsn-b2c.csv'] as const) {
      expect(headings(files[hsn])).toBe(
        'HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
      );
    }
  });

  it('reports an invoice to a registered buyer in b2b, a row per rate, its value on each', () => {
    expect(rows(files['b2b.csv'])).toEqual([
      {
        'GSTIN/UIN of Recipient': '27AAPFU0939F1ZV',
        'Receiver Name': 'Pune Traders LLP',
        'Invoice Number': 'BZ/2627/00001',
        'Invoice date': '10-Jul-2026',
        'Invoice Value': '16636.00',
        'Place Of Supply': '27-Maharashtra',
        'Reverse Charge': 'N',
        'Applicable % of Tax Rate': '',
        'Invoice Type': 'Regular B2B',
        'E-Commerce GSTIN': '',
        Rate: '5',
        'Taxable Value': '10000.00',
        'Cess Amount': '0.00',
      },
      expect.objectContaining({
        Rate: '18',
        'Taxable Value': '5200.00',
        'Invoice Value': '16636.00',
      }),
    ]);
    expect(tables.b2b.totals).toEqual({
      documents: 1,
      value: 16_636_00,
      taxable: 15_200_00,
      cgst: 0,
      sgst: 0,
      utgst: 0,
      igst: 1_436_00,
    });
  });

  it('reports an inter-state consumer invoice above one lakh in b2cl, and one at one lakh in b2cs', () => {
    expect(rows(files['b2cl.csv'])).toEqual([
      {
        'Invoice Number': 'BZ/2627/00002',
        'Invoice date': '10-Jul-2026',
        'Invoice Value': '123600.00',
        'Place Of Supply': '29-Karnataka',
        'Applicable % of Tax Rate': '',
        Rate: '3',
        'Taxable Value': '120000.00',
        'Cess Amount': '0.00',
        'E-Commerce GSTIN': '',
      },
    ]);
    expect(atTheLimit.totals.total).toBe(1_00_000_00);
    expect(tables.b2cs.rows).toContainEqual(
      expect.objectContaining({ placeOfSupply: KARNATAKA, rate: 18, taxable: 84_745_76 }),
    );
  });

  it('sums the other consumer sales by place of supply and rate, less the notes against them', () => {
    expect(rows(files['b2cs.csv'])).toEqual([
      {
        Type: 'OE',
        'Place Of Supply': '04-Chandigarh',
        'Applicable % of Tax Rate': '',
        Rate: '5',
        'Taxable Value': '400.00',
        'Cess Amount': '0.00',
        'E-Commerce GSTIN': '',
      },
      // 1,000 sold, 500 credited back.
      expect.objectContaining({
        'Place Of Supply': '08-Rajasthan',
        Rate: '5',
        'Taxable Value': '500.00',
      }),
      expect.objectContaining({
        'Place Of Supply': '08-Rajasthan',
        Rate: '18',
        'Taxable Value': '3000.00',
      }),
      expect.objectContaining({
        'Place Of Supply': '27-Maharashtra',
        Rate: '5',
        'Taxable Value': '500.00',
      }),
      expect.objectContaining({
        'Place Of Supply': '27-Maharashtra',
        Rate: '18',
        'Taxable Value': '2000.00',
      }),
      expect.objectContaining({
        'Place Of Supply': '29-Karnataka',
        Rate: '18',
        'Taxable Value': '84745.76',
      }),
    ]);
    expect(tables.b2cs.rows[0]).toMatchObject({ cgst: 10_00, utgst: 10_00, sgst: 0, igst: 0 });
    expect(tables.b2cs.rows[1]).toMatchObject({ cgst: 12_50, sgst: 12_50 });
    expect(tables.b2cs.totals.documents).toBe(6);
  });

  it('reports a registered buyer’s credit note in cdnr and one against a B2CL invoice in cdnur', () => {
    expect(rows(files['cdnr.csv'])).toEqual([
      {
        'GSTIN/UIN of Recipient': '27AAPFU0939F1ZV',
        'Receiver Name': 'Pune Traders LLP',
        'Note Number': 'CN/2627/00001',
        'Note Date': '20-Jul-2026',
        'Note Type': 'C',
        'Place Of Supply': '27-Maharashtra',
        'Reverse Charge': 'N',
        'Note Supply Type': 'Regular B2B',
        'Note Value': '2950.00',
        'Applicable % of Tax Rate': '',
        Rate: '18',
        'Taxable Value': '2500.00',
        'Cess Amount': '0.00',
      },
    ]);
    expect(rows(files['cdnur.csv'])).toEqual([
      {
        'UR Type': 'B2CL',
        'Note Number': 'CN/2627/00002',
        'Note Date': '21-Jul-2026',
        'Note Type': 'C',
        'Place Of Supply': '29-Karnataka',
        'Note Value': '123600.00',
        'Applicable % of Tax Rate': '',
        Rate: '3',
        'Taxable Value': '120000.00',
        'Cess Amount': '0.00',
      },
    ]);
  });

  it('sums by HSN and rate, business and consumer sales apart, credit notes subtracting', () => {
    expect(rows(files['hsn-b2b.csv'])).toEqual([
      {
        HSN: '4202',
        Description: 'Leather bag',
        UQC: 'NOS-NUMBERS',
        'Total Quantity': '1',
        'Total Value': '2950.00',
        Rate: '18',
        'Taxable Value': '2500.00',
        'Integrated Tax Amount': '450.00',
        'Central Tax Amount': '0.00',
        'State/UT Tax Amount': '0.00',
        'Cess Amount': '0.00',
      },
      expect.objectContaining({ HSN: '6109', 'Total Quantity': '10', 'Taxable Value': '10000.00' }),
      expect.objectContaining({ HSN: '996812', UQC: 'OTH-OTHERS', 'Taxable Value': '200.00' }),
    ]);
    const consumer = rows(files['hsn-b2c.csv']);
    expect(
      consumer.map((row) => [row.HSN, row.Rate, row['Total Quantity'], row['Taxable Value']]),
    ).toEqual([
      ['6109', '5', '3', '1400.00'],
      ['6109', '18', '1', '84745.76'],
      ['6404', '18', '2', '5000.00'],
      ['7113', '3', '0', '0.00'],
    ]);
    expect(consumer[0]).toMatchObject({
      'Integrated Tax Amount': '25.00',
      'Central Tax Amount': '22.50',
      'State/UT Tax Amount': '22.50',
    });
  });

  it('writes the tables’ totals, which tie to the documents', () => {
    expect(rows(files['totals.csv'])).toEqual([
      expect.objectContaining({ Table: 'b2b', Documents: '1', 'Taxable Value': '15200.00' }),
      expect.objectContaining({ Table: 'b2cl', Documents: '1', Value: '123600.00' }),
      expect.objectContaining({ Table: 'b2cs', Documents: '6', 'Taxable Value': '91145.76' }),
      expect.objectContaining({ Table: 'cdnr', Documents: '1', Value: '2950.00' }),
      expect.objectContaining({ Table: 'cdnur', Documents: '1', Value: '123600.00' }),
      expect.objectContaining({ Table: 'hsn(b2b)', Documents: '2', 'Taxable Value': '12700.00' }),
      expect.objectContaining({ Table: 'hsn(b2c)', Documents: '8', 'Taxable Value': '91145.76' }),
    ]);
  });

  it('refuses a document of another month, naming it, by India’s calendar', () => {
    const lateJune = document({
      number: 'BZ/2627/00099',
      issuedAt: new Date('2026-06-30T18:29:00Z'),
      lines: [{ taxable: 100_00, rate: 5 }],
    });
    expect(() => gstr1Tables([...month, lateJune], JULY_2026)).toThrow('BZ/2627/00099');
    const earlyJuly = { ...lateJune, issuedAt: new Date('2026-06-30T18:30:00Z') };
    const tablesOfJuly = gstr1Tables([earlyJuly], JULY_2026);
    expect(tablesOfJuly.b2cs.rows).toHaveLength(1);
    expect(gstr1Csv(tablesOfJuly)['b2cs.csv']).toContain('08-Rajasthan');
  });

  it('refuses a document whose lines do not add up to its totals', () => {
    const wrong = { ...smallSales[1], totals: { ...smallSales[1].totals, cgst: 1 } };
    expect(() => gstr1Tables([wrong], JULY_2026)).toThrow('BZ/2627/00005');
  });

  it('takes two and a half lakh as the B2CL limit for invoices before August 2024', () => {
    // Rs 2,10,000 to Delhi: between the two limits.
    const sale = (issuedAt: string) =>
      document({
        number: issuedAt,
        issuedAt: new Date(issuedAt),
        placeOfSupply: DELHI,
        lines: [{ taxable: 2_00_000_00, rate: 5 }],
      });
    const july2024 = gstr1Tables([sale('2024-07-31T18:29:00Z')], { year: 2024, month: 7 });
    expect(july2024.b2cs.totals.documents).toBe(1);
    expect(july2024.b2cl.totals.documents).toBe(0);
    const august2024 = gstr1Tables([sale('2024-07-31T18:30:00Z')], { year: 2024, month: 8 });
    expect(august2024.b2cl.totals.documents).toBe(1);
  });

  it('nets a consumer’s note into b2cs when its invoice was below the limit, in whichever month', () => {
    const earlier = {
      number: 'BZ/2627/00050',
      issuedAt: new Date('2026-06-05T06:00:00Z'),
      total: 99_000_00,
    };
    const note = document({
      kind: 'credit-note',
      number: 'CN/2627/00010',
      placeOfSupply: KARNATAKA,
      refersTo: earlier,
      lines: [{ taxable: 1_000_00, rate: 18 }],
    });
    const alone = gstr1Tables([note], JULY_2026);
    expect(alone.cdnur.rows).toEqual([]);
    expect(alone.b2cs.rows).toEqual([
      {
        placeOfSupply: KARNATAKA,
        rate: 18,
        taxable: -1_000_00,
        cgst: 0,
        sgst: 0,
        utgst: 0,
        igst: -180_00,
      },
    ]);
    expect(rows(gstr1Csv(alone)['b2cs.csv'])[0]['Taxable Value']).toBe('-1000.00');
  });
});

// The property: over random months, the tables tie to the documents and count none twice.

/** The values an arbitrary draws. */
type Drawn<Arbitrary> = Arbitrary extends fc.Arbitrary<infer Value> ? Value : never;

const STATES = [RAJASTHAN, MAHARASHTRA, KARNATAKA, CHANDIGARH, DELHI];
const RATES = [0, 0.25, 3, 5, 18, 40];

const lineSpec = fc.record({
  hsn: fc.constantFrom('6109', '6404', '7113', '996812'),
  quantity: fc.integer({ min: 1, max: 5 }),
  taxable: fc.integer({ min: 1, max: 60_000_00 }),
  rate: fc.constantFrom(...RATES),
});

const invoiceSpec = fc.record({
  registered: fc.boolean(),
  state: fc.constantFrom(...STATES),
  day: fc.integer({ min: 1, max: 31 }),
  lines: fc.array(lineSpec, { minLength: 1, maxLength: 4 }),
  /** Credit back these lines (by position) in the same month, or none. */
  credited: fc.option(fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), { nil: null }),
});

/** A consumer's note against an invoice of an earlier month, of a value on either side of the limit. */
const earlierNoteSpec = fc.record({
  state: fc.constantFrom(...STATES),
  invoiceTotal: fc.integer({ min: 1_000_00, max: 3_00_000_00 }),
  line: lineSpec,
});

function monthOf(
  invoices: Drawn<typeof invoiceSpec>[],
  earlierNotes: Drawn<typeof earlierNoteSpec>[],
): TaxDocument[] {
  const documents: TaxDocument[] = [];
  invoices.forEach((spec, at) => {
    const invoice = document({
      number: `BZ/2627/${String(at + 1).padStart(5, '0')}`,
      issuedAt: july(spec.day),
      gstin: spec.registered ? `${spec.state.code}AAPFU0939F1ZV` : null,
      placeOfSupply: spec.state,
      lines: spec.lines,
    });
    documents.push(invoice);
    if (spec.credited === null) return;
    const lines = [...new Set(spec.credited.map((index) => index % spec.lines.length))];
    documents.push(
      creditNote(invoice, {
        number: `CN/2627/${String(at + 1).padStart(5, '0')}`,
        issuedAt: july(Math.min(31, spec.day + 1)),
        lines: lines.map((index) => spec.lines[index]),
      }),
    );
  });
  earlierNotes.forEach((spec, at) => {
    documents.push(
      document({
        kind: 'credit-note',
        number: `CN/2627/9${String(at).padStart(4, '0')}`,
        issuedAt: july(31),
        placeOfSupply: spec.state,
        refersTo: {
          number: `BZ/2627/9${String(at).padStart(4, '0')}`,
          issuedAt: new Date('2026-06-15T06:00:00Z'),
          total: spec.invoiceTotal,
        },
        lines: [spec.line],
      }),
    );
  });
  return documents;
}

const AMOUNTS = ['taxable', 'cgst', 'sgst', 'utgst', 'igst'] as const;

function combined(parts: [Gstr1Totals | TaxAmounts, number][]): TaxAmounts {
  const sum: TaxAmounts = { taxable: 0, cgst: 0, sgst: 0, utgst: 0, igst: 0 };
  for (const [amounts, sign] of parts) for (const key of AMOUNTS) sum[key] += sign * amounts[key];
  return sum;
}

/** A money column of a written file, summed back into paise. */
function columnSum(text: string, column: string): number {
  return rows(text).reduce((sum, row) => sum + Math.round(Number(row[column]) * 100), 0);
}

function checkRowsAddUp(tables: Gstr1Tables): void {
  for (const name of ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsnB2b', 'hsnB2c'] as const) {
    const table = tables[name];
    expect(combined(table.rows.map((row) => [row, 1])), name).toEqual(
      combined([[table.totals, 1]]),
    );
  }
}

describe('the GSTR-1 tables of random months', () => {
  it('tie to the invoices less the credit notes, in the tables and in the files, counting nothing twice', () => {
    fc.assert(
      fc.property(
        fc.array(invoiceSpec, { maxLength: 25 }),
        fc.array(earlierNoteSpec, { maxLength: 4 }),
        (invoices, earlierNotes) => {
          const documents = monthOf(invoices, earlierNotes);
          const tables = gstr1Tables(documents, JULY_2026);
          const issued = combined(documents.map((d) => [d.totals, d.kind === 'invoice' ? 1 : -1]));

          const { b2b, b2cl, b2cs, cdnr, cdnur, hsnB2b, hsnB2c } = tables;
          expect(
            combined([
              [b2b.totals, 1],
              [b2cl.totals, 1],
              [b2cs.totals, 1],
              [cdnr.totals, -1],
              [cdnur.totals, -1],
            ]),
          ).toEqual(issued);
          expect(
            combined([
              [hsnB2b.totals, 1],
              [hsnB2c.totals, 1],
            ]),
          ).toEqual(issued);
          checkRowsAddUp(tables);

          // Each document in exactly one of the five tables.
          const counted = [b2b, b2cl, b2cs, cdnr, cdnur].reduce(
            (n, t) => n + t.totals.documents,
            0,
          );
          expect(counted).toBe(documents.length);
          expect(hsnB2b.totals.documents + hsnB2c.totals.documents).toBe(documents.length);
          const listed = [b2b, b2cl, cdnr, cdnur].flatMap((t) => [
            ...new Set(t.rows.map((r) => r.number)),
          ]);
          expect(new Set(listed).size).toBe(listed.length);
          for (const table of [b2b, b2cl, cdnr, cdnur]) {
            const value = [...new Map(table.rows.map((r) => [r.number, r.documentValue])).values()];
            expect(value.reduce((a, b) => a + b, 0)).toBe(table.totals.value);
          }

          // The files say the same, to the paisa.
          const files = gstr1Csv(tables);
          const taxable = (file: keyof typeof files) => columnSum(files[file], 'Taxable Value');
          expect(
            taxable('b2b.csv') +
              taxable('b2cl.csv') +
              taxable('b2cs.csv') -
              taxable('cdnr.csv') -
              taxable('cdnur.csv'),
          ).toBe(issued.taxable);
          for (const [column, amount] of [
            ['Taxable Value', issued.taxable],
            ['Integrated Tax Amount', issued.igst],
            ['Central Tax Amount', issued.cgst],
            ['State/UT Tax Amount', issued.sgst + issued.utgst],
          ] as const) {
            expect(
              columnSum(files['hsn-b2b.csv'], column) + columnSum(files['hsn-b2c.csv'], column),
            ).toBe(amount);
          }
          expect(
            rows(files['hsn-b2c.csv']).every((row) => GSTR1_COLUMNS.hsn.every((c) => c in row)),
          ).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
