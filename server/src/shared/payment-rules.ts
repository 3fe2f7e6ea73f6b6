/**
 * How shoppers pay, shared with the client as `@shop/payment-rules` (client/vite.config.ts,
 * client/tsconfig.json): apart from rules.ts, which every first visit downloads, as only the
 * payment screens need these. Plain constants and functions, as rules.ts.
 */

/**
 * How shoppers pay (server/src/payment-settings): the bounds of the admin's payment settings,
 * the words of their refusals (each named by its field: `upiVpa: ...`), and why the storefront
 * does not offer a way to pay.
 */
export const PAYMENT_RULES = {
  /**
   * A UPI ID (virtual payment address), as NPCI's handles are: the payer's part of letters,
   * digits, dots, hyphens and underscores, then @ and the bank's handle of letters and digits.
   */
  vpa: {
    pattern: /^[A-Za-z0-9][A-Za-z0-9._-]{1,254}@[A-Za-z][A-Za-z0-9]{1,63}$/,
    message: 'A UPI ID is written name@bank, such as shop@okaxis',
  },
  vpaRequired: 'Give the UPI ID payments are made to, or turn UPI off',
  /** The name UPI apps show the payer beside the UPI ID. */
  payeeName: {
    maxLength: 50,
    required: 'Give the name UPI apps show the payer, or turn UPI off',
    tooLong: 'The payee name has at most 50 characters',
  },
  /** How long an unpaid order holds its stock, and a UPI payment may be completed. */
  expiryMinutes: {
    min: 5,
    max: 60,
    whole: true,
    message: 'Minutes must be a whole number from 5 to 60',
  },
  /** A shopper with this many cash-on-delivery orders not yet delivered is refused another. */
  codMaxUndeliveredOrders: {
    min: 1,
    max: 10,
    whole: true,
    message: 'Give a whole number of orders from 1 to 10',
  },
  noMethod: 'Offer at least one way to pay',
  /** Why cash on delivery is not offered for an order. */
  codNotAtPin: (pin: string) => `Not available for PIN ${pin}`,
  codUpTo: (amount: string) => `Only for orders up to ${amount}`,
} as const;

/** The ways to pay, in the order the storefront offers them, and as it names them. */
export const PAYMENT_METHOD_LABELS = {
  UPI: 'UPI',
  CARD: 'Card',
  CASH_ON_DELIVERY: 'Cash on delivery',
} as const;
export type PaymentMethod = keyof typeof PAYMENT_METHOD_LABELS;

/**
 * A list of places by the first digits of their PINs (56: most of Karnataka), as where cash on
 * delivery is not offered.
 */
export const PIN_PREFIX_RULES = {
  pattern: /^[1-9][0-9]{1,4}$/,
  format: 'Give a PIN code of 6 digits, or its first 2 to 5 digits, not starting with 0',
  notKnown: 'No PIN code in India Post’s directory begins with these digits',
} as const;
