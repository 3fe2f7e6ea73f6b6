import { CARD_RULES } from '@shop/form-rules';
import { describe, expect, it } from 'vitest';
import {
  expiryFault,
  expiryMonthFault,
  formatCardNumber,
  formatExpiry,
  formatMobile,
  mobileShown,
  mobileToSend,
} from './field-format';

describe('formatCardNumber', () => {
  it.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242 4242 4242 4242', '4242 4242 4242 4242'],
    ['4242-4242-4242-4242', '4242 4242 4242 4242'],
    ['42424', '4242 4'],
    ['4242', '4242'],
    ['', ''],
    ['abc', ''],
  ])('shows %j as %j', (typed, shown) => {
    expect(formatCardNumber(typed)).toBe(shown);
  });

  it('keeps at most 19 digits', () => {
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
    expect(formatCardNumber('1234567890123456789')).toBe('1234 5678 9012 3456 789');
  });
});

describe('formatExpiry', () => {
  it.each([
    ['1230', '12/30'],
    ['1', '1'],
    ['12', '12'],
    ['123', '12/3'],
    ['12/30', '12/30'],
    ['12/305', '12/30'],
    ['0 9 2 7', '09/27'],
    ['', ''],
  ])('shows %j as %j', (typed, shown) => {
    expect(formatExpiry(typed)).toBe(shown);
  });
});

describe('the expiry checks', () => {
  const now = new Date('2026-11-15T10:00:00Z');

  it('refuses a month 13 or 00 as soon as it is typed', () => {
    expect(expiryMonthFault('13')).toBe(CARD_RULES.month);
    expect(expiryMonthFault('00/30')).toBe(CARD_RULES.month);
    expect(expiryMonthFault('1')).toBeNull();
    expect(expiryMonthFault('12')).toBeNull();
  });

  it.each([
    ['12/30', null],
    ['11/26', null],
    ['10/26', CARD_RULES.expired],
    ['13/30', CARD_RULES.month],
    ['12/3', CARD_RULES.expiry],
    ['', CARD_RULES.expiryRequired],
  ])('on submit, %j is refused with %j', (shown, fault) => {
    expect(expiryFault(shown, now)).toBe(fault);
  });
});

describe('the mobile after a fixed +91', () => {
  it.each([
    ['9876543210', '98765 43210'],
    ['+91 98765 43210', '98765 43210'],
    ['+919876543210', '98765 43210'],
    ['919876543210', '98765 43210'],
    ['098765 43210', '98765 43210'],
    ['98765-43210', '98765 43210'],
    ['987', '987'],
    ['98765432109', '98765 43210'],
    ['+91', ''],
    ['+', '+'],
    ['+9', '+9'],
    ['+91 9', '9'],
  ])('shows %j typed or pasted as %j', (typed, shown) => {
    expect(formatMobile(typed)).toBe(shown);
  });

  it.each(['919876543210', '9876543210', '09876543210', '+919876543210'])(
    'keeps %j typed a key at a time as the number',
    (keys) => {
      const shown = [...keys].reduce((field, key) => formatMobile(field + key), '');
      expect(shown).toBe('98765 43210');
    },
  );

  it('sends a mobile as the server keeps phones, and nothing for a number that is not one', () => {
    expect(mobileToSend('98765 43210')).toBe('+91 98765 43210');
    expect(mobileToSend('12345 67890')).toBeNull();
    expect(mobileToSend('98765')).toBeNull();
  });

  it("shows an account's phone in the field: a mobile's digits, any other text as it is", () => {
    expect(mobileShown('+91 98765 43210')).toBe('98765 43210');
    expect(mobileShown('9876543210')).toBe('98765 43210');
    expect(mobileShown('+91 44 2222 3333')).toBe('44 2222 3333');
    expect(mobileShown('(080) 2222-3333')).toBe('(080) 2222-3333');
  });
});
