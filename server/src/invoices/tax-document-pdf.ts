import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { indianState } from '../shared/indian-states';
import { amountInWords } from './amount-in-words';
import { TaxDocument, TaxLine, TaxState } from './tax-document';

/**
 * A tax invoice or credit note as an A4 PDF, with everything rule 46 (invoice) and rule 53
 * (credit note) ask it to show. The same document gives the same bytes every time: the dates
 * and amounts are formatted here rather than by the runtime's locale data, the PDF's dates
 * are the document's issue time, and pdfkit makes the file ID from those dates.
 */

// Noto Sans, embedded (pdfkit keeps only the glyphs used): it has the rupee sign and the
// letters of Indian names and addresses typed in Latin script with diacritics, which the
// PDF standard fonts lack. The Hindi beside the English headings is in Noto Sans Devanagari,
// whose conjuncts and vowel signs the font engine (fontkit) shapes; it has no Latin letters,
// so each script keeps its font.
const fontFile = createRequire(__filename);
const FONT_FILES = {
  body: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  hindi: '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff',
  hindiBold:
    '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff',
} as const;
type FontName = keyof typeof FONT_FILES;

/**
 * The fonts, read and parsed once for every document: parsing a font's tables for its first
 * layout took about 60 ms each, which every invoice paid again when each document opened its
 * own (86 ms an invoice before the Hindi fonts, 297 ms with them).
 */
let parsedFonts: Record<FontName, fontkit.Font> | undefined;
const loadFonts = () =>
  (parsedFonts ??= Object.fromEntries(
    Object.entries(FONT_FILES).map(([name, file]) => [
      name,
      fontkit.create(readFileSync(fontFile.resolve(file))) as fontkit.Font,
    ]),
  ) as Record<FontName, fontkit.Font>);

/**
 * The document's headings in Hindi, printed under or beside the English (which stays as rule 46
 * words it): a buyer who reads Hindi first finds their way, an officer reading English loses
 * nothing.
 */
export const HINDI_HEADINGS = {
  invoice: 'कर बीजक',
  creditNote: 'क्रेडिट नोट',
  original: 'प्राप्तकर्ता के लिए मूल प्रति',
  supplier: 'आपूर्तिकर्ता',
  recipient: 'प्राप्तकर्ता',
  total: 'कुल',
  totalCredited: 'कुल जमा',
  signatory: 'अधिकृत हस्ताक्षरकर्ता',
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** India Standard Time, UTC+05:30 all year (no daylight saving). */
const IST_OFFSET_MS = 330 * 60 * 1000;

/** The day in India, as invoices print it: "26 Nov 2026". */
export function invoiceDate(at: Date): string {
  const india = new Date(at.getTime() + IST_OFFSET_MS);
  return `${india.getUTCDate()} ${MONTHS[india.getUTCMonth()]} ${india.getUTCFullYear()}`;
}

/** Paise in rupees with Indian grouping and two decimals: 12345678 -> "1,23,456.78". */
export function rupeeFigures(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`An amount on a tax document is whole paise from 0, not ${paise}`);
  }
  const rupees = String(Math.floor(paise / 100));
  // The last three digits, then pairs: 12,34,56,789.
  const lastThree = rupees.slice(-3);
  const rest = rupees.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${rest ? `${rest},` : ''}${lastThree}.${String(paise % 100).padStart(2, '0')}`;
}

const stateText = (state: TaxState) => `${state.name} (code ${state.code})`;
const rateText = (rate: number) => `${rate}%`;

/** Which taxes the document shows, by whether the supply crosses a state's border. */
type TaxColumns = { kind: 'intra'; stateTax: 'SGST' | 'UTGST' } | { kind: 'inter' };

/**
 * IGST when the supplier's state is not the place of supply, CGST with SGST or UTGST when it
 * is; SGST or UTGST by which the document charges (by the place's kind when it charges
 * neither, at 0%). Refuses a document whose amounts contradict its states rather than hide a
 * tax that was charged.
 */
function taxColumnsOf(document: TaxDocument): TaxColumns {
  const { totals } = document;
  const inter = document.supplier.state.code !== document.placeOfSupply.code;
  const charged = (tax: 'cgst' | 'sgst' | 'utgst' | 'igst') =>
    totals[tax] !== 0 || document.lines.some((line) => line[tax] !== 0);
  if (inter && (charged('cgst') || charged('sgst') || charged('utgst'))) {
    throw new Error(`${document.number}: an inter-state supply charges IGST only`);
  }
  if (!inter && charged('igst')) {
    throw new Error(`${document.number}: a supply within a state charges no IGST`);
  }
  if (charged('sgst') && charged('utgst')) {
    throw new Error(`${document.number}: SGST and UTGST are never charged together`);
  }
  if (inter) return { kind: 'inter' };
  if (charged('utgst')) return { kind: 'intra', stateTax: 'UTGST' };
  if (charged('sgst')) return { kind: 'intra', stateTax: 'SGST' };
  return { kind: 'intra', stateTax: indianState(document.placeOfSupply.code)?.tax ?? 'SGST' };
}

interface Column {
  label: string;
  width: number;
  align: 'left' | 'right';
  cell: (line: TaxLine, at: number) => string;
  /** The totals row's cell; blank when the column has no total. */
  total?: (totals: TaxDocument['totals']) => string;
}

function columnsFor(taxes: TaxColumns): Column[] {
  const amount = (label: string, width: number, of: (line: TaxDocument['totals']) => number) => ({
    label,
    width,
    align: 'right' as const,
    cell: (line: TaxLine) => rupeeFigures(of(line)),
    total: (totals: TaxDocument['totals']) => rupeeFigures(of(totals)),
  });
  const taxColumns =
    taxes.kind === 'inter'
      ? [amount('IGST', 62, (line) => line.igst)]
      : [
          amount('CGST', 52, (line) => line.cgst),
          amount(taxes.stateTax, 52, (line) =>
            taxes.stateTax === 'SGST' ? line.sgst : line.utgst,
          ),
        ];
  const taxWidth = taxColumns.reduce((sum, column) => sum + column.width, 0);
  return [
    { label: '#', width: 18, align: 'left', cell: (_line, at) => String(at + 1) },
    {
      label: 'Description',
      width: 258 - taxWidth,
      align: 'left',
      cell: (line) => line.description,
      total: () => 'Total',
    },
    { label: 'HSN/SAC', width: 46, align: 'left', cell: (line) => line.hsn },
    { label: 'Qty', width: 42, align: 'right', cell: (line) => `${line.quantity} ${line.unit}` },
    amount('Taxable value', 62, (line) => line.taxable),
    { label: 'Rate', width: 32, align: 'right', cell: (line) => rateText(line.rate) },
    ...taxColumns,
    amount('Total', 65, (line) => line.total),
  ];
}

const PAGE_MARGIN = 36;
const CELL_PADDING = 3;
const TABLE_FONT_SIZE = 8;

/**
 * The PDF of a tax invoice or credit note. `shop.name` is the shop's trading name, printed
 * above the supplier's legal name when they differ.
 */
export async function renderTaxDocument(
  document: TaxDocument,
  shop: { name: string },
): Promise<Buffer> {
  const isCreditNote = document.kind === 'credit-note';
  if (isCreditNote && !document.refersTo) {
    throw new Error(`${document.number}: a credit note names the invoice it corrects`);
  }
  const title = isCreditNote ? 'Credit Note' : 'Tax Invoice';
  const taxes = taxColumnsOf(document);
  const columns = columnsFor(taxes);
  const font = loadFonts();

  const pdf = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    bufferPages: true,
    lang: 'en-IN',
    displayTitle: true,
    info: {
      Title: `${title} ${document.number}`,
      Author: document.supplier.name,
      Subject: `Order ${document.orderNumber}`,
      Creator: shop.name,
      CreationDate: document.issuedAt,
      ModDate: document.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  // pdfkit takes a font its engine parsed (a font with `layout`), as well as a file.
  for (const name of Object.keys(font) as FontName[]) {
    pdf.registerFont(name, font[name] as unknown as Buffer);
  }
  const left = PAGE_MARGIN;
  const width = pdf.page.width - 2 * PAGE_MARGIN;
  const bottom = () => pdf.page.height - PAGE_MARGIN - 14; // room for the page footer

  // Heading: the title, which copy this is, and for a credit note the invoice it corrects.
  pdf.font('bold').fontSize(16).text(title, left, PAGE_MARGIN, { width, align: 'center' });
  pdf
    .font('hindiBold')
    .fontSize(12)
    .text(isCreditNote ? HINDI_HEADINGS.creditNote : HINDI_HEADINGS.invoice, {
      width,
      align: 'center',
    });
  pdf.font('body').fontSize(8).text('Original for recipient', { width, align: 'right' });
  pdf.font('hindi').text(HINDI_HEADINGS.original, { width, align: 'right' });
  if (isCreditNote && document.refersTo) {
    pdf
      .font('body')
      .fontSize(10)
      .text(
        `Against invoice ${document.refersTo.number} of ${invoiceDate(document.refersTo.issuedAt)}`,
        { width, align: 'center' },
      );
  }
  pdf.moveDown(0.8);

  // Supplier on the left, the document's particulars on the right.
  const half = (width - 16) / 2;
  const right = left + half + 16;
  const blockTop = pdf.y;
  const { supplier, recipient } = document;
  let y = partyBlock(
    pdf,
    left,
    blockTop,
    half,
    ['Supplier', HINDI_HEADINGS.supplier],
    supplier.name,
    [
      ...(shop.name.trim() && shop.name !== supplier.name ? [`Trading as ${shop.name}`] : []),
      ...supplier.address,
      `GSTIN: ${supplier.gstin}`,
      `State: ${stateText(supplier.state)}`,
    ],
  );
  const noun = isCreditNote ? 'Credit note' : 'Invoice';
  const particulars: [string, string][] = [
    [`${noun} number`, document.number],
    [`${noun} date`, invoiceDate(document.issuedAt)],
    ['Order number', document.orderNumber],
    ['Order date', invoiceDate(document.orderedAt)],
    ['Place of supply', stateText(document.placeOfSupply)],
    ['Tax payable on reverse charge', document.reverseCharge ? 'Yes' : 'No'],
  ];
  let py = blockTop;
  for (const [label, value] of particulars) {
    pdf.font('bold').fontSize(9).text(`${label}: `, right, py, { width: half, continued: true });
    pdf.font('body').text(value);
    py = pdf.y + 1;
  }
  y = Math.max(y, py) + 10;

  // The recipient: the buyer, where the goods went.
  y =
    partyBlock(
      pdf,
      left,
      y,
      width,
      ['Recipient (billed and shipped to)', HINDI_HEADINGS.recipient],
      recipient.name,
      [
        ...recipient.address,
        `State: ${stateText(recipient.state)}`,
        ...(recipient.gstin ? [`GSTIN: ${recipient.gstin}`] : []),
      ],
    ) + 12;

  // The lines, flowing onto further pages with the header repeated.
  const drawHeader = (top: number) => drawRow(pdf, columns, top, 'bold', (c) => c.label, true);
  y = drawHeader(y);
  document.lines.forEach((line, at) => {
    const height = rowHeight(pdf, columns, 'body', (column) => column.cell(line, at));
    if (y + height > bottom()) {
      pdf.addPage();
      pdf
        .font('bold')
        .fontSize(10)
        .text(`${title} ${document.number} (continued)`, left, PAGE_MARGIN, { width });
      y = drawHeader(pdf.y + 6);
    }
    y = drawRow(pdf, columns, y, 'body', (column) => column.cell(line, at));
  });
  const totalsHeight = rowHeight(pdf, columns, 'bold', (c) => c.total?.(document.totals) ?? '');
  if (y + totalsHeight > bottom()) {
    pdf.addPage();
    y = drawHeader(PAGE_MARGIN);
  }
  y = drawRow(pdf, columns, y, 'bold', (c) => c.total?.(document.totals) ?? '', true);

  // The total in figures and words, then the signature.
  const words = `Amount in words: ${amountInWords(document.totals.total)}`;
  const closingHeight = 24 + pdf.font('body').fontSize(9).heightOfString(words, { width }) + 96;
  if (y + closingHeight > bottom()) {
    pdf.addPage();
    y = PAGE_MARGIN;
  }
  pdf
    .font('bold')
    .fontSize(11)
    .text(
      `${isCreditNote ? 'Total credited' : 'Total'}: ₹${rupeeFigures(document.totals.total)}`,
      left,
      y + 10,
      { width, align: 'right' },
    );
  pdf
    .font('hindi')
    .fontSize(9)
    .text(isCreditNote ? HINDI_HEADINGS.totalCredited : HINDI_HEADINGS.total, {
      width,
      align: 'right',
    });
  pdf
    .font('body')
    .fontSize(9)
    .text(words, left, pdf.y + 4, { width });
  pdf
    .font('bold')
    .fontSize(9)
    .text(`For ${supplier.name}`, right, pdf.y + 18, {
      width: half,
      align: 'right',
    });
  pdf.font('body').text('Authorised signatory', right, pdf.y + 28, { width: half, align: 'right' });
  pdf.font('hindi').text(HINDI_HEADINGS.signatory, { width: half, align: 'right' });

  // Every page's footer: which document, which page of how many.
  const { start, count } = pdf.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    pdf.switchToPage(page);
    const margins = pdf.page.margins;
    pdf.page.margins = { ...margins, bottom: 0 }; // writing below the margin adds no page
    pdf
      .font('body')
      .fontSize(7)
      .text(
        `${title} ${document.number} · Page ${page - start + 1} of ${count}`,
        left,
        pdf.page.height - PAGE_MARGIN,
        { width, align: 'center', lineBreak: false },
      );
    pdf.page.margins = margins;
  }
  pdf.end();
  return finished;
}

/** A titled block of a party's name and lines; answers where it ends. */
function partyBlock(
  pdf: PDFKit.PDFDocument,
  x: number,
  y: number,
  width: number,
  [heading, hindi]: [english: string, hindi: string],
  name: string,
  lines: string[],
): number {
  pdf
    .font('bold')
    .fontSize(8)
    .fillColor('#555555')
    .text(`${heading.toUpperCase()}  `, x, y, { width, continued: true });
  pdf.font('hindiBold').text(hindi);
  pdf.font('bold').fillColor('black').fontSize(10).text(name, { width });
  pdf.font('body').fontSize(9);
  for (const line of lines) pdf.text(line, { width });
  return pdf.y;
}

function rowHeight(
  pdf: PDFKit.PDFDocument,
  columns: Column[],
  font: 'body' | 'bold',
  text: (column: Column) => string,
): number {
  pdf.font(font).fontSize(TABLE_FONT_SIZE);
  const heights = columns.map((column) =>
    pdf.heightOfString(text(column) || ' ', { width: column.width - 2 * CELL_PADDING }),
  );
  return Math.max(...heights) + 2 * CELL_PADDING;
}

/** One row of the table at `top`, ruled below (and above too, for the header); answers its bottom. */
function drawRow(
  pdf: PDFKit.PDFDocument,
  columns: Column[],
  top: number,
  font: 'body' | 'bold',
  text: (column: Column) => string,
  ruleAbove = false,
): number {
  const height = rowHeight(pdf, columns, font, text);
  const left = PAGE_MARGIN;
  const width = columns.reduce((sum, column) => sum + column.width, 0);
  let x = left;
  for (const column of columns) {
    pdf.text(text(column), x + CELL_PADDING, top + CELL_PADDING, {
      width: column.width - 2 * CELL_PADDING,
      align: column.align,
    });
    x += column.width;
  }
  pdf.lineWidth(ruleAbove ? 0.8 : 0.3).strokeColor('#888888');
  if (ruleAbove)
    pdf
      .moveTo(left, top)
      .lineTo(left + width, top)
      .stroke();
  pdf
    .moveTo(left, top + height)
    .lineTo(left + width, top + height)
    .stroke();
  return top + height;
}
