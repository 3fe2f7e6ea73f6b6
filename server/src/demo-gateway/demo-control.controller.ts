import { Body, Controller, Get, HttpCode, Post, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DemoGateway, PAYER_ACTIONS, PayerAction } from './demo-gateway.service';
import { DemoKeysGuard } from './demo-keys.guard';
import { DemoWebhooks, WebhookBehaviour } from './demo-webhooks';
import { badRequest, RazorpayErrorFilter } from './razorpay-error';

const MAX_DELAY_MS = 600_000;

/**
 * For tests, never in production (mounted only when `demoGateway.control`): how webhooks go
 * out, and a payer's answer without the payer page. One POST, every field optional, done in
 * this order: `reset`, the webhook settings, `flush`, the payment's answer, the refund.
 *
 *     { "reset": true,
 *       "delayMs": 500, "repeat": true, "reorder": true, "drop": false,
 *       "flush": true,
 *       "payment": "pay_...", "action": "approve" | "decline" | "expire",
 *       "processRefund": "rfnd_..." }
 *
 * Answers `{ webhooks: { delayMs, repeat, reorder, drop, held, dropped }, flushed?, payment?, refund? }`.
 */
@ApiExcludeController()
@Controller('demo-gateway/control')
@UseGuards(DemoKeysGuard)
@UseFilters(RazorpayErrorFilter)
export class DemoControlController {
  constructor(
    private readonly gateway: DemoGateway,
    private readonly webhooks: DemoWebhooks,
  ) {}

  @Get()
  state() {
    return { webhooks: this.webhooks.state() };
  }

  @Post()
  @HttpCode(200)
  async control(@Body() given: unknown) {
    const body = (typeof given === 'object' && given !== null ? given : {}) as Record<
      string,
      unknown
    >;
    const change = behaviourChange(body);
    const action = body.action as PayerAction | undefined;
    if (body.payment !== undefined && typeof body.payment !== 'string') {
      throw badRequest('payment must be a payment id.', 'payment');
    }
    if (
      (body.payment !== undefined) !== (action !== undefined) ||
      (action && !PAYER_ACTIONS.includes(action))
    ) {
      throw badRequest(`payment comes with an action: ${PAYER_ACTIONS.join(', ')}.`, 'action');
    }
    if (body.processRefund !== undefined && typeof body.processRefund !== 'string') {
      throw badRequest('processRefund must be a refund id.', 'processRefund');
    }
    if (body.reset === true) this.webhooks.reset();
    this.webhooks.change(change);
    const flushed = body.flush === true ? this.webhooks.flush() : undefined;
    const payment = action ? await this.gateway.act(body.payment as string, action) : undefined;
    const refund =
      typeof body.processRefund === 'string'
        ? await this.gateway.processRefund(body.processRefund)
        : undefined;
    return { webhooks: this.webhooks.state(), flushed, payment, refund };
  }
}

function behaviourChange(body: Record<string, unknown>): Partial<WebhookBehaviour> {
  const change: Partial<WebhookBehaviour> = {};
  if (body.delayMs !== undefined) {
    const delay = body.delayMs;
    if (
      typeof delay !== 'number' ||
      !Number.isInteger(delay) ||
      delay < 0 ||
      delay > MAX_DELAY_MS
    ) {
      throw badRequest(`delayMs must be a whole number from 0 to ${MAX_DELAY_MS}.`, 'delayMs');
    }
    change.delayMs = delay;
  }
  for (const name of ['repeat', 'reorder', 'drop'] as const) {
    if (body[name] === undefined) continue;
    if (typeof body[name] !== 'boolean') throw badRequest(`${name} must be true or false.`, name);
    change[name] = body[name];
  }
  return change;
}
