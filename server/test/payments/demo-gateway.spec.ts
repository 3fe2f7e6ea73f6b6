import { createHmac } from 'node:crypto';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GATEWAY_KEYS } from '../../src/config/config';
import {
  GatewayError,
  GatewayEvent,
  GatewayPayment,
  PAYMENT_GATEWAY,
  PaymentGateway,
  RazorpayGateway,
} from '../../src/payments';
import { uniqueTag } from '../support/fixtures';
import { freePort } from '../support/ports';
import { PRODUCTION_ENV, useTestShop } from '../support/test-app';

/**
 * The shop's Razorpay adapter against the demo gateway, over real HTTP inside the real app:
 * the same code that would talk to Razorpay with real keys. Webhooks go to a receiver of this
 * file, which checks them with the adapter's verifyWebhook.
 */

interface Delivery {
  at: number;
  raw: Buffer;
  event: GatewayEvent;
  eventId: string | undefined;
  signature: string | undefined;
}

const deliveries: Delivery[] = [];
/** Statuses the receiver answers next, one per delivery; then 200. */
const failNext: number[] = [];
const receiver = createServer((incoming: IncomingMessage, response: ServerResponse) => {
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.on('end', () => {
    const raw = Buffer.concat(chunks);
    deliveries.push({
      at: Date.now(),
      raw,
      event: JSON.parse(raw.toString('utf8')) as GatewayEvent,
      eventId: incoming.headers['x-razorpay-event-id'] as string | undefined,
      signature: incoming.headers['x-razorpay-signature'] as string | undefined,
    });
    response.statusCode = failNext.shift() ?? 200;
    response.end();
  });
});
const REFUND_DELAY_MS = 300;
/** Filled in before the shop starts: its port and where its webhooks go. */
const env: Record<string, string> = {
  HOST: '127.0.0.1',
  DEMO_GATEWAY_REFUND_DELAY_MS: String(REFUND_DELAY_MS),
};
let gatewayUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  env.DEMO_GATEWAY_WEBHOOK_URL = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`;
  env.PORT = String(await freePort());
  gatewayUrl = `http://127.0.0.1:${env.PORT}/demo-gateway`;
});
const shop = useTestShop({ env });
const basic = (keyId: string, secret: string) =>
  `Basic ${Buffer.from(`${keyId}:${secret}`).toString('base64')}`;
const AUTH = basic(DEMO_GATEWAY_KEYS.keyId, DEMO_GATEWAY_KEYS.keySecret);

let gateway: PaymentGateway;

beforeAll(() => {
  // The shop listens on env.PORT already (test-app.ts): its gateway is spoken to over HTTP.
  gateway = shop.app.get<PaymentGateway>(PAYMENT_GATEWAY);
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
afterEach(async () => {
  await control({ reset: true });
});

/** A raw call to the demo gateway, as Razorpay would be called. */
async function call(method: string, path: string, body?: unknown, authorization = AUTH) {
  const response = await fetch(`${gatewayUrl}${path}`, {
    method,
    headers: { Authorization: authorization, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function control(body: Record<string, unknown>) {
  const answer = await call('POST', '/control', body);
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Posts the payer page's form, as a browser does, and follows nothing. */
async function payerForm(paymentId: string, action: string, returnTo?: string) {
  return fetch(`${gatewayUrl}/pay/${paymentId}/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: returnTo ? new URLSearchParams({ return: returnTo }).toString() : '',
    redirect: 'manual',
  });
}

async function payerPage(paymentId: string, returnTo?: string) {
  const query = returnTo ? `?return=${encodeURIComponent(returnTo)}` : '';
  const response = await fetch(`${gatewayUrl}/pay/${paymentId}${query}`);
  return { status: response.status, html: await response.text(), headers: response.headers };
}

/** A gateway order for a shop order of `amount` paise. */
async function newOrder(amount = 149_950) {
  const receipt = `BZ-${uniqueTag()}`;
  const order = await gateway.createOrder({ amount, currency: 'INR', receipt });
  return { ...order, receipt };
}

const PAYER = { email: 'priya@example.in', contact: '+919876543210' };

async function upiPayment(order: { id: string; amount: number }, notes?: Record<string, string>) {
  return gateway.createPayment({
    order_id: order.id,
    amount: order.amount,
    currency: 'INR',
    method: 'upi',
    ...PAYER,
    upi: { flow: 'intent' },
    ...(notes ? { notes } : {}),
  });
}

const CARD = { name: 'Priya Sharma', expiry_month: '12', expiry_year: '39', cvv: '123' };

async function cardPayment(order: { id: string; amount: number }, number: string) {
  return gateway.createPayment({
    order_id: order.id,
    amount: order.amount,
    currency: 'INR',
    method: 'card',
    ...PAYER,
    card: { ...CARD, number },
  });
}

/** Waits until `count` webhooks about `id` (a payment's or a refund's) have come. */
async function eventsAbout(id: string, count: number, withinMs = 5000): Promise<Delivery[]> {
  const until = Date.now() + withinMs;
  for (;;) {
    const found = deliveries.filter((delivery) => JSON.stringify(delivery.event).includes(id));
    if (found.length >= count || Date.now() > until) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function refused(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => {
      throw new Error('the gateway accepted it');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

/** Fields of Razorpay's documented entities the shop reads. */
const ORDER_FIELDS = [
  'id',
  'entity',
  'amount',
  'amount_paid',
  'amount_due',
  'currency',
  'receipt',
  'status',
  'attempts',
  'notes',
  'created_at',
];
const PAYMENT_FIELDS = [
  'id',
  'entity',
  'amount',
  'currency',
  'status',
  'order_id',
  'method',
  'amount_refunded',
  'refund_status',
  'captured',
  'email',
  'contact',
  'notes',
  'error_code',
  'error_description',
  'created_at',
];
const REFUND_FIELDS = [
  'id',
  'entity',
  'amount',
  'currency',
  'payment_id',
  'notes',
  'receipt',
  'status',
  'created_at',
];

describe('the demo gateway: orders and UPI payments', () => {
  it('creates a gateway order with Razorpay’s fields, amount due the whole amount', async () => {
    const order = await newOrder(149_950);
    expect(Object.keys(order)).toEqual(expect.arrayContaining(ORDER_FIELDS));
    expect(order).toMatchObject({
      entity: 'order',
      amount: 149_950,
      amount_paid: 0,
      amount_due: 149_950,
      currency: 'INR',
      status: 'created',
    });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
  });

  it('starts a UPI payment whose intent link pays the amount in rupees to the payee', async () => {
    const order = await newOrder(149_950);
    const created = await upiPayment(order, { upi_vpa: 'bazaar@okaxis', upi_payee: 'Bazaar & Co' });
    expect(created.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    const intent = created.next.find((next) => next.action === 'intent')!;
    expect(intent.url).toMatch(/^upi:\/\/pay\?/);
    const link = new URL(intent.url);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      pa: 'bazaar@okaxis',
      pn: 'Bazaar & Co',
      am: '1499.50',
      cu: 'INR',
      tr: created.razorpay_payment_id,
      tn: `Order ${order.receipt}`,
    });
    // Spaces as %20, which UPI apps read, not +.
    expect(intent.url).toContain('pn=Bazaar%20%26%20Co');
    expect(created.next).toContainEqual({
      action: 'redirect',
      url: `/demo-gateway/pay/${created.razorpay_payment_id}`,
    });

    const payment = await gateway.fetchPayment(created.razorpay_payment_id);
    expect(Object.keys(payment)).toEqual(expect.arrayContaining(PAYMENT_FIELDS));
    expect(payment).toMatchObject({
      entity: 'payment',
      status: 'created',
      method: 'upi',
      order_id: order.id,
      amount: 149_950,
      captured: false,
      amount_refunded: 0,
      refund_status: null,
    });
  });

  it('names the demo payee when the shop names none', async () => {
    const order = await newOrder(100);
    const link = new URL((await upiPayment(order)).next[0].url);
    expect(link.searchParams.get('pa')).toBe('shop@demogateway');
    expect(link.searchParams.get('am')).toBe('1.00');
  });

  it('is paid when the payer approves on the payer page, and says so by signed webhooks', async () => {
    const order = await newOrder(52_500);
    const { razorpay_payment_id: id } = await upiPayment(order);

    const page = await payerPage(id, '/orders/BZ-000123');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.html).toContain('<html lang="en">');
    expect(page.html).toMatch(/<title>Pay ₹525\.00/);
    expect(page.html).toContain('name="viewport"');
    expect(page.html).not.toMatch(/<script/i);
    for (const action of ['approve', 'decline', 'expire']) {
      expect(page.html).toContain(`action="/demo-gateway/pay/${id}/${action}"`);
    }
    expect(page.html).toContain('>Approve payment</button>');
    expect(page.html).toContain('>Decline</button>');
    expect(page.html).toContain('>Let it expire</button>');
    // The shop's policy, which the page needs nothing beyond: forms to itself, no script.
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");

    const answer = await payerForm(id, 'approve', '/orders/BZ-000123');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(
      `/demo-gateway/pay/${id}?return=${encodeURIComponent('/orders/BZ-000123')}`,
    );
    const after = await payerPage(id, '/orders/BZ-000123');
    expect(after.html).toContain('Payment approved');
    expect(after.html).toContain('<a href="/orders/BZ-000123">Back to the shop</a>');

    expect(await gateway.fetchPayment(id)).toMatchObject({ status: 'captured', captured: true });
    const paid = await call('GET', `/v1/orders/${order.id}`);
    expect(paid.body).toMatchObject({ status: 'paid', amount_paid: 52_500, amount_due: 0 });

    const events = await eventsAbout(id, 2);
    expect(events.map((delivery) => delivery.event.event)).toEqual([
      'payment.captured',
      'order.paid',
    ]);
    for (const delivery of events) {
      expect(gateway.verifyWebhook(delivery.raw, delivery.signature)).toBe(true);
      expect(delivery.eventId).toMatch(/^evt_[A-Za-z0-9]{14}$/);
      expect(delivery.event).toMatchObject({ entity: 'event', account_id: expect.any(String) });
    }
    expect(new Set(events.map((delivery) => delivery.eventId)).size).toBe(2);
    const [captured, orderPaid] = events.map((delivery) => delivery.event);
    expect(captured.contains).toEqual(['payment']);
    expect(captured.payload.payment!.entity).toMatchObject({ id, status: 'captured' });
    expect(Object.keys(captured.payload.payment!.entity)).toEqual(
      expect.arrayContaining(PAYMENT_FIELDS),
    );
    expect(orderPaid.contains).toEqual(['payment', 'order']);
    expect(orderPaid.payload.order!.entity).toMatchObject({ id: order.id, status: 'paid' });
  });

  it('fails the payment the payer declines, and it stays failed', async () => {
    const order = await newOrder();
    const { razorpay_payment_id: id } = await upiPayment(order);
    expect((await payerForm(id, 'decline')).status).toBe(303);
    const payment = await gateway.fetchPayment(id);
    expect(payment).toMatchObject({
      status: 'failed',
      captured: false,
      error_code: 'BAD_REQUEST_ERROR',
      error_description: 'Payment was declined by the payer',
    });
    // A second answer changes nothing: the page shows how it stands.
    expect((await payerForm(id, 'approve')).status).toBe(303);
    expect((await gateway.fetchPayment(id)).status).toBe('failed');
    expect((await payerPage(id)).html).toContain(
      'Payment failed: Payment was declined by the payer',
    );
    const events = await eventsAbout(id, 1);
    expect(events.map((delivery) => delivery.event.event)).toEqual(['payment.failed']);
    expect(gateway.verifyWebhook(events[0].raw, events[0].signature)).toBe(true);
    const order_ = await call('GET', `/v1/orders/${order.id}`);
    expect(order_.body).toMatchObject({ status: 'attempted', amount_due: order.amount });
  });

  it('fails the payment the payer lets expire, as timed out', async () => {
    const order = await newOrder();
    const { razorpay_payment_id: id } = await upiPayment(order);
    await payerForm(id, 'expire');
    expect(await gateway.fetchPayment(id)).toMatchObject({
      status: 'failed',
      error_reason: 'payment_timed_out',
    });
    expect((await eventsAbout(id, 1))[0].event.event).toBe('payment.failed');
  });

  it('links back to paths of the shop only', async () => {
    const order = await newOrder();
    const { razorpay_payment_id: id } = await upiPayment(order);
    await control({ payment: id, action: 'approve' });
    for (const elsewhere of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'x']) {
      const page = await payerPage(id, elsewhere);
      expect(page.html).toContain('Payment approved');
      expect(page.html).not.toContain('Back to the shop');
    }
    const answer = await payerForm(id, 'decline', '//evil.example');
    expect(answer.headers.get('location')).toBe(`/demo-gateway/pay/${id}`);
  });

  it('answers 404 for a payment it does not have', async () => {
    const page = await payerPage('pay_NoSuchPayment00');
    expect(page.status).toBe(404);
    expect(page.html).toContain('No such payment');
  });

  it('lists an order’s payments, newest first, as Razorpay’s collection', async () => {
    const order = await newOrder();
    const first = await upiPayment(order);
    await payerForm(first.razorpay_payment_id, 'decline');
    const second = await upiPayment(order);
    await payerForm(second.razorpay_payment_id, 'approve');
    const payments = await gateway.fetchOrderPayments(order.id);
    expect(payments.map((payment) => [payment.id, payment.status])).toEqual([
      [second.razorpay_payment_id, 'captured'],
      [first.razorpay_payment_id, 'failed'],
    ]);
    const raw = await call('GET', `/v1/orders/${order.id}/payments`);
    expect(raw.body).toMatchObject({ entity: 'collection', count: 2 });
    // Paid: no payment more.
    const error = await refused(upiPayment(order));
    expect(error).toMatchObject({ status: 400, code: 'BAD_REQUEST_ERROR', field: 'order_id' });
  });
});

describe('the demo gateway: cards', () => {
  it('captures the approving test card at once, with nothing for the payer to do', async () => {
    const order = await newOrder();
    const created = await cardPayment(order, '4242 4242 4242 4242');
    expect(created.next).toEqual([]);
    expect(await gateway.fetchPayment(created.razorpay_payment_id)).toMatchObject({
      status: 'captured',
      method: 'card',
    });
    const events = await eventsAbout(created.razorpay_payment_id, 2);
    expect(events.map((delivery) => delivery.event.event)).toEqual([
      'payment.captured',
      'order.paid',
    ]);
  });

  it.each([
    ['the declining test card', '4000000000000002', 'Card declined'],
    [
      'any other card',
      '5555555555554444',
      'Card declined: the demo gateway accepts its test cards only',
    ],
  ])('fails %s', async (_case, number, description) => {
    const order = await newOrder();
    const created = await cardPayment(order, number);
    expect(created.next).toEqual([]);
    expect(await gateway.fetchPayment(created.razorpay_payment_id)).toMatchObject({
      status: 'failed',
      error_description: description,
    });
    expect((await eventsAbout(created.razorpay_payment_id, 1))[0].event.event).toBe(
      'payment.failed',
    );
  });

  it('refuses a card number that is not one, naming the field', async () => {
    const order = await newOrder();
    const error = await refused(cardPayment(order, '4242424242424241'));
    expect(error).toMatchObject({ status: 400, code: 'BAD_REQUEST_ERROR', field: 'card.number' });
    expect(await gateway.fetchOrderPayments(order.id)).toEqual([]);
  });
});

describe('the demo gateway: bad requests in Razorpay’s words', () => {
  it('refuses wrong keys with 401', async () => {
    const wrong = new RazorpayGateway({
      ...shop.config.paymentGateway,
      keySecret: 'not-the-secret',
    });
    const error = await refused(wrong.createOrder({ amount: 100, currency: 'INR', receipt: 'x' }));
    expect(error).toMatchObject({
      status: 401,
      code: 'BAD_REQUEST_ERROR',
      description: 'Authentication failed',
    });
    for (const authorization of ['', 'Bearer x', basic('rzp_test_other', 'x')]) {
      const answer = await call('GET', '/v1/payments/pay_x', undefined, authorization);
      expect(answer.status).toBe(401);
    }
  });

  it.each([
    [{ amount: '100', currency: 'INR', receipt: 'r' }, 'amount'],
    [{ amount: 99, currency: 'INR', receipt: 'r' }, 'amount'],
    [{ amount: 100.5, currency: 'INR', receipt: 'r' }, 'amount'],
    [{ amount: 100, currency: 'USD', receipt: 'r' }, 'currency'],
    [{ amount: 100, currency: 'INR' }, 'receipt'],
    [{ amount: 100, currency: 'INR', receipt: 'r'.repeat(41) }, 'receipt'],
    [{ amount: 100, currency: 'INR', receipt: 'r', notes: { a: 1 } }, 'notes'],
  ])('refuses the order %o naming %s', async (body, field) => {
    const answer = await call('POST', '/v1/orders', body);
    expect(answer).toMatchObject({
      status: 400,
      body: { error: { code: 'BAD_REQUEST_ERROR', field, description: expect.any(String) } },
    });
  });

  it('refuses payments that do not fit their order, naming the field', async () => {
    const order = await newOrder(1000);
    const good = {
      order_id: order.id,
      amount: 1000,
      currency: 'INR',
      method: 'upi',
      ...PAYER,
      upi: { flow: 'intent' },
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ order_id: 'order_NoSuchOrder000' }, 'order_id'],
      [{ amount: 999 }, 'amount'],
      [{ method: 'netbanking' }, 'method'],
      [{ upi: { flow: 'collect' } }, 'upi.flow'],
      [{ email: undefined }, 'email'],
      [{ contact: undefined }, 'contact'],
    ];
    for (const [change, field] of cases) {
      const answer = await call('POST', '/v1/payments/create/json', { ...good, ...change });
      expect(answer, field).toMatchObject({ status: 400, body: { error: { field } } });
    }
    expect(await gateway.fetchOrderPayments(order.id)).toEqual([]);
  });

  it('answers an unknown payment with Razorpay’s 400', async () => {
    const error = await refused(gateway.fetchPayment('pay_NoSuchPayment00'));
    expect(error).toMatchObject({ status: 400, description: 'The id provided does not exist' });
  });
});

describe('the demo gateway: refunds', () => {
  async function capturedPayment(amount: number): Promise<GatewayPayment> {
    const order = await newOrder(amount);
    const created = await cardPayment(order, '4242424242424242');
    return gateway.fetchPayment(created.razorpay_payment_id);
  }

  it('refunds in full: pending, then processed after the delay, each told by webhook', async () => {
    const payment = await capturedPayment(20_000);
    const refund = await gateway.refund(payment.id, { amount: 20_000, receipt: 'BZ-1-r1' });
    expect(Object.keys(refund)).toEqual(expect.arrayContaining(REFUND_FIELDS));
    expect(refund).toMatchObject({
      entity: 'refund',
      payment_id: payment.id,
      amount: 20_000,
      currency: 'INR',
      receipt: 'BZ-1-r1',
      status: 'pending',
    });
    expect(refund.id).toMatch(/^rfnd_[A-Za-z0-9]{14}$/);
    expect(await gateway.fetchPayment(payment.id)).toMatchObject({
      status: 'refunded',
      amount_refunded: 20_000,
      refund_status: 'full',
    });
    const events = await eventsAbout(refund.id, 2);
    expect(events.map((delivery) => delivery.event.event)).toEqual([
      'refund.created',
      'refund.processed',
    ]);
    expect(events[1].at - events[0].at).toBeGreaterThanOrEqual(REFUND_DELAY_MS - 50);
    expect(events[1].event.payload.refund!.entity).toMatchObject({
      id: refund.id,
      status: 'processed',
    });
    for (const delivery of events) {
      expect(gateway.verifyWebhook(delivery.raw, delivery.signature)).toBe(true);
    }
    expect((await gateway.fetchRefunds(payment.id)).map((made) => made.status)).toEqual([
      'processed',
    ]);
    const more = await refused(gateway.refund(payment.id, { amount: 100, receipt: 'BZ-1-r2' }));
    expect(more).toMatchObject({ status: 400, code: 'BAD_REQUEST_ERROR' });
  });

  it('refunds in parts, never more than is left', async () => {
    const payment = await capturedPayment(10_000);
    await gateway.refund(payment.id, { amount: 3000, receipt: 'p-1' });
    await gateway.refund(payment.id, { amount: 5000, receipt: 'p-2' });
    expect(await gateway.fetchPayment(payment.id)).toMatchObject({
      status: 'captured',
      amount_refunded: 8000,
      refund_status: 'partial',
    });
    const over = await refused(gateway.refund(payment.id, { amount: 2001, receipt: 'p-3' }));
    expect(over).toMatchObject({ status: 400, field: 'amount' });
    expect((await gateway.fetchPayment(payment.id)).amount_refunded).toBe(8000);
    const last = await gateway.refund(payment.id, { amount: 2000, receipt: 'p-3' });
    expect(last.amount).toBe(2000);
    expect((await gateway.fetchRefunds(payment.id)).map((made) => made.receipt)).toEqual([
      'p-3',
      'p-2',
      'p-1',
    ]);
  });

  it('answers the same refund for the same receipt, where the gateway itself would refund twice', async () => {
    const payment = await capturedPayment(10_000);
    const first = await gateway.refund(payment.id, { amount: 1000, receipt: 'again' });
    const second = await gateway.refund(payment.id, { amount: 1000, receipt: 'again' });
    expect(second.id).toBe(first.id);
    expect((await gateway.fetchPayment(payment.id)).amount_refunded).toBe(1000);
    // Asked directly, the gateway makes another: receipts are the adapter's to keep once.
    const direct = await call('POST', `/v1/payments/${payment.id}/refund`, {
      amount: 1000,
      receipt: 'again',
    });
    expect(direct.status).toBe(200);
    expect(direct.body.id).not.toBe(first.id);
    expect((await gateway.fetchPayment(payment.id)).amount_refunded).toBe(2000);
  });

  it('refuses to refund a payment not captured', async () => {
    const order = await newOrder();
    const { razorpay_payment_id: id } = await upiPayment(order);
    const error = await refused(gateway.refund(id, { amount: 100, receipt: 'x' }));
    expect(error).toMatchObject({ status: 400, code: 'BAD_REQUEST_ERROR' });
  });

  it('processes a refund at once through the control API', async () => {
    await control({ reset: true });
    const payment = await capturedPayment(5000);
    const refund = await gateway.refund(payment.id, { amount: 5000, receipt: 'now' });
    const answer = await control({ processRefund: refund.id });
    expect(answer.refund).toMatchObject({ id: refund.id, status: 'processed' });
  });
});

describe('the demo gateway: webhooks as tests ask for them', () => {
  it('signs with the webhook secret: another secret, a changed body or no header fail', async () => {
    const order = await newOrder();
    const { razorpay_payment_id: id } = await upiPayment(order);
    await control({ payment: id, action: 'approve' });
    const [delivery] = await eventsAbout(id, 1);
    const expected = createHmac('sha256', DEMO_GATEWAY_KEYS.webhookSecret)
      .update(delivery.raw)
      .digest('hex');
    expect(delivery.signature).toBe(expected);
    expect(gateway.verifyWebhook(delivery.raw, delivery.signature)).toBe(true);
    const otherSecret = new RazorpayGateway({
      ...shop.config.paymentGateway,
      webhookSecret: 'another-secret',
    });
    expect(otherSecret.verifyWebhook(delivery.raw, delivery.signature)).toBe(false);
    const tampered = Buffer.from(delivery.raw.toString().replace('"captured"', '"failed"'));
    expect(tampered.equals(delivery.raw)).toBe(false);
    expect(gateway.verifyWebhook(tampered, delivery.signature)).toBe(false);
    expect(gateway.verifyWebhook(delivery.raw, undefined)).toBe(false);
  });

  it('sends each event twice, with the same event id, when asked to repeat', async () => {
    await control({ repeat: true });
    const order = await newOrder();
    const { razorpay_payment_id: id } = await upiPayment(order);
    await control({ payment: id, action: 'decline' });
    const events = await eventsAbout(id, 2);
    expect(events).toHaveLength(2);
    expect(events[0].eventId).toBe(events[1].eventId);
    expect(events[0].raw.equals(events[1].raw)).toBe(true);
  });

  it('waits before sending when asked to delay', async () => {
    await control({ delayMs: 600 });
    const order = await newOrder();
    const { razorpay_payment_id: id } = await upiPayment(order);
    const approved = Date.now();
    const answer = await payerForm(id, 'decline');
    // The payer is never kept waiting for the webhook.
    expect(Date.now() - approved).toBeLessThan(600);
    expect(answer.status).toBe(303);
    const [delivery] = await eventsAbout(id, 1);
    expect(delivery.at - approved).toBeGreaterThanOrEqual(550);
  });

  it('holds events and sends them newest first when flushed, to reorder them', async () => {
    await control({ reorder: true });
    const order = await newOrder();
    const { razorpay_payment_id: id } = await upiPayment(order);
    const state = await control({ payment: id, action: 'approve' });
    expect(state.webhooks).toMatchObject({ reorder: true, held: 2 });
    expect(await eventsAbout(id, 1, 300)).toEqual([]);
    const flushed = await control({ flush: true });
    expect(flushed.flushed).toBe(2);
    const events = await eventsAbout(id, 2);
    expect(events.map((delivery) => delivery.event.event)).toEqual([
      'order.paid',
      'payment.captured',
    ]);
  });

  it('never sends when asked to drop: the shop must ask the gateway', async () => {
    await control({ drop: true });
    const order = await newOrder();
    const { razorpay_payment_id: id } = await upiPayment(order);
    const state = await control({ payment: id, action: 'approve' });
    expect(state.webhooks).toMatchObject({ drop: true, dropped: 2 });
    expect(await eventsAbout(id, 1, 500)).toEqual([]);
    expect((await gateway.fetchOrderPayments(order.id))[0]).toMatchObject({
      id,
      status: 'captured',
    });
  });

  it('tries again when the shop answers an error, with the same event id', async () => {
    failNext.push(503);
    const order = await newOrder();
    const { razorpay_payment_id: id } = await upiPayment(order);
    await control({ payment: id, action: 'decline' });
    const events = await eventsAbout(id, 2);
    expect(events).toHaveLength(2);
    expect(events[0].eventId).toBe(events[1].eventId);
    expect(events[1].at - events[0].at).toBeGreaterThanOrEqual(200);
  });

  it('refuses control requests it cannot read, naming the field', async () => {
    for (const [body, field] of [
      [{ delayMs: -1 }, 'delayMs'],
      [{ repeat: 'yes' }, 'repeat'],
      [{ payment: 'pay_x' }, 'action'],
      [{ payment: 'pay_x', action: 'pay' }, 'action'],
    ] as const) {
      const answer = await call('POST', '/control', body);
      expect(answer).toMatchObject({ status: 400, body: { error: { field } } });
    }
  });
});

describe('the demo gateway where it is not for tests', () => {
  const production = useTestShop({ env: { ...PRODUCTION_ENV } });
  const razorpay = useTestShop({
    env: {
      PAYMENT_GATEWAY: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_test_Abc123Def456Gh',
      RAZORPAY_KEY_SECRET: 'a-secret',
      RAZORPAY_WEBHOOK_SECRET: 'a-webhook-secret',
    },
  });

  it('serves no control API in production, only the gateway and its payer page', async () => {
    const auth = { Authorization: AUTH };
    await production.http().post('/demo-gateway/control').set(auth).send({}).expect(404);
    await production.http().get('/demo-gateway/control').set(auth).expect(404);
    await production.http().get('/demo-gateway/v1/payments/pay_x').expect(401);
    await production.http().get('/demo-gateway/pay/pay_NoSuchPayment00').expect(404);
  });

  it('is not there at all when the shop speaks to Razorpay', async () => {
    const answer = await razorpay
      .http()
      .post('/demo-gateway/v1/orders')
      .set({ Authorization: AUTH })
      .send({ amount: 100, currency: 'INR', receipt: 'r' });
    expect(answer.status).toBe(404);
    expect(razorpay.app.get<PaymentGateway>(PAYMENT_GATEWAY).name).toBe('razorpay');
  });
});
