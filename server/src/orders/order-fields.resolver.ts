import { Context, Float, Int, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { toRupees } from '../common/money';
import type { Loaders } from '../lookups';
import { pictureOf, ProductPhotoType, ProductType } from '../catalogue';
import { FieldCost } from '../common/graphql/field-cost';
import { UserType } from '../users';
import { TaxDocuments, taxDocumentSummary, TaxDocumentSummaryType } from '../invoices';
import { DeliveryService, DeliverySettings, DeliverySettingsService } from '../delivery';
import { LINE_CANCEL_RULES, orderNumberText, RETURN_RULES, VARIANT_RULES } from '../shared/rules';
import { MAX_DISCOUNTS } from '../shared/offer-rules';
import { Courier, Couriers, trackingUrlOf } from './couriers';
import { nextStatuses } from './order-lifecycle';
import { ORDER_STATUS, OrderLine } from './order.schema';
import { OrderAdjustments } from './order-adjustments';
import { amountDueOf, goodsOf, paidOf, refundedOf } from './order-refunds';
import type { ReturnPolicy } from './return-policy';
import {
  DeliveryWindowType,
  OrderDiscountType,
  OrderLineChoiceType,
  OrderLineType,
  OrderLineCancelType,
  OrderReturnType,
  OrderType,
  ReturnOfferType,
  ShipmentType,
} from './order.types';
import type { OrderRecord } from './orders.service';

/** An invoice, a credit note per cancel and return an order may have, and one for the rest. */
const MAX_TAX_DOCUMENTS = 2 + LINE_CANCEL_RULES.max + RETURN_RULES.maxReturns;

/**
 * The fields of an order worked out when asked for: its number as people read it, what may
 * happen to it next, its buyer, its shipment with the tracking link.
 */
@Resolver(() => OrderType)
export class OrderFieldsResolver {
  /** The couriers, read once per request however many orders it shows (keyed by its context). */
  private readonly couriersOf = new WeakMap<object, Promise<Courier[]>>();
  /** The delivery settings, likewise read once per request. */
  private readonly deliverySettingsOf = new WeakMap<object, Promise<DeliverySettings>>();
  /** The return policy, likewise read once per request. */
  private readonly returnPolicyOf = new WeakMap<object, Promise<ReturnPolicy>>();

  constructor(
    private readonly couriers: Couriers,
    private readonly delivery: DeliveryService,
    private readonly deliverySettings: DeliverySettingsService,
    private readonly adjustments: OrderAdjustments,
    private readonly documents: TaxDocuments,
  ) {}

  // Read by `_id`: the order's list, then each document.
  @FieldCost({ maxItems: MAX_TAX_DOCUMENTS })
  @ResolveField(() => [TaxDocumentSummaryType], {
    description: 'Its tax invoice and credit notes, oldest first; empty while none is issued',
  })
  async taxDocuments(@Parent() order: OrderRecord) {
    return (await this.documents.ofOrder(String(order._id))).map(taxDocumentSummary);
  }

  @FieldCost({ free: true })
  @ResolveField(() => Float, {
    description:
      'Rupees a cash-on-delivery buyer pays at the door: the total less items the shop cancelled; ' +
      '0 once paid, and for orders paid online',
  })
  amountDue(@Parent() order: OrderRecord) {
    return toRupees(amountDueOf(order));
  }

  @FieldCost({ free: true })
  @ResolveField(() => Float, {
    description:
      'Rupees the order took: the total once paid online; in cash, once collected, the total ' +
      'less items the shop cancelled; 0 while unpaid',
  })
  amountPaid(@Parent() order: OrderRecord) {
    return toRupees(paidOf(order));
  }

  @FieldCost({ free: true })
  @ResolveField(() => Float, {
    description: 'Rupees gone back to the buyer so far, or on their way (refunds not failed)',
  })
  refundedAmount(@Parent() order: OrderRecord) {
    return toRupees(refundedOf(order));
  }

  @FieldCost({ free: true })
  @ResolveField(() => Float, { description: 'Rupees: the lines at their prices, before discounts' })
  goods(@Parent() order: OrderRecord) {
    return toRupees(goodsOf(order));
  }

  @FieldCost({ free: true })
  @ResolveField(() => Float, { description: 'Rupees off the lines, from coupons and offers' })
  discount(@Parent() order: OrderRecord) {
    return toRupees(order.discount ?? 0);
  }

  @FieldCost({ maxItems: MAX_DISCOUNTS })
  @ResolveField(() => [OrderDiscountType], {
    description: 'The coupons and offers applied at checkout, and what each saved',
  })
  discounts(@Parent() order: OrderRecord) {
    return order.discounts ?? [];
  }

  @FieldCost({ free: true })
  @ResolveField(() => String, { nullable: true, description: 'The coupon code used; null: none' })
  coupon(@Parent() order: OrderRecord) {
    return order.coupon ?? null;
  }

  @ResolveField(() => [OrderLineCancelType], {
    description: 'Units the shop cancelled, oldest first',
  })
  @FieldCost({ maxItems: LINE_CANCEL_RULES.max, free: true })
  lineCancels(@Parent() order: OrderRecord) {
    return order.lineCancels ?? [];
  }

  @ResolveField(() => [OrderReturnType], {
    description: 'Returns its buyer asked for, oldest first',
  })
  @FieldCost({ maxItems: RETURN_RULES.maxReturns, free: true })
  returns(@Parent() order: OrderRecord) {
    return order.returns ?? [];
  }

  @ResolveField(() => ReturnOfferType, {
    nullable: true,
    description:
      "What its buyer may return now, by the shop's return policy; null when nothing (not " +
      'delivered, out of time, every unit returned or not returnable)',
  })
  async returnOffer(@Parent() order: OrderRecord, @Context() context: object) {
    let policy = this.returnPolicyOf.get(context);
    if (!policy) this.returnPolicyOf.set(context, (policy = this.adjustments.policy()));
    return this.adjustments.offerOf(order, await policy);
  }

  @FieldCost({ free: true })
  @ResolveField(() => String, {
    description: 'The number people name it by, such as BZ-000123: short, unique, sequential',
  })
  number(@Parent() order: OrderRecord) {
    // Every order a client can read is settled, and so numbered (OrderNumbers); one settled by
    // an earlier version after the migration is the exception decision 023 names.
    if (order.number === undefined) throw new Error(`Order ${String(order._id)} has no number`);
    return orderNumberText(order.number);
  }

  @ResolveField(() => [ORDER_STATUS], {
    description: 'The statuses an admin may move this order to now',
  })
  nextStatuses(@Parent() order: OrderRecord) {
    return nextStatuses(order, 'admin');
  }

  @ResolveField(() => Boolean, { description: 'Whether its buyer may cancel it now' })
  buyerMayCancel(@Parent() order: OrderRecord) {
    return nextStatuses(order, 'buyer').includes(ORDER_STATUS.CANCELLED);
  }

  @ResolveField(() => UserType, { nullable: true })
  buyer(@Parent() order: OrderRecord, @Context('loaders') loaders: Loaders) {
    return loaders.user.load(String(order.buyer));
  }

  @ResolveField(() => ShipmentType, {
    nullable: true,
    description: 'Its courier and AWB once shipped with them; null before',
  })
  async shipment(
    @Parent() order: OrderRecord,
    @Context() context: object,
  ): Promise<ShipmentType | null> {
    if (!order.shipment) return null;
    let couriers = this.couriersOf.get(context);
    if (!couriers) this.couriersOf.set(context, (couriers = this.couriers.list()));
    return { ...order.shipment, trackingUrl: trackingUrlOf(order.shipment, await couriers) };
  }

  @ResolveField(() => DeliveryWindowType, {
    nullable: true,
    description:
      'When it is expected, reckoned from when it was placed to its delivery PIN by the delivery ' +
      'settings as they are now; null once delivered or cancelled, or without a saved address',
  })
  async expectedDelivery(
    @Parent() order: OrderRecord,
    @Context() context: object,
  ): Promise<DeliveryWindowType | null> {
    const pin = order.deliveryAddress?.pin;
    const over = order.status === ORDER_STATUS.DELIVERED || order.status === ORDER_STATUS.CANCELLED;
    if (!pin || over || !order.payment.success) return null;
    let settings = this.deliverySettingsOf.get(context);
    if (!settings) this.deliverySettingsOf.set(context, (settings = this.deliverySettings.read()));
    const placedAt = new Date(order.createdAt).getTime();
    return this.delivery.expectedDelivery(await settings, pin, placedAt);
  }
}

/** An order line's product, as it is now, and what was bought of it. */
@Resolver(() => OrderLineType)
export class OrderLinesResolver {
  @ResolveField(() => ProductType, { nullable: true })
  product(@Parent() line: OrderLine, @Context('loaders') loaders: Loaders) {
    return loaders.product.load(String(line.product));
  }

  @FieldCost({ free: true })
  @ResolveField(() => Int, {
    description: 'Units the shop cancelled before sending: not sent, not paid',
  })
  cancelled(@Parent() line: OrderLine) {
    return line.cancelled ?? 0;
  }

  @FieldCost({ free: true })
  @ResolveField(() => Float, {
    description: "Rupees off the line (all its units): its share of the order's discounts",
  })
  discount(@Parent() line: OrderLine) {
    return toRupees(line.discount ?? 0);
  }

  @FieldCost({ free: true })
  @ResolveField(() => String, { nullable: true, description: "The variant's SKU, as bought" })
  sku(@Parent() line: OrderLine) {
    return line.sku ?? null;
  }

  @FieldCost({ maxItems: VARIANT_RULES.maxOptions, free: true })
  @ResolveField(() => [OrderLineChoiceType], {
    description: "The variant's options as bought; empty for a product sold one way",
  })
  choices(@Parent() line: OrderLine) {
    return line.choices ?? [];
  }

  @ResolveField(() => ProductPhotoType, {
    nullable: true,
    description:
      "The variant's photo as bought (else the product's first), while the product still has it",
  })
  async photo(@Parent() line: OrderLine, @Context('loaders') loaders: Loaders) {
    const product = await loaders.product.load(String(line.product));
    const photos = product?.photos ?? [];
    const photo = photos.find((one) => one.hash === line.photoHash) ?? photos[0];
    return photo ? pictureOf(photo.hash, photo.layout) : null;
  }
}
