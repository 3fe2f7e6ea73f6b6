import { LineTaxType, OrderTaxType } from '../tax';
import { RupeesFromPaise } from '../common/fields';
import { PageOf } from '../common/page-type';
import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { ProductType } from '../catalogue';
import { DeliveryAddressType, UserType } from '../users';
import {
  ORDER_STATUS,
  OrderPaymentMethod,
  OrderStatus,
  PAYMENT_STATE,
  PaymentState,
  RETURN_STATE,
  ReturnState,
} from './order.schema';
import { FieldCost } from '../common/graphql/field-cost';
import { MAX_ORDER_LINES, MAX_REFUNDS, RETURN_RULES } from '../shared/rules';
import { MAX_STATUS_CHANGES } from './order-lifecycle';

registerEnumType(ORDER_STATUS, { name: 'OrderStatus' });
registerEnumType(RETURN_STATE, {
  name: 'ReturnState',
  description: 'REQUESTED by the buyer, then APPROVED or REFUSED by the shop; RECEIVED: refunded',
});
registerEnumType(PAYMENT_STATE, {
  name: 'PaymentState',
  description:
    'PENDING and FAILED orders hold their stock until expiresAt and may be paid (again); ' +
    'EXPIRED ones gave it back; PAID and DUE_ON_DELIVERY orders are the shop to fulfil',
});

@ObjectType('OrderRefund', { description: 'Money asked back of the gateway for an order' })
export class OrderRefundType {
  @RupeesFromPaise('Rupees') amount: number;
  @Field({ description: 'pending, processed or failed, as the gateway last said' })
  state: string;
  @Field(() => String, {
    nullable: true,
    description: "A cash order's refund, sent by the shop: the bank or UPI transfer's reference",
  })
  reference: string | null;
  @Field() at: Date;
}

@ObjectType('OrderPayment')
export class OrderPaymentType {
  @Field({ description: 'The money is the shop: paid, or cash collected' }) success: boolean;
  /** Resolved by OrderPaymentFieldsResolver: GraphQL's name of it. */
  method: OrderPaymentMethod;
  @Field(() => PAYMENT_STATE) state: PaymentState;
  @Field(() => String, { nullable: true, description: 'Why the payment failed' }) message:
    string | null;
  @Field({ description: 'The money went back after a cancellation' })
  refunded: boolean;
  @Field(() => Date, {
    nullable: true,
    description: 'Until when an unpaid order holds its stock and may be paid',
  })
  expiresAt: Date | null;
  @Field(() => Int, { description: 'Attempts to pay made so far' }) attempts: number;
  @RupeesFromPaise('Rupees: the cash-on-delivery fee, included in the total') fee: number;
  @Field(() => [OrderRefundType])
  @FieldCost({ maxItems: MAX_REFUNDS })
  refunds: OrderRefundType[];
  /** Resolved by OrderPaymentFieldsResolver, from the latest attempt. */
  upiLink?: string | null;
  payerPageUrl?: string | null;
}

@ObjectType('OrderStatusChange')
export class OrderStatusChangeType {
  @Field(() => ORDER_STATUS) from: OrderStatus;
  @Field(() => ORDER_STATUS) to: OrderStatus;
  @Field({ description: 'Name of who made the change, as it was then' }) byName: string;
  @Field() at: Date;
}

@ObjectType('OrderLineChoice', { description: 'One option of the variant bought: Size M' })
export class OrderLineChoiceType {
  @Field() name: string;
  @Field() value: string;
}

@ObjectType('OrderDiscount', { description: 'A coupon or offer applied, and what it saved' })
export class OrderDiscountType {
  @Field({ description: 'coupon or offer' }) kind: string;
  @Field({ description: "The code, or the offer's name, as the shopper read it" }) name: string;
  @RupeesFromPaise('Rupees saved, off the items or off shipping') amount: number;
}

@ObjectType('OrderLine')
export class OrderLineType {
  /** Resolved by OrderLinesResolver; null once the product is deleted. */
  product?: ProductType | null;
  @Field({ description: 'As it was when bought' }) name: string;
  /** Resolved by OrderLinesResolver, with the photo: lines from before variants lack them. */
  sku?: string | null;
  choices?: OrderLineChoiceType[];
  @RupeesFromPaise('Rupees a unit, as paid') price: number;
  @Field(() => Int) quantity: number;
  /** Resolved by OrderLinesResolver: lines stored before have none. */
  cancelled?: number;
  /** Resolved by OrderLinesResolver: rupees off the line; lines stored before have none. */
  discount?: number;
  @Field(() => LineTaxType, {
    nullable: true,
    description: 'The GST within what the line sold for; null while the shop charged none',
  })
  tax?: LineTaxType | null;
}

@ObjectType('OrderLineCancel', {
  description: 'Units of a line the shop cancelled before shipping',
})
export class OrderLineCancelType {
  @Field(() => Int, { description: "The line's place in the order, from 0" }) line: number;
  @Field(() => Int) quantity: number;
  @RupeesFromPaise('Rupees: the units at the price paid, refunded when paid') amount: number;
  @Field({ description: 'Who cancelled them' }) byName: string;
  @Field() at: Date;
}

@ObjectType('ReturnLine')
export class ReturnLineType {
  @Field(() => Int, { description: "The line's place in the order, from 0" }) line: number;
  @Field(() => Int) quantity: number;
}

@ObjectType('OrderReturn', { description: 'Units of a delivered order its buyer sends back' })
export class OrderReturnType {
  @Field(() => Int, { description: "1 for the order's first return, then 2 ..." }) number: number;
  @Field(() => [ReturnLineType])
  @FieldCost({ maxItems: MAX_ORDER_LINES })
  lines: ReturnLineType[];
  @Field() reason: string;
  @Field(() => RETURN_STATE) state: ReturnState;
  @RupeesFromPaise('Rupees: refunded once the goods are received') amount: number;
  @Field(() => String, { nullable: true, description: "The shop's word on it" }) note:
    string | null;
  @Field() requestedAt: Date;
  @Field(() => Date, { nullable: true }) decidedAt: Date | null;
  @Field(() => Date, { nullable: true }) receivedAt: Date | null;
}

@ObjectType('ReturnableLine', { description: 'Units of a line its buyer may return now' })
export class ReturnableLineType {
  @Field(() => Int) line: number;
  @Field(() => Int) units: number;
}

@ObjectType('ReturnOffer', { description: 'What the buyer of a delivered order may return now' })
export class ReturnOfferType {
  @Field({ description: 'The last moment to ask' }) until: Date;
  @Field(() => [ReturnableLineType])
  @FieldCost({ maxItems: MAX_ORDER_LINES })
  lines: ReturnableLineType[];
}

@ObjectType('ReturnPolicy', { description: 'What the shop takes back, and for how long' })
export class ReturnPolicyType {
  @Field(() => Int, { description: 'Days after delivery a return may be asked; 0: none' })
  windowDays: number;
  @Field(() => [ID])
  @FieldCost({ maxItems: RETURN_RULES.listed.max })
  nonReturnableCategories: string[];
  @Field(() => [ID])
  @FieldCost({ maxItems: RETURN_RULES.listed.max })
  nonReturnableProducts: string[];
}

@ObjectType('Shipment', { description: 'How a shipped order travels' })
export class ShipmentType {
  @Field({ description: 'The courier, as the shop named it when shipping' }) courier: string;
  @Field({ description: "The courier's tracking number (AWB)" }) trackingNumber: string;
  @Field() shippedAt: Date;
  @Field(() => String, {
    nullable: true,
    description: "The courier's tracking page for it; null once the courier is no longer listed",
  })
  trackingUrl: string | null;
}

@ObjectType('DeliveryWindow', {
  description: "When a parcel is expected: the shop's days, YYYY-MM-DD",
})
export class DeliveryWindowType {
  @Field() earliest: string;
  @Field() latest: string;
}

@ObjectType('Courier', { description: 'A courier the shop ships with' })
export class CourierType {
  @Field() name: string;
  @Field({ description: 'Its tracking page, with {awb} where the tracking number goes' })
  trackingUrl: string;
}

@ObjectType('Order')
export class OrderType {
  @Field(() => ID, { name: 'id' }) _id: string;
  /** Resolved by OrderFieldsResolver: the number people name it by (BZ-000123). */
  number?: string;
  /** Resolved by OrderFieldsResolver, with its tracking link. */
  shipment?: ShipmentType | null;
  /** Resolved by OrderFieldsResolver, from the delivery settings. */
  expectedDelivery?: DeliveryWindowType | null;
  @Field(() => ORDER_STATUS) status: OrderStatus;
  /** Resolved by OrderFieldsResolver. */
  buyer?: UserType | null;
  @Field(() => OrderPaymentType) payment: OrderPaymentType;
  @Field(() => [OrderLineType])
  @FieldCost({ maxItems: MAX_ORDER_LINES })
  lines: OrderLineType[];
  @RupeesFromPaise('Rupees: the lines less discounts, and shipping') total: number;
  /** Resolved by OrderFieldsResolver: orders stored before offers have none. */
  goods?: number;
  discount?: number;
  discounts?: OrderDiscountType[];
  coupon?: string | null;
  @Field(() => OrderTaxType, {
    nullable: true,
    description: 'The GST within the total, as worked out when placed; null while none was charged',
  })
  tax?: OrderTaxType | null;
  @Field(() => String, {
    nullable: true,
    description: "The business buyer's GSTIN given at checkout, for a B2B invoice; null: none",
  })
  buyerGstin?: string | null;
  @RupeesFromPaise('Rupees: shipping, included in total') shippingCharge: number;
  @Field({ description: 'Where to deliver, on one line (the delivery address, when it has one)' })
  address: string;
  @Field(() => DeliveryAddressType, {
    nullable: true,
    description:
      'The saved address chosen at checkout, as it was then; null for an order placed with a ' +
      'text address',
  })
  deliveryAddress: DeliveryAddressType | null;
  @Field() createdAt: Date;
  @Field(() => [OrderStatusChangeType], { description: 'Every status change, oldest first' })
  @FieldCost({ maxItems: MAX_STATUS_CHANGES })
  history: OrderStatusChangeType[];
  /** Resolved by OrderFieldsResolver: orders stored before have none. */
  lineCancels?: OrderLineCancelType[];
  returns?: OrderReturnType[];
  /** Resolved by OrderFieldsResolver: what may be returned now. */
  returnOffer?: ReturnOfferType | null;
  /** Resolved by OrderFieldsResolver: money figures worked out from the order. */
  amountDue?: number;
  amountPaid?: number;
  refundedAmount?: number;
}

@ObjectType('OrderPage')
export class OrderPageType extends PageOf(OrderType) {}
