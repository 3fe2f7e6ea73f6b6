import {
  applyDecorators,
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import { ApiHeader, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminOnly, SignedIn, ClientAddress, CurrentUser } from '../../auth';
import { ApiAnswer, ApiErrors, IdParam } from '../../common/rest-v1/api-responses';
import { listOf, shapeOf, succeeded } from '../../common/rest-v1/answers';
import { ORDER } from './order.answers';
import { ObjectIdPipe } from '../../common/object-id';
import { pageRequest } from '../../common/pagination';
import { ADMIN_PAGE_SIZE } from '../../shared/rules';
import { PublicUser } from '../../users';
import { OrderPresenter } from './order-presenter';
import {
  CheckoutDto,
  OrdersQueryDto,
  OrderStatusDto,
  PayOrderDto,
  ShipmentDto,
} from '../order.dto';
import { isToFulfil } from '../order-lifecycle';
import { PAYMENT_STATE } from '../order.schema';
import { OrderRecord, OrdersService } from '../orders.service';

/** What placing or paying an order answers: paid, waiting for the payment, or declined. */
const PlacedAnswers = () =>
  applyDecorators(
    ApiAnswer(201, 'Paid, or to be paid in cash on delivery', succeeded({ order: ORDER })),
    ApiAnswer(202, 'Waiting for the payment (UPI, a bank page)', succeeded({ order: ORDER })),
    ApiAnswer(
      402,
      'The payment was declined or could not be made; the unpaid order is saved',
      shapeOf({
        success: { type: 'boolean', enum: [false] },
        message: { type: 'string' },
        order: ORDER,
      }),
    ),
  );

/**
 * REST v1 compatibility layer (docs/decisions/010-rest-v1-compatibility-layer.md): the
 * order calls as the first clients know them, under `auth/` and `product/` paths, with
 * orders shaped by OrderPresenter and the checkout's `{ success, message, order }` (402
 * for a declined card). The rules are OrdersService's.
 */
@ApiTags('orders')
@Controller('api/v1')
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly presenter: OrderPresenter,
  ) {}

  @Get('auth/orders')
  @SignedIn()
  @ApiAnswer(200, 'Your orders, newest first', listOf(ORDER))
  async mine(@CurrentUser() viewer: PublicUser) {
    return this.presenter.present(await this.orders.listForBuyer(viewer._id));
  }

  @Get('auth/all-orders')
  @AdminOnly()
  @ApiAnswer(200, 'One page of all orders, newest first', listOf(ORDER))
  async all(@Query() query: OrdersQueryDto) {
    const result = await this.orders.list(pageRequest(query.page ?? 1, ADMIN_PAGE_SIZE), {
      status: query.status,
      number: query.number,
    });
    return this.presenter.present(result.items);
  }

  /** The buyer's own order, or any for an admin, by its number; 404 for anyone else's. */
  @Get('auth/orders/:number')
  @SignedIn()
  @ApiAnswer(200, 'The order', ORDER)
  @ApiParam({ name: 'number', description: 'The order number, such as BZ-000123' })
  @ApiErrors(404)
  async byNumber(@CurrentUser() viewer: PublicUser, @Param('number') number: string) {
    const [order] = await this.presenter.present([await this.orders.findByNumber(number, viewer)]);
    return order;
  }

  /**
   * 409 naming the allowed moves when the lifecycle forbids this one. Moving to Shipped takes
   * `courier` and `trackingNumber`, checked when given; the first clients' call without them
   * still ships the order, which then has no tracking until order-shipment gives it.
   */
  @Put('auth/order-status/:orderId')
  @AdminOnly()
  @ApiAnswer(200, 'The order with its new status', ORDER)
  @IdParam('orderId', 'Order id')
  @ApiErrors(404, 409)
  async setStatus(
    @CurrentUser() viewer: PublicUser,
    @Param('orderId', ObjectIdPipe) orderId: string,
    @Body() body: OrderStatusDto,
  ) {
    const { status, ...shipment } = body;
    const [order] = await this.presenter.present([
      await this.orders.setStatus(orderId, status, viewer, shipment, { shipmentRequired: false }),
    ]);
    return order;
  }

  /** Corrects a shipped or delivered order's courier and AWB, or gives them; 409 before it ships. */
  @Put('auth/order-shipment/:orderId')
  @AdminOnly()
  @ApiAnswer(200, 'The order with its shipment', ORDER)
  @IdParam('orderId', 'Order id')
  @ApiErrors(404, 409)
  async setShipment(
    @CurrentUser() viewer: PublicUser,
    @Param('orderId', ObjectIdPipe) orderId: string,
    @Body() body: ShipmentDto,
  ) {
    const [order] = await this.presenter.present([
      await this.orders.setShipment(orderId, body, viewer),
    ]);
    return order;
  }

  /** The buyer cancels their own order while it is Not Processed; stock returns, money is refunded. */
  @Post('auth/orders/:orderId/cancel')
  @SignedIn()
  @HttpCode(200)
  @ApiAnswer(200, 'The cancelled order', ORDER)
  @IdParam('orderId', 'Order id')
  @ApiErrors(404, 409)
  async cancel(@CurrentUser() viewer: PublicUser, @Param('orderId', ObjectIdPipe) orderId: string) {
    const [order] = await this.presenter.present([await this.orders.cancelOwn(orderId, viewer)]);
    return order;
  }

  /** Another attempt to pay an order of the buyer's not paid yet (pending or declined). */
  @Post('auth/orders/:number/pay')
  @SignedIn()
  @ApiErrors(404, 409)
  @PlacedAnswers()
  @ApiParam({ name: 'number', description: 'The order number, such as BZ-000123' })
  async pay(
    @CurrentUser() viewer: PublicUser,
    @Param('number') number: string,
    @Body() body: PayOrderDto,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.placedAnswer(await this.orders.payAgain(number, viewer, body), response);
  }

  /**
   * 201 with the paid (or cash-on-delivery) order; 202 with an order waiting for its payment
   * (UPI, a bank page); 402 with the saved, unpaid order when the card is declined.
   */
  @Post('product/checkout')
  @SignedIn()
  @ApiErrors(409, 429)
  @PlacedAnswers()
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  async checkout(
    @CurrentUser() viewer: PublicUser,
    @Body() body: CheckoutDto,
    @Headers('idempotency-key') headerKey: string | undefined,
    @ClientAddress() clientAddress: string,
    @Res({ passthrough: true }) response: Response,
  ) {
    const placed = await this.orders.place(viewer, {
      ...body,
      idempotencyKey: body.idempotencyKey ?? headerKey,
      clientAddress,
    });
    return this.placedAnswer(placed, response);
  }

  private async placedAnswer(placed: OrderRecord, response: Response) {
    const [order] = await this.presenter.present([placed]);
    if (placed.payment.state === PAYMENT_STATE.PENDING) {
      response.status(202);
      return { success: true, message: 'Order placed: waiting for the payment', order };
    }
    if (!isToFulfil(placed)) {
      response.status(402);
      return { success: false, message: placed.payment.message ?? 'Payment failed', order };
    }
    return { success: true, message: 'Order placed', order };
  }
}
