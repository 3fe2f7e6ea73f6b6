/** The browser storage keys the shop keeps (docs/decisions/008-storage-keys.md). */
export const STORAGE_KEYS = {
  auth: 'auth',
  cart: 'cart',
  /** The PIN the shopper last checked delivery to: prefilled, and the cart's quote is for it. */
  deliveryPin: 'deliveryPin',
  /** The coupon code applied in the cart: sent with its quote and at checkout. */
  coupon: 'coupon',
  /** A guest's wishlist, product ids newest first: merged into the account at sign-in. */
  wishlist: 'wishlist',
  /** The storefront's language, once the shopper chose one: 'en' or 'hi'. */
  language: 'language',
} as const;

export function readStored<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: unknown): void {
  localStorage.setItem(key, JSON.stringify(value));
}

export function removeStored(key: string): void {
  localStorage.removeItem(key);
}
