import type { StockOutcome } from '../catalogue';
import { conflict, ShopError } from '../common/shop-error';
import {
  ORDER_STATUS,
  OrderPaymentMethod,
  OrderStatus,
  PAYMENT_METHOD,
  PAYMENT_STATE,
  PaymentState,
  paymentStateOf,
} from './order.schema';

const { NOT_PROCESSED, PROCESSING, SHIPPED, DELIVERED, CANCELLED } = ORDER_STATUS;

/** Every move a paid order may make: the one place the order lifecycle is written down. */
const MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  [NOT_PROCESSED]: [PROCESSING, CANCELLED],
  [PROCESSING]: [SHIPPED, CANCELLED],
  [SHIPPED]: [DELIVERED],
  [DELIVERED]: [],
  [CANCELLED]: [],
};

/** The lifecycle has no cycles, so an order enters each status at most once. */
export const MAX_STATUS_CHANGES = Object.keys(MOVES).length;

/** A shopper may cancel their own order only before the shop starts on it. */
const SHOPPER_MAY_CANCEL_FROM: readonly OrderStatus[] = [NOT_PROCESSED];

export type Mover = 'admin' | 'buyer';

export interface OrderState {
  status: OrderStatus;
  payment: StatedPayment & { method?: OrderPaymentMethod };
}

/** A payment's state as stored: orders from before states have none (paymentStateOf). */
type StatedPayment = { success: boolean; state?: PaymentState };

/** The payment states of orders the shop fulfils: paid, or to be paid in cash at the door. */
const TO_FULFIL: readonly PaymentState[] = [
  PAYMENT_STATE.PAID,
  PAYMENT_STATE.DUE_ON_DELIVERY,
  PAYMENT_STATE.COLLECTED,
];

/** Whether the shop has this order to fulfil; unpaid, failed and expired ones wait for nobody. */
export const isToFulfil = (order: { payment: StatedPayment }): boolean =>
  TO_FULFIL.includes(paymentStateOf(order.payment));

/** Whether the buyer may still pay this order: not paid yet, nor given up. */
export const awaitsPayment = (order: { payment: StatedPayment }): boolean => {
  const state = paymentStateOf(order.payment);
  return state === PAYMENT_STATE.PENDING || state === PAYMENT_STATE.FAILED;
};

/** The statuses this order may move to next, by the admin or by its buyer. */
export function nextStatuses(order: OrderState, mover: Mover): OrderStatus[] {
  if (!isToFulfil(order)) return [];
  if (mover === 'buyer') return SHOPPER_MAY_CANCEL_FROM.includes(order.status) ? [CANCELLED] : [];
  // A cash-on-delivery parcel nobody paid for comes back: returned to origin, it is cancelled.
  const returned =
    order.payment.method === PAYMENT_METHOD.CASH_ON_DELIVERY && order.status === SHIPPED;
  return returned ? [...MOVES[order.status], CANCELLED] : [...MOVES[order.status]];
}

/** A 409 naming the moves that are allowed instead. */
export function refusedMove(order: OrderState, to: OrderStatus, mover: Mover): ShopError {
  const allowed = nextStatuses(order, mover);
  const reason = !isToFulfil(order)
    ? 'an unpaid order keeps its status'
    : allowed.length === 0
      ? `no moves are allowed from ${order.status}`
      : `allowed from ${order.status}: ${allowed.join(', ')}`;
  return conflict(`Cannot move an order from ${order.status} to ${to}: ${reason}`);
}

/**
 * Whether an order's money counts as the shop's takings: settled and paid, and not cancelled
 * (a cancelled order is refunded). A declined checkout never took any money.
 */
export function countsAsSale(order: {
  status: OrderStatus;
  settled: boolean | null;
  payment: { success: boolean };
}): boolean {
  return order.settled === true && order.payment.success && order.status !== CANCELLED;
}

/**
 * What an order's stock holds become: given back (its payment expired, or it was cancelled, a
 * cash parcel returned to origin too), sold for good (shipped; cash on delivery: delivered), or
 * still held (paid or waiting to be paid).
 */
export function stockOutcome(order: OrderState): StockOutcome {
  if (paymentStateOf(order.payment) === PAYMENT_STATE.EXPIRED || order.status === CANCELLED) {
    return 'return';
  }
  // A cash-on-delivery parcel may come back unpaid: its units stay held until it is delivered.
  const soldAt: readonly OrderStatus[] =
    order.payment.method === PAYMENT_METHOD.CASH_ON_DELIVERY ? [DELIVERED] : [SHIPPED, DELIVERED];
  return soldAt.includes(order.status) ? 'keep' : 'hold';
}
