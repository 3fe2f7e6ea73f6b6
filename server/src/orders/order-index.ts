import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { newestFirst, SortedList } from '../common/sorted-list';
import { ChangeLog } from '../changes/change-log.service';
import { FollowedRecords } from '../changes/followed-records';
import { idString } from '../common/object-id';
import { Order, ORDER_STATUSES, OrderStatus } from './order.schema';

/**
 * What the admin's lists and the recovery round need to know of an order, and no more: at
 * 100,000 orders the index must stay within a few tens of MB.
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
}

/** The fields of a stored order a summary is made of. */
type SummarisedFields = Pick<
  Order,
  'createdAt' | 'updatedAt' | 'status' | 'settled' | 'followUpPending'
> & {
  _id: Types.ObjectId;
};

const SUMMARY_FIELDS = {
  createdAt: 1,
  updatedAt: 1,
  status: 1,
  settled: 1,
  followUpPending: 1,
} as const;

export interface OrderIdPage {
  ids: string[];
  total: number;
}

/** The order recovery takes them in: `{ updatedAt: 1 }`, ties by id so the order is total. */
const leastRecentlyUpdated = (a: OrderSummary, b: OrderSummary) =>
  a.updated - b.updated || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function summaryOf(order: SummarisedFields): OrderSummary {
  return {
    id: idString(order._id),
    created: timeOf(order.createdAt),
    updated: timeOf(order.updatedAt),
    // One shared string per status rather than one per order.
    status: ORDER_STATUSES.find((status) => status === order.status) ?? order.status,
    settled: typeof order.settled === 'boolean' ? order.settled : null,
    followUpPending: order.followUpPending === true,
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
  private readonly followed = new FollowedRecords((id) => this.reread(id));

  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    changes: ChangeLog,
  ) {
    changes.follow('order', {
      reload: () => this.reload(),
      changed: (id) => this.changed(id),
    });
  }

  /** One page of the settled orders, of one status or all, newest first, and how many there are. */
  page(skip: number, limit: number, status?: OrderStatus): OrderIdPage {
    const list = status ? this.lists.byStatus.get(status) : this.lists.settled;
    if (!list) return { ids: [], total: 0 };
    return { ids: list.slice(skip, skip + limit).map((order) => order.id), total: list.size };
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

  /** Reads every order's summary from the database; meanwhile the index is served as it was. */
  async reload(): Promise<void> {
    await this.followed.reload(async () => {
      const summaries = new Map<string, OrderSummary>();
      // A cursor, so the whole collection's documents are never held at once.
      const stored = this.orders.find().select(SUMMARY_FIELDS).lean<SummarisedFields[]>().cursor();
      for await (const order of stored) {
        const summary = summaryOf(order as SummarisedFields);
        summaries.set(summary.id, summary);
      }
      this.summaries = summaries;
      this.lists = listsOf(summaries.values());
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
    this.apply(id, order && summaryOf(order));
  }

  private apply(id: string, summary: OrderSummary | null): void {
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
}

function emptyLists(): Lists {
  return {
    settled: new SortedList<OrderSummary>(newestFirst),
    byStatus: new Map(
      ORDER_STATUSES.map((status) => [status, new SortedList<OrderSummary>(newestFirst)]),
    ),
    open: new SortedList(leastRecentlyUpdated),
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
  if (order.settled === true) {
    holding.push(lists.settled);
    const ofStatus = lists.byStatus.get(order.status);
    if (ofStatus) holding.push(ofStatus);
  }
  if (isOpen(order)) holding.push(lists.open);
  return holding;
}

function isOpen(order: OrderSummary): boolean {
  return order.settled === false || order.followUpPending;
}

/** A missing date counts as the earliest time, as MongoDB sorts a missing field before any date. */
function timeOf(date: Date | undefined): number {
  const time = date ? new Date(date).getTime() : NaN;
  return Number.isNaN(time) ? 0 : time;
}
