import { t } from '@lingui/core/macro';
import type { PaymentMethod } from '@shop/payment-rules';
import type { OrderDetailFieldsFragment, OrderFieldsFragment, PaymentState } from '../gql/graphql';
import { formatINR } from './money';

type Payment = OrderFieldsFragment['payment'];
type Refund = OrderDetailFieldsFragment['payment']['refunds'][number];

/**
 * How each payment state reads beside the way to pay, short, in lists ("UPI · Paid"), in the
 * language of the moment it is read.
 */
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  get PENDING() {
    return t`Waiting`;
  },
  get FAILED() {
    return t`Failed`;
  },
  get EXPIRED() {
    return t`Expired`;
  },
  get PAID() {
    return t`Paid`;
  },
  get DUE_ON_DELIVERY() {
    return t`Due`;
  },
  get COLLECTED() {
    return t`Collected`;
  },
};

/** The ways to pay as the shop names them (the server's `PAYMENT_METHOD_LABELS`), translated. */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  get UPI() {
    return t`UPI`;
  },
  get CARD() {
    return t`Card`;
  },
  get CASH_ON_DELIVERY() {
    return t`Cash on delivery`;
  },
};

/** The way to pay and where its payment stands, for a list's cell: "Cash on delivery · Due". */
export function paymentShort(payment: Pick<Payment, 'method' | 'state' | 'refunded'>): string {
  const state = payment.refunded ? t`Refunded` : PAYMENT_STATE_LABELS[payment.state];
  return `${PAYMENT_METHOD_NAMES[payment.method]} · ${state}`;
}

/** "Paid by UPI", "Paid by card". */
function paidBy(method: PaymentMethod): string {
  switch (method) {
    case 'UPI':
      return t`Paid by UPI`;
    case 'CARD':
      return t`Paid by card`;
    case 'CASH_ON_DELIVERY':
      return t`Paid by cash on delivery`;
  }
}

/**
 * Where an order's payment stands, in the shopper's words: "Paid by UPI", "Cash on delivery:
 * pay ₹1,548.00 when it arrives", "Payment failed", "Waiting for payment", "Expired". The
 * amounts are the server's: what a cash buyer pays at the door (`amountDue`, less items the
 * shop cancelled), and what the order took (`amountPaid`).
 */
export function paymentInWords(
  payment: Pick<Payment, 'method' | 'state'>,
  { amountDue, amountPaid }: { amountDue: number; amountPaid: number },
): string {
  const due = formatINR(amountDue);
  const paid = formatINR(amountPaid);
  switch (payment.state) {
    case 'PAID':
      return paidBy(payment.method);
    case 'DUE_ON_DELIVERY':
      return t`Cash on delivery: pay ${due} when it arrives`;
    case 'COLLECTED':
      return t`Cash on delivery: ${paid} paid`;
    case 'FAILED':
      return t`Payment failed`;
    case 'PENDING':
      return t`Waiting for payment`;
    case 'EXPIRED':
      return t`Expired: the time to pay ran out`;
  }
}

/** How the gateway's refund states read (it says pending, processed or failed). */
function refundState(state: string): string {
  switch (state) {
    case 'pending':
      return t`processing`;
    case 'processed':
      return t`processed`;
    case 'failed':
      return t`failed`;
    default:
      return state;
  }
}

/**
 * "Refund of ₹499.00: processing"; a cash order's, sent by the shop, with its transfer's
 * reference: "Refund of ₹499.00: processed (transfer UTR 4512)".
 */
export function refundInWords(
  refund: Pick<Refund, 'amount' | 'state'> & { reference?: string | null },
): string {
  const amount = formatINR(refund.amount);
  const state = refundState(refund.state);
  const { reference } = refund;
  return reference
    ? t`Refund of ${amount}: ${state} (transfer ${reference})`
    : t`Refund of ${amount}: ${state}`;
}

/** "Refunded ₹499.00": the money gone back to the buyer so far, all refunds together. */
export const refundedInWords = (amount: number) => {
  const refunded = formatINR(amount);
  return t`Refunded ${refunded}`;
};

/**
 * Whether the shopper may still pay this order: waiting or failed, and its time to pay not
 * over (the server decides again when asked).
 */
export function mayPayNow(
  payment: Pick<OrderDetailFieldsFragment['payment'], 'state' | 'expiresAt'>,
  now = Date.now(),
): boolean {
  if (payment.state !== 'PENDING' && payment.state !== 'FAILED') return false;
  return payment.expiresAt === null || Date.parse(payment.expiresAt) > now;
}

/** Whether the shop has the order to send: paid, or to be paid in cash at the door. */
export const isPlaced = (payment: Pick<Payment, 'state'>): boolean =>
  payment.state === 'PAID' || payment.state === 'DUE_ON_DELIVERY' || payment.state === 'COLLECTED';
