import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly, CurrentUser, SignedIn } from '../auth';
import { PublicUser } from '../users';
import { OrderAdjustments } from './order-adjustments';
import { CancelLineDto, ReceiveReturnDto, ReturnPolicyDto, ReturnRequestDto } from './order.dto';
import { OrderType, ReturnPolicyType } from './order.types';
import { OrdersService } from './orders.service';
import { ReturnPolicies } from './return-policy';

/** Items cancelled by the shop before shipping, returns, and the shop's return policy. */
@Resolver(() => OrderType)
export class OrderAdjustmentsResolver {
  constructor(
    private readonly adjustments: OrderAdjustments,
    private readonly orders: OrdersService,
    private readonly policies: ReturnPolicies,
  ) {}

  @Mutation(() => OrderType, {
    description:
      'Cancels units of a line of a paid or cash order not yet shipped: back on sale, and ' +
      'refunded when paid (a partial refund). Not the last units: cancel the order instead',
  })
  @AdminOnly()
  cancelOrderLine(
    @CurrentUser() viewer: PublicUser,
    @Args('orderId', { type: () => ID }) orderId: string,
    @Args('line', { type: () => Int, description: "The line's place in the order, from 0" })
    line: number,
    @Args('input', { type: () => CancelLineDto, nullable: true }) input?: CancelLineDto,
  ) {
    return this.adjustments.cancelLine(orderId, line, input?.quantity, viewer);
  }

  @Mutation(() => OrderType, {
    description:
      "The buyer asks to return units of a delivered order, within the shop's return window",
  })
  @SignedIn()
  async requestReturn(
    @CurrentUser() viewer: PublicUser,
    @Args('number') number: string,
    @Args('input') input: ReturnRequestDto,
  ) {
    const order = await this.orders.findByNumber(number, viewer);
    return this.adjustments.requestReturn(order, viewer, input);
  }

  @Mutation(() => OrderType, { description: 'Approves or refuses a return asked for' })
  @AdminOnly()
  decideReturn(
    @CurrentUser() viewer: PublicUser,
    @Args('orderId', { type: () => ID }) orderId: string,
    @Args('returnNumber', { type: () => Int }) returnNumber: number,
    @Args('approve') approve: boolean,
    @Args('note', { type: () => String, nullable: true }) note?: string,
  ) {
    return this.adjustments.decideReturn(orderId, returnNumber, approve, note, viewer);
  }

  @Mutation(() => OrderType, {
    description:
      'The goods of an approved return are back: restocked and refunded (a cash order: give ' +
      'the reference of the transfer the shop made)',
  })
  @AdminOnly()
  receiveReturn(
    @CurrentUser() viewer: PublicUser,
    @Args('orderId', { type: () => ID }) orderId: string,
    @Args('returnNumber', { type: () => Int }) returnNumber: number,
    @Args('input', { type: () => ReceiveReturnDto, nullable: true }) input?: ReceiveReturnDto,
  ) {
    return this.adjustments.receiveReturn(orderId, returnNumber, input?.refundReference, viewer);
  }

  @Query(() => ReturnPolicyType, {
    description: 'What the shop takes back, and for how long: anyone may read it',
  })
  returnPolicy() {
    return this.policies.read();
  }

  @Mutation(() => ReturnPolicyType)
  @AdminOnly()
  updateReturnPolicy(@Args('input') input: ReturnPolicyDto) {
    return this.policies.update(input);
  }
}
