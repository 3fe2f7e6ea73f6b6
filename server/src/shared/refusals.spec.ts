import { describe, expect, it } from 'vitest';
import { SIGN_IN_RULES } from './form-rules';
import { COUPON_RULES } from './offer-rules';
import { refusalOf, type RefusalReason, refusalTemplates, withValues } from './refusals';
import {
  ADDRESS_RULES,
  fieldOf,
  PAYMENT_RULES,
  RETURN_RULES,
  STOCK_RULES,
  WISHLIST_RULES,
} from './rules';

describe('refusal reasons', () => {
  it('reads every reason back from its own words, each words to one reason', () => {
    const templates = refusalTemplates();
    expect(templates.size).toBeGreaterThanOrEqual(80);
    for (const [reason, template] of templates) {
      const values = [...template.matchAll(/\{(\d+)\}/g)].map((_, at) => `value ${at}`);
      const words = withValues(template, values);
      expect(refusalOf(words), words).toEqual({ reason, values });
    }
  });

  it('reads the values a rule was given, in the order it takes them', () => {
    expect(refusalOf(COUPON_RULES.usedByYou('FIRST100'))).toEqual({
      reason: 'COUPON_RULES.usedByYou',
      values: ['FIRST100'],
    });
    expect(refusalOf(STOCK_RULES.onlyLeft(3, 'Cotton Kurta (Size M: Blue)'))).toEqual({
      reason: 'STOCK_RULES.onlyLeft',
      values: ['3', 'Cotton Kurta (Size M: Blue)'],
    });
    expect(refusalOf(ADDRESS_RULES.pinElsewhere('560001', 'Karnataka', 'Kerala'))).toEqual({
      reason: 'ADDRESS_RULES.pinElsewhere',
      values: ['560001', 'Karnataka', 'Kerala'],
    });
    expect(refusalOf(RETURN_RULES.quantity(2, 3))).toEqual({
      reason: 'RETURN_RULES.quantity',
      values: ['2', '3'],
    });
    expect(refusalOf(PAYMENT_RULES.codTooManyUndelivered(4))?.values).toEqual(['4']);
  });

  it('reads the words after a field named first, and names the field', () => {
    const message = `couponCode: ${COUPON_RULES.usedByYou('FESTIVE10')}`;
    expect(fieldOf(message)).toEqual({
      field: 'couponCode',
      words: COUPON_RULES.usedByYou('FESTIVE10'),
    });
    expect(refusalOf(message)?.reason).toBe('COUPON_RULES.usedByYou');
    // A field in the rule's own words is read with them.
    expect(refusalOf(WISHLIST_RULES.tooMany)?.reason).toBe('WISHLIST_RULES.tooMany');
    expect(fieldOf(WISHLIST_RULES.tooMany).field).toBe('productId');
    expect(fieldOf(`lines[2].quantity: ${'x'}`).field).toBe('lines[2].quantity');
  });

  it('reads nothing of words that are no shopper refusal', () => {
    expect(refusalOf('Something went wrong')).toBeNull();
    expect(refusalOf(`${SIGN_IN_RULES.wrongCredentials}!`)).toBeNull();
    expect(fieldOf('Something: went wrong').field).toBeNull();
  });

  it('names each reason as a type: a misspelt one does not compile', () => {
    const reason: RefusalReason = 'ADDRESS_RULES.required.pin';
    // @ts-expect-error not a reason
    const wrong: RefusalReason = 'ADDRESS_RULES.required.zip';
    expect(refusalTemplates().has(reason)).toBe(true);
    expect(refusalTemplates().has(wrong)).toBe(false);
  });
});
