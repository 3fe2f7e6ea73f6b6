/**
 * An amount in words as Indian invoices print it, in lakh and crore: "Rupees One Lakh
 * Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only". Written here
 * rather than taken from a library: to-words (en-IN), the maintained one with lakh and crore,
 * prints "Four Hundred Fifty Six Rupees" (rupees last, no hyphens) and says "Arab" past 99
 * crore, which invoices do not; they keep counting crores ("Nine Thousand Nine Hundred
 * Ninety-Nine Crore"). Whole numbers only, no floating point.
 */

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1 to 99: "Seven", "Nineteen", "Forty", "Fifty-Six". */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  const ones = n % 10;
  return ones === 0 ? TENS[n / 10] : `${TENS[Math.floor(n / 10)]}-${ONES[ones]}`;
}

/** 1 to 999. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts = hundreds > 0 ? [`${ONES[hundreds]} Hundred`] : [];
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/**
 * A whole number above 0 in Indian grouping: crore (1,00,00,000), lakh (1,00,000), thousand,
 * hundred. Crores above 99 are themselves counted in lakh and thousand, as Indian
 * accounting says them ("One Lakh Crore" for 10^12).
 */
function indianWords(n: number): string {
  const crores = Math.floor(n / 10_000_000);
  const lakhs = Math.floor(n / 100_000) % 100;
  const thousands = Math.floor(n / 1_000) % 100;
  const rest = n % 1_000;
  const parts: string[] = [];
  if (crores > 0) parts.push(`${indianWords(crores)} Crore`);
  if (lakhs > 0) parts.push(`${belowHundred(lakhs)} Lakh`);
  if (thousands > 0) parts.push(`${belowHundred(thousands)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/**
 * Paise in words: "Rupees Five Hundred Only", "Rupees Zero Only", "Rupees Twelve and Five
 * Paise Only", "Rupees Zero and Fifty Paise Only". Refuses what is not a whole, safe
 * number of paise at or above 0 (a RangeError: the caller passed something no invoice holds).
 */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`An amount in words is a whole number of paise from 0, not ${paise}`);
  }
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const rupeeWords = rupees === 0 ? 'Zero' : indianWords(rupees);
  const paiseWords = rest === 0 ? '' : ` and ${belowHundred(rest)} Paise`;
  return `Rupees ${rupeeWords}${paiseWords} Only`;
}
