import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import { keyedObjectId } from '../common/natural-key';
import { Product } from '../catalogue';
import { PostalAddressFields, PostalAddressFieldsSchema, User } from '../users';

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
}
const OrderLineSchema = SchemaFactory.createForClass(OrderLine);

@Schema({ _id: false })
export class OrderPayment {
  @Prop({ required: true })
  success: boolean;

  @Prop({ required: true })
  provider: string;

  /** The provider's reference for an approved charge. */
  @Prop({ type: String, default: null })
  reference: string | null;

  /** Why a payment was declined, in words for the shopper. */
  @Prop({ type: String, default: null })
  message: string | null;

  /** Set once the provider has refunded a cancelled order. */
  @Prop({ required: true, default: false })
  refunded: boolean;
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

@Schema({ timestamps: true, versionKey: false, collection: 'orders' })
export class Order {
  @Prop({ type: [OrderLineSchema], required: true })
  lines: OrderLine[];

  @Prop({ type: SchemaTypes.ObjectId, ref: User.name, required: true })
  buyer: Types.ObjectId;

  @Prop({ type: OrderPaymentSchema, required: true })
  payment: OrderPayment;

  /** Paise: the lines at the prices paid, and shipping. */
  @Prop({ required: true, min: 0, validate: Number.isInteger })
  total: number;

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

  createdAt: Date;
  updatedAt: Date;
}

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
