import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly } from '../auth';
import { FieldCost } from '../common/graphql/field-cost';
import { COURIER_RULES } from '../shared/rules';
import { Couriers } from './couriers';
import { CourierDto } from './order.dto';
import { CourierType } from './order.types';

/** The shop's couriers (settings section `couriers`), for the admin. */
@Resolver(() => CourierType)
export class CouriersResolver {
  constructor(private readonly shopCouriers: Couriers) {}

  @Query(() => [CourierType], { description: 'The couriers the shop ships with' })
  @FieldCost({ maxItems: COURIER_RULES.maxCouriers })
  @AdminOnly()
  couriers() {
    return this.shopCouriers.list();
  }

  @Mutation(() => [CourierType], {
    description:
      'Replaces the couriers: 1 to 20, names unique, each tracking page an https address with {awb}',
  })
  @FieldCost({ maxItems: COURIER_RULES.maxCouriers })
  @AdminOnly()
  setCouriers(@Args('couriers', { type: () => [CourierDto] }) couriers: CourierDto[]) {
    return this.shopCouriers.save(couriers);
  }
}
