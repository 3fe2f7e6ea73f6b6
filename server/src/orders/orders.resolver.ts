import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly, SignedIn, ClientAddress, CurrentUser } from '../auth';
import { AdminPageArgs } from '../common/page-type';
import { pageRequest } from '../common/pagination';
import { PublicUser } from '../users';
import { CheckoutDto, PayOrderDto, ShipmentDto } from './order.dto';
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
    description:
      'One order by its number (BZ-000123), for its buyer or an admin; NOT_FOUND for anyone else',
  })
  @SignedIn()
  order(@CurrentUser() viewer: PublicUser, @Args('number') number: string) {
    return this.service.findByNumber(number, viewer);
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
    @Args('number', {
      type: () => String,
      nullable: true,
      description: 'That order alone (BZ-000123, or its digits), if it matches the rest',
    })
    number?: string,
  ) {
    return this.service.list(pageRequest(page, pageSize), {
      status: status ?? undefined,
      from: from ?? undefined,
      to: to ?? undefined,
      buyer: buyer ?? undefined,
      number: number ?? undefined,
    });
  }

  @Mutation(() => OrderType, {
    description: "Moving to SHIPPED takes the shipment: one of the shop's couriers and the AWB",
  })
  @AdminOnly()
  setOrderStatus(
    @CurrentUser() viewer: PublicUser,
    @Args('orderId', { type: () => ID }) orderId: string,
    @Args('status', { type: () => ORDER_STATUS }) status: OrderStatus,
    @Args('shipment', { type: () => ShipmentDto, nullable: true }) shipment?: ShipmentDto,
  ) {
    return this.service.setStatus(orderId, status, viewer, shipment ?? {});
  }

  @Mutation(() => OrderType, {
    description: "Corrects a shipped or delivered order's courier and AWB (or gives them)",
  })
  @AdminOnly()
  setOrderShipment(
    @CurrentUser() viewer: PublicUser,
    @Args('orderId', { type: () => ID }) orderId: string,
    @Args('shipment', { type: () => ShipmentDto }) shipment: ShipmentDto,
  ) {
    return this.service.setShipment(orderId, shipment, viewer);
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
      'Prices come from the shop, never the client. A card is decided at once: declined, the ' +
      'order is kept with payment.state FAILED and may be paid again (payOrder) until it ' +
      'expires. UPI answers a PENDING order with its upiLink; the gateway settles it. ' +
      'Retrying with the same idempotencyKey returns the first order.',
  })
  @SignedIn()
  placeOrder(
    @CurrentUser() viewer: PublicUser,
    @Args('input') input: CheckoutDto,
    @ClientAddress() clientAddress: string,
  ) {
    return this.service.place(viewer, { ...input, clientAddress });
  }

  @Mutation(() => OrderType, {
    description:
      'Another attempt to pay an order of yours that is PENDING or FAILED and not expired: ' +
      'the same order, its stock still held',
  })
  @SignedIn()
  payOrder(
    @CurrentUser() viewer: PublicUser,
    @Args('number') number: string,
    @Args('input') input: PayOrderDto,
  ) {
    return this.service.payAgain(number, viewer, input);
  }
}
