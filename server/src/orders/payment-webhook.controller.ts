import { Controller, Headers, HttpCode, Inject, Logger, Post, Req } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { rawBodyOf } from '../common/raw-body';
import { Model } from 'mongoose';
import { isDuplicateKey } from '../common/natural-key';
import { badInput } from '../common/shop-error';
import { GatewayEvent, PAYMENT_GATEWAY, PaymentGateway } from '../payments';
import { GatewayEventSeen } from './gateway-event.schema';
import { ORDER_NOTE } from './order-payments';
import { OrdersService } from './orders.service';

/** The longest event id kept: Razorpay's are about 20 characters. */
const MAX_EVENT_ID = 100;

/**
 * Where the gateway tells the shop what became of payments and refunds (register
 * <shop>/api/v1/payments/webhook in its dashboard). An event is believed only when its
 * signature is the gateway's; then it is handled once by its id, and by the payment's state
 * whatever order events come in.
 */
@ApiExcludeController()
@Controller('api/v1/payments')
export class PaymentWebhookController {
  private readonly logger = new Logger('PaymentWebhook');

  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @InjectModel(GatewayEventSeen.name) private readonly seen: Model<GatewayEventSeen>,
    private readonly orders: OrdersService,
  ) {}

  @Post('webhook')
  @HttpCode(200)
  async receive(
    @Req() request: Request,
    @Headers('x-razorpay-signature') signature: string | undefined,
    @Headers('x-razorpay-event-id') eventId: string | undefined,
  ): Promise<{ success: true }> {
    const raw = rawBodyOf(request);
    if (!raw || !this.gateway.verifyWebhook(raw, signature)) {
      this.logger.warn(`Refused a webhook with a wrong or missing signature from ${request.ip}`);
      throw badInput('X-Razorpay-Signature: not the gateway signature of this body');
    }
    const event = eventIn(raw);
    const id = eventId?.trim() || `${event.event}:${event.created_at}:${entityIdOf(event)}`;
    if (id.length > MAX_EVENT_ID) throw badInput('X-Razorpay-Event-Id: too long');
    // Events the shop does not act on (order.paid repeats payment.captured) are not kept.
    if (!handled(event)) return { success: true };
    if (await this.seen.exists({ _id: id })) return { success: true };
    await this.handle(event);
    try {
      await this.seen.create({ _id: id, event: event.event, handledAt: new Date() });
    } catch (error) {
      // The same event handled at once on another instance: handled twice, harmlessly.
      if (!isDuplicateKey(error)) throw error;
    }
    return { success: true };
  }

  private async handle(event: GatewayEvent): Promise<void> {
    const payment = event.payload.payment?.entity;
    const refund = event.payload.refund?.entity;
    if (isRefundEvent(event) && refund) {
      await this.orders.settleRefund(refund, refund.notes?.[ORDER_NOTE] ?? '');
      return;
    }
    if (isPaymentEvent(event) && payment) {
      await this.orders.settleFromGateway(payment, payment.notes?.[ORDER_NOTE] ?? '');
    }
  }
}

const isRefundEvent = (event: GatewayEvent) => event.event.startsWith('refund.');
const isPaymentEvent = (event: GatewayEvent) => event.event.startsWith('payment.');

/**
 * Whether the shop acts on the event: a refund's or a payment's. order.paid repeats
 * payment.captured, which settles the order; other events are not the shop's.
 */
function handled(event: GatewayEvent): boolean {
  return (
    (isRefundEvent(event) && !!event.payload.refund) ||
    (isPaymentEvent(event) && !!event.payload.payment)
  );
}

/** The event a signed body carries; refused if it is not one (the gateway never sends that). */
function eventIn(raw: Buffer): GatewayEvent {
  try {
    const event = JSON.parse(raw.toString('utf8')) as GatewayEvent;
    if (typeof event?.event === 'string' && typeof event.payload === 'object' && event.payload) {
      return event;
    }
  } catch {
    // Refused below.
  }
  throw badInput('event: not a gateway event');
}

function entityIdOf(event: GatewayEvent): string {
  const { payment, refund, order } = event.payload;
  return payment?.entity.id ?? refund?.entity.id ?? order?.entity.id ?? '';
}
