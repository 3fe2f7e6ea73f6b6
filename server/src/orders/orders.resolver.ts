import {
  Args,
  Context,
  ID,
  Mutation,
  Parent,
  Query,
  ResolveField,
  Resolver,
} from '@nestjs/graphql';
import { AdminOnly, SignedIn } from '../auth/auth.guards';
import { ClientAddress, CurrentUser } from '../auth/viewer';
import { AdminPageArgs } from '../common/page-type';
import { pageRequest } from '../common/pagination';
import type { Loaders } from '../lookups/loaders';
import { ProductType } from '../products/product.types';
import { PublicUser } from '../users/public-user';
import { UserType } from '../users/user.types';
import { nextStatuses } from './order-lifecycle';
import { CheckoutDto } from './order.dto';
import { ORDER_STATUS, OrderLine, OrderStatus } from './order.schema';
import { OrderLineType, OrderPageType, OrderType } from './order.types';
import { OrderRecord, OrdersService } from './orders.service';

@Resolver(() => OrderType)
export class OrdersResolver {
  constructor(private readonly service: OrdersService) {}

  @Query(() => [OrderType], { description: "The signed-in user's orders, newest first" })
  @SignedIn()
  myOrders(@CurrentUser() viewer: PublicUser) {
    return this.service.listForBuyer(viewer._id);
  }

  @Query(() => OrderPageType, { description: 'Every order, newest first' })
  @AdminOnly()
  orders(
    @Args() { page, pageSize }: AdminPageArgs,
    @Args('status', { type: () => ORDER_STATUS, nullable: true }) status?: OrderStatus,
  ) {
    return this.service.list(pageRequest(page, pageSize), status ?? undefined);
  }

  @Mutation(() => OrderType)
  @AdminOnly()
  setOrderStatus(
    @CurrentUser() viewer: PublicUser,
    @Args('orderId', { type: () => ID }) orderId: string,
    @Args('status', { type: () => ORDER_STATUS }) status: OrderStatus,
  ) {
    return this.service.setStatus(orderId, status, viewer);
  }

  @Mutation(() => OrderType, {
    description: 'The buyer cancels their own order while it is NOT_PROCESSED; stock returns',
  })
  @SignedIn()
  cancelMyOrder(
    @CurrentUser() viewer: PublicUser,
    @Args('orderId', { type: () => ID }) orderId: string,
  ) {
    return this.service.cancelOwn(orderId, viewer);
  }

  @Mutation(() => OrderType, {
    description:
      'Prices come from the shop, never the client. A declined card still records the order, ' +
      'with payment.success false. Retrying with the same idempotencyKey returns the first order.',
  })
  @SignedIn()
  placeOrder(
    @CurrentUser() viewer: PublicUser,
    @Args('input') input: CheckoutDto,
    @ClientAddress() clientAddress: string,
  ) {
    return this.service.place(viewer, { ...input, clientAddress });
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
}

@Resolver(() => OrderLineType)
export class OrderLinesResolver {
  @ResolveField(() => ProductType, { nullable: true })
  product(@Parent() line: OrderLine, @Context('loaders') loaders: Loaders) {
    return loaders.product.load(String(line.product));
  }
}
