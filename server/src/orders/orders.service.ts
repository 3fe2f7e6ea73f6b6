import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { randomUUID } from 'node:crypto';
import { Model, Types } from 'mongoose';
import { ChangeLog } from '../changes';
import { KeyedMutex } from '../common/keyed-mutex';
import { isDuplicateKey, upsertRacing } from '../common/natural-key';
import { newestFirst } from '../common/sorted-list';
import { toObjectId } from '../common/object-id';
import { Page, pageOf, PageRequest, skipOf } from '../common/pagination';
import { addDays, isShopDay, startOfShopDay } from '../common/shop-days';
import { withoutControlCharacters } from '../common/text';
import { RateLimiter } from '../common/rate-limit/rate-limiter.service';
import { badInput, conflict, notFound, ShopError } from '../common/shop-error';
import { DatabaseEngine } from '../database/database-engine';
import { ShopMetrics } from '../observability/metrics';
import { CardDetails, ChargeResult, PAYMENT_PROVIDER, PaymentProvider } from '../payments';
import { Inventory, variantName } from '../catalogue';
import type { StockLine } from '../catalogue';
import { AddressBook, ADMIN_ROLE, PostalAddressFields, PublicUser, UserDirectory } from '../users';
import {
  ADDRESS_RULES,
  addressFault,
  addressOnOneLine,
  DELIVERY_RULES,
  IDEMPOTENCY_KEY,
  ORDER_FILTER_RULES,
  ORDER_NUMBER,
  orderNumberOf,
  SHIPMENT_RULES,
  TEXT_LIMITS,
} from '../shared/rules';
import { Couriers } from './couriers';
import { BuyerOrders } from './buyer-orders.schema';
import { CheckoutLine, mergeLines, OrderQuotes, WantedLine } from './order-quotes';
import { OrderNumbers } from './order-numbers';
import { needsRecovery, OrderIndex, OrderIndexFilter, summaryOf } from './order-index';
import { Mover, nextStatuses, refusedMove, stockOutcome } from './order-lifecycle';
import {
  checkoutKeyOf,
  Order,
  NOT_A_STATUS,
  ORDER_STATUS,
  ORDER_STATUSES,
  orderIdOf,
  OrderLine,
  OrderPayment,
  OrderShipment,
  OrderStatus,
} from './order.schema';

export type OrderRecord = Order & { _id: Types.ObjectId };

/** Which orders the admin's list and its CSV export show; every part is optional. */
export interface OrderFilter {
  status?: OrderStatus;
  /** The first day, YYYY-MM-DD, of the shop's days (SHOP_TIME_ZONE). */
  from?: string;
  /** The last day, included. */
  to?: string;
  /** Part of the buyer's name or e-mail, in any case. */
  buyer?: string;
  /** The order's number, BZ-000123 (or its digits): that order alone, if it matches the rest. */
  number?: string;
}

/** What the admin gives when shipping an order, or correcting its shipment later. */
export interface ShipmentDetails {
  courier?: string | null;
  trackingNumber?: string | null;
}

export interface Checkout {
  lines: readonly CheckoutLine[];
  card: CardDetails;
  /** Where to deliver; the buyer's own address when left out or blank. */
  address?: string;
  /** The delivery PIN, for the zone's shipping charge; without it, the flat charge. */
  deliveryPin?: string | null;
  /** One of the buyer's saved addresses to deliver to, copied onto the order; before `address`. */
  addressId?: string | null;
  /**
   * Chosen by the client once per checkout; a retry with the same key finds the first
   * order. Without one, the checkout is a new one.
   */
  idempotencyKey?: string;
  /** Where the checkout came from, for the limit on declined cards. */
  clientAddress: string;
}

/** Where an order goes: its address on one line, and the saved address copied, if one was chosen. */
interface Delivery {
  address: string;
  deliveryAddress: PostalAddressFields | null;
}

const RECOVERY_BATCH = 100;
/** Orders an export reads by `_id` at once before writing them out. */
const EXPORT_BATCH = 100;
const PENDING = 'Pending';
/** What an order is settled with when the provider has no record of its charge. */
const NOT_CONFIRMED: ChargeResult = {
  approved: false,
  message: 'The payment could not be confirmed, so the order was not placed. Please try again.',
};

@Injectable()
export class OrdersService {
  /** Settling and status changes of one order run one at a time in this process (see KeyedMutex). */
  private readonly orderLocks = new KeyedMutex();
  /** Additions to one buyer's list run one at a time in this process (see KeyedMutex). */
  private readonly buyerLocks = new KeyedMutex();
  private readonly logger = new Logger('Orders');

  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    @InjectModel(BuyerOrders.name) private readonly buyerOrders: Model<BuyerOrders>,
    private readonly inventory: Inventory,
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
    private readonly limiter: RateLimiter,
    private readonly engine: DatabaseEngine,
    private readonly index: OrderIndex,
    private readonly changes: ChangeLog,
    private readonly metrics: ShopMetrics,
    private readonly directory: UserDirectory,
    private readonly quotes: OrderQuotes,
    private readonly numbers: OrderNumbers,
    private readonly couriers: Couriers,
    private readonly addressBook: AddressBook,
  ) {}

  /**
   * Places an order: prices come from the database, the pending order is written first
   * (so a retried checkout finds it instead of paying twice, and recovery finds it after
   * a crash), then its stock is held and the card charged under the checkout's key.
   * The order's id is derived from that key, so a retry finds it by `_id`.
   */
  async place(buyer: PublicUser, checkout: Checkout): Promise<OrderRecord> {
    const buyerId = buyer._id;
    const wanted = mergeLines(checkout.lines);
    this.payments.check(checkout.card);
    const chosen = checkout.addressId ?? null;
    const address = (checkout.address?.trim() || buyer.address).trim();
    if (!chosen && !address) throw badInput('A delivery address is required');
    const key = checkout.idempotencyKey ?? randomUUID();
    if (!IDEMPOTENCY_KEY.pattern.test(key)) throw badInput(IDEMPOTENCY_KEY.message);
    const checkoutKey = checkoutKeyOf(buyerId, key);

    const earlier = await this.orders.findById(orderIdOf(checkoutKey)).lean();
    if (earlier) return settledOrThrow(earlier);
    const delivery = chosen
      ? await this.savedDelivery(buyerId, chosen)
      : { address, deliveryAddress: null };

    // Declines are limited per buyer and per address, before anything is written or held:
    // trying card after card is how stolen cards are tested.
    try {
      return await this.limiter.charge(
        { account: String(buyerId), address: checkout.clientAddress },
        () => this.placeNew(buyerId, checkout, wanted, delivery, checkoutKey),
        (placed) => !placed.payment.success,
      );
    } catch (error) {
      if (error instanceof ShopError && error.kind === 'TOO_MANY_REQUESTS') {
        this.metrics.checkout('too_many_declines');
      }
      throw error;
    }
  }

  private async placeNew(
    buyerId: Types.ObjectId,
    checkout: Checkout,
    wanted: WantedLine[],
    delivery: Delivery,
    checkoutKey: string,
  ): Promise<OrderRecord> {
    // Goods and shipping as the cart's quote works them out; never what the client sends. A
    // saved address brings its own PIN.
    const pinField = delivery.deliveryAddress ? 'addressId' : 'deliveryPin';
    const { lines, shipping, total } = await this.quotes.priced(
      wanted,
      delivery.deliveryAddress?.pin ?? checkout.deliveryPin,
      pinField,
    );
    if (shipping.destination && !shipping.destination.deliverable) {
      throw badInput(`${pinField}: ${DELIVERY_RULES.notDelivered(shipping.destination.pin)}`);
    }
    const _id = orderIdOf(checkoutKey);
    await this.addToBuyer(buyerId, _id);
    let order: OrderRecord;
    try {
      // From here recovery must find it, should this checkout stop.
      order = await this.recording(_id, async () =>
        (
          await this.orders.create({
            _id,
            lines,
            buyer: buyerId,
            total,
            shippingCharge: shipping.charge,
            ...delivery,
            checkoutKey,
            payment: { success: false, provider: this.payments.name, message: PENDING },
          })
        ).toObject(),
      );
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // Another attempt with this key wrote it first; or, taken on `checkoutKey` alone,
      // an order placed before orders were keyed by their checkout (a rare look-up that
      // reads every order on the embedded engine).
      const first =
        (await this.orders.findById(_id).lean()) ??
        (await this.orders.findOne({ checkoutKey }).lean());
      return settledOrThrow(first);
    }

    const refused = await this.inventory.hold(order._id, stockLinesOf(lines));
    if (refused) {
      // Nothing was charged and Inventory.hold gave back what it took: the checkout never
      // happened, and its id leaves the buyer's list (or attempts would grow it for ever).
      await this.orderLocks.run(String(order._id), async () => {
        await this.recording(order._id, () =>
          this.engine.deleteIf(this.orders, order._id, { settled: false }),
        );
        await this.buyerLocks.run(String(buyerId), () =>
          this.buyerOrders.updateOne({ _id: buyerId }, { $pull: { orders: order._id } }),
        );
      });
      this.metrics.checkout('out_of_stock');
      throw refused;
    }
    const settled = (await this.settle(order, await this.charge(order, checkout.card))).order;
    this.metrics.checkout(settled.payment.success ? 'paid' : 'declined');
    return settled;
  }

  /**
   * A copy of the buyer's saved address `addressId`, which the order keeps whatever becomes of
   * the address book, and the same on one line as the order's `address`.
   */
  private async savedDelivery(buyerId: Types.ObjectId, addressId: string): Promise<Delivery> {
    const saved = await this.addressBook.find(buyerId, addressId);
    if (!saved) throw badInput(addressFault('addressId', ADDRESS_RULES.notFound));
    const { _id: _saved, isDefault: _default, ...deliveryAddress } = saved;
    return { address: addressOnOneLine(deliveryAddress), deliveryAddress };
  }

  /**
   * Settles what a crash (or a stalled provider) left unfinished: each order unsettled
   * since before `cutoff` is paid if the provider captured its charge, failed otherwise;
   * each order whose stock or refund has not yet followed its last change gets them.
   * Every step is conditional or idempotent, so instances running this at once, or a
   * checkout finishing late, settle each order exactly once.
   */
  async recover(cutoff: Date): Promise<{ paid: number; failed: number; followedUp: number }> {
    const figures = { paid: 0, failed: 0, followedUp: 0 };
    for (const id of this.index.stale(cutoff, RECOVERY_BATCH)) {
      try {
        const order = await this.orders.findById(id).lean();
        if (!order || !needsRecovery(summaryOf(order), cutoff)) {
          // Finished or written again since this instance's index heard of it (a write of
          // another instance not yet followed, or one whose announcement a crash cut off):
          // the index reads it again rather than offer it every round.
          await this.index.changed(id);
          continue;
        }
        if (order.settled) {
          await this.orderLocks.run(String(order._id), () => this.reconcile(order._id));
          figures.followedUp += 1;
          continue;
        }
        const found = await this.payments.findCharge(order.checkoutKey);
        const payment = paymentOf(this.payments.name, found ?? NOT_CONFIRMED);
        const { won } = await this.settle(order, payment);
        if (won) figures[payment.success ? 'paid' : 'failed'] += 1;
      } catch (error) {
        // One order the provider cannot answer for must not hold up the others; next round retries it.
        this.logger.error(`Could not recover order ${id}: ${String(error)}`);
      }
    }
    return figures;
  }

  /**
   * The buyer's orders, newest first: their list, then each order by `_id`, at once.
   * Ids that find no order (a checkout that stopped before writing it) or an unsettled
   * one are left out.
   */
  async listForBuyer(buyerId: Types.ObjectId): Promise<OrderRecord[]> {
    const listed = await this.buyerOrders.findById(buyerId).lean();
    const orders = await this.readEach(listed?.orders ?? []);
    return orders
      .filter((order) => order.settled && order.buyer.equals(buyerId))
      .sort((a, b) => newestFirst(summaryOf(a), summaryOf(b)));
  }

  /**
   * Adds an order to its buyer's list, before the order is written. `$addToSet` is a read
   * and a write back in the embedded engine, hence one at a time per buyer here; another
   * instance may still create the list first (upsertRacing).
   */
  private async addToBuyer(buyer: Types.ObjectId, order: Types.ObjectId): Promise<void> {
    await this.buyerLocks.run(String(buyer), () =>
      upsertRacing(() =>
        this.buyerOrders.updateOne(
          { _id: buyer },
          { $addToSet: { orders: order } },
          { upsert: true },
        ),
      ),
    );
  }

  /**
   * One page of every paid or declined order matching `filter`, newest first: the ids and the
   * total from the order index, then each order by `_id`, at once. An order another instance
   * changed a moment ago may have left the status asked for: it is left out.
   */
  async list(request: PageRequest, filter: OrderFilter = {}): Promise<Page<OrderRecord>> {
    const wanted = await this.indexFilter(filter);
    if (wanted.number !== undefined) {
      const found = await this.numbered(wanted.number, wanted);
      return pageOf(found, found.length, request);
    }
    const { ids, total } = this.index.page(skipOf(request), request.pageSize, wanted);
    const orders = await this.readEach(ids);
    return pageOf(
      orders.filter((order) => listed(order, wanted)),
      total,
      request,
    );
  }

  /**
   * Every order matching `filter`, newest first, in batches read by `_id` at once, for an
   * export to write out as they come: never all of them in memory. The filter is checked
   * before this returns, so a bad one is refused before anything is sent.
   */
  async inBatches(filter: OrderFilter): Promise<AsyncIterable<OrderRecord[]>> {
    const wanted = await this.indexFilter(filter);
    const ids =
      wanted.number === undefined
        ? this.index.matching(wanted)
        : (await this.numbered(wanted.number, wanted)).map((order) => String(order._id));
    const read = (at: number) => this.readEach(ids.slice(at, at + EXPORT_BATCH));
    return {
      async *[Symbol.asyncIterator]() {
        for (let at = 0; at < ids.length; at += EXPORT_BATCH) {
          yield (await read(at)).filter((order) => listed(order, wanted));
        }
      },
    };
  }

  /**
   * The filter as the order index reads it, every part checked. A buyer search costs one pass
   * over every user's name and e-mail in memory (UserDirectory; the first search of a process
   * reads them from the database once) and one over the index's orders of the dates asked:
   * a few milliseconds each at 100,000 users and orders, where the embedded engine would read
   * both collections whole.
   */
  private async indexFilter(filter: OrderFilter): Promise<ListFilter> {
    const wanted: ListFilter = {};
    const number = filter.number?.trim();
    if (number) {
      wanted.number = orderNumberOf(number) ?? undefined;
      if (wanted.number === undefined) throw badInput(ORDER_NUMBER.message);
    }
    if (filter.status) wanted.status = checkedStatus(filter.status);
    const from = filter.from?.trim() || undefined;
    const to = filter.to?.trim() || undefined;
    for (const day of [from, to]) {
      if (day !== undefined && !isShopDay(day)) throw badInput(ORDER_FILTER_RULES.date);
    }
    if (from && to && from > to) throw badInput(ORDER_FILTER_RULES.dateOrder);
    if (from) wanted.createdFrom = startOfShopDay(from);
    if (to) wanted.createdBefore = startOfShopDay(addDays(to, 1));
    const buyer = filter.buyer?.trim();
    if (buyer) {
      if (buyer.length > TEXT_LIMITS.email) throw badInput(ORDER_FILTER_RULES.buyerTooLong);
      wanted.buyers = await this.directory.matching(withoutControlCharacters(buyer));
    }
    return wanted;
  }

  /**
   * The settled order of this number, if it matches the rest of the filter: a list of one, or
   * none. Two reads by `_id` (the number's claim, then the order) on any engine.
   */
  private async numbered(number: number, wanted: OrderIndexFilter): Promise<OrderRecord[]> {
    const order = await this.byNumber(number);
    if (!order || !listed(order, wanted)) return [];
    const created = new Date(order.createdAt).getTime();
    const fits =
      (wanted.createdFrom === undefined || created >= wanted.createdFrom) &&
      (wanted.createdBefore === undefined || created < wanted.createdBefore) &&
      (!wanted.buyers || wanted.buyers.has(String(order.buyer)));
    return fits ? [order] : [];
  }

  /** The order that carries number `number`, settled or not; null when none does. */
  private async byNumber(number: number): Promise<OrderRecord | null> {
    const id = await this.numbers.orderOf(number);
    const order = id && (await this.orders.findById(id).lean());
    // A number drawn for an order that another settler numbered first names nothing.
    return order && order.number === number ? order : null;
  }

  /**
   * The order named by its number (BZ-000123), for its buyer or an admin. Anyone else is told
   * it is not found, as for a number never given: an order's existence is its buyer's.
   */
  async findByNumber(text: string, viewer: PublicUser): Promise<OrderRecord> {
    const number = orderNumberOf(text);
    if (number === null) throw badInput(ORDER_NUMBER.message);
    const order = await this.byNumber(number);
    const mayRead = order && (viewer.role === ADMIN_ROLE || order.buyer.equals(viewer._id));
    if (!order?.settled || !mayRead) throw notFound('Order not found');
    return order;
  }

  /**
   * Each order by `_id`, all at once, in the order given; ids that find none are left out.
   * Never one query with `$in`: the embedded engine would read every order for it.
   */
  private async readEach(ids: readonly (Types.ObjectId | string)[]): Promise<OrderRecord[]> {
    const orders: (OrderRecord | null)[] = await Promise.all(
      ids.map((id) => this.orders.findById(id).lean()),
    );
    return orders.filter((order): order is OrderRecord => order !== null);
  }

  /**
   * One placed order by id: any for an admin, only their own for a buyer (`buyer` given); a
   * 404 otherwise, as for an order that does not exist.
   */
  async findOne(orderId: string, buyer?: Types.ObjectId): Promise<OrderRecord> {
    const order = await this.orders.findById(toObjectId(orderId, 'order id')).lean();
    if (!order?.settled || (buyer && !order.buyer.equals(buyer))) {
      throw notFound('Order not found');
    }
    return order;
  }

  /** The order index, here and on every instance, re-reads the order `write` writes. */
  private recording<T>(orderId: Types.ObjectId, write: () => Promise<T>): Promise<T> {
    return this.changes.recording('order', String(orderId), write);
  }

  /**
   * The admin moves any paid order along the lifecycle. Shipping it takes its courier and AWB;
   * `shipmentRequired` says whether they may be left out (REST's first clients ship without
   * them: such an order has no tracking until the admin corrects its shipment).
   */
  setStatus(
    orderId: string,
    status: OrderStatus,
    admin: PublicUser,
    details: ShipmentDetails = {},
    { shipmentRequired = true } = {},
  ): Promise<OrderRecord> {
    const _id = toObjectId(orderId, 'order id');
    const to = checkedStatus(status);
    const given = details.courier != null || details.trackingNumber != null;
    // Checked once the lifecycle allows the move: a move it forbids is refused as such.
    const shipment = async (at: Date) => {
      if (to !== ORDER_STATUS.SHIPPED && given) throw badInput(SHIPMENT_RULES.onlyWhenShipping);
      const shipping = to === ORDER_STATUS.SHIPPED && (given || shipmentRequired);
      return shipping ? this.checkedShipment(details, at) : null;
    };
    return this.changeStatus({ _id }, to, admin, 'admin', shipment);
  }

  /**
   * The admin corrects a shipped (or delivered) order's courier and AWB, or gives them to an
   * order shipped without them; when it was shipped stays as it was.
   */
  async setShipment(
    orderId: string,
    details: ShipmentDetails,
    admin: PublicUser,
  ): Promise<OrderRecord> {
    const _id = toObjectId(orderId, 'order id');
    return this.orderLocks.run(String(_id), async () => {
      const order = await this.orders.findById(_id).lean();
      if (!order?.settled) throw notFound('Order not found');
      const shipped: OrderStatus[] = [ORDER_STATUS.SHIPPED, ORDER_STATUS.DELIVERED];
      if (!shipped.includes(order.status)) throw conflict(SHIPMENT_RULES.notShipped);
      const shippedAt = order.shipment?.shippedAt ?? shippedAtOf(order) ?? new Date();
      const shipment = await this.checkedShipment(details, shippedAt);
      const written = await this.recording(order._id, () =>
        this.engine.updateIf(
          this.orders,
          order._id,
          { status: order.status },
          { $set: { shipment } },
        ),
      );
      if (!written) throw conflict(SHIPMENT_RULES.notShipped);
      this.logger.log(`${admin.name} set the shipment of order ${order.number ?? order._id}`);
      return (await this.orders.findById(order._id).lean())!;
    });
  }

  /** The courier (one of the shop's, named as its list names it) and AWB, both checked. */
  private async checkedShipment(details: ShipmentDetails, shippedAt: Date): Promise<OrderShipment> {
    const courierName = details.courier?.trim();
    const trackingNumber = details.trackingNumber?.trim();
    if (!courierName) throw badInput(SHIPMENT_RULES.courierRequired);
    if (!trackingNumber) throw badInput(SHIPMENT_RULES.trackingNumberRequired);
    if (!SHIPMENT_RULES.trackingNumber.pattern.test(trackingNumber)) {
      throw badInput(SHIPMENT_RULES.trackingNumber.message);
    }
    const courier = await this.couriers.named(courierName);
    return { courier: courier.name, trackingNumber, shippedAt };
  }

  /** The buyer cancels their own order while the shop has not started on it. */
  cancelOwn(orderId: string, buyer: PublicUser): Promise<OrderRecord> {
    return this.changeStatus(
      { _id: toObjectId(orderId, 'order id'), buyer: buyer._id },
      ORDER_STATUS.CANCELLED,
      buyer,
      'buyer',
    );
  }

  /**
   * One status change: the move is checked against the lifecycle, then written with a
   * condition on the status it was checked from, so of two racing moves one wins and
   * the other is refused; the winner's stock and refund follow.
   */
  private changeStatus(
    which: { _id: Types.ObjectId; buyer?: Types.ObjectId },
    to: OrderStatus,
    by: PublicUser,
    mover: Mover,
    shipmentAt: (at: Date) => Promise<OrderShipment | null> = async () => null,
  ): Promise<OrderRecord> {
    return this.orderLocks.run(String(which._id), async () => {
      // By `_id`, the rest checked here: the embedded engine reads every order for any other filter.
      const order = await this.orders.findById(which._id).lean();
      if (!order?.settled || (which.buyer && !order.buyer.equals(which.buyer))) {
        throw notFound('Order not found');
      }
      if (!nextStatuses(order, mover).includes(to)) throw refusedMove(order, to, mover);
      const change = { from: order.status, to, by: by._id, byName: by.name, at: new Date() };
      const shipment = await shipmentAt(change.at);
      const moved = await this.recording(order._id, () =>
        this.engine.updateIf(
          this.orders,
          order._id,
          { status: order.status },
          {
            $set: { status: to, followUpPending: true, ...(shipment && { shipment }) },
            $push: { history: change },
          },
        ),
      );
      if (!moved) {
        throw refusedMove((await this.orders.findById(order._id).lean()) ?? order, to, mover);
      }
      return this.reconcile(order._id);
    });
  }

  /** Charges the card under the checkout's key; when the provider throws, asks it what happened. */
  private async charge(order: OrderRecord, card: CardDetails): Promise<OrderPayment> {
    const charge = {
      amount: order.total,
      card,
      reference: String(order._id),
      idempotencyKey: order.checkoutKey,
    };
    let result: ChargeResult;
    try {
      result = await this.payments.charge(charge);
    } catch {
      // If this look-up throws too, the order stays unsettled and recovery settles it later.
      result = (await this.payments.findCharge(order.checkoutKey)) ?? NOT_CONFIRMED;
    }
    return paymentOf(this.payments.name, result);
  }

  /**
   * Records the payment on an unsettled order, and gives it its number (paid or declined, it
   * is an order the shopper may name); if another settler (recovery) got there first, its
   * result and number stand, the number drawn here is left unused (a gap, never given again),
   * and an approved charge of ours is refunded. Either way the stock then follows the order as
   * it finally is. `won` tells whether this call settled it.
   */
  private settle(
    order: OrderRecord,
    payment: OrderPayment,
  ): Promise<{ order: OrderRecord; won: boolean }> {
    return this.orderLocks.run(String(order._id), async () => {
      const current = await this.orders.findById(order._id).lean();
      const number =
        current?.settled === false
          ? (current.number ?? (await this.numbers.draw(order._id)))
          : null;
      const won =
        number !== null &&
        (await this.engine.updateIf(
          this.orders,
          order._id,
          { settled: false },
          { $set: { payment, settled: true, followUpPending: true, number } },
        ));
      // Nothing announced here: reconcile, just below, tells the index the order as it ends up.
      if (!won && payment.success) {
        const winner = await this.orders.findById(order._id).lean();
        if (!winner?.payment.success) {
          await this.payments.refund({
            chargeReference: payment.reference!,
            amount: order.total,
            idempotencyKey: `refund-${order.checkoutKey}`,
          });
        }
      }
      return { order: await this.reconcile(order._id), won };
    });
  }

  /**
   * Makes stock and payment agree with the order as it is now: held units are given
   * back (failed or cancelled), sold for good (shipped), or kept held; a cancelled paid
   * order is refunded. Each step is idempotent, so running it again after a crash is safe.
   * Callers hold the order's lock, which the embedded engine's conditional write relies on.
   */
  private async reconcile(orderId: Types.ObjectId): Promise<OrderRecord> {
    const order = (await this.orders.findById(orderId).lean())!;
    await this.inventory.follow(order._id, stockLinesOf(order.lines), stockOutcome(order));
    const refund = order.status === ORDER_STATUS.CANCELLED && order.payment.success;
    if (refund && !order.payment.refunded) {
      await this.payments.refund({
        chargeReference: order.payment.reference!,
        amount: order.total,
        idempotencyKey: `refund-${order._id}`,
      });
    }
    const done = await this.recording(order._id, () =>
      this.engine.updateIf(
        this.orders,
        order._id,
        { status: order.status },
        { $set: { followUpPending: false, ...(refund && { 'payment.refunded': true }) } },
      ),
    );
    if (!done) return order;
    return (await this.orders.findById(order._id).lean()) ?? order;
  }
}

/** An order's lines as the stock they hold, each named as the buyer chose it. */
function stockLinesOf(lines: readonly OrderLine[]): StockLine[] {
  return lines.map((line) => ({
    product: line.product,
    variant: line.variant,
    quantity: line.quantity,
    name: variantName(
      line.name,
      (line.choices ?? []).map((choice) => choice.value),
    ),
  }));
}

function paymentOf(provider: string, result: ChargeResult): OrderPayment {
  return result.approved
    ? { success: true, provider, reference: result.reference, message: null, refunded: false }
    : { success: false, provider, reference: null, message: result.message, refunded: false };
}

function settledOrThrow(order: OrderRecord | null): OrderRecord {
  if (!order) throw conflict('This checkout failed, please try again');
  if (!order.settled) throw conflict('This checkout is still being processed');
  return order;
}

/** The admin's filter, checked: what the order index reads, or one order's number. */
interface ListFilter extends OrderIndexFilter {
  number?: number;
}

/** When an order was marked Shipped, from its history; null if it never was. */
function shippedAtOf(order: OrderRecord): Date | null {
  return order.history.find((change) => change.to === ORDER_STATUS.SHIPPED)?.at ?? null;
}

/** Whether an order read by `_id` is still one the index picked it for (see list). */
function listed(order: OrderRecord, wanted: OrderIndexFilter): boolean {
  return order.settled && (!wanted.status || order.status === wanted.status);
}

function checkedStatus(status: string): OrderStatus {
  if (!(ORDER_STATUSES as readonly string[]).includes(status)) {
    throw badInput(NOT_A_STATUS);
  }
  return status as OrderStatus;
}
