import { useCallback, useSyncExternalStore } from 'react';
import { readStored, removeStored, STORAGE_KEYS, writeStored } from '../lib/storage';

/*
 * The coupon code applied in the cart, kept under its own key in browser storage like the
 * cart's lines: it survives a reload, the cart's quote and checkout send it, and the server
 * alone decides whether it applies (and says why not).
 */

const listeners = new Set<() => void>();

const isCode = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

const read = () => readStored(STORAGE_KEYS.coupon, isCode);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's change, too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** Keeps `code` (in capitals, as the server names codes), or forgets the code with null. */
export function keepCoupon(code: string | null): void {
  const typed = code?.trim().toUpperCase();
  if (typed) writeStored(STORAGE_KEYS.coupon, typed);
  else removeStored(STORAGE_KEYS.coupon);
  for (const listener of listeners) listener();
}

/** The code kept with the cart (null when none), and how to keep another or forget it. */
export function useCartCoupon(): [string | null, (code: string | null) => void] {
  const code = useSyncExternalStore(subscribe, read);
  return [code, useCallback((next: string | null) => keepCoupon(next), [])];
}
