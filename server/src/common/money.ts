/**
 * Orders and payments keep money in whole paise, so sums are exact; the APIs speak rupees
 * (the REST contract), so amounts are converted where they enter and leave, here only.
 */
export const PAISE_PER_RUPEE = 100;

export function toPaise(rupees: number): number {
  return Math.round(rupees * PAISE_PER_RUPEE);
}

export function toRupees(paise: number): number {
  return paise / PAISE_PER_RUPEE;
}
