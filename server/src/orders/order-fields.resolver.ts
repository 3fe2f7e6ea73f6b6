import { Context, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import type { Loaders } from '../lookups';
import { ProductType } from '../catalogue';
import { UserType } from '../users';
import { nextStatuses } from './order-lifecycle';
import { ORDER_STATUS, OrderLine } from './order.schema';
import { OrderLineType, OrderType } from './order.types';
import type { OrderRecord } from './orders.service';

/** The fields of an order worked out when asked for: what may happen to it next, its buyer. */
@Resolver(() => OrderType)
export class OrderFieldsResolver {
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
}

/** An order line's product, as it is now. */
@Resolver(() => OrderLineType)
export class OrderLinesResolver {
  @ResolveField(() => ProductType, { nullable: true })
  product(@Parent() line: OrderLine, @Context('loaders') loaders: Loaders) {
    return loaders.product.load(String(line.product));
  }
}
