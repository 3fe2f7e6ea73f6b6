import express from 'express';
import { createHmac } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keepRawBody, rawBodyOf } from '../../src/common/raw-body';
import { PAYMENT_WEBHOOK_PATH, PaymentGatewayConfig } from '../../src/config/config';
import { GatewayError, NO_ANSWER, RazorpayGateway } from '../../src/payments';

/**
 * The adapter against a recording stand-in: what it sends (method, path, Basic auth, JSON of
 * Razorpay's documented field names) and how it reads answers and failures. The same adapter
 * is tested against the demo gateway over HTTP in demo-gateway.spec.ts.
 */

interface Received {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

let received: Received[] = [];
let answer: (request: Received) => { status: number; body: unknown } | 'hang' = () => ({
  status: 200,
  body: {},
});
let server: Server;
let baseUrl: string;

function handle(incoming: IncomingMessage, response: ServerResponse) {
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.on('end', () => {
    const text = Buffer.concat(chunks).toString('utf8');
    const entry: Received = {
      method: incoming.method!,
      path: incoming.url!,
      authorization: incoming.headers.authorization,
      contentType: incoming.headers['content-type'],
      body: text ? JSON.parse(text) : undefined,
    };
    received.push(entry);
    const reply = answer(entry);
    if (reply === 'hang') return;
    const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    response.writeHead(reply.status, {
      'Content-Type': typeof reply.body === 'string' ? 'text/html' : 'application/json',
    });
    response.end(body);
  });
}

const KEYS = {
  keyId: 'rzp_test_Abc123Def456Gh',
  keySecret: 'a-key-secret',
  webhookSecret: 'whsec',
};
const gatewayAt = (apiUrl: string, timeoutMs = 2000) =>
  new RazorpayGateway({ name: 'razorpay', apiUrl, ...KEYS, timeoutMs } as PaymentGatewayConfig);

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  received = [];
  answer = () => ({ status: 200, body: {} });
});

const BASIC = `Basic ${Buffer.from(`${KEYS.keyId}:${KEYS.keySecret}`).toString('base64')}`;

describe('RazorpayGateway requests', () => {
  it('creates an order: POST /v1/orders with Basic auth and Razorpay’s fields', async () => {
    answer = () => ({ status: 200, body: { id: 'order_X', entity: 'order' } });
    const order = await gatewayAt(baseUrl).createOrder({
      amount: 149_950,
      currency: 'INR',
      receipt: 'BZ-000123',
      notes: { shop_order: 'BZ-000123' },
    });
    expect(order).toEqual({ id: 'order_X', entity: 'order' });
    expect(received).toEqual([
      {
        method: 'POST',
        path: '/v1/orders',
        authorization: BASIC,
        contentType: 'application/json',
        body: {
          amount: 149_950,
          currency: 'INR',
          receipt: 'BZ-000123',
          notes: { shop_order: 'BZ-000123' },
        },
      },
    ]);
  });

  it('creates a UPI intent payment at /v1/payments/create/json and fetches payments by id', async () => {
    answer = ({ path }) =>
      path === '/v1/payments/create/json'
        ? { status: 200, body: { razorpay_payment_id: 'pay_1', next: [] } }
        : { status: 200, body: { id: 'pay_1', entity: 'payment' } };
    const gateway = gatewayAt(baseUrl);
    await gateway.createPayment({
      order_id: 'order_X',
      amount: 50_000,
      currency: 'INR',
      method: 'upi',
      email: 'priya@example.in',
      contact: '+919876543210',
      upi: { flow: 'intent' },
    });
    await gateway.fetchPayment('pay_1');
    expect(received.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /v1/payments/create/json',
      'GET /v1/payments/pay_1',
    ]);
    expect(Object.keys(received[0].body as object).sort()).toEqual(
      ['amount', 'contact', 'currency', 'email', 'method', 'order_id', 'upi'].sort(),
    );
    expect(received[1].body).toBeUndefined();
  });

  it('reads an order’s payments from Razorpay’s collection', async () => {
    answer = () => ({
      status: 200,
      body: { entity: 'collection', count: 2, items: [{ id: 'pay_2' }, { id: 'pay_1' }] },
    });
    const payments = await gatewayAt(baseUrl).fetchOrderPayments('order_X');
    expect(payments.map((payment) => payment.id)).toEqual(['pay_2', 'pay_1']);
    expect(received[0]).toMatchObject({ method: 'GET', path: '/v1/orders/order_X/payments' });
  });

  it('reads every page of a payment’s refunds', async () => {
    const all = Array.from({ length: 103 }, (_, index) => ({ id: `rfnd_${index}`, receipt: null }));
    answer = ({ path }) => {
      const query = new URL(path, baseUrl).searchParams;
      const skip = Number(query.get('skip'));
      const items = all.slice(skip, skip + Number(query.get('count')));
      return { status: 200, body: { entity: 'collection', count: items.length, items } };
    };
    const refunds = await gatewayAt(baseUrl).fetchRefunds('pay_1');
    expect(refunds).toHaveLength(103);
    expect(received.map((entry) => entry.path)).toEqual([
      '/v1/payments/pay_1/refunds?count=100&skip=0',
      '/v1/payments/pay_1/refunds?count=100&skip=100',
    ]);
  });

  it('refunds once per receipt: a refund with it already is the answer, nothing is posted', async () => {
    const earlier = { id: 'rfnd_1', receipt: 'BZ-000123-refund-1', amount: 100 };
    answer = ({ method }) =>
      method === 'GET'
        ? { status: 200, body: { entity: 'collection', count: 1, items: [earlier] } }
        : { status: 200, body: { id: 'rfnd_2', receipt: 'BZ-000123-refund-2' } };
    const gateway = gatewayAt(baseUrl);
    expect(await gateway.refund('pay_1', { amount: 100, receipt: earlier.receipt })).toEqual(
      earlier,
    );
    expect(received.map((entry) => entry.method)).toEqual(['GET']);

    received = [];
    const refund = await gateway.refund('pay_1', { amount: 250, receipt: 'BZ-000123-refund-2' });
    expect(refund.id).toBe('rfnd_2');
    expect(received.map(({ method, path }) => `${method} ${path.split('?')[0]}`)).toEqual([
      'GET /v1/payments/pay_1/refunds',
      'POST /v1/payments/pay_1/refund',
    ]);
    expect(received[1].body).toEqual({ amount: 250, receipt: 'BZ-000123-refund-2' });
  });

  it('puts ids into paths as path segments, never as more path', async () => {
    answer = () => ({ status: 200, body: {} });
    await gatewayAt(baseUrl).fetchPayment('pay_1/refund');
    expect(received[0].path).toBe('/v1/payments/pay_1%2Frefund');
  });
});

describe('RazorpayGateway failures', () => {
  it('reads Razorpay’s error into a GatewayError with its code, description and field', async () => {
    answer = () => ({
      status: 400,
      body: {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'The amount must be atleast INR 1.00',
          field: 'amount',
          source: 'business',
        },
      },
    });
    const error = await gatewayAt(baseUrl)
      .createOrder({ amount: 1, currency: 'INR', receipt: 'BZ-1' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST_ERROR',
      description: 'The amount must be atleast INR 1.00',
      field: 'amount',
      refused: true,
    });
  });

  it('calls an answer without Razorpay’s error shape a server error', async () => {
    answer = () => ({ status: 502, body: '<html>Bad gateway</html>' });
    const error = await gatewayAt(baseUrl)
      .fetchPayment('pay_1')
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, code: 'SERVER_ERROR', refused: false });
  });

  it('gives up a call after its timeout, as no answer', async () => {
    answer = () => 'hang';
    const started = Date.now();
    const error = await gatewayAt(baseUrl, 200)
      .fetchPayment('pay_1')
      .catch((caught: unknown) => caught);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toMatchObject({ status: null, code: NO_ANSWER, refused: false });
    expect((error as GatewayError).description).toContain('within 200 ms');
  });

  it('says no answer when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await gatewayAt(`http://127.0.0.1:${port}`)
      .fetchPayment('pay_1')
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: null, code: NO_ANSWER });
  });
});

describe('RazorpayGateway.verifyWebhook', () => {
  const body = Buffer.from(
    '{"entity":"event","account_id":"acc_X","event":"payment.captured","contains":["payment"]}',
  );
  // Computed here, not by the code under test.
  const signature = createHmac('sha256', KEYS.webhookSecret).update(body).digest('hex');
  const gateway = gatewayAt('http://127.0.0.1:1');

  it('accepts the hex HMAC-SHA256 of the raw body with the webhook secret', () => {
    expect(gateway.verifyWebhook(body, signature)).toBe(true);
    expect(gateway.verifyWebhook(body, signature.toUpperCase())).toBe(true);
  });

  it('accepts a known vector', () => {
    // HMAC-SHA256 of "The quick brown fox jumps over the lazy dog" with key "key" (RFC 4231 style
    // example, as published on Wikipedia's HMAC page).
    const known = new RazorpayGateway({
      name: 'razorpay',
      apiUrl: 'http://127.0.0.1:1',
      keyId: 'rzp_test_x',
      keySecret: 'x',
      webhookSecret: 'key',
      timeoutMs: 1000,
    });
    const fox = Buffer.from('The quick brown fox jumps over the lazy dog');
    expect(
      known.verifyWebhook(fox, 'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8'),
    ).toBe(true);
    expect(
      known.verifyWebhook(fox, 'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd9'),
    ).toBe(false);
  });

  it.each([
    ['a wrong secret', createHmac('sha256', 'another').update(body).digest('hex'), body],
    ['a tampered body', signature, Buffer.from(body.toString().replace('captured', 'failed'))],
    ['no signature', undefined, body],
    ['an empty signature', '', body],
    ['a signature cut short', signature.slice(0, 63), body],
    ['a signature too long', `${signature}00`, body],
    ['a signature not hex', `${signature.slice(0, 62)}zz`, body],
    ['base64 instead of hex', Buffer.from(signature, 'hex').toString('base64'), body],
  ])('refuses %s', (_case, given, rawBody) => {
    expect(gateway.verifyWebhook(rawBody, given)).toBe(false);
  });
});

describe('the webhook’s raw body', () => {
  const app = express();
  app.use(express.json({ verify: keepRawBody }));
  app.use((request: express.Request, response: express.Response) => {
    const raw = rawBodyOf(request);
    response.json({ raw: raw?.toString('utf8') ?? null, parsed: request.body });
  });

  it('is kept, byte for byte, for the payment webhook only', async () => {
    const sent = '{ "event":  "payment.captured",\n "amount": 1.50 }';
    const kept = await request(app)
      .post(`${PAYMENT_WEBHOOK_PATH}?attempt=2`)
      .set('Content-Type', 'application/json')
      .send(sent)
      .expect(200);
    expect(kept.body).toEqual({ raw: sent, parsed: { event: 'payment.captured', amount: 1.5 } });
    const elsewhere = await request(app)
      .post('/api/v1/orders')
      .set('Content-Type', 'application/json')
      .send(sent)
      .expect(200);
    expect(elsewhere.body.raw).toBeNull();
  });
});
