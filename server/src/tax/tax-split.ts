import type { IndianState } from '../shared/indian-states';

/**
 * How a sale is taxed by where it goes: within the shop's state CGST and SGST (or UTGST in a
 * union territory without a legislature), half the rate each; to another state IGST.
 */
export type Supply = 'intra-state' | 'intra-territory' | 'inter-state';

export function supplyBetween(shop: IndianState, placeOfSupply: IndianState): Supply {
  if (shop.code !== placeOfSupply.code) return 'inter-state';
  return placeOfSupply.tax === 'UTGST' ? 'intra-territory' : 'intra-state';
}

/** A value split into what is taxed and each tax on it, in paise. */
export interface TaxSplit {
  taxable: number;
  cgst: number;
  sgst: number;
  utgst: number;
  igst: number;
}

/** `numerator / denominator` rounded half up, for whole non-negative numbers. */
const roundedShare = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));

/**
 * The tax within `value` paise, a price tax included, at `rate` percent. The rounding rule:
 * each tax is worked out on the line and rounded half up to the paisa (CGST and SGST each as
 * half the rate, so the two are always equal), and the taxable value is what is left: the
 * line's taxable value and taxes add up to what it was sold for, to the paisa, and so do an
 * order's.
 */
export function splitTax(value: number, rate: number, supply: Supply): TaxSplit {
  // The rate in hundredths of a percent: whole numbers all the way (0.25% is 25).
  const basis = Math.round(rate * 100);
  const none = { cgst: 0, sgst: 0, utgst: 0, igst: 0 };
  if (supply === 'inter-state') {
    const igst = roundedShare(value * basis, 10_000 + basis);
    return { ...none, taxable: value - igst, igst };
  }
  const half = roundedShare(value * basis, 2 * (10_000 + basis));
  const local = supply === 'intra-state' ? { sgst: half } : { utgst: half };
  return { ...none, ...local, cgst: half, taxable: value - 2 * half };
}

/** Each tax of several splits added up. */
export function sumOfSplits(splits: readonly TaxSplit[]): TaxSplit {
  const sum = { taxable: 0, cgst: 0, sgst: 0, utgst: 0, igst: 0 };
  for (const split of splits) {
    for (const key of Object.keys(sum) as (keyof TaxSplit)[]) sum[key] += split[key];
  }
  return sum;
}

/** All the tax of a split. */
export const taxIn = (split: TaxSplit) => split.cgst + split.sgst + split.utgst + split.igst;
