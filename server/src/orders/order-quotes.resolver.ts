import { Args, Field, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { RupeesFromPaise } from '../common/fields';
import { NeverKept } from '../common/graphql/cache-hints';
import { atMost, FieldCost } from '../common/graphql/field-cost';
import { DELIVERY_ZONE } from '../delivery';
import { DeliveryZone, MAX_ORDER_LINES } from '../shared/rules';
import { CheckoutLineDto } from './order.dto';
import { OrderQuotes } from './order-quotes';

@ObjectType('CartQuote', {
  description: 'What a cart costs now, as checkout would charge it; amounts in rupees',
})
@NeverKept()
export class CartQuoteType {
  @RupeesFromPaise('Rupees: the lines at the prices of now') goods: number;
  @RupeesFromPaise('Rupees: 0 once the goods reach freeShippingFrom') shipping: number;
  @RupeesFromPaise('Rupees: goods and shipping, what the card is charged') total: number;
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
}

@Resolver()
export class OrderQuotesResolver {
  constructor(private readonly quotes: OrderQuotes) {}

  @Query(() => CartQuoteType, {
    description:
      "A cart's goods, shipping (to `pin`'s zone when given) and total, worked out as " +
      'checkout works them out: prices from the shop, never the client',
  })
  // Each line's product is read by `_id`: a document each.
  @FieldCost({
    reads: (args) => atMost((args.lines as unknown[] | undefined)?.length, MAX_ORDER_LINES),
  })
  async cartQuote(
    // Each line is checked as checkout checks it (mergeLines).
    @Args('lines', { type: () => [CheckoutLineDto] }) lines: CheckoutLineDto[],
    @Args('pin', { type: () => String, nullable: true }) pin?: string | null,
  ) {
    const { goods, shipping, total } = await this.quotes.quote(lines, pin, 'pin');
    return {
      goods,
      shipping: shipping.charge,
      total,
      freeShippingFrom: shipping.freeShippingFrom,
      amountToFreeShipping: shipping.amountToFreeShipping,
      zone: shipping.destination?.zone ?? null,
      deliverable: shipping.destination?.deliverable ?? true,
    };
  }
}
