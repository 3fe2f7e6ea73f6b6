import { describe, expect, it } from 'vitest';
import { boundedQuantity } from './QuantityStepper';

describe('boundedQuantity', () => {
  it('holds a typed quantity between one and the most that may be chosen', () => {
    expect(boundedQuantity('3', 5)).toBe(3);
    expect(boundedQuantity('12', 5)).toBe(5);
    expect(boundedQuantity(0, 5)).toBe(1);
    expect(boundedQuantity(-2, 5)).toBe(1);
    expect(boundedQuantity('2.7', 5)).toBe(2);
  });

  it('takes anything not a number as one, and one when none may be chosen', () => {
    expect(boundedQuantity('', 5)).toBe(1);
    expect(boundedQuantity('abc', 5)).toBe(1);
    expect(boundedQuantity('4', 0)).toBe(1);
  });
});
