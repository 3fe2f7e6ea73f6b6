import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { indianState } from '../shared/indian-states';
import { amountInWords } from './amount-in-words';
import { TaxDocument, TaxLine } from './tax-document';
import { HINDI_HEADINGS, invoiceDate, renderTaxDocument, rupeeFigures } from './tax-document-pdf';

const SHOP = { name: 'Bazaar Demo Shop' };
const SUPPLIER_GSTIN = '27AAPFU0939F1ZV';
const BUYER_GSTIN = '29AAICA3918J1ZE';

interface LineOrder {
  description: string;
  hsn: string;
  quantity: number;
  rate: number;
  /** What the line was sold for, tax included, in paise. */
  paid: number;
  unit?: string;
}

interface DocumentOrder {
  kind?: TaxDocument['kind'];
  /** GST state codes. */
  supplierState?: string;
  deliveredTo?: string;
  buyerGstin?: string | null;
  lines: LineOrder[];
}

const stateOf = (code: string) => {
  const state = indianState(code);
  if (!state) throw new Error(`no state ${code}`);
  return { code: state.code, name: state.name };
};

/**
 * A tax-inclusive price split as the shop splits it: taxable value rounded to the paisa, the
 * rest tax; within a state half to CGST (rounded down) and the rest to SGST or UTGST.
 */
function splitLine(order: LineOrder, inter: boolean, stateTax: 'sgst' | 'utgst'): TaxLine {
  const taxable = Math.round((order.paid * 100) / (100 + order.rate));
  const tax = order.paid - taxable;
  const cgst = inter ? 0 : Math.floor(tax / 2);
  return {
    hsn: order.hsn,
    description: order.description,
    quantity: order.quantity,
    unit: order.unit ?? 'NOS',
    rate: order.rate,
    taxable,
    cgst,
    sgst: !inter && stateTax === 'sgst' ? tax - cgst : 0,
    utgst: !inter && stateTax === 'utgst' ? tax - cgst : 0,
    igst: inter ? tax : 0,
    total: order.paid,
  };
}

/** A whole tax document from a few facts, its amounts adding up per line and in total. */
function taxDocument(order: DocumentOrder): TaxDocument {
  const supplierState = stateOf(order.supplierState ?? '27');
  const place = stateOf(order.deliveredTo ?? supplierState.code);
  const inter = supplierState.code !== place.code;
  const stateTax = indianState(place.code)?.tax === 'UTGST' ? 'utgst' : 'sgst';
  const lines = order.lines.map((line) => splitLine(line, inter, stateTax));
  const sum = (of: (line: TaxLine) => number) => lines.reduce((total, line) => total + of(line), 0);
  const kind = order.kind ?? 'invoice';
  const issuedAt = new Date('2026-11-26T09:30:00+05:30');
  return {
    kind,
    number: kind === 'invoice' ? 'BZ/2627/00017' : 'BZC/2627/00003',
    financialYear: '2026-27',
    serial: kind === 'invoice' ? 17 : 3,
    issuedAt,
    orderId: '6745f0c2a1b2c3d4e5f60718',
    orderNumber: 'BZ-000123',
    orderedAt: new Date('2026-11-25T22:10:00+05:30'),
    refersTo:
      kind === 'credit-note'
        ? {
            number: 'BZ/2627/00009',
            issuedAt: new Date('2026-11-20T18:45:00+05:30'),
            total: 1_180_00,
          }
        : null,
    supplier: {
      name: 'Bazaar Retail Private Limited',
      address: ['12 MG Road, Fort', 'Mumbai 400001'],
      state: supplierState,
      gstin: SUPPLIER_GSTIN,
    },
    recipient: {
      name: 'Asha Verma',
      address: ['Flat 4B, Lake View Apartments', 'Somewhere 000000'],
      state: place,
      gstin: order.buyerGstin ?? null,
    },
    placeOfSupply: place,
    reverseCharge: false,
    lines,
    totals: {
      taxable: sum((line) => line.taxable),
      cgst: sum((line) => line.cgst),
      sgst: sum((line) => line.sgst),
      utgst: sum((line) => line.utgst),
      igst: sum((line) => line.igst),
      total: sum((line) => line.total),
    },
  };
}

const SAREE: LineOrder = {
  description: 'Handloom cotton saree, indigo',
  hsn: '52085290',
  quantity: 2,
  rate: 5,
  paid: 2_399_00,
};
const LAMP: LineOrder = {
  description: 'Brass table lamp',
  hsn: '94052010',
  quantity: 1,
  rate: 18,
  paid: 1_23_456_78,
};
const SHIPPING: LineOrder = {
  description: 'Shipping',
  hsn: '996812',
  quantity: 1,
  unit: 'OTH',
  rate: 18,
  paid: 99_00,
};

/** Each page's text, as a reader of the PDF gets it. */
async function pagesOf(pdf: Buffer): Promise<string[]> {
  const loading = getDocument({ data: new Uint8Array(pdf) });
  const loaded = await loading.promise;
  const pages: string[] = [];
  for (let number = 1; number <= loaded.numPages; number++) {
    const content = await (await loaded.getPage(number)).getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    pages.push(text.replace(/\s+/g, ' '));
  }
  await loading.destroy();
  return pages;
}

const textOf = async (document: TaxDocument) =>
  (await pagesOf(await renderTaxDocument(document, SHOP))).join(' ');

describe('the printed forms of dates and amounts', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [99_900, '999.00'],
    [1_00_000_00, '1,00,000.00'],
    [1_23_456_78, '1,23,456.78'],
    [99_99_99_99_999_99, '99,99,99,99,999.99'],
  ])('%i paise: %s', (paise, text) => {
    expect(rupeeFigures(paise)).toBe(text);
  });

  it('dates are the day in India, whatever the time zone of the server', () => {
    expect(invoiceDate(new Date('2026-11-25T19:00:00Z'))).toBe('26 Nov 2026');
    expect(invoiceDate(new Date('2026-11-25T18:29:59Z'))).toBe('25 Nov 2026');
    expect(invoiceDate(new Date('2027-03-31T18:30:00Z'))).toBe('1 Apr 2027');
  });
});

describe('renderTaxDocument: a tax invoice or credit note as a PDF', () => {
  it('the fixture documents add up, per line and in total', () => {
    for (const document of [
      taxDocument({ lines: [SAREE, LAMP, SHIPPING] }),
      taxDocument({ deliveredTo: '29', lines: [SAREE, LAMP, SHIPPING] }),
      taxDocument({ supplierState: '04', lines: [SAREE, LAMP] }),
    ]) {
      const taxes = (amounts: TaxDocument['totals'] | TaxLine) =>
        amounts.taxable + amounts.cgst + amounts.sgst + amounts.utgst + amounts.igst;
      for (const line of document.lines) expect(taxes(line)).toBe(line.total);
      expect(taxes(document.totals)).toBe(document.totals.total);
      expect(document.totals.total).toBe(SAREE.paid + LAMP.paid + (document.lines[2]?.total ?? 0));
    }
  });

  it('an invoice within a state shows every field rule 46 asks for, with CGST and SGST', async () => {
    const document = taxDocument({ lines: [SAREE, LAMP, SHIPPING] });
    const text = await textOf(document);

    expect(text).toContain('Tax Invoice');
    expect(text).toContain('Original for recipient');
    expect(text).not.toContain('Credit Note');
    // Its headings in Hindi too, in a font with Devanagari.
    expect(text).toContain(HINDI_HEADINGS.invoice);
    expect(text).toContain(HINDI_HEADINGS.total);
    for (const expected of [
      'Bazaar Retail Private Limited',
      `Trading as ${SHOP.name}`,
      '12 MG Road, Fort',
      `GSTIN: ${SUPPLIER_GSTIN}`,
      'State: Maharashtra (code 27)',
      'Invoice number: BZ/2627/00017',
      'Invoice date: 26 Nov 2026',
      'Order number: BZ-000123',
      'Asha Verma',
      'Flat 4B, Lake View Apartments',
      'Place of supply: Maharashtra (code 27)',
      'Tax payable on reverse charge: No',
      'HSN/SAC',
      'Taxable value',
      '2 NOS',
      '1 OTH',
      '5%',
      '18%',
      `For Bazaar Retail Private Limited`,
      'Authorised signatory',
    ]) {
      expect(text).toContain(expected);
    }
    for (const line of document.lines) {
      expect(text).toContain(line.hsn);
      expect(text).toContain(line.description);
      for (const amount of [line.taxable, line.cgst, line.sgst, line.total]) {
        expect(text).toContain(rupeeFigures(amount));
      }
    }
    const { totals } = document;
    for (const amount of [totals.taxable, totals.cgst, totals.sgst]) {
      expect(text).toContain(rupeeFigures(amount));
    }
    expect(text).toContain(`Total: ₹${rupeeFigures(totals.total)}`);
    expect(text).toContain(amountInWords(totals.total));
    expect(text).toMatch(/\bCGST\b/);
    expect(text).toMatch(/\bSGST\b/);
    expect(text).not.toMatch(/IGST|UTGST/);
    // No buyer GSTIN given: only the supplier's is printed.
    expect(text.match(/GSTIN:/g)).toHaveLength(1);
  });

  it('an inter-state B2B invoice shows IGST only, and the buyer GSTIN', async () => {
    const document = taxDocument({
      deliveredTo: '29',
      buyerGstin: BUYER_GSTIN,
      lines: [SAREE, LAMP, SHIPPING],
    });
    const text = await textOf(document);

    expect(text).toContain(`GSTIN: ${BUYER_GSTIN}`);
    expect(text).toContain('State: Karnataka (code 29)');
    expect(text).toContain('Place of supply: Karnataka (code 29)');
    expect(text).toMatch(/\bIGST\b/);
    expect(text).not.toMatch(/CGST|SGST|UTGST/);
    for (const line of document.lines) expect(text).toContain(rupeeFigures(line.igst));
    expect(text).toContain(rupeeFigures(document.totals.igst));
    expect(text).toContain(`Total: ₹${rupeeFigures(document.totals.total)}`);
  });

  it('an invoice within a union territory without a legislature shows CGST and UTGST', async () => {
    const document = taxDocument({ supplierState: '04', lines: [SAREE, LAMP] });
    const text = await textOf(document);

    expect(text).toContain('Place of supply: Chandigarh (code 04)');
    expect(text).toMatch(/\bCGST\b/);
    expect(text).toMatch(/\bUTGST\b/);
    expect(text).not.toMatch(/IGST|\bSGST\b/);
    for (const line of document.lines) expect(text).toContain(rupeeFigures(line.utgst));
  });

  it('a credit note says so and names the invoice it corrects', async () => {
    const document = taxDocument({ kind: 'credit-note', lines: [LAMP] });
    const text = await textOf(document);

    expect(text).toContain('Credit Note');
    expect(text).not.toContain('Tax Invoice');
    expect(text).not.toContain(HINDI_HEADINGS.invoice);
    expect(text).toContain(HINDI_HEADINGS.totalCredited);
    expect(text).toContain('Against invoice BZ/2627/00009 of 20 Nov 2026');
    expect(text).toContain('Credit note number: BZC/2627/00003');
    expect(text).toContain(`Total credited: ₹${rupeeFigures(document.totals.total)}`);
    expect(text).toContain(amountInWords(document.totals.total));
  });

  it('60 lines flow onto a second page, its table headed again', async () => {
    const lines = Array.from({ length: 60 }, (_, at) => ({
      ...SAREE,
      description: `Handloom saree, design ${at + 1}`,
      paid: SAREE.paid + at * 1_00,
    }));
    const document = taxDocument({ lines });
    const pages = await pagesOf(await renderTaxDocument(document, SHOP));

    expect(pages).toHaveLength(2);
    for (const page of pages) {
      expect(page).toContain('HSN/SAC');
      expect(page).toMatch(/Page \d of 2/);
    }
    expect(pages[1]).toContain('Tax Invoice BZ/2627/00017 (continued)');
    const all = pages.join(' ');
    for (const line of lines) expect(all).toContain(line.description);
    expect(pages[1]).toContain(`Total: ₹${rupeeFigures(document.totals.total)}`);
  });

  it('the same document gives the same bytes every time; another document other bytes', async () => {
    const document = taxDocument({ lines: [SAREE, LAMP, SHIPPING] });
    const first = await renderTaxDocument(document, SHOP);
    const again = await renderTaxDocument(structuredClone(document), SHOP);
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(again.equals(first)).toBe(true);

    const later = { ...document, issuedAt: new Date(document.issuedAt.getTime() + 1_000) };
    expect((await renderTaxDocument(later, SHOP)).equals(first)).toBe(false);
  });

  it('refuses a document whose taxes contradict its place of supply', async () => {
    const inter = taxDocument({ deliveredTo: '29', lines: [LAMP] });
    const withCgst = { ...inter, totals: { ...inter.totals, cgst: 1 } };
    await expect(renderTaxDocument(withCgst, SHOP)).rejects.toThrow(/IGST only/);
  });
});
