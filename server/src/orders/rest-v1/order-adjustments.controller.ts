import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { AdminOnly, CurrentUser, SignedIn } from '../../auth';
import { ObjectIdPipe } from '../../common/object-id';
import { ApiAnswer, ApiErrors, IdParam } from '../../common/rest-v1/api-responses';
import { count, listOf, shapeOf, succeeded } from '../../common/rest-v1/answers';
import { badInput } from '../../common/shop-error';
import { PublicUser } from '../../users';
import { OrderAdjustments } from '../order-adjustments';
import {
  CancelLineDto,
  ReceiveReturnDto,
  ReturnDecisionDto,
  ReturnPolicyDto,
  ReturnRequestDto,
} from '../order.dto';
import { OrderRecord, OrdersService } from '../orders.service';
import { ReturnPolicies } from '../return-policy';
import { ORDER } from './order.answers';
import { OrderPresenter } from './order-presenter';

/** A whole number in the path, refused naming its field. */
const wholeParam = (field: string) =>
  new ParseIntPipe({ exceptionFactory: () => badInput(`${field} must be a whole number`) });

const RETURN_POLICY = shapeOf({
  windowDays: count,
  nonReturnableCategories: listOf({ type: 'string' }),
  nonReturnableProducts: listOf({ type: 'string' }),
});

/**
 * Items the shop cancels before shipping, returns and the return policy over REST, beside
 * GraphQL's `cancelOrderLine`, `requestReturn`, `decideReturn`, `receiveReturn`, `returnPolicy`
 * and `updateReturnPolicy`: the same rules (OrderAdjustments, ReturnPolicies), orders shaped as
 * every REST order answer is.
 */
@ApiTags('orders')
@Controller('api/v1')
export class OrderAdjustmentsController {
  constructor(
    private readonly adjustments: OrderAdjustments,
    private readonly orders: OrdersService,
    private readonly policies: ReturnPolicies,
    private readonly presenter: OrderPresenter,
  ) {}

  /** 409 once shipped, or for the order's last units (cancel the order instead). */
  @Post('auth/order-lines/:orderId/:line/cancel')
  @AdminOnly()
  @HttpCode(200)
  @ApiAnswer(200, 'The order, the units cancelled and refunded when paid', ORDER)
  @IdParam('orderId', 'Order id')
  @ApiParam({ name: 'line', description: "The line's place in the order, from 0" })
  @ApiErrors(404, 409)
  async cancelLine(
    @CurrentUser() viewer: PublicUser,
    @Param('orderId', ObjectIdPipe) orderId: string,
    @Param('line', wholeParam('line')) line: number,
    @Body() body: CancelLineDto,
  ) {
    return this.shown(this.adjustments.cancelLine(orderId, line, body.quantity, viewer));
  }

  /** The buyer asks to return items of their delivered order; 409 after the return window. */
  @Post('auth/orders/:number/returns')
  @SignedIn()
  @ApiAnswer(201, 'The order with the return asked for', ORDER)
  @ApiParam({ name: 'number', description: 'The order number, such as BZ-000123' })
  @ApiErrors(404, 409)
  async requestReturn(
    @CurrentUser() viewer: PublicUser,
    @Param('number') number: string,
    @Body() body: ReturnRequestDto,
  ) {
    const order = await this.orders.findByNumber(number, viewer);
    return this.shown(this.adjustments.requestReturn(order, viewer, body));
  }

  @Put('auth/order-returns/:orderId/:returnNumber')
  @AdminOnly()
  @ApiAnswer(200, 'The order with the return approved or refused', ORDER)
  @IdParam('orderId', 'Order id')
  @ApiParam({ name: 'returnNumber', description: "The return's number on the order: 1, 2 ..." })
  @ApiErrors(404, 409)
  async decideReturn(
    @CurrentUser() viewer: PublicUser,
    @Param('orderId', ObjectIdPipe) orderId: string,
    @Param('returnNumber', wholeParam('returnNumber')) returnNumber: number,
    @Body() body: ReturnDecisionDto,
  ) {
    const approve = body.decision === 'approve';
    return this.shown(
      this.adjustments.decideReturn(orderId, returnNumber, approve, body.note, viewer),
    );
  }

  @Post('auth/order-returns/:orderId/:returnNumber/receive')
  @AdminOnly()
  @HttpCode(200)
  @ApiAnswer(200, 'The order, the return received, restocked and refunded', ORDER)
  @IdParam('orderId', 'Order id')
  @ApiParam({ name: 'returnNumber', description: "The return's number on the order: 1, 2 ..." })
  @ApiErrors(404, 409)
  async receiveReturn(
    @CurrentUser() viewer: PublicUser,
    @Param('orderId', ObjectIdPipe) orderId: string,
    @Param('returnNumber', wholeParam('returnNumber')) returnNumber: number,
    @Body() body: ReceiveReturnDto,
  ) {
    return this.shown(
      this.adjustments.receiveReturn(orderId, returnNumber, body.refundReference, viewer),
    );
  }

  @Get('settings/returns')
  @ApiAnswer(200, "The shop's return policy", succeeded({ returns: RETURN_POLICY }))
  async policy() {
    return { success: true, returns: await this.policies.read() };
  }

  /** 400 naming the first field at fault (`nonReturnableProducts[1]: no such product`). */
  @Put('settings/returns')
  @AdminOnly()
  @ApiAnswer(200, 'The return policy as saved', succeeded({ returns: RETURN_POLICY }))
  async savePolicy(@Body() body: ReturnPolicyDto) {
    return {
      success: true,
      message: 'Return policy saved',
      returns: await this.policies.update(body),
    };
  }

  private async shown(changed: Promise<OrderRecord>) {
    const [order] = await this.presenter.present([await changed]);
    return order;
  }
}
