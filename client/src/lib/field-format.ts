import { normaliseMobile } from '@shop/rules';
import { CARD_RULES, cardExpiryFault } from '@shop/form-rules';

/**
 * How the checkout's and the account's fields show what is typed or pasted: a card number in
 * groups of four, an expiry as MM/YY, a mobile's 10 digits after a fixed +91. Each takes the
 * field's text as it now is and answers what the field shows.
 */

/** "4242424242424242" as "4242 4242 4242 4242"; at most 19 digits, anything else dropped. */
export function formatCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, CARD_RULES.maxDigits);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * "1230" as "12/30", "1" as "1", "12" as "12" (so that deleting the slash works), "12/3" as it
 * is; at most four digits.
 */
export function formatExpiry(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** Whether the month typed so far cannot be one (13, 00): said as soon as it is typed. */
export function expiryMonthFault(shown: string): string | null {
  const month = shown.slice(0, 2);
  return month.length === 2 && (Number(month) < 1 || Number(month) > 12) ? CARD_RULES.month : null;
}

/** The expiry's fault on submit: not MM/YY, a month past 12, or a month gone by. */
export const expiryFault = (shown: string, now = new Date()): string | null =>
  shown.trim()
    ? (expiryMonthFault(shown) ?? cardExpiryFault(shown, now))
    : CARD_RULES.expiryRequired;

/** The country code every mobile the forms take has, shown before the field. */
export const COUNTRY_CODE = '+91';

/**
 * The digits of a mobile after the fixed +91, as "98765 43210": a pasted "+91 98765 43210",
 * "919876543210" or "098765 43210" loses its +91 or 0; at most 10 digits.
 */
export function formatMobile(typed: string): string {
  let digits = typed.replace(/\D/g, '');
  // A +91 being typed, a key at a time, stays until it is whole (and then goes).
  if (/^\s*\+\s*9?$/.test(typed)) return typed.trim();
  if (/^\s*\+\s*91/.test(typed) || (digits.length === 12 && digits.startsWith('91'))) {
    digits = digits.slice(2);
  } else if (digits.length === 11 && digits.startsWith('0')) {
    digits = digits.slice(1);
  } else if (digits.length === 11 && digits.startsWith('91')) {
    // "91" typed before the number, a key at a time: held until the number's last digit
    // comes, which makes it 12 and drops the 91 (above).
    return `${digits.slice(0, 5)} ${digits.slice(5)}`;
  }
  digits = digits.slice(0, 10);
  return digits.length > 5 ? `${digits.slice(0, 5)} ${digits.slice(5)}` : digits;
}

/** A mobile as the forms send it, "+91 98765 43210"; null when the field holds no mobile. */
export function mobileToSend(shown: string): string | null {
  const digits = normaliseMobile(shown);
  return digits ? `${COUNTRY_CODE} ${digits.slice(0, 5)} ${digits.slice(5)}` : null;
}

/**
 * A phone kept on an account as the field shows it: a mobile's digits as "98765 43210"; any
 * other text (a landline, from before the forms asked for a mobile) as it is, its +91 aside.
 */
export function mobileShown(stored: string): string {
  const digits = normaliseMobile(stored);
  if (digits) return formatMobile(digits);
  return stored.replace(/^\s*\+91[\s-]*/, '');
}
