import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { Inventory, variantName } from '../catalogue';
import type { StockLine } from '../catalogue';
import { ChangeLog } from '../changes';
import { CouponUses } from '../offers';
import { DatabaseEngine } from '../database/database-engine';
import { stockOutcome } from './order-lifecycle';
import { OrderInvoicing } from './order-invoicing';
import { OrderNotices } from './order-notices';
import { OrderRefunds } from './order-refunds';
import {
  Order,
  OrderLine,
  OrderRecord,
  ORDER_STATUS,
  PAYMENT_METHOD,
  RETURN_STATE,
} from './order.schema';

/**
 * Makes stock and money follow an order as it now is, every step idempotent, so running it again
 * after a crash is safe (recovery does, for any order left `followUpPending`):
 * - the units it holds are given back (expired or cancelled), sold for good, or kept held;
 * - units the shop cancelled from a line, and goods returned and received, go back on sale once;
 * - the money for them goes back once (a cash order's return, as the admin sent it);
 * - a cancelled paid order's money goes back, all that is left of it;
 * - its tax invoice is issued once it is paid (or sent, in cash), and a credit note for each
 *   refund after (OrderInvoicing);
 * - the e-mail each step owes the buyer and the shop is written to the outbox (OrderNotices).
 * Callers hold the order's lock (OrderLocks), which the embedded engine's conditional write
 * relies on.
 */
@Injectable()
export class OrderFollowUp {
  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly inventory: Inventory,
    private readonly couponUses: CouponUses,
    private readonly refunds: OrderRefunds,
    private readonly engine: DatabaseEngine,
    private readonly changes: ChangeLog,
    private readonly invoicing: OrderInvoicing,
    private readonly notices: OrderNotices,
  ) {}

  async reconcile(orderId: Types.ObjectId): Promise<OrderRecord> {
    let order = await this.read(orderId);
    const outcome = stockOutcome(order);
    await this.inventory.follow(order._id, stockLinesOf(order.lines), outcome);
    if (outcome === 'return' && order.coupon) {
      // Its coupon's use goes back with its stock; a checkout that stopped before it listed
      // the uses it took leaves them to be found by the order.
      if (order.couponUses) await this.couponUses.giveBack(order.couponUses);
      else await this.couponUses.giveBackAllOf(order._id);
    }
    const gatewayPaid =
      order.payment.success && order.payment.method !== PAYMENT_METHOD.CASH_ON_DELIVERY;

    for (const [at, cancel] of (order.lineCancels ?? []).entries()) {
      if (!cancel.restocked) {
        const units = [{ line: cancel.line, quantity: cancel.quantity }];
        await this.restock(order, cancel.receipt, units, `lineCancels.${at}.restocked`);
      }
      if (gatewayPaid) {
        order = await this.read(orderId);
        await this.refunds.refund(order, order.payment.reference!, cancel.amount, cancel.receipt);
      }
    }
    for (const [at, given] of (order.returns ?? []).entries()) {
      if (given.state !== RETURN_STATE.RECEIVED) continue;
      if (!given.restocked) {
        await this.restock(order, given.receipt, given.lines, `returns.${at}.restocked`);
      }
      order = await this.read(orderId);
      if (gatewayPaid) {
        await this.refunds.refund(order, order.payment.reference!, given.amount, given.receipt);
      } else if (given.refundReference) {
        await this.refunds.record(order, given.amount, given.receipt, given.refundReference);
      }
    }

    order = await this.read(orderId);
    const refundRest = order.status === ORDER_STATUS.CANCELLED && gatewayPaid;
    if (refundRest && !order.payment.refunded) {
      await this.refunds.refund(
        order,
        order.payment.reference!,
        order.total,
        `refund-${order._id}`,
      );
    }
    // Its invoice and credit notes follow the money; one another instance is issuing is left
    // pending, for recovery to finish.
    if (!(await this.invoicing.follow(order))) return order;
    // After the invoice, which the confirmation carries; before the follow-up is marked done,
    // so recovery owes what a crash left unowed.
    await this.notices.follow(order);
    const done = await this.recording(order._id, () =>
      this.engine.updateIf(
        this.orders,
        order._id,
        { status: order.status },
        { $set: { followUpPending: false, ...(refundRest && { 'payment.refunded': true }) } },
      ),
    );
    if (!done) return order;
    return (await this.orders.findById(order._id).lean()) ?? order;
  }

  /**
   * Puts the units of these lines of the order back on sale, once for `receipt`, then marks
   * `done` on the order; only then may the products forget the receipt (a crash before the mark
   * finds it there, and adds nothing again).
   */
  private async restock(
    order: OrderRecord,
    receipt: string,
    lines: readonly { line: number; quantity: number }[],
    done: string,
  ): Promise<void> {
    const stock = lines.map(({ line, quantity }) => ({
      ...stockLineOf(order.lines[line]),
      quantity,
    }));
    await this.inventory.restock(receipt, stock);
    await this.recording(order._id, () =>
      this.orders.updateOne({ _id: order._id }, { $set: { [done]: true } }),
    );
    await this.inventory.forget(receipt, stock);
  }

  private async read(orderId: Types.ObjectId): Promise<OrderRecord> {
    return (await this.orders.findById(orderId).lean())!;
  }

  /** The order index, here and on every instance, re-reads the order `write` writes. */
  private recording<T>(orderId: Types.ObjectId, write: () => Promise<T>): Promise<T> {
    return this.changes.recording('order', String(orderId), write);
  }
}

/**
 * An order's lines as the stock they hold, each named as the buyer chose it: the units bought
 * less those the shop cancelled (given back on their own). A line cancelled whole stays, with
 * no units, so the order's hold on its product still ends.
 */
export function stockLinesOf(lines: readonly OrderLine[]): StockLine[] {
  return lines.map((line) => ({
    ...stockLineOf(line),
    quantity: line.quantity - (line.cancelled ?? 0),
  }));
}

function stockLineOf(line: OrderLine): StockLine {
  return {
    product: line.product,
    variant: line.variant,
    quantity: line.quantity,
    name: variantName(
      line.name,
      (line.choices ?? []).map((choice) => choice.value),
    ),
  };
}
