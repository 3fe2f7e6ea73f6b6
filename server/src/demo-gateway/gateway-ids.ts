import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id as Razorpay makes them: a prefix and 14 letters and digits (order_, pay_, rfnd_, evt_). */
export function gatewayId(prefix: 'order' | 'pay' | 'rfnd' | 'evt'): string {
  const bytes = randomBytes(14);
  let id = '';
  // 62 of 256 values each: the slight bias towards the first letters matters nothing here.
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${id}`;
}
