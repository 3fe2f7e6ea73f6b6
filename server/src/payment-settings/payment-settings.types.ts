import { Field, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { RupeesFromPaise } from '../common/fields';
import { NeverKept } from '../common/graphql/cache-hints';
import { FieldCost } from '../common/graphql/field-cost';
import { PAYMENT_METHOD_LABELS, PaymentMethod } from '../shared/payment-rules';

const PAYMENT_METHODS = Object.keys(PAYMENT_METHOD_LABELS) as PaymentMethod[];

/** The ways to pay by name, as GraphQL's enum needs them. */
export const PAYMENT_METHOD = Object.fromEntries(
  PAYMENT_METHODS.map((method) => [method, method]),
) as { [Method in PaymentMethod]: Method };

registerEnumType(PAYMENT_METHOD, {
  name: 'PaymentMethod',
  description: 'A way to pay an order',
  valuesMap: Object.fromEntries(
    PAYMENT_METHODS.map((method) => [method, { description: PAYMENT_METHOD_LABELS[method] }]),
  ),
});

@ObjectType('PaymentMethods')
export class PaymentMethodsType {
  @Field() upi: boolean;
  @Field() card: boolean;
  @Field() cashOnDelivery: boolean;
}

@ObjectType('PaymentSettings', { description: "The shop's payment settings (admins only)" })
export class PaymentSettingsType {
  @Field({ description: "The UPI ID payments are made to; '' while not set" }) upiVpa: string;
  @Field({ description: 'The name UPI apps show the payer' }) upiPayeeName: string;
  @Field(() => Int, {
    description: 'Minutes an unpaid order holds its stock and a UPI payment may be completed',
  })
  paymentExpiryMinutes: number;
  @Field(() => PaymentMethodsType) methods: PaymentMethodsType;
  @RupeesFromPaise('Rupees added to an order paid on delivery') codFee: number;
  @RupeesFromPaise('Rupees: the largest order cash on delivery takes; null: any', true)
  codUpTo: number | null;
  @Field(() => Int, {
    description: 'A shopper with this many undelivered cash-on-delivery orders is refused another',
  })
  codMaxUndeliveredOrders: number;
  @Field(() => [String], {
    description: 'PIN codes, or their first 2 to 5 digits, where cash on delivery is not offered',
  })
  codUnservedPins: string[];
}

@ObjectType('PaymentOption', { description: 'One way to pay, and whether this order may use it' })
export class PaymentOptionType {
  @Field(() => PAYMENT_METHOD) method: PaymentMethod;
  @Field() available: boolean;
  @Field(() => String, {
    nullable: true,
    description: 'Why it is not available, as the storefront shows it; null when it is',
  })
  reason: string | null;
  @RupeesFromPaise('Rupees this way of paying adds to the order') fee: number;
}

@ObjectType('PaymentOptions', {
  description: 'The ways to pay an order the storefront may offer, as of now',
})
@NeverKept()
export class PaymentOptionsType {
  @Field(() => [PaymentOptionType], {
    description: 'The ways the shop offers, UPI first; a way switched off is not listed',
  })
  @FieldCost({ maxItems: PAYMENT_METHODS.length, free: true })
  methods: PaymentOptionType[];
  @RupeesFromPaise('Rupees added to an order paid on delivery') codFee: number;
  @RupeesFromPaise('Rupees: the largest order cash on delivery takes; null: any', true)
  codUpTo: number | null;
  @Field(() => Int, {
    description: 'Minutes an unpaid order holds its stock and a UPI payment may be completed',
  })
  paymentExpiryMinutes: number;
}
