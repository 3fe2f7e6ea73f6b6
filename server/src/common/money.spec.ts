import { describe, expect, it } from 'vitest';
import { paiseAtLeast, paiseAtMost, toPaise, toRupees } from './money';

describe('money', () => {
  it('converts rupees with up to 2 decimals to whole paise and back exactly', () => {
    for (const rupees of [0, 0.1, 0.2, 19.99, 20, 333.33, 1001, 9_999_999.99]) {
      expect(Number.isInteger(toPaise(rupees))).toBe(true);
      expect(toRupees(toPaise(rupees))).toBe(rupees);
    }
    expect(toPaise(333.33)).toBe(33_333);
    expect(toPaise(19.99)).toBe(1_999);
  });

  it('turns price bounds into the paise they include, exact at 2 decimals', () => {
    expect(paiseAtLeast(19.99)).toBe(1_999);
    expect(paiseAtMost(19.99)).toBe(1_999);
    expect(paiseAtLeast(20)).toBe(2_000);
    expect(paiseAtMost(20)).toBe(2_000);
    expect(paiseAtLeast(0.29)).toBe(29);
    expect(paiseAtMost(0.29)).toBe(29);
  });

  it('rounds bounds with more decimals inwards', () => {
    expect(paiseAtLeast(19.991)).toBe(2_000);
    expect(paiseAtLeast(19.995)).toBe(2_000);
    expect(paiseAtMost(19.995)).toBe(1_999);
    expect(paiseAtMost(19.999)).toBe(1_999);
  });
});
