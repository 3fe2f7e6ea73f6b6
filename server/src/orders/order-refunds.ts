import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { ChangeLog } from '../changes';
import { DatabaseEngine } from '../database/database-engine';
import { GatewayRefund, PAYMENT_PROVIDER, PaymentProvider } from '../payments';
import { OrderLocks } from './order-locks';
import { OrderPayments } from './order-payments';
import { Order, OrderLine, OrderRecord, OrderRefund, PAYMENT_METHOD } from './order.schema';

/** The provider of orders paid by the demo card, before payments went through the gateway. */
export const EARLIER_CARD_PROVIDER = 'demo-card';

/**
 * Money going back to a buyer: asked of the gateway once per receipt, never more than the order
 * took, recorded on the order (`payment.refunds`) and settled by the gateway's webhook; or, for
 * cash on delivery, recorded as the admin sent it (a bank or UPI transfer).
 */
@Injectable()
export class OrderRefunds {
  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    @Inject(PAYMENT_PROVIDER) private readonly earlierCards: PaymentProvider,
    private readonly payments: OrderPayments,
    private readonly engine: DatabaseEngine,
    private readonly changes: ChangeLog,
    private readonly locks: OrderLocks,
  ) {}

  /**
   * Asks up to `amount` paise of a payment back, once per `receipt` however often it is asked,
   * and no more than is left of what the order took (`refundableOf`) unless `whole` (money paid
   * twice, or for an expired order, goes back as it came). Orders paid by the demo card before
   * the gateway are refunded as they were then. Callers hold the order's lock.
   */
  async refund(
    order: OrderRecord,
    paymentId: string,
    amount: number,
    receipt: string,
    { whole = false } = {},
  ): Promise<void> {
    if (order.payment.refunds?.some((refund) => refund.receipt === receipt)) return;
    const asked = whole ? amount : Math.min(amount, refundableOf(order));
    if (asked <= 0) return;
    let refund: OrderRefund;
    if (order.payment.provider === EARLIER_CARD_PROVIDER) {
      await this.earlierCards.refund({
        chargeReference: paymentId,
        amount: asked,
        idempotencyKey: receipt,
      });
      refund = {
        receipt,
        id: null,
        reference: null,
        amount: asked,
        state: 'processed',
        at: new Date(),
      };
    } else {
      const made = await this.payments.refund(order, paymentId, asked, receipt);
      refund = {
        receipt,
        id: made.id,
        reference: null,
        amount: asked,
        state: made.status,
        at: new Date(),
      };
    }
    await this.add(order._id, refund);
  }

  /**
   * Records money the shop sent back itself (a cash order's, by bank or UPI transfer, named by
   * `reference`), once per receipt and within what the order took. Callers hold the order's lock.
   */
  async record(order: OrderRecord, amount: number, receipt: string, reference: string) {
    if (order.payment.refunds?.some((refund) => refund.receipt === receipt)) return;
    const sent = Math.min(amount, refundableOf(order));
    if (sent <= 0) return;
    await this.add(order._id, {
      receipt,
      id: null,
      reference,
      amount: sent,
      state: 'processed',
      at: new Date(),
    });
  }

  /** A refund's state as the gateway's webhook tells it, on the order it was made for. */
  async settle(order: OrderRecord, refund: GatewayRefund): Promise<void> {
    await this.locks.run(String(order._id), async () => {
      const current = (await this.orders.findById(order._id).lean())!;
      const mine = current.payment.refunds.find((made) => made.receipt === refund.receipt);
      if (!mine || mine.state === refund.status || mine.state === 'processed') return;
      // The whole list written back: the embedded engine has no array filters.
      const refunds = current.payment.refunds.map((made) =>
        made.receipt === refund.receipt ? { ...made, id: refund.id, state: refund.status } : made,
      );
      // Followed up after (the buyer is told it is processed); recovery does it after a crash.
      await this.recording(order._id, () =>
        this.orders.updateOne(
          { _id: order._id },
          { $set: { 'payment.refunds': refunds, followUpPending: true } },
        ),
      );
    });
  }

  private async add(orderId: Types.ObjectId, refund: OrderRefund): Promise<void> {
    await this.recording(orderId, () =>
      this.engine.updateIf(
        this.orders,
        orderId,
        { 'payment.refunds.receipt': { $ne: refund.receipt } },
        { $push: { 'payment.refunds': refund } },
      ),
    );
  }

  private recording<T>(orderId: Types.ObjectId, write: () => Promise<T>): Promise<T> {
    return this.changes.recording('order', String(orderId), write);
  }
}

/** Paise asked back so far of an order's payment, refunds that failed left out. */
export function refundedOf(order: Pick<OrderRecord, 'payment'>): number {
  return (order.payment.refunds ?? [])
    .filter((refund) => refund.state !== 'failed')
    .reduce((sum, refund) => sum + refund.amount, 0);
}

type PricedLine = Pick<OrderLine, 'price' | 'quantity' | 'discount'>;

/** Paise a line was sold for: its price times its units, less its share of the discounts. */
export const lineValueOf = (line: PricedLine): number =>
  line.price * line.quantity - (line.discount ?? 0);

/**
 * Paise the first `units` of a line are worth, its discount shared out over them: rounded
 * down, so the last unit takes what rounding leaves and all add up to the line's value.
 */
const firstUnitsValueOf = (line: PricedLine, units: number): number =>
  Math.floor((lineValueOf(line) * units) / line.quantity);

/**
 * Paise `count` units of a line are worth after the first `taken` (cancelled or returned
 * before): what a cancel or return of them refunds. Units are taken out in turn, so every
 * refund of a line adds up to its value, never more.
 */
export const unitsValueOf = (line: PricedLine, taken: number, count: number): number =>
  firstUnitsValueOf(line, taken + count) - firstUnitsValueOf(line, taken);

/** Paise of the order's lines at their prices, before discounts. */
export const goodsOf = (order: Pick<OrderRecord, 'lines'>): number =>
  order.lines.reduce((sum, line) => sum + line.price * line.quantity, 0);

/** Paise of the lines' units the shop cancelled before shipping (never charged, or refunded). */
export function cancelledValueOf(order: Pick<OrderRecord, 'lines'>): number {
  return order.lines.reduce((sum, line) => sum + unitsValueOf(line, 0, line.cancelled ?? 0), 0);
}

/**
 * Paise the order took: the total once paid through the gateway (cancelled lines are refunds
 * of it), and, in cash, the total less the lines cancelled before delivery; 0 while unpaid.
 */
export function paidOf(order: Pick<OrderRecord, 'payment' | 'lines' | 'total'>): number {
  if (!order.payment.success) return 0;
  const cash = order.payment.method === PAYMENT_METHOD.CASH_ON_DELIVERY;
  return order.total - (cash ? cancelledValueOf(order) : 0);
}

/** Paise that may still go back: what the order took less what went back already. */
export function refundableOf(order: Pick<OrderRecord, 'payment' | 'lines' | 'total'>): number {
  return Math.max(0, paidOf(order) - refundedOf(order));
}

/** Paise a cash order's buyer pays on delivery: the total less the lines cancelled. */
export function amountDueOf(order: Pick<OrderRecord, 'payment' | 'lines' | 'total'>): number {
  if (order.payment.method !== PAYMENT_METHOD.CASH_ON_DELIVERY || order.payment.success) return 0;
  return order.total - cancelledValueOf(order);
}
