import { Injectable, Logger } from '@nestjs/common';
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
import { gstinProblem, normalGstin } from '../shared/gstin';
import { badInput, conflict, notFound, ShopError } from '../common/shop-error';
import { DatabaseEngine } from '../database/database-engine';
import { CheckoutOutcome, ShopMetrics } from '../observability/metrics';
import {
  codRefusal,
  PaymentSettings,
  PaymentSettingsService,
  upiOffered,
} from '../payment-settings';
import { CardDetails, GatewayError, GatewayPayment, GatewayRefund } from '../payments';
import { Inventory } from '../catalogue';
import { CouponUses } from '../offers';
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
  PAYMENT_RULES,
  SHIPMENT_RULES,
  TEXT_LIMITS,
} from '../shared/rules';
import { Couriers } from './couriers';
import { BuyerOrders } from './buyer-orders.schema';
import { CheckoutLine, mergeLines, OrderQuotes, WantedLine } from './order-quotes';
import { OrderNumbers } from './order-numbers';
import { needsRecovery, OrderIndex, OrderIndexFilter, summaryOf } from './order-index';
import {
  awaitsPayment,
  isToFulfil,
  Mover,
  nextStatuses,
  refusedMove,
  stockOutcome,
} from './order-lifecycle';
import {
  AttemptOutcome,
  OrderPayments,
  outcomeOf as outcomeOfPayment,
  Payer,
  StartedAttempt,
} from './order-payments';
import { OrderLocks } from './order-locks';
import { OrderRefunds } from './order-refunds';
import { OrderFollowUp, stockLinesOf } from './order-follow-up';
import {
  checkoutKeyOf,
  Order,
  NOT_A_STATUS,
  ORDER_STATUS,
  ORDER_STATUSES,
  orderIdOf,
  OrderPaymentMethod,
  OrderRecord,
  OrderShipment,
  OrderStatus,
  PAYMENT_METHOD,
  paymentMethodOf,
  PAYMENT_STATE,
  PaymentState,
} from './order.schema';

export type { OrderRecord } from './order.schema';

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
  /**
   * As named by REST (upi, card, cod) or GraphQL (UPI, CARD, CASH_ON_DELIVERY); a card
   * when left out (REST's first clients).
   */
  method?: string;
  /** Needed to pay by card. */
  card?: CardDetails | null;
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
  /** A coupon code; one that does not apply refuses the checkout, naming `couponCode`. */
  couponCode?: string | null;
  /** A business buyer's GSTIN, for a B2B invoice; blank: none. */
  buyerGstin?: string | null;
}

/** Where an order goes: its address on one line, and the saved address copied, if one was chosen. */
interface Delivery {
  address: string;
  deliveryAddress: PostalAddressFields | null;
}

/** Another attempt to pay an order the buyer has not paid yet. */
export interface PaymentRetry {
  /** As a checkout names it (see Checkout.method). */
  method: string;
  card?: CardDetails | null;
}

const RECOVERY_BATCH = 100;
/** Orders an export reads by `_id` at once before writing them out. */
const EXPORT_BATCH = 100;
/** Why an order whose checkout stopped before it was placed is given up. */
const NOT_CONFIRMED =
  'The payment could not be confirmed, so the order was not placed. Please try again.';
/** Why an order nobody paid in time is given up. */
const EXPIRED = 'The time to pay this order ran out, so its items went back on sale.';
/** How a checkout ended, for the metrics, by the payment state it left its order in. */
const CHECKOUT_OUTCOME_OF: Record<PaymentState, CheckoutOutcome> = {
  [PAYMENT_STATE.PAID]: 'paid',
  [PAYMENT_STATE.COLLECTED]: 'paid',
  [PAYMENT_STATE.PENDING]: 'awaiting_payment',
  [PAYMENT_STATE.DUE_ON_DELIVERY]: 'cash_on_delivery',
  [PAYMENT_STATE.FAILED]: 'declined',
  [PAYMENT_STATE.EXPIRED]: 'declined',
};

/** The states an order may be paid from; a capture of an expired one is refunded instead. */
const PAYABLE: PaymentState[] = [PAYMENT_STATE.PENDING, PAYMENT_STATE.FAILED];

@Injectable()
export class OrdersService {
  /** Settling and status changes of one order run one at a time in this process (see KeyedMutex). */
  /** Additions to one buyer's list run one at a time in this process (see KeyedMutex). */
  private readonly buyerLocks = new KeyedMutex();
  private readonly logger = new Logger('Orders');

  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    @InjectModel(BuyerOrders.name) private readonly buyerOrders: Model<BuyerOrders>,
    private readonly inventory: Inventory,
    /** Refunds of orders paid by the demo card before the gateway, which it never knew. */
    private readonly payments: OrderPayments,
    private readonly locks: OrderLocks,
    private readonly refunds: OrderRefunds,
    private readonly followUp: OrderFollowUp,
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
    private readonly paymentSettings: PaymentSettingsService,
    private readonly couponUses: CouponUses,
  ) {}

  /**
   * Places an order: prices come from the database, the unsettled order is written first
   * (so a retried checkout finds it instead of paying twice, and recovery finds it after
   * a crash), then its stock is held, it is opened with its number, and paid through the
   * gateway or left due on delivery. The order's id is derived from the checkout's key, so a
   * retry finds it by `_id`.
   */
  async place(buyer: PublicUser, checkout: Checkout): Promise<OrderRecord> {
    const buyerId = buyer._id;
    const wanted = mergeLines(checkout.lines);
    // A card when left out, as the first clients check out.
    const method = paymentMethodOf(checkout.method ?? PAYMENT_METHOD.CARD);
    if (method === PAYMENT_METHOD.CARD) {
      if (!checkout.card) throw badInput(PAYMENT_RULES.cardNeeded);
      this.payments.checkCard(checkout.card);
    }
    const settings = await this.paymentSettings.read();
    checkOffered(method, settings);
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
        () =>
          this.placeNew(buyer, { ...checkout, method }, wanted, delivery, checkoutKey, settings),
        (placed) => placed.payment.state === PAYMENT_STATE.FAILED,
      );
    } catch (error) {
      if (error instanceof ShopError && error.kind === 'TOO_MANY_REQUESTS') {
        this.metrics.checkout('too_many_declines');
      }
      throw error;
    }
  }

  private async placeNew(
    buyer: PublicUser,
    checkout: Checkout & { method: OrderPaymentMethod },
    wanted: WantedLine[],
    delivery: Delivery,
    checkoutKey: string,
    settings: PaymentSettings,
  ): Promise<OrderRecord> {
    // Goods, discounts and shipping as the cart's quote works them out, by the one price
    // engine; never what the client sends. A saved address brings its own PIN.
    const pinField = delivery.deliveryAddress ? 'addressId' : 'deliveryPin';
    const buyerId = buyer._id;
    const buyerGstin = checkedBuyerGstin(checkout.buyerGstin);
    const cash = checkout.method === PAYMENT_METHOD.CASH_ON_DELIVERY;
    const fee = cash ? settings.codFee : 0;
    const quote = await this.quotes.priced(
      wanted,
      delivery.deliveryAddress?.pin ?? checkout.deliveryPin,
      pinField,
      {
        buyer: buyerId,
        couponCode: checkout.couponCode,
        stateCode: delivery.deliveryAddress?.stateCode ?? null,
        fee,
      },
    );
    const { lines, shipping, total } = quote;
    if (quote.coupon && !quote.coupon.applied) {
      throw badInput(`couponCode: ${quote.coupon.message}`);
    }
    if (shipping.destination && !shipping.destination.deliverable) {
      throw badInput(`${pinField}: ${DELIVERY_RULES.notDelivered(shipping.destination.pin)}`);
    }
    if (cash) {
      await this.checkCashOnDelivery(buyerId, settings, shipping.destination, total + fee);
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
            total: total + fee,
            shippingCharge: shipping.charge,
            discount: quote.discount,
            discounts: quote.discounts,
            coupon: quote.applied?._id ?? null,
            ...(quote.tax && { tax: quote.tax }),
            ...(buyerGstin && { buyerGstin }),
            ...delivery,
            checkoutKey,
            notices: [],
            payment: {
              success: false,
              provider: cash ? PAYMENT_METHOD.CASH_ON_DELIVERY : this.payments.gatewayName,
              method: checkout.method,
              state: PAYMENT_STATE.PENDING,
              expiresAt: cash
                ? null
                : new Date(Date.now() + settings.paymentExpiryMinutes * 60_000),
              fee,
            },
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

    // The coupon's use, taken once per order: a retry finds the order above and takes none.
    let uses: string[] = [];
    if (quote.applied) {
      try {
        uses = await this.couponUses.take(quote.applied, buyerId, order._id);
      } catch (refusal) {
        await this.withdraw(order, buyerId);
        this.metrics.checkout('coupon_refused');
        throw refusal;
      }
      await this.recording(order._id, () =>
        this.orders.updateOne({ _id: order._id }, { $set: { couponUses: uses } }),
      );
    }
    const refused = await this.inventory.hold(order._id, stockLinesOf(lines));
    if (refused) {
      // Nothing was charged and Inventory.hold gave back what it took: the checkout never
      // happened; the coupon's use goes back too.
      await this.couponUses.giveBack(uses);
      await this.withdraw(order, buyerId);
      this.metrics.checkout('out_of_stock');
      throw refused;
    }
    const placed = cash
      ? (await this.open(order, { 'payment.state': PAYMENT_STATE.DUE_ON_DELIVERY })).order
      : await this.payWith(
          (await this.open(order, {})).order,
          checkout.method,
          payerOf(buyer, settings),
          checkout.card ?? undefined,
        );
    this.metrics.checkout(CHECKOUT_OUTCOME_OF[placed.payment.state]);
    return placed;
  }

  /**
   * Takes back an order whose checkout was refused before it was placed (stock, a coupon's
   * use): its pending order is deleted, and its id leaves the buyer's list (or attempts would
   * grow it for ever).
   */
  private async withdraw(order: OrderRecord, buyerId: Types.ObjectId): Promise<void> {
    await this.locks.run(String(order._id), async () => {
      await this.recording(order._id, () =>
        this.engine.deleteIf(this.orders, order._id, { settled: false }),
      );
      await this.buyerLocks.run(String(buyerId), () =>
        this.buyerOrders.updateOne({ _id: buyerId }, { $pull: { orders: order._id } }),
      );
    });
  }

  /**
   * Refuses cash on delivery where the shop does not take it (the PIN, the order's value), and
   * to a buyer with as many cash orders not yet delivered as the settings allow.
   */
  private async checkCashOnDelivery(
    buyerId: Types.ObjectId,
    settings: PaymentSettings,
    destination: { pin: string; deliverable: boolean } | null,
    total: number,
  ): Promise<void> {
    if (!destination) throw badInput(PAYMENT_RULES.codNeedsPin);
    const refusal = codRefusal(settings, destination, total);
    if (refusal) throw badInput(`method: ${refusal}`);
    const undelivered = (await this.listForBuyer(buyerId)).filter(
      (order) =>
        order.payment.state === PAYMENT_STATE.DUE_ON_DELIVERY &&
        order.status !== ORDER_STATUS.DELIVERED &&
        order.status !== ORDER_STATUS.CANCELLED,
    ).length;
    if (undelivered >= settings.codMaxUndeliveredOrders) {
      throw badInput(PAYMENT_RULES.codTooManyUndelivered(undelivered));
    }
  }

  /**
   * The buyer tries again to pay an order they have not paid yet (declined, or pending and
   * paid another way now): a new attempt on the same gateway order, the stock still held,
   * while the order has not expired.
   */
  async payAgain(number: string, buyer: PublicUser, retry: PaymentRetry): Promise<OrderRecord> {
    const order = await this.findByNumber(number, buyer);
    if (!order.buyer.equals(buyer._id)) throw notFound('Order not found');
    const method = paymentMethodOf(retry.method);
    if (method === PAYMENT_METHOD.CASH_ON_DELIVERY) {
      throw badInput(PAYMENT_RULES.codOnlyAtCheckout);
    }
    if (method === PAYMENT_METHOD.CARD) {
      if (!retry.card) throw badInput(PAYMENT_RULES.cardNeeded);
      this.payments.checkCard(retry.card);
    }
    if (!awaitsPayment(order)) throw conflict(PAYMENT_RULES.notPayable);
    if (order.payment.expiresAt && order.payment.expiresAt.getTime() <= Date.now()) {
      throw conflict(PAYMENT_RULES.notPayable);
    }
    const settings = await this.paymentSettings.read();
    checkOffered(method, settings);
    return this.payWith(order, method, payerOf(buyer, settings), retry.card ?? undefined);
  }

  /**
   * One attempt to pay a placed order through the gateway: its gateway order (made once per
   * order), then the attempt, recorded before anything is asked of the payer. A card the
   * gateway decides at once is settled here; UPI and bank pages are settled by the webhook,
   * or by asking the gateway when the payment expires.
   */
  private async payWith(
    order: OrderRecord,
    method: OrderPaymentMethod,
    payer: Payer,
    card?: CardDetails,
  ): Promise<OrderRecord> {
    const gatewayOrderId = await this.gatewayOrderOf(order);
    let started: StartedAttempt;
    try {
      started = await this.payments.attempt(
        order,
        gatewayOrderId,
        method as 'upi' | 'card',
        payer,
        card,
      );
    } catch (error) {
      // No answer: the attempt may or may not exist. The order waits, and the gateway is asked
      // (by its webhook, or by recovery when the order expires) what became of it.
      if (error instanceof GatewayError && error.status === null) {
        this.logger.warn(`The gateway did not answer an attempt to pay ${order._id}: ${error}`);
        return (await this.orders.findById(order._id).lean())!;
      }
      throw error;
    }
    await this.locks.run(String(order._id), () =>
      this.recording(order._id, () =>
        this.engine.updateIf(
          this.orders,
          order._id,
          { 'payment.state': { $in: PAYABLE } },
          {
            $set: {
              'payment.method': method,
              'payment.state': PAYMENT_STATE.PENDING,
              'payment.attemptId': started.attemptId,
              'payment.payerAction': started.payerAction,
              'payment.message': null,
            },
            $inc: { 'payment.attempts': 1 },
          },
        ),
      ),
    );
    if (!started.payerAction) {
      await this.settlePayment(order._id, await this.payments.outcomeOf(started.attemptId));
    }
    return (await this.orders.findById(order._id).lean())!;
  }

  /** The order's gateway order: the one it has, or one made now and kept (the first kept wins). */
  private async gatewayOrderOf(order: OrderRecord): Promise<string> {
    if (order.payment.gatewayOrderId) return order.payment.gatewayOrderId;
    const made = await this.payments.gatewayOrderFor(order);
    return this.locks.run(String(order._id), async () => {
      const won = await this.engine.updateIf(
        this.orders,
        order._id,
        { 'payment.gatewayOrderId': null },
        { $set: { 'payment.gatewayOrderId': made } },
      );
      if (won) return made;
      const kept = await this.orders.findById(order._id).lean();
      return kept?.payment.gatewayOrderId ?? made;
    });
  }

  /**
   * What the gateway says of a payment, from its webhook: the order it names (by number, in the
   * payment's notes) is paid, or its attempt failed. A payment for another amount, currency or
   * gateway order than the order's is refused and changes nothing.
   */
  async settleFromGateway(payment: GatewayPayment, orderNumber: string): Promise<void> {
    const number = orderNumberOf(orderNumber);
    const order = number === null ? null : await this.byNumber(number);
    if (!order || order.payment.gatewayOrderId !== payment.order_id) {
      throw badInput(`payment: no order of this shop is paid by ${payment.order_id}`);
    }
    if (payment.amount !== order.total || payment.currency !== 'INR') {
      this.logger.error(
        `Refused a payment of ${payment.amount} ${payment.currency} for order ${orderNumber} ` +
          `of ${order.total} INR (payment ${payment.id})`,
      );
      throw badInput(`payment: the amount or currency is not the order's`);
    }
    await this.settlePayment(order._id, outcomeOfPayment(payment));
  }

  /**
   * Records what became of an attempt: paid (whichever attempt it was: the money is in), or
   * failed (only the latest attempt: an older one's failure says nothing of the newer). A
   * capture that comes after the order expired, or a second capture, is refunded: the order
   * is paid once.
   */
  private settlePayment(orderId: Types.ObjectId, outcome: AttemptOutcome): Promise<void> {
    if (outcome.kind === 'pending') return Promise.resolve();
    return this.locks.run(String(orderId), async () => {
      const order = (await this.orders.findById(orderId).lean())!;
      const { state } = order.payment;
      if (outcome.kind === 'failed') {
        if (state !== PAYMENT_STATE.PENDING || order.payment.attemptId !== outcome.paymentId)
          return;
        // Followed up for the e-mail it owes the buyer (OrderNotices); its stock stays held.
        const failed = await this.recording(order._id, () =>
          this.engine.updateIf(
            this.orders,
            order._id,
            { 'payment.state': state, 'payment.attemptId': outcome.paymentId },
            {
              $set: {
                ...paymentFieldsOf(outcome),
                ...(order.notices && { followUpPending: true }),
              },
            },
          ),
        );
        if (failed && order.notices) await this.reconcile(order._id);
        return;
      }
      if (PAYABLE.includes(state)) {
        // Paying keeps the units held: the stock has nothing to follow, unless the order moved
        // in a way that changes what its stock becomes.
        const paidOrder = { ...order, payment: { ...order.payment, state: PAYMENT_STATE.PAID } };
        // Or its tax invoice, or its e-mail, is due now.
        const followUp =
          stockOutcome(paidOrder) !== stockOutcome(order) ||
          Boolean(order.tax) ||
          Boolean(order.notices);
        const paid = await this.recording(order._id, () =>
          this.engine.updateIf(
            this.orders,
            order._id,
            { 'payment.state': state },
            { $set: { ...paymentFieldsOf(outcome), ...(followUp && { followUpPending: true }) } },
          ),
        );
        if (paid && followUp) await this.reconcile(order._id);
        return;
      }
      if (order.payment.reference === outcome.paymentId) return;
      // Paid after its stock went back, or paid twice: that money goes back whole.
      await this.refunds.refund(
        order,
        outcome.paymentId,
        order.total,
        `back-${outcome.paymentId}`,
        {
          whole: true,
        },
      );
    });
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
  async recover(
    cutoff: Date,
  ): Promise<{ paid: number; failed: number; followedUp: number; expired: number }> {
    const figures = { paid: 0, failed: 0, followedUp: 0, expired: 0 };
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
          await this.locks.run(String(order._id), () => this.reconcile(order._id));
          figures.followedUp += 1;
          continue;
        }
        // Stopped before it was placed: no gateway order was made for it, so nobody paid it.
        const { won } = await this.open(order, {
          'payment.state': PAYMENT_STATE.EXPIRED,
          'payment.success': false,
          'payment.message': NOT_CONFIRMED,
          'payment.expiresAt': null,
        });
        if (won) figures.failed += 1;
      } catch (error) {
        // One order the gateway cannot answer for must not hold up the others; next round retries it.
        this.logger.error(`Could not recover order ${id}: ${String(error)}`);
      }
    }
    for (const id of this.index.awaitingSince(cutoff, RECOVERY_BATCH)) {
      try {
        if (await this.askGateway(new Types.ObjectId(id))) figures.paid += 1;
      } catch (error) {
        this.logger.error(`Could not ask the gateway about order ${id}: ${String(error)}`);
      }
    }
    for (const id of this.index.expired(Date.now(), RECOVERY_BATCH)) {
      try {
        const outcome = await this.expire(new Types.ObjectId(id));
        if (outcome) figures[outcome] += 1;
      } catch (error) {
        this.logger.error(`Could not settle the expired payment of order ${id}: ${String(error)}`);
      }
    }
    return figures;
  }

  /**
   * An order waiting for its payment that nothing has changed for a while: the gateway is asked
   * whether an attempt was captured (its webhook lost); true when that paid it.
   */
  private async askGateway(orderId: Types.ObjectId): Promise<boolean> {
    const order = await this.orders.findById(orderId).lean();
    const gatewayOrderId = order?.payment.gatewayOrderId;
    if (!order || !awaitsPayment(order) || !gatewayOrderId) return false;
    const captured = await this.payments.capturedOf(gatewayOrderId);
    if (!captured || captured.amount !== order.total) return false;
    await this.settlePayment(order._id, { kind: 'paid', paymentId: captured.id });
    return true;
  }

  /**
   * An unpaid order whose time is up: the gateway is asked whether it was paid after all (its
   * webhook late or lost); if not, the order expires and its stock goes back.
   */
  private async expire(orderId: Types.ObjectId): Promise<'paid' | 'expired' | null> {
    const order = await this.orders.findById(orderId).lean();
    const expiresAt = order?.payment.expiresAt?.getTime();
    if (!order || !awaitsPayment(order) || expiresAt === undefined || expiresAt > Date.now()) {
      await this.index.changed(String(orderId));
      return null;
    }
    const captured =
      order.payment.gatewayOrderId &&
      (await this.payments.capturedOf(order.payment.gatewayOrderId));
    if (captured && captured.amount === order.total) {
      await this.settlePayment(order._id, { kind: 'paid', paymentId: captured.id });
      return 'paid';
    }
    return this.locks.run(String(order._id), async () => {
      const expired = await this.recording(order._id, () =>
        this.engine.updateIf(
          this.orders,
          order._id,
          { 'payment.state': order.payment.state },
          {
            $set: {
              'payment.state': PAYMENT_STATE.EXPIRED,
              'payment.message': EXPIRED,
              'payment.payerAction': null,
              followUpPending: true,
            },
          },
        ),
      );
      if (!expired) return null;
      await this.reconcile(order._id);
      return 'expired';
    });
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
   * Whether the buyer has received the product (any variant): an order of theirs holding a
   * line of it is delivered. Their order list, then each order by `_id`.
   */
  async hasReceived(buyerId: Types.ObjectId, productId: Types.ObjectId): Promise<boolean> {
    const orders = await this.listForBuyer(buyerId);
    return orders.some(
      (order) =>
        order.status === ORDER_STATUS.DELIVERED &&
        order.lines.some((line) => line.product.equals(productId)),
    );
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
    return this.locks.run(String(_id), async () => {
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
    return this.locks.run(String(which._id), async () => {
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
            $set: {
              status: to,
              followUpPending: true,
              ...(shipment && { shipment }),
              // Delivered, a cash order's money is collected by the courier.
              ...(to === ORDER_STATUS.DELIVERED &&
                order.payment.method === PAYMENT_METHOD.CASH_ON_DELIVERY && {
                  'payment.state': PAYMENT_STATE.COLLECTED,
                  'payment.success': true,
                }),
            },
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

  /**
   * Places an order written and holding its stock: numbered, shown to its buyer, with the
   * payment fields `set` (cash on delivery, or given up by recovery). If another settler (a
   * retried checkout, recovery) placed it first, that stands and the number drawn here is left
   * unused (a gap, never given again). Either way the stock then follows the order as it is.
   */
  private open(
    order: OrderRecord,
    set: Record<string, unknown>,
  ): Promise<{ order: OrderRecord; won: boolean }> {
    return this.locks.run(String(order._id), async () => {
      const current = await this.orders.findById(order._id).lean();
      let won = false;
      if (current?.settled === false) {
        const number = current.number ?? (await this.numbers.draw(order._id));
        won = await this.engine.updateIf(
          this.orders,
          order._id,
          { settled: false },
          { $set: { ...set, settled: true, followUpPending: true, number } },
        );
      }
      // Nothing announced here: reconcile, just below, tells the index the order as it ends up.
      return { order: await this.reconcile(order._id), won };
    });
  }

  /** A refund's state as the gateway's webhook tells it, on the order it was made for. */
  async settleRefund(refund: GatewayRefund, orderNumber: string): Promise<void> {
    const number = orderNumberOf(orderNumber);
    const order = number === null ? null : await this.byNumber(number);
    const mine = order?.payment.refunds.find((made) => made.receipt === refund.receipt);
    if (!order || !mine) throw badInput(`refund: no refund of this shop is ${refund.id}`);
    await this.refunds.settle(order, refund);
    await this.locks.run(String(order._id), () => this.reconcile(order._id));
  }

  /** Stock and money follow the order as it now is (OrderFollowUp). Callers hold its lock. */
  private reconcile(orderId: Types.ObjectId): Promise<OrderRecord> {
    return this.followUp.reconcile(orderId);
  }
}

/** The payment fields an attempt's outcome sets: paid, or failed with the gateway's reason. */
function paymentFieldsOf(
  outcome: Exclude<AttemptOutcome, { kind: 'pending' }>,
): Record<string, unknown> {
  if (outcome.kind === 'failed') {
    return {
      'payment.state': PAYMENT_STATE.FAILED,
      'payment.message': outcome.message,
      'payment.payerAction': null,
    };
  }
  return {
    'payment.state': PAYMENT_STATE.PAID,
    'payment.success': true,
    'payment.reference': outcome.paymentId,
    'payment.message': null,
    'payment.payerAction': null,
    'payment.expiresAt': null,
  };
}

/** Who pays, as the gateway asks to know them. */
function payerOf(buyer: PublicUser, settings: PaymentSettings): Payer {
  return {
    email: buyer.email,
    contact: buyer.phone,
    upiPayee: { vpa: settings.upiVpa, name: settings.upiPayeeName },
  };
}

/** Refuses a way to pay the shop does not offer now (its payment settings). */
function checkOffered(method: OrderPaymentMethod, settings: PaymentSettings): void {
  const offered =
    method === PAYMENT_METHOD.UPI
      ? upiOffered(settings)
      : method === PAYMENT_METHOD.CARD
        ? settings.methods.card
        : settings.methods.cashOnDelivery;
  if (!offered) throw badInput(PAYMENT_RULES.notOffered);
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
  return order.settled && isToFulfil(order) && (!wanted.status || order.status === wanted.status);
}

function checkedStatus(status: string): OrderStatus {
  if (!(ORDER_STATUSES as readonly string[]).includes(status)) {
    throw badInput(NOT_A_STATUS);
  }
  return status as OrderStatus;
}

/** A business buyer's GSTIN as typed, checked (form and check character); null when blank. */
function checkedBuyerGstin(typed: string | null | undefined): string | null {
  const gstin = normalGstin(typed ?? '');
  if (!gstin) return null;
  const problem = gstinProblem(gstin);
  if (problem) throw badInput(`buyerGstin: ${problem}`);
  return gstin;
}
