import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { DemoGateway, PAYER_ACTIONS, PayerAction, payerPagePath } from './demo-gateway.service';
import { noSuchPaymentPage, payerPage, sameOriginPath } from './payer-page';
import { RazorpayError } from './razorpay-error';

function sendPage(response: Response, status: number, html: string): void {
  response.status(status).type('html').setHeader('Cache-Control', 'no-store').send(html);
}

/**
 * GET /demo-gateway/pay/:paymentId?return=/path shows the payment; its forms POST to
 * /demo-gateway/pay/:paymentId/approve|decline|expire, which answer 303 back to the page,
 * now showing the outcome and the way back to `return`.
 */
@ApiExcludeController()
@Controller('demo-gateway/pay')
export class PayerPageController {
  constructor(private readonly gateway: DemoGateway) {}

  @Get(':paymentId')
  async show(
    @Param('paymentId') paymentId: string,
    @Query('return') returnRaw: unknown,
    @Res() response: Response,
  ) {
    const returnTo = sameOriginPath(returnRaw);
    const view = await this.gateway.payerView(paymentId);
    if (!view) return sendPage(response, 404, noSuchPaymentPage(returnTo));
    sendPage(response, 200, payerPage(view, returnTo, payerPagePath(paymentId)));
  }

  @Post(':paymentId/:action')
  async act(
    @Param('paymentId') paymentId: string,
    @Param('action') action: string,
    @Body() body: Record<string, unknown> | undefined,
    @Res() response: Response,
  ) {
    const returnTo = sameOriginPath(body?.return);
    if (!PAYER_ACTIONS.includes(action as PayerAction)) {
      return sendPage(response, 404, noSuchPaymentPage(returnTo));
    }
    try {
      await this.gateway.act(paymentId, action as PayerAction);
    } catch (error) {
      // Answered already (a second click, another tab): the page shows how it stands.
      if (!(error instanceof RazorpayError) || error.status !== 400) throw error;
    }
    const query = returnTo ? `?return=${encodeURIComponent(returnTo)}` : '';
    response.redirect(303, `${payerPagePath(paymentId)}${query}`);
  }
}
