import { shopDay } from '../common/shop-days';

/**
 * The financial year a moment falls in, as the shop counts days (India): April to March,
 * written `2026-27`. Invoice and credit note series start again from 1 each year.
 */
export function financialYearOf(at: Date): string {
  const [year, month] = shopDay(at.getTime()).split('-').map(Number);
  const starts = month >= 4 ? year : year - 1;
  return `${starts}-${String((starts + 1) % 100).padStart(2, '0')}`;
}

/** What a series numbers. */
export type TaxDocumentKind = 'invoice' | 'credit-note';

/**
 * A document's number as printed: `BZ/2627/00017` for an invoice, `BZ/C2627/00003` for a credit
 * note: with a prefix of at most 3 characters and up to 999,999 a year, at most 16 characters of
 * letters, digits and `/`, as rule 46 allows.
 */
export function documentNumber(
  prefix: string,
  kind: TaxDocumentKind,
  financialYear: string,
  serial: number,
): string {
  const year = financialYear.replace('-', '').slice(2);
  return `${prefix}/${kind === 'credit-note' ? 'C' : ''}${year}/${String(serial).padStart(5, '0')}`;
}
