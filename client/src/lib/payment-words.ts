import { PAYMENT_METHOD_LABELS } from '@shop/payment-rules';
import type { OrderDetailFieldsFragment, OrderFieldsFragment, PaymentState } from '../gql/graphql';
import { formatINR } from './money';

type Payment = OrderFieldsFragment['payment'];
type Refund = OrderDetailFieldsFragment['payment']['refunds'][number];

/** How each payment state reads beside the way to pay, short, in lists ("UPI · Paid"). */
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  PENDING: 'Waiting',
  FAILED: 'Failed',
  EXPIRED: 'Expired',
  PAID: 'Paid',
  DUE_ON_DELIVERY: 'Due',
  COLLECTED: 'Collected',
};

/** The way to pay and where its payment stands, for a list's cell: "Cash on delivery · Due". */
export function paymentShort(payment: Pick<Payment, 'method' | 'state' | 'refunded'>): string {
  const state = payment.refunded ? 'Refunded' : PAYMENT_STATE_LABELS[payment.state];
  return `${PAYMENT_METHOD_LABELS[payment.method]} · ${state}`;
}

/** "Paid by UPI", "Paid by card". */
const paidBy = (method: Payment['method']) =>
  `Paid by ${method === 'UPI' ? 'UPI' : PAYMENT_METHOD_LABELS[method].toLowerCase()}`;

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
  switch (payment.state) {
    case 'PAID':
      return paidBy(payment.method);
    case 'DUE_ON_DELIVERY':
      return `Cash on delivery: pay ${formatINR(amountDue)} when it arrives`;
    case 'COLLECTED':
      return `Cash on delivery: ${formatINR(amountPaid)} paid`;
    case 'FAILED':
      return 'Payment failed';
    case 'PENDING':
      return 'Waiting for payment';
    case 'EXPIRED':
      return 'Expired: the time to pay ran out';
  }
}

/** How the gateway's refund states read (it says pending, processed or failed). */
const REFUND_STATES: Record<string, string> = {
  pending: 'processing',
  processed: 'processed',
  failed: 'failed',
};

/**
 * "Refund of ₹499.00: processing"; a cash order's, sent by the shop, with its transfer's
 * reference: "Refund of ₹499.00: processed (transfer UTR 4512)".
 */
export const refundInWords = (
  refund: Pick<Refund, 'amount' | 'state'> & { reference?: string | null },
): string =>
  `Refund of ${formatINR(refund.amount)}: ${REFUND_STATES[refund.state] ?? refund.state}` +
  (refund.reference ? ` (transfer ${refund.reference})` : '');

/** "Refunded ₹499.00": the money gone back to the buyer so far, all refunds together. */
export const refundedInWords = (amount: number) => `Refunded ${formatINR(amount)}`;

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
