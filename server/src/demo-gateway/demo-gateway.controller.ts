import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DemoGateway } from './demo-gateway.service';
import { DemoKeysGuard } from './demo-keys.guard';
import { RazorpayErrorFilter } from './razorpay-error';

/** Razorpay's API (v1), the part the shop speaks, under /demo-gateway. */
@ApiExcludeController()
@Controller('demo-gateway/v1')
@UseGuards(DemoKeysGuard)
@UseFilters(RazorpayErrorFilter)
export class DemoGatewayController {
  constructor(private readonly gateway: DemoGateway) {}

  @Post('orders')
  @HttpCode(200)
  createOrder(@Body() body: unknown) {
    return this.gateway.createOrder(body);
  }

  @Get('orders/:id')
  fetchOrder(@Param('id') id: string) {
    return this.gateway.fetchOrder(id);
  }

  @Get('orders/:id/payments')
  orderPayments(@Param('id') id: string) {
    return this.gateway.orderPayments(id);
  }

  @Post('payments/create/json')
  @HttpCode(200)
  createPayment(@Body() body: unknown) {
    return this.gateway.createPayment(body);
  }

  @Get('payments/:id')
  fetchPayment(@Param('id') id: string) {
    return this.gateway.fetchPayment(id);
  }

  @Post('payments/:id/refund')
  @HttpCode(200)
  refund(@Param('id') id: string, @Body() body: unknown) {
    return this.gateway.refund(id, body);
  }

  @Get('payments/:id/refunds')
  refunds(@Param('id') id: string, @Query('count') count?: string, @Query('skip') skip?: string) {
    return this.gateway.paymentRefunds(id, count, skip);
  }
}
