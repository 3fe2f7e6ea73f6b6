import { OrderTaxType } from '../tax';
import { Args, Field, Int, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { CurrentUser, ViewerIfSignedIn } from '../auth';
import type { PublicUser } from '../users';
import { RupeesFromPaise } from '../common/fields';
import { NeverKept } from '../common/graphql/cache-hints';
import { atMost, FieldCost } from '../common/graphql/field-cost';
import { DELIVERY_ZONE } from '../delivery';
import { DeliveryZone, MAX_ORDER_LINES } from '../shared/rules';
import { MAX_DISCOUNTS, OFFER_RULES } from '../shared/offer-rules';
import { CheckoutLineDto } from '../carts';
import { OrderQuotes } from './order-quotes';
import { OrderDiscountType } from './order.types';

@ObjectType('CartQuoteLine', { description: 'A line of the cart as priced: rupees' })
export class CartQuoteLineType {
  @Field() productId: string;
  @Field(() => String, { nullable: true }) variantId: string | null;
  @Field(() => Int) quantity: number;
  @RupeesFromPaise('Rupees a unit') price: number;
  @RupeesFromPaise('Rupees off the line: its share of every coupon and offer') discount: number;
}

@ObjectType('OfferHint', { description: 'An offer the cart does not meet yet, and what it lacks' })
export class OfferHintType {
  @Field({ description: "The offer's name, as the shopper reads it" }) name: string;
  @Field(() => Int, { description: 'Items more to get it; 0: items are not what it lacks' })
  itemsShort: number;
  @RupeesFromPaise('Rupees more of goods (less discounts) to get it; 0: not what it lacks')
  amountShort: number;
}

@ObjectType('CouponOutcome', { description: 'The code given, and whether it applied' })
export class CouponOutcomeType {
  @Field({ description: 'The code, in capitals' }) code: string;
  @Field() applied: boolean;
  @Field(() => String, {
    nullable: true,
    description: 'Why it does not apply ("Add Rs 240 more to use FIRST100"); null when it does',
  })
  message: string | null;
}

@ObjectType('CartQuote', {
  description: 'What a cart costs now, as checkout would charge it; amounts in rupees',
})
@NeverKept()
export class CartQuoteType {
  @Field(() => [CartQuoteLineType])
  @FieldCost({ maxItems: MAX_ORDER_LINES })
  lines: CartQuoteLineType[];
  @RupeesFromPaise('Rupees: the lines at the prices of now') goods: number;
  @RupeesFromPaise('Rupees off the goods, from coupons and offers') discount: number;
  @RupeesFromPaise('Rupees: after any free-shipping offer') shipping: number;
  @RupeesFromPaise('Rupees: goods less discount, and shipping: what the card is charged')
  total: number;
  @Field(() => [OrderDiscountType], {
    description: 'Coupons and offers applied, and their savings',
  })
  @FieldCost({ maxItems: MAX_DISCOUNTS })
  discounts: OrderDiscountType[];
  @Field(() => [OfferHintType], { description: 'Offers the shopper could still get' })
  @FieldCost({ maxItems: OFFER_RULES.maxOffers })
  hints: OfferHintType[];
  @Field(() => CouponOutcomeType, { nullable: true, description: 'Null when no code was given' })
  coupon: CouponOutcomeType | null;
  @RupeesFromPaise('Rupees: goods worth this much or more ship free; null: never', true)
  freeShippingFrom: number | null;
  @RupeesFromPaise('Rupees more of goods to ship free: 0 once reached; null: never free', true)
  amountToFreeShipping: number | null;
  @Field(() => DELIVERY_ZONE, {
    nullable: true,
    description: "The zone of the PIN given; null without one (the flat charge's rule)",
  })
  zone: DeliveryZone | null;
  @Field({ description: 'False when the shop does not deliver to the PIN given' })
  deliverable: boolean;
  @Field(() => OrderTaxType, {
    nullable: true,
    description: 'The GST within the total (to the PIN’s state); null while the shop charges none',
  })
  tax: OrderTaxType | null;
}

@Resolver()
export class OrderQuotesResolver {
  constructor(private readonly quotes: OrderQuotes) {}

  @Query(() => CartQuoteType, {
    description:
      "A cart's goods, discounts, shipping (to `pin`'s zone when given) and total, worked out " +
      'as checkout works them out, by the one price engine: prices from the shop, never the ' +
      'client. A coupon limited per shopper needs the shopper signed in.',
  })
  // Each line's product is read by `_id`: a document each.
  @FieldCost({
    reads: (args) => atMost((args.lines as unknown[] | undefined)?.length, MAX_ORDER_LINES),
  })
  @ViewerIfSignedIn()
  async cartQuote(
    // Each line is checked as checkout checks it (mergeLines).
    @Args('lines', { type: () => [CheckoutLineDto] }) lines: CheckoutLineDto[],
    @Args('pin', { type: () => String, nullable: true }) pin: string | null | undefined,
    @Args('couponCode', { type: () => String, nullable: true })
    couponCode: string | null | undefined,
    @CurrentUser() viewer: PublicUser | null | undefined,
  ) {
    const quote = await this.quotes.quote(lines, pin, 'pin', {
      buyer: viewer?._id ?? null,
      couponCode,
    });
    const { shipping } = quote;
    return {
      lines: quote.lines.map((line) => ({
        productId: String(line.product),
        variantId: line.variant ? String(line.variant) : null,
        quantity: line.quantity,
        price: line.price,
        discount: line.discount ?? 0,
      })),
      goods: quote.goods,
      discount: quote.discount,
      shipping: shipping.charge,
      total: quote.total,
      discounts: quote.discounts,
      hints: quote.hints,
      coupon: quote.coupon,
      freeShippingFrom: shipping.freeShippingFrom,
      amountToFreeShipping: shipping.amountToFreeShipping,
      zone: shipping.destination?.zone ?? null,
      deliverable: shipping.destination?.deliverable ?? true,
      tax: quote.tax,
    };
  }
}
