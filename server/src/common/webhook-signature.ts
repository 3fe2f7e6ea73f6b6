import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A webhook's signature as Razorpay makes it (X-Razorpay-Signature): the hex HMAC-SHA256 of the
 * body's bytes, exactly as sent, with the webhook secret. The demo gateway signs with it and the
 * shop's adapter checks with it.
 */
export function webhookSignature(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/**
 * Whether `signature` is the body's signature with `secret`. A missing or malformed one is
 * false; a well-formed one is compared in constant time, so how long the check takes tells an
 * attacker nothing about how much of a guess was right.
 */
export function isWebhookSignature(
  rawBody: Buffer | undefined,
  signature: string | undefined,
  secret: string,
): boolean {
  if (!rawBody || typeof signature !== 'string' || !HEX_SHA256.test(signature)) return false;
  const expected = Buffer.from(webhookSignature(rawBody, secret), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
