import type { StockOutcome } from '../catalogue';
import { conflict, ShopError } from '../common/shop-error';
import { ORDER_STATUS, OrderStatus } from './order.schema';

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
  payment: { success: boolean };
}

/** The statuses this order may move to next, by the admin or by its buyer. */
export function nextStatuses(order: OrderState, mover: Mover): OrderStatus[] {
  if (!order.payment.success) return [];
  if (mover === 'admin') return [...MOVES[order.status]];
  return SHOPPER_MAY_CANCEL_FROM.includes(order.status) ? [CANCELLED] : [];
}

/** A 409 naming the moves that are allowed instead. */
export function refusedMove(order: OrderState, to: OrderStatus, mover: Mover): ShopError {
  const allowed = nextStatuses(order, mover);
  const reason = !order.payment.success
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
export function countsAsSale(order: OrderState & { settled: boolean | null }): boolean {
  return order.settled === true && order.payment.success && order.status !== CANCELLED;
}

/** What a settled order's stock holds become: given back, sold for good, or still held. */
export function stockOutcome(order: OrderState): StockOutcome {
  if (!order.payment.success || order.status === CANCELLED) return 'return';
  return order.status === SHIPPED || order.status === DELIVERED ? 'keep' : 'hold';
}
