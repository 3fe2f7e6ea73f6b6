import { isWebhookSignature } from '../../common/webhook-signature';
import type { PaymentGatewayConfig } from '../../config/config';
import { GatewayError, isRazorpayErrorBody, NO_ANSWER } from './gateway-error';
import {
  CreatedGatewayPayment,
  GatewayOrder,
  GatewayPayment,
  GatewayRefund,
  NewGatewayOrder,
  NewGatewayPayment,
  NewGatewayRefund,
  PaymentGateway,
} from './payment-gateway';

/** A list as Razorpay's API answers one. */
interface Collection<T> {
  entity: 'collection';
  count: number;
  items: T[];
}

/** The most a page of a Razorpay list holds (`count`). */
const PAGE_SIZE = 100;

/**
 * Razorpay's Orders, Payments and Refunds API (v1) over HTTP, with Node's fetch: HTTP Basic
 * auth with the key id and secret, JSON both ways, each call given up after `timeoutMs`.
 * Razorpay's own Node SDK fixes its host to api.razorpay.com, so it could not be pointed at
 * the demo gateway that stands in for Razorpay in development, tests and the demo
 * (docs/decisions/024-payment-gateway.md). The same code talks to either.
 */
export class RazorpayGateway implements PaymentGateway {
  readonly name: string;
  private readonly authorization: string;

  constructor(private readonly config: PaymentGatewayConfig) {
    this.name = config.name;
    this.authorization = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;
  }

  createOrder(order: NewGatewayOrder): Promise<GatewayOrder> {
    return this.call('POST', '/v1/orders', order);
  }

  /** Server to server (S2S JSON): the answer's `next` says what the payer does. */
  createPayment(payment: NewGatewayPayment): Promise<CreatedGatewayPayment> {
    return this.call('POST', '/v1/payments/create/json', payment);
  }

  fetchPayment(paymentId: string): Promise<GatewayPayment> {
    return this.call('GET', `/v1/payments/${encodeURIComponent(paymentId)}`);
  }

  async fetchOrderPayments(orderId: string): Promise<GatewayPayment[]> {
    const list = await this.call<Collection<GatewayPayment>>(
      'GET',
      `/v1/orders/${encodeURIComponent(orderId)}/payments`,
    );
    return list.items;
  }

  /**
   * Idempotent by `receipt`, here in the adapter: Razorpay makes a new refund each time it is
   * asked, so the payment's refunds are read first and one with this receipt is the answer.
   * Two calls with one receipt at the same moment could both find none: the caller runs a
   * payment's refunds one at a time.
   */
  async refund(paymentId: string, refund: NewGatewayRefund): Promise<GatewayRefund> {
    const earlier = (await this.fetchRefunds(paymentId)).find(
      (made) => made.receipt === refund.receipt,
    );
    if (earlier) return earlier;
    return this.call('POST', `/v1/payments/${encodeURIComponent(paymentId)}/refund`, refund);
  }

  /** Every refund of the payment, page by page (Razorpay answers 10 unless asked for more). */
  async fetchRefunds(paymentId: string): Promise<GatewayRefund[]> {
    const refunds: GatewayRefund[] = [];
    for (;;) {
      const page = await this.call<Collection<GatewayRefund>>(
        'GET',
        `/v1/payments/${encodeURIComponent(paymentId)}/refunds?count=${PAGE_SIZE}&skip=${refunds.length}`,
      );
      refunds.push(...page.items);
      if (page.items.length < PAGE_SIZE) return refunds;
    }
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): boolean {
    return isWebhookSignature(rawBody, signature, this.config.webhookSecret);
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.config.apiUrl}${path}`, {
        method,
        headers: {
          Authorization: this.authorization,
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.config.timeoutMs),
        // A redirect would carry the keys elsewhere; the API never answers one.
        redirect: 'error',
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new GatewayError(
        null,
        NO_ANSWER,
        timedOut
          ? `${method} ${path.split('?')[0]} had no answer within ${this.config.timeoutMs} ms`
          : `${method} ${path.split('?')[0]} failed: ${(error as Error).message}`,
      );
    }
    const text = await response.text().catch(() => '');
    const answer = parseJson(text);
    if (response.ok && answer !== undefined) return answer as T;
    if (isRazorpayErrorBody(answer)) {
      const { code, description, field } = answer.error;
      throw new GatewayError(response.status, code, description, field ?? null);
    }
    throw new GatewayError(
      response.status,
      response.status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR',
      `${method} ${path.split('?')[0]} answered ${response.status} without a Razorpay error`,
    );
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
