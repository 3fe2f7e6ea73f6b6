import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import { keyedObjectId } from '../common/natural-key';
import { Product } from '../catalogue';
import type { LineTax, OrderTax } from '../tax';
import { PostalAddressFields, PostalAddressFieldsSchema, User } from '../users';

/** An order's tax as kept on the order: its lines' are on the lines. */
export type StoredOrderTax = Omit<OrderTax, 'lines'>;

/** Stored values by name; GraphQL uses the names, REST and the database the values. */
export const ORDER_STATUS = {
  NOT_PROCESSED: 'Not Processed',
  PROCESSING: 'Processing',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUSES: readonly OrderStatus[] = Object.values(ORDER_STATUS);
export const NOT_A_STATUS = `Status must be one of: ${ORDER_STATUSES.join(', ')}`;

/** One option of the variant bought, as it was named then: Size M. */
@Schema({ _id: false })
export class OrderLineChoice {
  @Prop({ required: true })
  name: string;

  @Prop({ required: true })
  value: string;
}
const OrderLineChoiceSchema = SchemaFactory.createForClass(OrderLineChoice);

/** A line's choices as words, "Size M" and "Colour Blue": on invoices, e-mails and alerts. */
export const choicesNamed = (line: { choices?: readonly OrderLineChoice[] }): string[] =>
  (line.choices ?? []).map((choice) => `${choice.name} ${choice.value}`);

@Schema({ _id: false })
export class OrderLine {
  @Prop({ type: SchemaTypes.ObjectId, ref: Product.name, required: true })
  product: Types.ObjectId;

  /**
   * The variant bought; null on lines stored before products had variants, which stand for
   * the product's first (then only) one.
   */
  @Prop({ type: SchemaTypes.ObjectId, default: null })
  variant: Types.ObjectId | null;

  /** The product's name, the variant's SKU, options and photo, and the price, as they were
   * when bought: the product may change later. */
  @Prop({ required: true })
  name: string;

  @Prop({ type: String, default: null })
  sku: string | null;

  @Prop({ type: [OrderLineChoiceSchema], default: [] })
  choices: OrderLineChoice[];

  @Prop({ type: String, default: null })
  photoHash: string | null;

  /** Paise a unit. */
  @Prop({ required: true, min: 0, validate: Number.isInteger })
  price: number;

  @Prop({ required: true, min: 1 })
  quantity: number;

  /**
   * Units the shop cancelled before sending them (out of stock after all, damaged): not sent,
   * never charged in cash, refunded when paid. Absent on lines stored before: none.
   */
  @Prop({ default: 0, min: 0 })
  cancelled?: number;

  /**
   * Paise off the line's price times quantity, from every coupon and offer (the price engine's
   * share of each); absent on lines stored before offers: none.
   */
  @Prop({ default: 0, min: 0, validate: Number.isInteger })
  discount?: number;

  /**
   * The GST within what the line sold for (its price times quantity less its discount), as
   * worked out when the order was placed (OrderTaxes); absent while the shop charged no tax.
   */
  @Prop({ type: SchemaTypes.Mixed, default: undefined })
  tax?: LineTax;
}
const OrderLineSchema = SchemaFactory.createForClass(OrderLine);

/**
 * How the buyer pays, stored as the values; GraphQL's PaymentMethod enum names them
 * (payment-rules.ts), REST takes either.
 */
export const PAYMENT_METHOD = { UPI: 'upi', CARD: 'card', CASH_ON_DELIVERY: 'cod' } as const;
export type OrderPaymentMethod = (typeof PAYMENT_METHOD)[keyof typeof PAYMENT_METHOD];
export const PAYMENT_METHODS: readonly OrderPaymentMethod[] = Object.values(PAYMENT_METHOD);
/** What a checkout may name a way to pay by: the stored value (REST), or GraphQL's name. */
export const PAYMENT_METHOD_INPUTS: readonly string[] = [
  ...PAYMENT_METHODS,
  ...Object.keys(PAYMENT_METHOD),
];
export const NOT_A_PAYMENT_METHOD = `method must be one of: ${PAYMENT_METHODS.join(', ')}`;

/** The stored way to pay for what a checkout names (upi or UPI, cod or CASH_ON_DELIVERY). */
export const paymentMethodOf = (named: string): OrderPaymentMethod =>
  (PAYMENT_METHOD as Record<string, OrderPaymentMethod>)[named] ?? (named as OrderPaymentMethod);

/** GraphQL's name of a stored way to pay: upi is UPI. */
export const paymentMethodName = (method: OrderPaymentMethod): keyof typeof PAYMENT_METHOD =>
  (Object.keys(PAYMENT_METHOD) as (keyof typeof PAYMENT_METHOD)[]).find(
    (name) => PAYMENT_METHOD[name] === method,
  )!;

/**
 * Where an order's money stands. Pending and failed orders hold their stock until the payment
 * expires (a failed one may be paid again until then); expired ones have given it back. Only
 * paid orders and cash-on-delivery ones are the shop's to fulfil.
 */
export const PAYMENT_STATE = {
  PENDING: 'pending',
  FAILED: 'failed',
  EXPIRED: 'expired',
  PAID: 'paid',
  /** Cash on delivery, not yet collected. */
  DUE_ON_DELIVERY: 'due_on_delivery',
  /** Cash on delivery, collected by the courier. */
  COLLECTED: 'collected',
} as const;
export type PaymentState = (typeof PAYMENT_STATE)[keyof typeof PAYMENT_STATE];
export const PAYMENT_STATES: readonly PaymentState[] = Object.values(PAYMENT_STATE);

/** What the payer does to finish a gateway payment: open the UPI link, or the bank's page. */
@Schema({ _id: false })
export class PayerAction {
  @Prop({ type: String, required: true, enum: ['intent', 'redirect'] })
  action: 'intent' | 'redirect';
  @Prop({ required: true })
  url: string;
}
const PayerActionSchema = SchemaFactory.createForClass(PayerAction);

/** One refund asked of the gateway, settled by its webhook or by asking it. */
@Schema({ _id: false })
export class OrderRefund {
  /** Ours, and the gateway refund's receipt: asked again, the same refund answers. */
  @Prop({ required: true })
  receipt: string;
  /** The gateway's refund id, once it has answered. */
  @Prop({ type: String, default: null })
  id: string | null;
  /** A cash order's refund, sent by the shop itself: the bank or UPI transfer's reference. */
  @Prop({ type: String, default: null })
  reference: string | null;
  /** Paise. */
  @Prop({ required: true, min: 1, validate: Number.isInteger })
  amount: number;
  @Prop({ type: String, required: true, enum: ['pending', 'processed', 'failed'] })
  state: 'pending' | 'processed' | 'failed';
  @Prop({ required: true })
  at: Date;
}
const OrderRefundSchema = SchemaFactory.createForClass(OrderRefund);

@Schema({ _id: false })
export class OrderPayment {
  /** Whether the money is the shop's: paid through the gateway, or cash collected. */
  @Prop({ required: true })
  success: boolean;
  /** The gateway's name (demo, razorpay), or cod; demo-card on orders paid before the gateway. */
  @Prop({ required: true })
  provider: string;
  @Prop({ type: String, enum: PAYMENT_METHODS, default: PAYMENT_METHOD.CARD })
  method: OrderPaymentMethod;
  /** Set on every order by migration `order-payment-states`; read through paymentStateOf. */
  @Prop({ type: String, enum: PAYMENT_STATES })
  state: PaymentState;
  /** The gateway's payment id of the captured payment. */
  @Prop({ type: String, default: null })
  reference: string | null;
  /** Why a payment was declined, in words for the shopper. */
  @Prop({ type: String, default: null })
  message: string | null;
  /** Set once a cancelled order's money has been refunded in full. */
  @Prop({ required: true, default: false })
  refunded: boolean;
  /** The gateway's order this order is paid against (receipt: the order's number). */
  @Prop({ type: String, default: null })
  gatewayOrderId: string | null;
  /** The gateway's id of the latest attempt to pay. */
  @Prop({ type: String, default: null })
  attemptId: string | null;
  @Prop({ required: true, default: 0 })
  attempts: number;
  /** What the payer does to finish the latest attempt; null once it is decided. */
  @Prop({ type: PayerActionSchema, default: null })
  payerAction: PayerAction | null;
  /** Until when an unpaid order holds its stock and may be paid; null once paid. */
  @Prop({ type: Date, default: null })
  expiresAt: Date | null;
  /** Paise: the cash-on-delivery fee, included in the order's total. */
  @Prop({ required: true, default: 0, min: 0, validate: Number.isInteger })
  fee: number;
  @Prop({ type: [OrderRefundSchema], default: [] })
  refunds: OrderRefund[];
}
const OrderPaymentSchema = SchemaFactory.createForClass(OrderPayment);

@Schema({ _id: false })
export class OrderStatusChange {
  @Prop({ type: String, required: true, enum: ORDER_STATUSES })
  from: OrderStatus;

  @Prop({ type: String, required: true, enum: ORDER_STATUSES })
  to: OrderStatus;

  @Prop({ type: SchemaTypes.ObjectId, ref: User.name, required: true })
  by: Types.ObjectId;

  /** The name of who made the change, as it was then. */
  @Prop({ required: true })
  byName: string;

  @Prop({ required: true })
  at: Date;
}
const OrderStatusChangeSchema = SchemaFactory.createForClass(OrderStatusChange);

/** Units of one line the shop cancelled before sending them, and what became of them. */
@Schema({ _id: false })
export class OrderLineCancel {
  /** The line's place in the order, from 0. */
  @Prop({ required: true, min: 0 })
  line: number;
  @Prop({ required: true, min: 1 })
  quantity: number;
  /** Paise: the units at the price paid. */
  @Prop({ required: true, min: 0, validate: Number.isInteger })
  amount: number;
  /** Names the units put back on sale and the refund, each made once. */
  @Prop({ required: true })
  receipt: string;
  @Prop({ required: true })
  byName: string;
  @Prop({ required: true })
  at: Date;
  /** The units are back on sale. */
  @Prop({ required: true, default: false })
  restocked: boolean;
}
const OrderLineCancelSchema = SchemaFactory.createForClass(OrderLineCancel);

/** Where a return stands: asked by the buyer, then approved or refused, then the goods received. */
export const RETURN_STATE = {
  REQUESTED: 'requested',
  APPROVED: 'approved',
  REFUSED: 'refused',
  RECEIVED: 'received',
} as const;
export type ReturnState = (typeof RETURN_STATE)[keyof typeof RETURN_STATE];
export const RETURN_STATES: readonly ReturnState[] = Object.values(RETURN_STATE);

@Schema({ _id: false })
export class ReturnLine {
  /** The line's place in the order, from 0. */
  @Prop({ required: true, min: 0 })
  line: number;
  @Prop({ required: true, min: 1 })
  quantity: number;
}
const ReturnLineSchema = SchemaFactory.createForClass(ReturnLine);

/** Units of a delivered order the buyer sends back, and the money that goes back for them. */
@Schema({ _id: false })
export class OrderReturn {
  /** 1 for the order's first return, then 2 ... */
  @Prop({ required: true, min: 1 })
  number: number;
  @Prop({ type: [ReturnLineSchema], required: true })
  lines: ReturnLine[];
  @Prop({ required: true })
  reason: string;
  @Prop({ type: String, required: true, enum: RETURN_STATES })
  state: ReturnState;
  /** Paise: the units at the prices paid, what is refunded once they are received. */
  @Prop({ required: true, min: 0, validate: Number.isInteger })
  amount: number;
  /** The shop's word to the buyer when approving or refusing. */
  @Prop({ type: String, default: null })
  note: string | null;
  @Prop({ required: true })
  requestedAt: Date;
  @Prop({ type: Date, default: null })
  decidedAt: Date | null;
  @Prop({ type: String, default: null })
  decidedBy: string | null;
  @Prop({ type: Date, default: null })
  receivedAt: Date | null;
  /** A cash order's refund, sent by the shop itself: the bank or UPI transfer's reference. */
  @Prop({ type: String, default: null })
  refundReference: string | null;
  /** Names the units put back on sale and the refund, each made once. */
  @Prop({ required: true })
  receipt: string;
  /** The units are back on sale (once received). */
  @Prop({ required: true, default: false })
  restocked: boolean;
}
const OrderReturnSchema = SchemaFactory.createForClass(OrderReturn);

/** How a shipped order travels: its courier, as named in the shop's settings then, and AWB. */
@Schema({ _id: false })
export class OrderShipment {
  @Prop({ required: true })
  courier: string;

  /** The courier's tracking number (air waybill). */
  @Prop({ required: true })
  trackingNumber: string;

  /** When the order was marked Shipped; a correction keeps it. */
  @Prop({ required: true })
  shippedAt: Date;
}
const OrderShipmentSchema = SchemaFactory.createForClass(OrderShipment);

/** A coupon or offer applied to the order, as the price engine applied it at checkout. */
@Schema({ _id: false })
export class OrderDiscount {
  @Prop({ type: String, required: true, enum: ['coupon', 'offer'] })
  kind: 'coupon' | 'offer';
  /** The coupon's code, or the offer's id. */
  @Prop({ required: true })
  key: string;
  /** The code, or the offer's name, as the shopper read it. */
  @Prop({ required: true })
  name: string;
  /** Paise saved, off the items or off shipping. */
  @Prop({ required: true, min: 0, validate: Number.isInteger })
  amount: number;
}
const OrderDiscountSchema = SchemaFactory.createForClass(OrderDiscount);

@Schema({ timestamps: true, versionKey: false, collection: 'orders' })
export class Order {
  @Prop({ type: [OrderLineSchema], required: true })
  lines: OrderLine[];

  @Prop({ type: SchemaTypes.ObjectId, ref: User.name, required: true })
  buyer: Types.ObjectId;

  @Prop({ type: OrderPaymentSchema, required: true })
  payment: OrderPayment;

  /** Paise: the lines at their prices less `discount`, and shipping. */
  @Prop({ required: true, min: 0, validate: Number.isInteger })
  total: number;

  /** Paise off the lines, the sum of theirs; 0 on orders before offers. */
  @Prop({ default: 0, min: 0, validate: Number.isInteger })
  discount?: number;

  /** The coupons and offers applied, as the price engine applied them; absent before offers. */
  @Prop({ type: [OrderDiscountSchema], default: undefined })
  discounts?: OrderDiscount[];

  /** The coupon code the order used; null without one. */
  @Prop({ type: String, default: null })
  coupon?: string | null;

  /**
   * The GST within the order's total when it was placed, its place of supply and its shipping's
   * (each line keeps its own, `lines[].tax`); absent while the shop charged no tax. Never
   * worked out again: a rate changed later leaves it as it was.
   */
  @Prop({ type: SchemaTypes.Mixed, default: undefined })
  tax?: StoredOrderTax;

  /** A business buyer's GSTIN given at checkout: its invoice is then a B2B one in that name. */
  @Prop({ type: String, default: undefined })
  buyerGstin?: string;

  /**
   * The `_id`s of the coupon's uses the order took (CouponUses), given back when it expires or
   * is cancelled; null while its checkout has not taken them yet (recovery then finds them by
   * the order).
   */
  @Prop({ type: [String], default: null })
  couponUses?: string[] | null;

  /**
   * Paise: what shipping cost, as the delivery settings said at checkout (included in
   * `total`); 0 on orders placed before shipping was charged (migration `order-shipping-charges`).
   */
  @Prop({ required: true, min: 0, validate: Number.isInteger, default: 0 })
  shippingCharge: number;

  /**
   * Marks orders whose amounts are in paise; orders stored in rupees before lack it until
   * the migration at start converts them, once.
   */
  @Prop({ type: String, enum: ['paise'], default: 'paise' })
  amountsIn: 'paise';

  @Prop({ required: true, trim: true })
  address: string;

  /**
   * The address book's address the buyer chose, copied whole when the order was placed, so
   * later changes to the book leave the order as it was; null for orders placed with a text
   * address (REST's contract, and every order before the address book).
   */
  @Prop({ type: PostalAddressFieldsSchema, default: null })
  deliveryAddress: PostalAddressFields | null;

  @Prop({ type: String, required: true, enum: ORDER_STATUSES, default: 'Not Processed' })
  status: OrderStatus;

  /**
   * Buyer id plus the key the client chose for this checkout (checkoutKeyOf): a retried
   * checkout (double click, network retry) finds the first order instead of making
   * another. Orders are keyed by it (orderIdOf); the unique index still guards orders
   * stored before that, whose ids are random.
   */
  @Prop({ required: true, unique: true })
  checkoutKey: string;

  /** False while stock and payment are being settled; such orders are not listed. */
  @Prop({ required: true, default: false })
  settled: boolean;

  /**
   * True from the moment the order is written, and again after each status change,
   * until the stock (and a refund) have followed: then recovery knows what a crash
   * left half done.
   */
  @Prop({ required: true, default: true })
  followUpPending: boolean;

  /** Every status change, oldest first. */
  @Prop({ type: [OrderStatusChangeSchema], default: [] })
  history: OrderStatusChange[];

  /**
   * The number people name the order by (shown as BZ-000123, orderNumberText), drawn once
   * the order is settled (OrderNumbers); absent before, and on an order refused for stock.
   */
  @Prop({ type: Number })
  number?: number;

  /** Set when it is shipped with a courier and AWB; null before, or shipped without them (REST). */
  @Prop({ type: OrderShipmentSchema, default: null })
  shipment: OrderShipment | null;

  /** Units the shop cancelled from lines before sending them, oldest first; absent before any. */
  @Prop({ type: [OrderLineCancelSchema], default: undefined })
  lineCancels?: OrderLineCancel[];

  /**
   * The e-mail the order has owed so far (ORDER_MAIL_EVENTS: `order-placed`,
   * `refund-processed:<receipt>`), each written to the outbox once (OrderNotices). Absent on
   * orders placed before the shop sent e-mail, which owe none.
   */
  @Prop({ type: [String], default: undefined })
  notices?: string[];

  /** The outbox's keys of the e-mails about it (the admin's list of what was sent), as owed. */
  @Prop({ type: [String], default: undefined })
  mailKeys?: string[];

  /** Returns the buyer asked for, oldest first; absent before any. */
  @Prop({ type: [OrderReturnSchema], default: undefined })
  returns?: OrderReturn[];

  createdAt: Date;
  updatedAt: Date;
}

/**
 * An order's payment state; for one stored before states, what it stood for then: paid, or
 * declined with its stock given back (as migration `order-payment-states` records it).
 */
export const paymentStateOf = (payment: {
  state?: PaymentState | null;
  success: boolean;
}): PaymentState => payment.state ?? (payment.success ? PAYMENT_STATE.PAID : PAYMENT_STATE.EXPIRED);

/** An order as stored, with its id. */
export type OrderRecord = Order & { _id: Types.ObjectId };

/** One checkout of one buyer: the key the client chose is theirs alone. */
export const checkoutKeyOf = (buyer: Types.ObjectId, idempotencyKey: string): string =>
  `${String(buyer)}:${idempotencyKey}`;

/**
 * The id of the order a checkout makes, derived from its key: a retry finds the order by
 * `_id`, and two attempts at once cannot both insert it.
 */
export const orderIdOf = (checkoutKey: string): Types.ObjectId =>
  keyedObjectId('order', checkoutKey);

export const OrderSchema = SchemaFactory.createForClass(Order);
OrderSchema.index({ buyer: 1, createdAt: -1 });
OrderSchema.index({ createdAt: -1 });
OrderSchema.index({ followUpPending: 1, updatedAt: 1 });
// Sparse: orders not yet numbered (pending, or stored before numbers until the migration) have
// none. The numbers' own claims (OrderNumbers) keep them unique; this guards the orders too.
OrderSchema.index({ number: 1 }, { unique: true, sparse: true });
