/**
 * Orders, payments and product prices keep money in whole paise, so sums are exact; the
 * APIs speak rupees (the REST contract), so amounts are converted where they enter and
 * leave, with these functions only.
 */
export const PAISE_PER_RUPEE = 100;

export function toPaise(rupees: number): number {
  return Math.round(rupees * PAISE_PER_RUPEE);
}

export function toRupees(paise: number): number {
  return paise / PAISE_PER_RUPEE;
}

/**
 * A lower bound in rupees as the least whole paise at or above it, so "from 19.99" keeps
 * 1999 paise (19.99 × 100 is 1998.999... in floating point) and "from 19.995" starts at 2000.
 */
export function paiseAtLeast(rupees: number): number {
  const paise = toPaise(rupees);
  return toRupees(paise) >= rupees ? paise : paise + 1;
}

/** An upper bound in rupees as the most whole paise at or below it ("up to 19.995" is 1999). */
export function paiseAtMost(rupees: number): number {
  const paise = toPaise(rupees);
  return toRupees(paise) <= rupees ? paise : paise - 1;
}

/** Paise as rupees with both decimals, "1499.50": exact, with no floating point. */
export function rupeesText(paise: number): string {
  const whole = Math.trunc(paise / PAISE_PER_RUPEE);
  const rest = Math.abs(paise % PAISE_PER_RUPEE);
  return `${paise < 0 && whole === 0 ? '-' : ''}${whole}.${String(rest).padStart(2, '0')}`;
}

const INR = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** Paise as a shopper reads rupees, with Indian grouping: 12345678 is "₹1,23,456.78". */
export const rupeesShown = (paise: number): string => INR.format(paise / PAISE_PER_RUPEE);
