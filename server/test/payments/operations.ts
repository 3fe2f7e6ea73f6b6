import type { TestShop } from '../support/test-app';
import { gqlOk } from '../support/gql';

/** What the payment tests ask over GraphQL, and the answers' shapes (amounts in rupees). */
export const PAYMENT_FIELDS = `
  upiVpa upiPayeeName paymentExpiryMinutes
  methods { upi card cashOnDelivery }
  codFee codUpTo codMaxUndeliveredOrders codUnservedPins
`;

export interface PaymentSettingsView {
  upiVpa: string;
  upiPayeeName: string;
  paymentExpiryMinutes: number;
  methods: { upi: boolean; card: boolean; cashOnDelivery: boolean };
  codFee: number;
  codUpTo: number | null;
  codMaxUndeliveredOrders: number;
  codUnservedPins: string[];
}

export const PAYMENT_SETTINGS = `{ paymentSettings { ${PAYMENT_FIELDS} } }`;
export const UPDATE_PAYMENTS = `
  mutation ($input: PaymentSettingsInput!) {
    updatePaymentSettings(input: $input) { ${PAYMENT_FIELDS} }
  }
`;

export const PAYMENT_OPTIONS = `
  query ($pin: String!, $orderTotal: Float) {
    paymentOptions(pin: $pin, orderTotal: $orderTotal) {
      methods { method available reason fee }
      codFee codUpTo paymentExpiryMinutes
    }
  }
`;

export interface PaymentOptionsView {
  methods: { method: string; available: boolean; reason: string | null; fee: number }[];
  codFee: number;
  codUpTo: number | null;
  paymentExpiryMinutes: number;
}

/**
 * The shop's payment settings as a test needs them, over GraphQL as the admin: the demo's
 * UPI ID, every way to pay on, cash on delivery free up to Rs 10,000 everywhere, with
 * `changes` on top. Each test sets what it counts on, so none depends on what another left.
 */
export async function setPayments(shop: TestShop, changes: Record<string, unknown> = {}) {
  const input = {
    upiVpa: 'bazaar@okaxis',
    upiPayeeName: 'Bazaar Demo Shop',
    paymentExpiryMinutes: 10,
    methods: { upi: true, card: true, cashOnDelivery: true },
    codFee: 0,
    codUpTo: 10_000,
    codMaxUndeliveredOrders: 2,
    codUnservedPins: [],
    ...changes,
  };
  return (
    await gqlOk<{ updatePaymentSettings: PaymentSettingsView }>(
      shop,
      UPDATE_PAYMENTS,
      { input },
      shop.admin,
    )
  ).updatePaymentSettings;
}
