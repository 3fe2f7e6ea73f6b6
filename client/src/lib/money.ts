import { intlLocale } from './i18n';

const formats = new Map<string, Intl.NumberFormat>();

/** Rupees with Indian digit grouping, in the storefront's language: 123456 -> ₹1,23,456.00 */
export function formatINR(amount: number): string {
  const locale = intlLocale();
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR' });
    formats.set(locale, format);
  }
  return format.format(amount);
}

/** A count with Indian digit grouping, in the storefront's language: 123456 -> 1,23,456 */
export function formatCount(count: number): string {
  return count.toLocaleString(intlLocale());
}
