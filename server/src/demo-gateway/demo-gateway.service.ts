import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { setTimeout as sleep } from 'node:timers/promises';
import { isCardNumber } from '../common/card-number';
import { KeyedMutex } from '../common/keyed-mutex';
import { rupeesText } from '../common/money';
import { APP_CONFIG, AppConfig } from '../config/config';
import { DemoGatewayOrder, DemoGatewayPayment, DemoGatewayRefund } from './demo-gateway.schemas';
import { DemoWebhooks } from './demo-webhooks';
import { gatewayId } from './gateway-ids';
import { badRequest, NO_SUCH_ID } from './razorpay-error';

/** The demo gateway's test cards: one approved, one declined; every other card is declined too. */
export const DEMO_GATEWAY_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
} as const;

export const CARD_DECLINED = 'Card declined';
export const TEST_CARDS_ONLY = 'Card declined: the demo gateway accepts its test cards only';

/** The payee of a UPI link when the shop's payment names none (notes.upi_vpa, notes.upi_payee). */
export const DEMO_PAYEE = { vpa: 'shop@demogateway', name: 'Demo shop' } as const;

/** Where the payer approves, declines or lets a payment expire, on the shop's own origin. */
export const payerPagePath = (paymentId: string) =>
  `/demo-gateway/pay/${encodeURIComponent(paymentId)}`;

/** How a payment failed: Razorpay's error fields. */
const FAILURES = {
  declinedByPayer: {
    error_code: 'BAD_REQUEST_ERROR',
    error_description: 'Payment was declined by the payer',
    error_reason: 'payment_cancelled',
  },
  expired: {
    error_code: 'BAD_REQUEST_ERROR',
    error_description: 'Payment was not completed on time',
    error_reason: 'payment_timed_out',
  },
  cardDeclined: {
    error_code: 'BAD_REQUEST_ERROR',
    error_description: CARD_DECLINED,
    error_reason: 'card_declined',
  },
  testCardsOnly: {
    error_code: 'BAD_REQUEST_ERROR',
    error_description: TEST_CARDS_ONLY,
    error_reason: 'card_declined',
  },
} as const;
type Failure = (typeof FAILURES)[keyof typeof FAILURES];

export type PayerAction = 'approve' | 'decline' | 'expire';
export const PAYER_ACTIONS: readonly PayerAction[] = ['approve', 'decline', 'expire'];

/** Razorpay's limits on what it is sent. */
const MIN_AMOUNT = 100;
const MAX_RECEIPT = 40;
const MAX_NOTES = 15;
const MAX_NOTE = 256;
const PAGE = { default: 10, max: 100 };

const now = () => Math.floor(Date.now() / 1000);

type Body = Record<string, unknown>;

function objectBody(body: unknown): Body {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object');
  }
  return body as Body;
}

function paise(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw badRequest(`The ${field} must be an integer.`, field);
  }
  if (value < MIN_AMOUNT) throw badRequest(`The ${field} must be atleast INR 1.00`, field);
  return value;
}

function text(value: unknown, field: string, max: number, required = true): string | null {
  if (value === undefined || value === null || value === '') {
    if (required) throw badRequest(`The ${field} field is required.`, field);
    return null;
  }
  if (typeof value !== 'string') throw badRequest(`The ${field} must be a string.`, field);
  if (value.length > max) {
    throw badRequest(`The ${field} may not be greater than ${max} characters.`, field);
  }
  return value;
}

function notes(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('The notes must be an object.', 'notes');
  }
  const entries = Object.entries(value);
  if (entries.length > MAX_NOTES) {
    throw badRequest(`The notes may not have more than ${MAX_NOTES} items.`, 'notes');
  }
  for (const [key, note] of entries) {
    if (typeof note !== 'string' || note.length > MAX_NOTE) {
      throw badRequest(`notes.${key} must be a string of at most ${MAX_NOTE} characters.`, 'notes');
    }
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

function currency(value: unknown): 'INR' {
  if (value !== 'INR') throw badRequest('The currency must be INR.', 'currency');
  return value;
}

function card(value: unknown): { number: string } {
  if (typeof value !== 'object' || value === null) {
    throw badRequest('The card field is required when method is card.', 'card');
  }
  const given = value as Body;
  const number = text(given.number, 'card.number', 23)!;
  if (!isCardNumber(number)) throw badRequest('The card number is invalid.', 'card.number');
  text(given.name, 'card.name', 100);
  const month = Number(text(given.expiry_month, 'card.expiry_month', 2));
  const year = Number(text(given.expiry_year, 'card.expiry_year', 4));
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw badRequest('The card expiry month is invalid.', 'card.expiry_month');
  }
  const fullYear = year < 100 ? 2000 + year : year;
  if (!Number.isInteger(year) || new Date(Date.UTC(fullYear, month, 1)) <= new Date()) {
    throw badRequest('The card has expired.', 'card.expiry_year');
  }
  if (!/^\d{3,4}$/.test(text(given.cvv, 'card.cvv', 4)!)) {
    throw badRequest('The card cvv is invalid.', 'card.cvv');
  }
  return { number: number.replace(/[\s-]/g, '') };
}

/**
 * A stand-in for Razorpay, inside the project: gateway orders, payments by UPI (intent flow)
 * and card, refunds, each kept in the database and told to the shop by signed webhooks
 * (DemoWebhooks). Payments are captured as soon as they are approved, as Razorpay does with
 * automatic capture. A gateway order's payments and a payment's refunds change one at a time
 * in this process (KeyedMutex), as its updates are read-and-write-back on the embedded engine.
 */
@Injectable()
export class DemoGateway implements OnModuleDestroy {
  private readonly mutex = new KeyedMutex();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    @InjectModel(DemoGatewayOrder.name) private readonly orders: Model<DemoGatewayOrder>,
    @InjectModel(DemoGatewayPayment.name) private readonly payments: Model<DemoGatewayPayment>,
    @InjectModel(DemoGatewayRefund.name) private readonly refunds: Model<DemoGatewayRefund>,
    private readonly webhooks: DemoWebhooks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleDestroy(): void {
    for (const timer of this.timers) clearTimeout(timer);
  }

  async createOrder(given: unknown) {
    const body = objectBody(given);
    const order = await this.orders.create({
      _id: gatewayId('order'),
      amount: paise(body.amount, 'amount'),
      amount_paid: 0,
      currency: currency(body.currency),
      receipt: text(body.receipt, 'receipt', MAX_RECEIPT)!,
      status: 'created',
      notes: notes(body.notes),
      created_at: now(),
      payment_ids: [],
    });
    return orderEntity(order.toObject());
  }

  async fetchOrder(orderId: string) {
    return orderEntity(await this.order(orderId));
  }

  async orderPayments(orderId: string) {
    const order = await this.order(orderId);
    const payments = await Promise.all(order.payment_ids.map((id) => this.payment(id)));
    return collection(payments.reverse().map(paymentEntity));
  }

  /** POST /v1/payments/create/json: UPI waits for the payer; a test card is decided at once. */
  async createPayment(given: unknown) {
    const body = objectBody(given);
    const orderId = text(body.order_id, 'order_id', 40)!;
    const method = body.method;
    if (method !== 'upi' && method !== 'card') {
      throw badRequest('The method must be upi or card.', 'method');
    }
    const amount = paise(body.amount, 'amount');
    currency(body.currency);
    const email = text(body.email, 'email', 254)!;
    const contact = text(body.contact, 'contact', 20)!;
    const paymentNotes = notes(body.notes);
    text(body.callback_url, 'callback_url', 2000, false);
    let cardNumber: string | null = null;
    if (method === 'upi') {
      const flow = (body.upi as Body | undefined)?.flow;
      if (flow !== 'intent') {
        throw badRequest(
          'Only the UPI intent flow is supported: upi.flow must be intent.',
          'upi.flow',
        );
      }
    } else {
      cardNumber = card(body.card).number;
    }
    const created = await this.mutex.run(orderId, async () => {
      const order = await this.orders.findById(orderId).lean();
      if (!order) throw badRequest(NO_SUCH_ID, 'order_id');
      if (order.status === 'paid') throw badRequest('Order has already been paid.', 'order_id');
      if (amount !== order.amount - order.amount_paid) {
        throw badRequest('The amount must be the order’s amount due.', 'amount');
      }
      const payment = await this.payments.create({
        _id: gatewayId('pay'),
        order_id: orderId,
        amount,
        currency: 'INR',
        status: 'created',
        method,
        amount_refunded: 0,
        captured: false,
        email,
        contact,
        card_last4: cardNumber ? cardNumber.slice(-4) : null,
        notes: paymentNotes,
        created_at: now(),
        refund_ids: [],
      });
      await this.orders.updateOne(
        { _id: orderId },
        { $push: { payment_ids: payment._id }, $set: { status: 'attempted' } },
      );
      return { payment: payment.toObject(), order };
    });
    const { payment, order } = created;
    if (cardNumber !== null) {
      await this.settle(payment._id, cardOutcome(cardNumber));
      return { razorpay_payment_id: payment._id, next: [] };
    }
    return {
      razorpay_payment_id: payment._id,
      next: [
        { action: 'intent', url: upiLink(payment, order) },
        // Not Razorpay's: the demo payer page, standing in for the payer's UPI app.
        { action: 'redirect', url: payerPagePath(payment._id) },
      ],
    };
  }

  async fetchPayment(paymentId: string) {
    const delayMs = this.config.demoGateway!.confirmDelayMs;
    if (delayMs > 0) await sleep(delayMs);
    return paymentEntity(await this.payment(paymentId));
  }

  /** What the payer page shows of a payment: its state, amount and payee. */
  async payerView(paymentId: string) {
    const payment = await this.payments.findById(paymentId).lean();
    if (!payment) return null;
    const order = await this.order(payment.order_id);
    return {
      payment: paymentEntity(payment),
      payee: payeeOf(payment),
      note: noteOf(payment, order),
      receipt: order.receipt,
    };
  }

  /** The payer's answer, from the payer page or the control API. */
  async act(paymentId: string, action: PayerAction) {
    const outcome =
      action === 'approve'
        ? 'captured'
        : action === 'decline'
          ? FAILURES.declinedByPayer
          : FAILURES.expired;
    return paymentEntity(await this.settle(paymentId, outcome));
  }

  /** Captures or fails a payment still `created`; one that is not is refused. */
  private async settle(paymentId: string, outcome: 'captured' | Failure) {
    const payment = await this.payment(paymentId);
    const settled = await this.mutex.run(payment.order_id, async () => {
      const current = await this.payment(paymentId);
      if (current.status !== 'created') {
        throw badRequest(`The payment is already ${current.status}.`, 'payment_id');
      }
      if (outcome !== 'captured') {
        await this.payments.updateOne(
          { _id: paymentId },
          { $set: { status: 'failed', ...outcome } },
        );
        return { payment: await this.payment(paymentId), order: null };
      }
      await this.payments.updateOne(
        { _id: paymentId },
        {
          $set: {
            status: 'captured',
            captured: true,
            vpa: current.method === 'upi' ? 'payer@demogateway' : null,
          },
        },
      );
      const order = await this.order(current.order_id);
      let paidOrder: DemoGatewayOrder | null = null;
      // A second payment approved after the order was paid is captured all the same (the
      // shop refunds it), and the order is not paid twice.
      if (order.status !== 'paid') {
        await this.orders.updateOne(
          { _id: order._id },
          { $set: { status: 'paid', amount_paid: order.amount_paid + current.amount } },
        );
        paidOrder = await this.order(order._id);
      }
      return { payment: await this.payment(paymentId), order: paidOrder };
    });
    const payment_ = { entity: paymentEntity(settled.payment) };
    if (settled.payment.status === 'failed') {
      this.webhooks.event('payment.failed', { payment: payment_ });
    } else {
      this.webhooks.event('payment.captured', { payment: payment_ });
      if (settled.order) {
        this.webhooks.event('order.paid', {
          payment: payment_,
          order: { entity: orderEntity(settled.order) },
        });
      }
    }
    return settled.payment;
  }

  /** POST /v1/payments/:id/refund: never more than is captured and not yet refunded. */
  async refund(paymentId: string, given: unknown) {
    const body = objectBody(given ?? {});
    const receipt = text(body.receipt, 'receipt', MAX_RECEIPT, false);
    const refundNotes = notes(body.notes);
    const created = await this.mutex.run(`refund:${paymentId}`, async () => {
      const payment = await this.payment(paymentId);
      if (!payment.captured) {
        throw badRequest(
          'The payment has not been captured, so it cannot be refunded.',
          'payment_id',
        );
      }
      const left = payment.amount - payment.amount_refunded;
      const amount = body.amount === undefined ? left : paise(body.amount, 'amount');
      if (left === 0)
        throw badRequest('The payment has been fully refunded already.', 'payment_id');
      if (amount > left) {
        throw badRequest(
          'The refund amount provided is greater than amount captured and not yet refunded.',
          'amount',
        );
      }
      const refund = await this.refunds.create({
        _id: gatewayId('rfnd'),
        payment_id: paymentId,
        amount,
        currency: payment.currency,
        receipt,
        notes: refundNotes,
        status: 'pending',
        created_at: now(),
        process_at: Date.now() + this.config.demoGateway!.refundDelayMs,
      });
      const refunded = payment.amount_refunded + amount;
      await this.payments.updateOne(
        { _id: paymentId },
        {
          $push: { refund_ids: refund._id },
          $set: {
            amount_refunded: refunded,
            status: refunded === payment.amount ? 'refunded' : payment.status,
          },
        },
      );
      return { refund: refund.toObject(), payment: await this.payment(paymentId) };
    });
    this.webhooks.event('refund.created', {
      refund: { entity: refundEntity(created.refund) },
      payment: { entity: paymentEntity(created.payment) },
    });
    this.processLater(created.refund._id, this.config.demoGateway!.refundDelayMs);
    return refundEntity(created.refund);
  }

  /** GET /v1/payments/:id/refunds, newest first, `count` (10, at most 100) after `skip`. */
  async paymentRefunds(paymentId: string, count?: string, skip?: string) {
    const payment = await this.payment(paymentId);
    const take = pageNumber(count, 'count', PAGE.default, 1, PAGE.max);
    const from = pageNumber(skip, 'skip', 0, 0, Number.MAX_SAFE_INTEGER);
    const ids = [...payment.refund_ids].reverse().slice(from, from + take);
    const refunds = await Promise.all(ids.map((id) => this.refundDue(id)));
    return collection(refunds.map(refundEntity));
  }

  /** Processes a pending refund now (the control API); one processed already is answered as it is. */
  async processRefund(refundId: string) {
    return refundEntity(await this.refundDue(refundId, true));
  }

  private processLater(refundId: string, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      // A failure here leaves the refund pending, to be processed when it is next read.
      this.refundDue(refundId).catch(() => undefined);
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** The refund, processed first if it is due (or `now`): a restart loses no refund. */
  private async refundDue(refundId: string, now = false): Promise<DemoGatewayRefund> {
    const refund = await this.refunds.findById(refundId).lean();
    if (!refund) throw badRequest(NO_SUCH_ID, 'refund_id');
    if (refund.status !== 'pending' || (!now && refund.process_at > Date.now())) return refund;
    return this.mutex.run(`refund:${refund.payment_id}`, async () => {
      const current = (await this.refunds.findById(refundId).lean())!;
      if (current.status !== 'pending') return current;
      await this.refunds.updateOne({ _id: refundId }, { $set: { status: 'processed' } });
      const processed = { ...current, status: 'processed' as const };
      this.webhooks.event('refund.processed', {
        refund: { entity: refundEntity(processed) },
        payment: { entity: paymentEntity(await this.payment(current.payment_id)) },
      });
      return processed;
    });
  }

  private async order(orderId: string): Promise<DemoGatewayOrder> {
    const order = await this.orders.findById(orderId).lean();
    if (!order) throw badRequest(NO_SUCH_ID, 'order_id');
    return order;
  }

  private async payment(paymentId: string): Promise<DemoGatewayPayment> {
    const payment = await this.payments.findById(paymentId).lean();
    if (!payment) throw badRequest(NO_SUCH_ID, 'payment_id');
    return payment;
  }
}

function pageNumber(
  raw: string | undefined,
  field: string,
  fallback: number,
  min: number,
  max: number,
) {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw badRequest(`The ${field} must be an integer from ${min} to ${max}.`, field);
  }
  return value;
}

function cardOutcome(number: string): 'captured' | Failure {
  if (number === DEMO_GATEWAY_CARDS.approved) return 'captured';
  if (number === DEMO_GATEWAY_CARDS.declined) return FAILURES.cardDeclined;
  return FAILURES.testCardsOnly;
}

function payeeOf(payment: DemoGatewayPayment) {
  return {
    vpa: payment.notes?.upi_vpa || DEMO_PAYEE.vpa,
    name: payment.notes?.upi_payee || DEMO_PAYEE.name,
  };
}

function noteOf(payment: DemoGatewayPayment, order: DemoGatewayOrder): string {
  return payment.notes?.upi_note || `Order ${order.receipt}`;
}

/**
 * The link a UPI app opens (NPCI's UPI linking specification): payee, amount in rupees with
 * both decimals, INR, the payment's id as the transaction reference, and a note.
 */
function upiLink(payment: DemoGatewayPayment, order: DemoGatewayOrder): string {
  const payee = payeeOf(payment);
  const parameters: [string, string][] = [
    ['pa', payee.vpa],
    ['pn', payee.name],
    ['am', rupeesText(payment.amount)],
    ['cu', 'INR'],
    ['tr', payment._id],
    ['tn', noteOf(payment, order)],
  ];
  // %20, not URLSearchParams's +, for spaces: UPI apps read the link as a URI.
  return `upi://pay?${parameters.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`;
}

function collection<T>(items: T[]) {
  return { entity: 'collection' as const, count: items.length, items };
}

function orderEntity(order: DemoGatewayOrder) {
  return {
    id: order._id,
    entity: 'order' as const,
    amount: order.amount,
    amount_paid: order.amount_paid,
    amount_due: order.amount - order.amount_paid,
    currency: order.currency,
    receipt: order.receipt,
    status: order.status,
    attempts: order.payment_ids.length,
    notes: order.notes ?? {},
    created_at: order.created_at,
  };
}

function paymentEntity(payment: DemoGatewayPayment) {
  return {
    id: payment._id,
    entity: 'payment' as const,
    amount: payment.amount,
    currency: payment.currency,
    status: payment.status,
    order_id: payment.order_id,
    method: payment.method,
    amount_refunded: payment.amount_refunded,
    refund_status:
      payment.amount_refunded === 0
        ? null
        : payment.amount_refunded === payment.amount
          ? 'full'
          : 'partial',
    captured: payment.captured,
    description: null,
    card: payment.card_last4 ? { last4: payment.card_last4 } : null,
    vpa: payment.vpa,
    email: payment.email,
    contact: payment.contact,
    notes: payment.notes ?? {},
    error_code: payment.error_code,
    error_description: payment.error_description,
    error_reason: payment.error_reason,
    created_at: payment.created_at,
  };
}

function refundEntity(refund: DemoGatewayRefund) {
  return {
    id: refund._id,
    entity: 'refund' as const,
    amount: refund.amount,
    currency: refund.currency,
    payment_id: refund.payment_id,
    notes: refund.notes ?? {},
    receipt: refund.receipt,
    status: refund.status,
    speed_processed: 'normal',
    created_at: refund.created_at,
  };
}
