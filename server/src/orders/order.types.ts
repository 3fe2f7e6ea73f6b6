import { RupeesFromPaise } from '../common/fields';
import { PageOf } from '../common/page-type';
import { Field, FieldMiddleware, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { ProductType } from '../catalogue';
import { DeliveryAddressType, UserType } from '../users';
import { ORDER_STATUS, OrderStatus } from './order.schema';
import { FieldCost } from '../common/graphql/field-cost';
import { MAX_ORDER_LINES, VARIANT_RULES } from '../shared/rules';
import { MAX_STATUS_CHANGES } from './order-lifecycle';

registerEnumType(ORDER_STATUS, { name: 'OrderStatus' });

@ObjectType('OrderPayment')
export class OrderPaymentType {
  @Field() success: boolean;
  @Field(() => String, { nullable: true, description: 'Why the payment failed' }) message:
    string | null;
  @Field({ description: 'The money went back to the card after a cancellation' })
  refunded: boolean;
}

@ObjectType('OrderStatusChange')
export class OrderStatusChangeType {
  @Field(() => ORDER_STATUS) from: OrderStatus;
  @Field(() => ORDER_STATUS) to: OrderStatus;
  @Field({ description: 'Name of who made the change, as it was then' }) byName: string;
  @Field() at: Date;
}

@ObjectType('OrderLineChoice', { description: 'An option of the variant bought: Size M' })
export class OrderLineChoiceType {
  @Field() name: string;
  @Field() value: string;
}

/** Lines stored before variants have no choices: they answer none. */
const noneWhenMissing: FieldMiddleware = async (_context, next) =>
  ((await next()) as unknown) ?? [];

@ObjectType('OrderLine')
export class OrderLineType {
  /** Resolved by OrderLinesResolver; null once the product is deleted. */
  product?: ProductType | null;
  @Field({ description: 'As it was when bought' }) name: string;
  @Field(() => String, {
    nullable: true,
    description: "The variant's SKU when bought; null on lines from before variants",
  })
  sku: string | null;
  @Field(() => [OrderLineChoiceType], {
    description: 'The options of the variant bought, as they were named then',
    middleware: [noneWhenMissing],
  })
  @FieldCost({ maxItems: VARIANT_RULES.maxOptions })
  choices: OrderLineChoiceType[];
  @RupeesFromPaise('Rupees a unit, as paid') price: number;
  @Field(() => Int) quantity: number;
}

@ObjectType('Order')
export class OrderType {
  @Field(() => ID, { name: 'id' }) _id: string;
  @Field(() => ORDER_STATUS) status: OrderStatus;
  /** Resolved by OrderFieldsResolver. */
  buyer?: UserType | null;
  @Field(() => OrderPaymentType) payment: OrderPaymentType;
  @Field(() => [OrderLineType])
  @FieldCost({ maxItems: MAX_ORDER_LINES })
  lines: OrderLineType[];
  @RupeesFromPaise() total: number;
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
}

@ObjectType('OrderPage')
export class OrderPageType extends PageOf(OrderType) {}
