import { describe, expect, it } from 'vitest';
import { checkCard } from '../../src/payments';
import { fieldFault } from '../../src/shared/rules';
import { CARD_RULES, cardExpiryFault } from '../../src/shared/form-rules';

/** 15 November 2026, in the shop's terms: cards of 11/26 still work, 10/26 no longer. */
const NOW = new Date('2026-11-15T10:00:00Z');
const card = (changes: Partial<{ number: string; expiry: string; cvv: string }>) => ({
  number: '4242424242424242',
  expiry: '12/30',
  cvv: '123',
  ...changes,
});

describe('the card checks the checkout form and the card processor share', () => {
  it('takes the number as the form shows it, grouped by four, and the expiry as MM/YY', () => {
    expect(checkCard(card({ number: '4242 4242 4242 4242', expiry: '12/30' }), NOW)).toBe(
      '4242424242424242',
    );
    expect(checkCard(card({ number: '4242-4242-4242-4242', expiry: ' 11/26 ' }), NOW)).toBe(
      '4242424242424242',
    );
  });

  it.each([
    [
      'a number failing the check digit',
      { number: '4242 4242 4242 4241' },
      'card.number',
      CARD_RULES.number,
    ],
    ['a month 13', { expiry: '13/30' }, 'card.expiry', CARD_RULES.month],
    ['an expiry without its slash', { expiry: '1230' }, 'card.expiry', CARD_RULES.expiry],
    ['last month', { expiry: '10/26' }, 'card.expiry', CARD_RULES.expired],
    ['a CVV of two digits', { cvv: '12' }, 'card.cvv', CARD_RULES.cvv],
  ])('refuses %s, naming the card field', (_name, changes, field, words) => {
    expect(() => checkCard(card(changes), NOW)).toThrow(fieldFault(field, words));
  });

  it('lets a card work to the end of its month', () => {
    expect(cardExpiryFault('11/26', new Date('2026-11-30T23:59:59Z'))).toBeNull();
    expect(cardExpiryFault('11/26', new Date('2026-12-01T00:00:00Z'))).toBe(CARD_RULES.expired);
  });
});
