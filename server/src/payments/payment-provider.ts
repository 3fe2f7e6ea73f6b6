/** Card details as the shopper typed them; never stored. */
export interface CardDetails {
  number: string;
  /** MM/YY */
  expiry: string;
  cvv: string;
}

export interface Charge {
  /** Paise. */
  amount: number;
  card: CardDetails;
  /** Our reference for the charge (the order id). */
  reference: string;
  /**
   * Ours, one per checkout: charging again with it answers the first result instead of
   * taking money twice, and `findCharge` looks the charge up by it after a crash.
   */
  idempotencyKey: string;
}

export interface Refund {
  /** The provider's reference of the approved charge. */
  chargeReference: string;
  /** Paise. */
  amount: number;
  /** Refunding again with it refunds nothing more. */
  idempotencyKey: string;
}

export type ChargeResult =
  { approved: true; reference: string } | { approved: false; message: string };

/**
 * How the shop takes money. Throws a BAD_USER_INPUT ShopError for card details that
 * cannot be charged at all; answers a declined charge with `approved: false`.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Refuses card details that could never be charged, before any stock is taken. */
  check(card: CardDetails): void;
  charge(charge: Charge): Promise<ChargeResult>;
  /** The result of the charge made with this key, or null when none was ever made. */
  findCharge(idempotencyKey: string): Promise<ChargeResult | null>;
  refund(refund: Refund): Promise<void>;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
