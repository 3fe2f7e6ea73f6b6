import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { Catalogue } from '../catalogue';
import { ChangeLog } from '../changes';
import { toObjectId } from '../common/object-id';
import { shopDay } from '../common/shop-days';
import { badInput, conflict, notFound } from '../common/shop-error';
import { DatabaseEngine } from '../database/database-engine';
import { holdsControlCharacters, LINE_CANCEL_RULES, RETURN_RULES } from '../shared/rules';
import type { PublicUser } from '../users';
import { OrderFollowUp } from './order-follow-up';
import { isToFulfil } from './order-lifecycle';
import { OrderLocks } from './order-locks';
import {
  Order,
  ORDER_STATUS,
  OrderRecord,
  OrderReturn,
  PAYMENT_METHOD,
  RETURN_STATE,
  ReturnLine,
} from './order.schema';
import { isReturnable, ReturnPolicies, ReturnPolicy, returnableUntil } from './return-policy';
import { unitsValueOf } from './order-refunds';

/** A buyer's request to return units of some lines, with why. */
export interface ReturnRequest {
  lines: readonly ReturnLine[];
  reason: string;
}

/** What a delivered order's buyer may return now: until when, and how many units of which lines. */
export interface ReturnOffer {
  until: Date;
  lines: { line: number; units: number }[];
}

/** Statuses before the parcel leaves: units may still be taken out of it. */
const BEFORE_SHIPPING: readonly string[] = [ORDER_STATUS.NOT_PROCESSED, ORDER_STATUS.PROCESSING];

/**
 * Changes to an order's lines once placed, each putting units back on sale and money back once
 * (OrderFollowUp): the admin cancels units of a line before shipping (a partial refund), and a
 * buyer returns units of a delivered order, which the admin approves or refuses and receives.
 */
@Injectable()
export class OrderAdjustments {
  private readonly logger = new Logger('Orders');

  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly locks: OrderLocks,
    private readonly followUp: OrderFollowUp,
    private readonly policies: ReturnPolicies,
    private readonly catalogue: Catalogue,
    private readonly engine: DatabaseEngine,
    private readonly changes: ChangeLog,
  ) {}

  /**
   * The admin cancels `quantity` units of line `line` (all it has left when not given) of an
   * order not yet shipped: they go back on sale, and a paid order is refunded their price. The
   * last units of an order are not cancelled so: the order is, as a whole.
   */
  cancelLine(
    orderId: string,
    line: number,
    quantity: number | null | undefined,
    admin: PublicUser,
  ): Promise<OrderRecord> {
    return this.changing(orderId, async (order) => {
      if (!isToFulfil(order)) throw conflict(LINE_CANCEL_RULES.notFulfilled);
      if (!BEFORE_SHIPPING.includes(order.status)) throw conflict(LINE_CANCEL_RULES.notNow);
      const bought = Number.isInteger(line) ? order.lines[line] : undefined;
      if (!bought) throw badInput(LINE_CANCEL_RULES.noSuchLine(line));
      const left = bought.quantity - (bought.cancelled ?? 0);
      const units = quantity ?? left;
      if (!Number.isInteger(units) || units < 1 || units > left) {
        throw badInput(LINE_CANCEL_RULES.quantity(left));
      }
      if (unitsOf(order) === units) throw badInput(LINE_CANCEL_RULES.lastUnits);
      const cancels = order.lineCancels ?? [];
      if (cancels.length >= LINE_CANCEL_RULES.max) {
        throw conflict(LINE_CANCEL_RULES.tooMany);
      }
      const cancelled = (bought.cancelled ?? 0) + units;
      return {
        condition: { status: order.status, ...stillHolds('lineCancels', cancels.length) },
        update: {
          $set: { [`lines.${line}.cancelled`]: cancelled, followUpPending: true },
          $push: {
            lineCancels: {
              line,
              quantity: units,
              amount: unitsValueOf(bought, bought.cancelled ?? 0, units),
              receipt: `cancel-${order._id}-${line}-${cancelled}`,
              byName: admin.name,
              at: new Date(),
              restocked: false,
            },
          },
        },
        done: `${admin.name} cancelled ${units} of line ${line}`,
      };
    });
  }

  /**
   * The buyer asks to return units of a delivered order, within the policy's window, of lines
   * it takes back, and no more units than are left of each (bought, less cancelled, less those
   * in returns not refused).
   */
  requestReturn(order: OrderRecord, buyer: PublicUser, request: ReturnRequest) {
    if (!order.buyer.equals(buyer._id)) throw notFound('Order not found');
    return this.changing(String(order._id), async (current) => {
      const policy = await this.policies.read();
      if (policy.windowDays === 0) throw conflict(RETURN_RULES.noReturns);
      const until = this.untilOf(current, policy);
      if (!until) throw conflict(RETURN_RULES.notDelivered);
      if (Date.now() > until.getTime()) {
        throw conflict(RETURN_RULES.windowClosed(shopDay(until.getTime())));
      }
      const returns = current.returns ?? [];
      if (returns.length >= RETURN_RULES.maxReturns) throw conflict(RETURN_RULES.tooMany);
      const reason = checkedText(request.reason, RETURN_RULES.reason);
      if (!reason || reason.length < RETURN_RULES.reason.min) {
        throw badInput(RETURN_RULES.reason.message);
      }
      const lines = this.checkedReturnLines(current, policy, request.lines);
      const number = returns.length + 1;
      const asked: OrderReturn = {
        number,
        lines,
        reason,
        state: RETURN_STATE.REQUESTED,
        // Each line's units after those cancelled or in returns before: see unitsValueOf.
        amount: lines.reduce((sum, { line, quantity }) => {
          const bought = current.lines[line];
          const taken = bought.quantity - this.unitsLeft(current, policy, line);
          return sum + unitsValueOf(bought, taken, quantity);
        }, 0),
        note: null,
        requestedAt: new Date(),
        decidedAt: null,
        decidedBy: null,
        receivedAt: null,
        refundReference: null,
        receipt: `return-${current._id}-${number}`,
        restocked: false,
      };
      return {
        condition: { status: ORDER_STATUS.DELIVERED, ...stillHolds('returns', returns.length) },
        update: { $push: { returns: asked } },
        done: `${buyer.name} asked to return items (return ${number})`,
      };
    });
  }

  /** The admin approves or refuses a return asked for, with a word to the buyer. */
  decideReturn(
    orderId: string,
    number: number,
    approve: boolean,
    note: string | null | undefined,
    admin: PublicUser,
  ): Promise<OrderRecord> {
    return this.changing(orderId, async (order) => {
      const at = returnAt(order, number);
      if (order.returns![at].state !== RETURN_STATE.REQUESTED) {
        throw conflict(RETURN_RULES.notRequested);
      }
      const word = checkedText(note, RETURN_RULES.note);
      const state = approve ? RETURN_STATE.APPROVED : RETURN_STATE.REFUSED;
      return {
        condition: { [`returns.${at}.state`]: RETURN_STATE.REQUESTED },
        update: {
          $set: {
            [`returns.${at}.state`]: state,
            [`returns.${at}.note`]: word || null,
            [`returns.${at}.decidedAt`]: new Date(),
            [`returns.${at}.decidedBy`]: admin.name,
          },
        },
        done: `${admin.name} ${state} return ${number}`,
      };
    });
  }

  /**
   * The goods of an approved return are back: its units go back on sale and its amount back to
   * the buyer, through the gateway for an order paid so, or, for cash on delivery, as the
   * transfer the admin made (`refundReference`).
   */
  receiveReturn(
    orderId: string,
    number: number,
    refundReference: string | null | undefined,
    admin: PublicUser,
  ): Promise<OrderRecord> {
    return this.changing(orderId, async (order) => {
      const at = returnAt(order, number);
      if (order.returns![at].state !== RETURN_STATE.APPROVED) {
        throw conflict(RETURN_RULES.notApproved);
      }
      const cash = order.payment.method === PAYMENT_METHOD.CASH_ON_DELIVERY;
      const reference = refundReference?.trim() || null;
      if (cash && !reference) throw badInput(RETURN_RULES.referenceNeeded);
      if (!cash && reference) throw badInput(RETURN_RULES.referenceNotNeeded);
      if (reference && !RETURN_RULES.reference.pattern.test(reference)) {
        throw badInput(RETURN_RULES.reference.message);
      }
      return {
        condition: { [`returns.${at}.state`]: RETURN_STATE.APPROVED },
        update: {
          $set: {
            [`returns.${at}.state`]: RETURN_STATE.RECEIVED,
            [`returns.${at}.receivedAt`]: new Date(),
            [`returns.${at}.refundReference`]: reference,
            followUpPending: true,
          },
        },
        done: `${admin.name} received return ${number}`,
      };
    });
  }

  /** What the order's buyer may return now; null when nothing (not delivered, out of time). */
  async offerOf(order: OrderRecord, policy?: ReturnPolicy): Promise<ReturnOffer | null> {
    const rules = policy ?? (await this.policies.read());
    const until = this.untilOf(order, rules);
    if (!until || rules.windowDays === 0 || Date.now() > until.getTime()) return null;
    const lines = order.lines
      .map((_bought, line) => ({ line, units: this.unitsLeft(order, rules, line) }))
      .filter(({ units }) => units > 0);
    return lines.length ? { until, lines } : null;
  }

  /** The policy, for a request that asks of many orders (the resolver reads it once). */
  policy(): Promise<ReturnPolicy> {
    return this.policies.read();
  }

  /**
   * One change of an order, under its lock: `decide` checks the order as stored and says what
   * to write, on what condition (the state it was decided from); stock and money then follow.
   */
  private changing(
    orderId: string,
    decide: (order: OrderRecord) => Promise<{
      condition: Record<string, unknown>;
      update: Record<string, unknown>;
      done: string;
    }>,
  ): Promise<OrderRecord> {
    const _id = toObjectId(orderId, 'order id');
    return this.locks.run(String(_id), async () => {
      const order = await this.orders.findById(_id).lean();
      if (!order?.settled) throw notFound('Order not found');
      const { condition, update, done } = await decide(order);
      const written = await this.recording(_id, () =>
        this.engine.updateIf(this.orders, _id, condition, update),
      );
      if (!written) throw conflict('The order changed meanwhile: look at it again and retry');
      this.logger.log(`${done} of order ${order.number ?? order._id}`);
      return this.followUp.reconcile(_id);
    });
  }

  private checkedReturnLines(
    order: OrderRecord,
    policy: ReturnPolicy,
    asked: readonly ReturnLine[],
  ): ReturnLine[] {
    if (!Array.isArray(asked) || asked.length === 0) throw badInput(RETURN_RULES.noLines);
    const seen = new Set<number>();
    return asked.map(({ line, quantity }, at) => {
      const bought = Number.isInteger(line) ? order.lines[line] : undefined;
      if (!bought) throw badInput(RETURN_RULES.noSuchLine(at));
      if (seen.has(line)) throw badInput(RETURN_RULES.sameLineTwice(at));
      seen.add(line);
      if (!isReturnable(policy, bought, this.categoryOf)) {
        throw badInput(RETURN_RULES.notReturnable(at, bought.name));
      }
      const left = this.unitsLeft(order, policy, line);
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > left) {
        throw badInput(RETURN_RULES.quantity(at, left));
      }
      return { line, quantity };
    });
  }

  /** Units of a line the buyer may still return: bought, less cancelled, less in open returns. */
  private unitsLeft(order: OrderRecord, policy: ReturnPolicy, line: number): number {
    const bought = order.lines[line];
    if (!isReturnable(policy, bought, this.categoryOf)) return 0;
    const returning = (order.returns ?? [])
      .filter((given) => given.state !== RETURN_STATE.REFUSED)
      .flatMap((given) => given.lines)
      .filter((given) => given.line === line)
      .reduce((sum, given) => sum + given.quantity, 0);
    return Math.max(0, bought.quantity - (bought.cancelled ?? 0) - returning);
  }

  /** Until when a delivered order may be returned; null if it was never delivered. */
  private untilOf(order: OrderRecord, policy: ReturnPolicy): Date | null {
    if (order.status !== ORDER_STATUS.DELIVERED) return null;
    const delivered = order.history.find((change) => change.to === ORDER_STATUS.DELIVERED);
    return delivered ? returnableUntil(policy, new Date(delivered.at)) : null;
  }

  private readonly categoryOf = (productId: string): string | undefined => {
    const category = this.catalogue.productById(productId)?.category;
    return category ? String(category) : undefined;
  };

  private recording<T>(orderId: Types.ObjectId, write: () => Promise<T>): Promise<T> {
    return this.changes.recording('order', String(orderId), write);
  }
}

/** The units of an order still to send or sent: bought, less those the shop cancelled. */
function unitsOf(order: OrderRecord): number {
  return order.lines.reduce((sum, line) => sum + line.quantity - (line.cancelled ?? 0), 0);
}

/**
 * The condition that a list the order only ever appends to still holds `count` items, as when the
 * change was decided (an absent list holds none): no item at place `count`.
 */
function stillHolds(list: 'lineCancels' | 'returns', count: number): Record<string, unknown> {
  return { [`${list}.${count}`]: { $exists: false } };
}

/** The place of return `number` in the order's list; refused when it has none such. */
function returnAt(order: OrderRecord, number: number): number {
  const at = (order.returns ?? []).findIndex((given) => given.number === number);
  if (at < 0) throw notFound(RETURN_RULES.noSuchReturn);
  return at;
}

/** A text trimmed (lines allowed), refused when too long or holding other control characters. */
function checkedText(
  text: string | null | undefined,
  rule: { max: number; message: string },
): string {
  const trimmed = (text ?? '').trim();
  if (trimmed.length > rule.max || holdsControlCharacters(trimmed, true)) {
    throw badInput(rule.message);
  }
  return trimmed;
}
