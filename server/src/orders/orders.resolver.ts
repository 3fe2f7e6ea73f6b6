import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly, SignedIn, ClientAddress, CurrentUser } from '../auth';
import { AdminPageArgs } from '../common/page-type';
import { pageRequest } from '../common/pagination';
import { ADMIN_ROLE, PublicUser } from '../users';
import { CheckoutDto } from './order.dto';
import { ORDER_STATUS, OrderStatus } from './order.schema';
import { OrderPageType, OrderType } from './order.types';
import { OrdersService } from './orders.service';
import { AS_A_FULL_PAGE, FieldCost } from '../common/graphql/field-cost';

@Resolver(() => OrderType)
export class OrdersResolver {
  constructor(private readonly service: OrdersService) {}

  @Query(() => [OrderType], { description: "The signed-in user's orders, newest first" })
  @FieldCost({ maxItems: AS_A_FULL_PAGE })
  @SignedIn()
  myOrders(@CurrentUser() viewer: PublicUser) {
    return this.service.listForBuyer(viewer._id);
  }

  @Query(() => OrderType, {
    description: "One order: any for an administrator, a shopper's own for a shopper",
  })
  @SignedIn()
  order(@CurrentUser() viewer: PublicUser, @Args('id', { type: () => ID }) id: string) {
    return this.service.findOne(id, viewer.role === ADMIN_ROLE ? undefined : viewer._id);
  }

  @Query(() => OrderPageType, { description: 'Every order, newest first' })
  @AdminOnly()
  orders(
    @Args() { page, pageSize }: AdminPageArgs,
    @Args('status', { type: () => ORDER_STATUS, nullable: true }) status?: OrderStatus,
    @Args('from', {
      type: () => String,
      nullable: true,
      description: "Created on or after this day, YYYY-MM-DD (the shop's days, Asia/Kolkata)",
    })
    from?: string,
    @Args('to', {
      type: () => String,
      nullable: true,
      description: 'Created on or before this day, YYYY-MM-DD',
    })
    to?: string,
    @Args('buyer', {
      type: () => String,
      nullable: true,
      description: "Part of the buyer's name or e-mail, in any case",
    })
    buyer?: string,
  ) {
    return this.service.list(pageRequest(page, pageSize), {
      status: status ?? undefined,
      from: from ?? undefined,
      to: to ?? undefined,
      buyer: buyer ?? undefined,
    });
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
}
