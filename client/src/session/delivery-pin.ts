import { PIN_CODE_PATTERN } from '@shop/indian-states';
import { useCallback, useSyncExternalStore } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from '../lib/storage';

/*
 * The shopper's delivery PIN, as last checked (on a product page or in the cart), kept under
 * its own key in browser storage: every widget and the cart's quote read the same one, and a
 * change shows in all of them at once.
 */

const listeners = new Set<() => void>();

const isPin = (value: unknown): value is string =>
  typeof value === 'string' && PIN_CODE_PATTERN.test(value);

const read = () => readStored(STORAGE_KEYS.deliveryPin, isPin);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's change, too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The remembered PIN (null when none), and how to remember another. */
export function useDeliveryPin(): [string | null, (pin: string) => void] {
  const pin = useSyncExternalStore(subscribe, read);
  const remember = useCallback((next: string) => {
    writeStored(STORAGE_KEYS.deliveryPin, next);
    for (const listener of listeners) listener();
  }, []);
  return [pin, remember];
}
