/**
 * What the shop asks of a payment gateway, in the words of Razorpay's API (v1): the shop makes
 * a gateway order for each of its orders, a payment against it for each attempt to pay, and
 * hears of the outcome by a signed webhook or by asking. Amounts are paise, currency INR.
 * `RazorpayGateway` speaks it over HTTP, to Razorpay or to the demo gateway the project runs.
 */

/** POST /v1/orders */
export interface NewGatewayOrder {
  /** Paise. */
  amount: number;
  currency: 'INR';
  /** The shop's order number, BZ-000123. */
  receipt: string;
  notes?: Record<string, string>;
}

export interface GatewayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: 'INR';
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  /** Payments made against it. */
  attempts?: number;
  notes?: Record<string, string>;
  created_at: number;
}

export type PaymentMethod = 'upi' | 'card';

/** POST /v1/payments/create/json: an attempt to pay a gateway order, server to server. */
export interface NewGatewayPayment {
  order_id: string;
  /** Paise: the order's amount. */
  amount: number;
  currency: 'INR';
  method: PaymentMethod;
  email: string;
  contact: string;
  /**
   * UPI: the intent flow, whose `next` gives the upi://pay link to show or open. With the demo
   * gateway, `notes.upi_vpa` and `notes.upi_payee` name the payee the link pays (the shop's own
   * VPA and name); Razorpay puts its own there.
   */
  upi?: { flow: 'intent' };
  card?: { number: string; name: string; expiry_month: string; expiry_year: string; cvv: string };
  /** Where the payer is sent back after a redirect (cards' 3-D Secure). */
  callback_url?: string;
  notes?: Record<string, string>;
}

export interface CreatedGatewayPayment {
  razorpay_payment_id: string;
  /** What the payer does next: open a UPI app (`intent`) or a bank page (`redirect`). */
  next: { action: 'intent' | 'redirect'; url: string }[];
}

export type GatewayPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

export interface GatewayPayment {
  id: string;
  entity: 'payment';
  order_id: string;
  amount: number;
  currency: 'INR';
  status: GatewayPaymentStatus;
  method: PaymentMethod;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  error_code: string | null;
  error_description: string | null;
  /** UPI: the payer's VPA, once known. */
  vpa?: string | null;
  email?: string;
  contact?: string;
  /** As given at creation. */
  notes?: Record<string, string>;
  created_at: number;
}

/** POST /v1/payments/:id/refund */
export interface NewGatewayRefund {
  /** Paise; never more than is left to refund. */
  amount: number;
  /** The shop's key for this refund: asked again, the gateway's refund with it is the answer. */
  receipt: string;
  notes?: Record<string, string>;
}

export interface GatewayRefund {
  id: string;
  entity: 'refund';
  payment_id: string;
  amount: number;
  currency: 'INR';
  receipt: string | null;
  status: 'pending' | 'processed' | 'failed';
  notes?: Record<string, string>;
  created_at: number;
}

/** A webhook's body, as `X-Razorpay-Signature` signs it. */
export interface GatewayEvent {
  entity: 'event';
  account_id: string;
  event:
    | 'payment.authorized'
    | 'payment.captured'
    | 'payment.failed'
    | 'order.paid'
    | 'refund.created'
    | 'refund.processed'
    | 'refund.failed';
  contains: ('payment' | 'order' | 'refund')[];
  payload: {
    payment?: { entity: GatewayPayment };
    order?: { entity: GatewayOrder };
    refund?: { entity: GatewayRefund };
  };
  created_at: number;
}

export interface PaymentGateway {
  /** 'demo' or 'razorpay', as PAYMENT_GATEWAY names it; stored on each payment. */
  readonly name: string;
  createOrder(order: NewGatewayOrder): Promise<GatewayOrder>;
  createPayment(payment: NewGatewayPayment): Promise<CreatedGatewayPayment>;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /** Every payment made against a gateway order, for recovery when a webhook is late. */
  fetchOrderPayments(orderId: string): Promise<GatewayPayment[]>;
  refund(paymentId: string, refund: NewGatewayRefund): Promise<GatewayRefund>;
  fetchRefunds(paymentId: string): Promise<GatewayRefund[]>;
  /**
   * Whether `signature` (the X-Razorpay-Signature header) is the hex HMAC-SHA256 of the raw
   * body with the webhook secret; compared in constant time.
   */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): boolean;
}

export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');
