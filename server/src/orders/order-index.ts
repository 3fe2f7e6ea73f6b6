import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { newestFirst, SortedList } from '../common/sorted-list';
import { ChangeLog, ReadModelSync } from '../changes';
import { idString } from '../common/object-id';
import { awaitsPayment, countsAsSale, isToFulfil } from './order-lifecycle';
import { Order, OrderLine, OrderPayment, ORDER_STATUSES, OrderStatus } from './order.schema';
import { lineValueOf } from './order-refunds';

/** One line of an order that counts as a sale: what the dashboard's top products add up. */
export interface SoldLine {
  product: string;
  /** As bought: names a product deleted since. */
  name: string;
  units: number;
  /** Paise: the price paid times the units. */
  paise: number;
}

/**
 * What the admin's lists, their filter, the recovery round and the dashboard's figures need to
 * know of an order, and no more: at 100,000 orders the index must stay within a few tens of MB.
 */
export interface OrderSummary {
  id: string;
  /** Milliseconds, as Date.getTime(). */
  created: number;
  updated: number;
  status: OrderStatus;
  /**
   * Null for an order stored without the field: neither listed nor recovered, as the queries
   * these lists replace (`settled: true`, `settled: false`) never matched it either.
   */
  settled: boolean | null;
  followUpPending: boolean;
  /** The buyer's id. */
  buyer: string;
  /** Paise. */
  total: number;
  /** Paise coupons and offers took off its items. */
  discount: number;
  /** Whether the money is the shop's (payment.success). */
  paid: boolean;
  /** Paid or cash on delivery: an order the shop fulfils, listed for the admin (isToFulfil). */
  toFulfil: boolean;
  /** Milliseconds: when an order still waiting for its payment expires; null for the others. */
  expires: number | null;
  /** Its lines when it counts as a sale (countsAsSale), else none: takings are read from these. */
  sold: readonly SoldLine[];
}

/** The fields of a stored order a summary is made of. */
type SummarisedFields = Pick<
  Order,
  'createdAt' | 'updatedAt' | 'status' | 'settled' | 'followUpPending' | 'buyer' | 'total'
> &
  Partial<Pick<Order, 'discount'>> & {
    _id: Types.ObjectId;
    payment?: Pick<OrderPayment, 'success' | 'state' | 'expiresAt'>;
    lines?: Pick<OrderLine, 'product' | 'name' | 'price' | 'quantity' | 'discount'>[];
  };

const SUMMARY_FIELDS = {
  createdAt: 1,
  updatedAt: 1,
  status: 1,
  settled: 1,
  followUpPending: 1,
  buyer: 1,
  total: 1,
  discount: 1,
  payment: 1,
  lines: 1,
} as const;

/** Which settled orders a list asks for; every part is optional. */
export interface OrderIndexFilter {
  status?: OrderStatus;
  /** Created at or after, in milliseconds. */
  createdFrom?: number;
  /** Created before, in milliseconds. */
  createdBefore?: number;
  /** Only orders of these buyers (their ids). */
  buyers?: ReadonlySet<string>;
}

export interface OrderIdPage {
  ids: string[];
  total: number;
}

/** The order recovery takes them in: `{ updatedAt: 1 }`, ties by id so the order is total. */
const leastRecentlyUpdated = (a: OrderSummary, b: OrderSummary) =>
  a.updated - b.updated || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const soonestToExpire = (a: OrderSummary, b: OrderSummary) =>
  a.expires! - b.expires! || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const NOTHING_SOLD: readonly SoldLine[] = Object.freeze([]);

/** A string as it is: for a summary kept only for a moment. */
const asIs = (text: string) => text;

/**
 * `intern` gives one shared string for equal ones (ids of buyers and products, product names),
 * so 100,000 summaries of a few thousand buyers hold a few thousand id strings, not 100,000.
 */
export function summaryOf(
  order: SummarisedFields,
  intern: (text: string) => string = asIs,
): OrderSummary {
  const summary: OrderSummary = {
    id: idString(order._id),
    created: timeOf(order.createdAt),
    updated: timeOf(order.updatedAt),
    status: sharedStatus(order.status),
    settled: typeof order.settled === 'boolean' ? order.settled : null,
    followUpPending: order.followUpPending === true,
    buyer: order.buyer ? intern(idString(order.buyer)) : '',
    total: typeof order.total === 'number' ? order.total : 0,
    discount: typeof order.discount === 'number' ? order.discount : 0,
    paid: order.payment?.success === true,
    toFulfil: order.payment ? isToFulfil({ payment: order.payment }) : false,
    expires:
      order.payment && awaitsPayment({ payment: order.payment }) && order.payment.expiresAt
        ? timeOf(order.payment.expiresAt)
        : null,
    sold: NOTHING_SOLD,
  };
  if (countsAsSale({ ...summary, payment: { success: summary.paid } }) && order.lines) {
    summary.sold = order.lines.map((line) => ({
      product: intern(idString(line.product)),
      name: intern(line.name),
      units: line.quantity,
      paise: lineValueOf(line),
    }));
  }
  return summary;
}

/** One shared string per status rather than one per order. */
const sharedStatus = (status: OrderStatus): OrderStatus =>
  ORDER_STATUSES.find((known) => known === status) ?? status;

/**
 * A summary made before (kept between starts), its strings shared as summaryOf shares them: a
 * literal naming every field, as summaryOf's, holds them inside the object, where the record as
 * decoded holds those past its fourth in an array of their own (docs/decisions/004, "Memory").
 */
function heldSummary(kept: OrderSummary, intern: (text: string) => string): OrderSummary {
  return {
    id: kept.id,
    created: kept.created,
    updated: kept.updated,
    status: sharedStatus(kept.status),
    settled: kept.settled,
    followUpPending: kept.followUpPending,
    buyer: intern(kept.buyer),
    total: kept.total,
    discount: kept.discount,
    paid: kept.paid,
    toFulfil: kept.toFulfil,
    expires: kept.expires,
    sold:
      kept.sold.length === 0
        ? NOTHING_SOLD
        : kept.sold.map((line) => ({
            ...line,
            product: intern(line.product),
            name: intern(line.name),
          })),
  };
}

/**
 * Whether recovery has something to finish on the order: never settled (a crash or a stalled
 * provider), or its stock and refund not yet brought in line with its last change; and left
 * so since before `cutoff`, so that a checkout or a move still under way is not taken over.
 */
export function needsRecovery(order: OrderSummary, cutoff: Date): boolean {
  return isOpen(order) && order.updated < cutoff.getTime();
}

/**
 * Every order in a few numbers and strings, held in this process: the admin's order pages
 * and the recovery round pick their orders here, then read each by `_id`.
 *
 * Why: on the embedded engine any filter other than exactly `{_id}`, any sort and any count
 * reads and decodes the whole collection (docs/decisions/005-order-index.md). Loaded at start
 * and kept in step through the change log as the catalogue is: OrdersService announces every
 * write that changes a summary, here and to the other instances.
 */
@Injectable()
export class OrderIndex {
  private summaries = new Map<string, OrderSummary>();
  private lists = emptyLists();
  private readonly followed = new ReadModelSync((id) => this.reread(id));
  /** Goes up with every change, so figures worked out from the index know when to be again. */
  private changeCount = 0;

  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    changes: ChangeLog,
  ) {
    changes.subscribe('order', {
      reload: () => this.reload(),
      changed: (id) => this.changed(id),
      kept: {
        name: 'orders',
        records: () => this.summaries.values(),
        restore: (records) => this.reload(records as Iterable<OrderSummary>),
      },
    });
  }

  get version(): number {
    return this.changeCount;
  }

  /**
   * One page of the settled orders matching `filter`, newest first, and how many match. A
   * date range is a stretch of the newest-first list found by binary search; buyers are
   * then looked for within it, one pass over the stretch.
   */
  page(skip: number, limit: number, filter: OrderIndexFilter = {}): OrderIdPage {
    const { list, start, end } = this.stretch(filter);
    if (!filter.buyers) {
      return {
        ids: list.slice(start + skip, Math.min(start + skip + limit, end)).map(idOf),
        total: end - start,
      };
    }
    const ids: string[] = [];
    let total = 0;
    for (const order of list.range(start, end)) {
      if (!filter.buyers.has(order.buyer)) continue;
      if (total >= skip && ids.length < limit) ids.push(order.id);
      total += 1;
    }
    return { ids, total };
  }

  /** The ids of every settled order matching `filter`, newest first: a CSV export's rows. */
  matching(filter: OrderIndexFilter = {}): string[] {
    const { list, start, end } = this.stretch(filter);
    const ids: string[] = [];
    for (const order of list.range(start, end)) {
      if (!filter.buyers || filter.buyers.has(order.buyer)) ids.push(order.id);
    }
    return ids;
  }

  /** Settled orders created at or after `since`, newest first: a copy of the list's stretch. */
  settledSince(since: number): OrderSummary[] {
    const list = this.lists.settled;
    return list.slice(
      0,
      list.firstWhere((order) => order.created < since),
    );
  }

  /** How many settled orders of `status` were paid: those an admin still has to act on. */
  paidCount(status: OrderStatus): number {
    let count = 0;
    for (const order of this.lists.byStatus.get(status) ?? []) if (order.paid) count += 1;
    return count;
  }

  /** The list a filter reads and the stretch of it its dates allow. */
  private stretch(filter: OrderIndexFilter) {
    const list = filter.status ? this.lists.byStatus.get(filter.status) : this.lists.settled;
    if (!list) return { list: new SortedList<OrderSummary>(newestFirst), start: 0, end: 0 };
    const { createdFrom, createdBefore } = filter;
    const start =
      createdBefore === undefined ? 0 : list.firstWhere((order) => order.created < createdBefore);
    const end =
      createdFrom === undefined
        ? list.size
        : list.firstWhere((order) => order.created < createdFrom);
    return { list, start, end: Math.max(start, end) };
  }

  /** At most `limit` orders that need recovery (see needsRecovery), least recently updated first. */
  stale(cutoff: Date, limit: number): string[] {
    const ids: string[] = [];
    for (const order of this.lists.open) {
      if (ids.length === limit || !needsRecovery(order, cutoff)) break;
      ids.push(order.id);
    }
    return ids;
  }

  /**
   * At most `limit` orders still waiting for their payment that nothing has changed since before
   * `cutoff`: a webhook may have been lost (a crash, the gateway's retries given up).
   */
  awaitingSince(cutoff: Date, limit: number): string[] {
    const ids: string[] = [];
    for (const order of this.lists.unpaid) {
      if (ids.length === limit) break;
      if (order.updated < cutoff.getTime()) ids.push(order.id);
    }
    return ids;
  }

  /** At most `limit` orders whose payment has expired by `now` unpaid, soonest expired first. */
  expired(now: number, limit: number): string[] {
    const ids: string[] = [];
    for (const order of this.lists.unpaid) {
      if (ids.length === limit || order.expires! > now) break;
      ids.push(order.id);
    }
    return ids;
  }

  /**
   * Reads every order's summary from the database, or takes `kept`, summaries made before (kept
   * between starts); meanwhile the index is served as it was.
   */
  async reload(kept?: Iterable<OrderSummary>): Promise<void> {
    await this.followed.reload(async () => {
      const summaries = new Map<string, OrderSummary>();
      const strings = new Map<string, string>();
      const intern = internIn(strings);
      if (kept) {
        for (const summary of kept) summaries.set(summary.id, heldSummary(summary, intern));
      } else {
        // A cursor, so the whole collection's documents are never held at once.
        const stored = this.orders
          .find()
          .select(SUMMARY_FIELDS)
          .lean<SummarisedFields[]>()
          .cursor();
        for await (const order of stored) {
          const summary = summaryOf(order as SummarisedFields, intern);
          summaries.set(summary.id, summary);
        }
      }
      this.summaries = summaries;
      this.lists = listsOf(summaries.values());
      this.changeCount += 1;
    });
  }

  /** Re-reads one order by `_id` (an index lookup on every engine) and applies it. */
  changed(id: string): Promise<void> {
    return this.followed.changed(id);
  }

  private async reread(id: string): Promise<void> {
    const order = Types.ObjectId.isValid(id)
      ? await this.orders.findById(id).select(SUMMARY_FIELDS).lean<SummarisedFields>()
      : null;
    this.apply(id, order && summaryOf(order, internFrom(this.summaries.get(id))));
  }

  private apply(id: string, summary: OrderSummary | null): void {
    this.changeCount += 1;
    const before = this.summaries.get(id);
    if (before) {
      for (const list of listsHolding(this.lists, before)) list.remove(before);
      this.summaries.delete(id);
    }
    if (summary) {
      this.summaries.set(id, summary);
      for (const list of listsHolding(this.lists, summary)) list.insert(summary);
    }
  }
}

interface Lists {
  /** Settled orders, newest first: the admin's list without a status. */
  settled: SortedList<OrderSummary>;
  /** Settled orders of each status, newest first. */
  byStatus: Map<OrderStatus, SortedList<OrderSummary>>;
  /** Orders recovery may have to finish, least recently updated first; few at any time. */
  open: SortedList<OrderSummary>;
  /** Orders waiting for their payment, soonest to expire first; as many as shoppers paying. */
  unpaid: SortedList<OrderSummary>;
}

function emptyLists(): Lists {
  return {
    settled: new SortedList<OrderSummary>(newestFirst),
    byStatus: new Map(
      ORDER_STATUSES.map((status) => [status, new SortedList<OrderSummary>(newestFirst)]),
    ),
    open: new SortedList(leastRecentlyUpdated),
    unpaid: new SortedList(soonestToExpire),
  };
}

function listsOf(summaries: Iterable<OrderSummary>): Lists {
  const lists = emptyLists();
  const members = new Map<SortedList<OrderSummary>, OrderSummary[]>();
  for (const summary of summaries) {
    for (const list of listsHolding(lists, summary)) {
      const held = members.get(list);
      if (held) held.push(summary);
      else members.set(list, [summary]);
    }
  }
  // One sort per list instead of an insertion per order.
  for (const [list, held] of members) list.reset(held);
  return lists;
}

/** The lists an order with this summary belongs in. */
function listsHolding(lists: Lists, order: OrderSummary): SortedList<OrderSummary>[] {
  const holding: SortedList<OrderSummary>[] = [];
  if (order.settled === true && order.toFulfil) {
    holding.push(lists.settled);
    const ofStatus = lists.byStatus.get(order.status);
    if (ofStatus) holding.push(ofStatus);
  }
  if (isOpen(order)) holding.push(lists.open);
  if (order.expires !== null) holding.push(lists.unpaid);
  return holding;
}

function isOpen(order: OrderSummary): boolean {
  return order.settled === false || order.followUpPending;
}

const idOf = (order: OrderSummary) => order.id;

/**
 * One string for equal strings: the first one met, kept in `strings`, which a load drops once
 * done (at 100,000 orders a map of 7 MB, kept for the few orders a day adds).
 */
function internIn(strings: Map<string, string>) {
  return (text: string): string => {
    const held = strings.get(text);
    if (held !== undefined) return held;
    strings.set(text, text);
    return text;
  };
}

/** Shares the strings of the summary an order had with the summary that replaces it. */
function internFrom(before: OrderSummary | undefined): (text: string) => string {
  const intern = internIn(new Map());
  if (before) {
    intern(before.buyer);
    for (const line of before.sold) {
      intern(line.product);
      intern(line.name);
    }
  }
  return intern;
}

/** A missing date counts as the earliest time, as MongoDB sorts a missing field before any date. */
function timeOf(date: Date | undefined): number {
  const time = date ? new Date(date).getTime() : NaN;
  return Number.isNaN(time) ? 0 : time;
}
