/**
 * The rules and words of the shop's forms (an account's, a card's), shared with the client as
 * `@shop/form-rules` (client/vite.config.ts, client/tsconfig.json): apart from rules.ts, which
 * every first visit downloads, as only the forms need these. The server's DTOs and the card
 * processor refuse with the same words, naming the field first (fieldFault). Plain constants
 * and functions, as rules.ts.
 */
import { ADDRESS_RULES, MIN_PASSWORD_LENGTH } from './rules';

/** How signing in, registering and a reset refuse: the same words on both APIs. */
export const SIGN_IN_RULES = {
  wrongCredentials: 'Invalid email or password',
  wrongAnswer: 'Wrong email or answer',
  alreadyRegistered: 'Already registered, please login',
} as const;

/** A password-reset link that cannot be given or used. */
export const RESET_LINK_RULES = {
  failed: 'token: This link no longer works: it has expired, was used, or a newer one was sent',
  mailOff: 'The shop sends no e-mail, so it cannot send a reset link; please contact the shop',
} as const;

/** A password being set shorter than the register rule. */
export const PASSWORD_TOO_SHORT = `Use at least ${MIN_PASSWORD_LENGTH} characters for the password`;

/** What an account's form asks for, in the words its refusals use (`name: Enter your name`). */
export const ACCOUNT_RULES = {
  name: 'Enter your name',
  address: 'Enter your address',
  answer: 'Enter your favourite sport: it is asked again to reset a forgotten password',
  password: 'Enter your password',
} as const;

/**
 * An e-mail address: the forms check its shape (something, @, a domain with a dot) as it is
 * typed; the server checks it fully (class-validator's isEmail) and refuses with the same words.
 */
export const EMAIL_RULE = {
  pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  required: 'Enter your e-mail address',
  message: 'Enter a valid e-mail address, like name@example.com',
} as const;

/**
 * An account's phone. The server takes digits, spaces, +, - and brackets (accounts made before
 * the forms asked for a mobile keep what they have); the forms ask for an Indian mobile's 10
 * digits after a fixed +91 (normaliseMobile) and send it as +91 98765 43210.
 */
export const PHONE_RULE = {
  pattern: /^[0-9+\-() ]+$/,
  required: 'Enter your 10-digit mobile number',
  message: 'Enter a phone number in digits, like +91 98765 43210',
  mobile: ADDRESS_RULES.mobile,
} as const;
/** Whether a card number's last digit is its Luhn check digit, as every issued card's is. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card number as it may be typed: 12 to 19 digits, spaces and dashes allowed, check digit right. */
export function isCardNumber(number: string): boolean {
  const digits = number.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) && passesLuhn(digits);
}

/** A card's details, as the checkout form checks them and the card processor refuses them. */
export const CARD_RULES = {
  maxDigits: 19,
  numberRequired: 'Enter the card number',
  number: 'Check the card number: it should be the 12 to 19 digits printed on the card',
  expiryRequired: 'Enter the expiry date as MM/YY',
  expiry: 'Enter the expiry date as MM/YY, like 12/30',
  month: 'The month of the expiry date is from 01 to 12',
  expired: 'This card has expired: check the expiry date',
  cvvRequired: 'Enter the CVV',
  cvv: 'Enter the 3 or 4-digit CVV from the back of the card',
} as const;

/**
 * What is wrong with a card's expiry (MM/YY), or null: the checkout form's check as typed and
 * the card processor's. A card works to the end of its month.
 */
export function cardExpiryFault(expiry: string, now = new Date()): string | null {
  const parts = /^(\d{2})\/(\d{2})$/.exec(expiry.trim());
  if (!parts) return CARD_RULES.expiry;
  const month = Number(parts[1]);
  if (month < 1 || month > 12) return CARD_RULES.month;
  return new Date(Date.UTC(2000 + Number(parts[2]), month, 1)) <= now ? CARD_RULES.expired : null;
}

/** Whether a CVV is 3 or 4 digits. */
export const isCardCvv = (cvv: string) => /^\d{3,4}$/.test(cvv.trim());
