import { Inject, Injectable } from '@nestjs/common';
import {
  CardDetails,
  DEMO_GATEWAY,
  demoPayerPage,
  checkCard,
  GatewayPayment,
  GatewayRefund,
  PAYMENT_GATEWAY,
  PaymentGateway,
  PaymentMethod,
} from '../payments';
import { orderNumberText } from '../shared/rules';
import type { OrderRecord } from './orders.service';
import type { PayerAction } from './order.schema';

/** The notes each gateway payment carries: how a webhook finds the shop's order, by number. */
export const ORDER_NOTE = 'shop_order';

/** What became of an attempt to pay, as the gateway tells it. */
export type AttemptOutcome =
  | { kind: 'paid'; paymentId: string }
  | { kind: 'failed'; paymentId: string; message: string }
  | { kind: 'pending' };

/** Who pays, as the gateway asks to know them. */
export interface Payer {
  email: string;
  contact: string;
  /** Whom a UPI payment pays, as the shop's payment settings name them. */
  upiPayee: { vpa: string; name: string };
}

export interface StartedAttempt {
  attemptId: string;
  payerAction: PayerAction | null;
}

const DECLINED = 'The payment was declined. Please try again or choose another way to pay.';

/**
 * The shop's side of the gateway for one order: its gateway order, each attempt to pay it,
 * what the gateway says became of them, and refunds. It writes nothing of the shop's: the
 * order service records what it answers.
 */
@Injectable()
export class OrderPayments {
  constructor(@Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway) {}

  get gatewayName(): string {
    return this.gateway.name;
  }

  /**
   * The demo gateway's page that stands in for the payer's UPI app, for an attempt; null with a
   * real gateway, where the payer's own app or bank is that page.
   */
  payerPageOf(attemptId: string): string | null {
    return this.gateway.name === DEMO_GATEWAY ? demoPayerPage(attemptId) : null;
  }

  /** Refuses card details that could never be charged, before any stock is taken. */
  checkCard(card: CardDetails): void {
    checkCard(card);
  }

  /** A gateway order for the order's total, its number as the receipt. */
  async gatewayOrderFor(order: OrderRecord): Promise<string> {
    const created = await this.gateway.createOrder({
      amount: order.total,
      currency: 'INR',
      receipt: orderNumberText(order.number!),
      notes: { [ORDER_NOTE]: orderNumberText(order.number!) },
    });
    return created.id;
  }

  /** A new attempt to pay the order's gateway order, by UPI (intent) or card. */
  async attempt(
    order: OrderRecord,
    gatewayOrderId: string,
    method: PaymentMethod,
    payer: Payer,
    card?: CardDetails,
  ): Promise<StartedAttempt> {
    const created = await this.gateway.createPayment({
      order_id: gatewayOrderId,
      amount: order.total,
      currency: 'INR',
      method,
      email: payer.email,
      contact: payer.contact,
      ...(method === 'upi' ? { upi: { flow: 'intent' as const } } : {}),
      ...(method === 'card' && card ? { card: gatewayCard(card) } : {}),
      notes: {
        [ORDER_NOTE]: orderNumberText(order.number!),
        ...(method === 'upi' && {
          upi_vpa: payer.upiPayee.vpa,
          upi_payee: payer.upiPayee.name,
          upi_note: `Order ${orderNumberText(order.number!)}`,
        }),
      },
    });
    // The UPI link to show or open; the demo gateway also names its page for the payer.
    const next = created.next.find((step) => step.action === 'intent') ?? created.next[0];
    return {
      attemptId: created.razorpay_payment_id,
      payerAction: next ? { action: next.action, url: next.url } : null,
    };
  }

  /** What the gateway says of one attempt now. */
  async outcomeOf(paymentId: string): Promise<AttemptOutcome> {
    return outcomeOf(await this.gateway.fetchPayment(paymentId));
  }

  /**
   * Whether any attempt on the gateway order was captured: asked when a webhook is late, as
   * the payment expires or after a crash.
   */
  async capturedOf(gatewayOrderId: string): Promise<GatewayPayment | null> {
    const payments = await this.gateway.fetchOrderPayments(gatewayOrderId);
    return payments.find((payment) => payment.status === 'captured') ?? null;
  }

  /** Asks `amount` paise of a payment back; the gateway answers the same refund for a receipt. */
  refund(
    order: OrderRecord,
    paymentId: string,
    amount: number,
    receipt: string,
  ): Promise<GatewayRefund> {
    return this.gateway.refund(paymentId, {
      amount,
      receipt,
      notes: { [ORDER_NOTE]: orderNumberText(order.number!) },
    });
  }
}

/** Paid once captured; failed with the gateway's reason; pending while the payer decides. */
export function outcomeOf(payment: GatewayPayment): AttemptOutcome {
  if (payment.status === 'captured' || payment.status === 'refunded') {
    return { kind: 'paid', paymentId: payment.id };
  }
  if (payment.status === 'failed') {
    return {
      kind: 'failed',
      paymentId: payment.id,
      message: payment.error_description ?? DECLINED,
    };
  }
  return { kind: 'pending' };
}

/** Card details as the gateway takes them: MM/YY split, the year in full. */
function gatewayCard(card: CardDetails) {
  const [month, year] = card.expiry.trim().split('/');
  return {
    number: card.number.replace(/[\s-]/g, ''),
    name: 'Card holder',
    expiry_month: month,
    expiry_year: `20${year}`,
    cvv: card.cvv.trim(),
  };
}
