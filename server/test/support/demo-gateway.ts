import { expect } from 'vitest';
import { DEMO_GATEWAY_KEYS } from '../../src/config/config';
import { ownUrl } from '../../src/config/config';
import type { TestApp } from './test-app';

const AUTH = `Basic ${Buffer.from(`${DEMO_GATEWAY_KEYS.keyId}:${DEMO_GATEWAY_KEYS.keySecret}`).toString('base64')}`;

/** The demo gateway the shop under test runs, at its own address. */
const gatewayUrl = (shop: TestApp) => ownUrl(shop.config, '/demo-gateway');

/**
 * Tells the shop's demo gateway how to send its webhooks (delayMs, repeat, reorder, drop, flush,
 * reset), or what the payer does (`payment` and `action`: approve, decline, expire).
 */
export async function gatewayControl(
  shop: TestApp,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${gatewayUrl(shop)}/control`, {
    method: 'POST',
    headers: { Authorization: AUTH, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer;
}

/** The payer approves, declines or lets expire a payment, as on the demo gateway's page. */
export async function payerDoes(
  shop: TestApp,
  paymentId: string,
  action: 'approve' | 'decline' | 'expire',
): Promise<void> {
  const response = await fetch(`${gatewayUrl(shop)}/pay/${paymentId}/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  expect(response.status).toBeLessThan(400);
}

/** A payment as the gateway keeps it, asked of the gateway's API. */
export async function gatewayPayment(shop: TestApp, paymentId: string) {
  const response = await fetch(`${gatewayUrl(shop)}/v1/payments/${paymentId}`, {
    headers: { Authorization: AUTH },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    id: string;
    status: string;
    amount: number;
    order_id: string;
  };
}
