import { MIN_PASSWORD_LENGTH, normaliseMobile } from '@shop/rules';
import {
  ACCOUNT_RULES,
  CARD_RULES,
  EMAIL_RULE,
  isCardCvv,
  isCardNumber,
  PHONE_RULE,
  PASSWORD_TOO_SHORT,
} from '@shop/form-rules';
import { expiryFault } from './field-format';
import { inShopWords } from './i18n';

/**
 * The forms' checks, for Mantine's useForm `validate`: each takes the field's value and
 * answers the words to show beside it, or null. The rules and words are the server's
 * (`@shop/rules`), so a form refuses what the server would, in the same words (in Hindi on
 * Hindi pages: `said`).
 */

/** A check's fault in the storefront's language. */
const said = (fault: string | null): string | null => fault && inShopWords(fault);

/** Something besides spaces, or `message`. */
export const filled =
  (message: string) =>
  (value: string): string | null =>
    value.trim() ? null : said(message);

export const emailCheck = (value: string): string | null => {
  const email = value.trim();
  if (!email) return said(EMAIL_RULE.required);
  return EMAIL_RULE.pattern.test(email) ? null : said(EMAIL_RULE.message);
};

/** A password being set. */
export const newPasswordCheck = (value: string): string | null =>
  value.length >= MIN_PASSWORD_LENGTH ? null : said(PASSWORD_TOO_SHORT);

/** A password signing in: as typed, only not empty. */
export const passwordCheck = (value: string): string | null =>
  value ? null : said(ACCOUNT_RULES.password);

/** An Indian mobile, the field showing its digits after +91. */
export const mobileCheck = (value: string): string | null => {
  if (!value.trim()) return said(PHONE_RULE.required);
  return normaliseMobile(value) ? null : said(PHONE_RULE.mobile);
};

export const cardNumberCheck = (value: string): string | null => {
  if (!value.trim()) return said(CARD_RULES.numberRequired);
  return isCardNumber(value) ? null : said(CARD_RULES.number);
};

export const cardExpiryCheck = (value: string): string | null => said(expiryFault(value));

export const cardCvvCheck = (value: string): string | null => {
  if (!value.trim()) return said(CARD_RULES.cvvRequired);
  return isCardCvv(value) ? null : said(CARD_RULES.cvv);
};

/** The checks of a card's three fields, as CardFields' form holds them. */
export const CARD_CHECKS = {
  number: cardNumberCheck,
  expiry: cardExpiryCheck,
  cvv: cardCvvCheck,
};
