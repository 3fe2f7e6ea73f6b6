import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indianState } from '../shared/indian-states';
import { splitTax, sumOfSplits, supplyBetween, taxIn } from './tax-split';

const state = (code: string) => indianState(code)!;

describe('supplyBetween', () => {
  it('is intra-state within a state, CGST and SGST', () => {
    expect(supplyBetween(state('08'), state('08'))).toBe('intra-state');
  });

  it('is intra-territory within a union territory without a legislature, CGST and UTGST', () => {
    expect(supplyBetween(state('04'), state('04'))).toBe('intra-territory');
  });

  it('keeps SGST in Delhi, a union territory with a legislature', () => {
    expect(supplyBetween(state('07'), state('07'))).toBe('intra-state');
  });

  it('is inter-state, IGST, to another state or territory', () => {
    expect(supplyBetween(state('08'), state('27'))).toBe('inter-state');
    expect(supplyBetween(state('08'), state('04'))).toBe('inter-state');
  });
});

describe('splitTax', () => {
  it('splits Rs 1,180 at 18% within the state into Rs 1,000 and Rs 90 + Rs 90', () => {
    expect(splitTax(1_180_00, 18, 'intra-state')).toEqual({
      taxable: 1_000_00,
      cgst: 90_00,
      sgst: 90_00,
      utgst: 0,
      igst: 0,
    });
  });

  it('charges IGST alone across states', () => {
    expect(splitTax(1_180_00, 18, 'inter-state')).toEqual({
      taxable: 1_000_00,
      cgst: 0,
      sgst: 0,
      utgst: 0,
      igst: 180_00,
    });
  });

  it('charges UTGST in place of SGST in Chandigarh', () => {
    const split = splitTax(525_00, 5, 'intra-territory');
    expect(split).toEqual({ taxable: 500_00, cgst: 12_50, sgst: 0, utgst: 12_50, igst: 0 });
  });

  it('rounds each half up from half a paisa, keeping CGST equal to SGST', () => {
    // 1 paisa at 18%: tax 0.1525 paise, half 0.076: none. 100 paise: half is 7.627: 8 each.
    expect(splitTax(1, 18, 'intra-state')).toMatchObject({ taxable: 1, cgst: 0 });
    expect(splitTax(100, 18, 'intra-state')).toMatchObject({ taxable: 84, cgst: 8, sgst: 8 });
    expect(splitTax(100, 18, 'inter-state')).toMatchObject({ taxable: 85, igst: 15 });
  });

  it('takes rates of a quarter percent (cut stones) in whole arithmetic', () => {
    expect(splitTax(1_002_50, 0.25, 'inter-state')).toMatchObject({
      taxable: 1_000_00,
      igst: 2_50,
    });
  });

  it('charges nothing at 0%', () => {
    expect(splitTax(999_99, 0, 'intra-state')).toMatchObject({ taxable: 999_99, cgst: 0, sgst: 0 });
  });

  it('adds up to what was paid, to the paisa, over 1,000 random carts', () => {
    const rates = fc.constantFrom(0, 0.25, 3, 5, 12, 18, 28, 40);
    const supply = fc.constantFrom('intra-state', 'intra-territory', 'inter-state' as const);
    const line = fc.record({ value: fc.integer({ min: 0, max: 50_00_000_00 }), rate: rates });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), supply, (lines, how) => {
        const splits = lines.map((one) => splitTax(one.value, one.rate, how));
        splits.forEach((split, at) => {
          expect(split.taxable + taxIn(split)).toBe(lines[at].value);
          expect(split.taxable).toBeGreaterThanOrEqual(0);
          // Within half a paisa of the exact tax on each half.
          const exact = (lines[at].value * lines[at].rate) / (100 + lines[at].rate);
          expect(Math.abs(taxIn(split) - exact)).toBeLessThanOrEqual(1);
        });
        const total = sumOfSplits(splits);
        const paid = lines.reduce((sum, one) => sum + one.value, 0);
        expect(total.taxable + taxIn(total)).toBe(paid);
        if (how === 'inter-state') expect(total.cgst + total.sgst + total.utgst).toBe(0);
        else expect(total.igst).toBe(0);
      }),
      { numRuns: 1_000 },
    );
  });
});
