import type { PaymentSettingsChange } from '../payment-settings';

/**
 * The demo shop's payment settings: the defaults (UPI, card and cash on delivery, 10 minutes
 * to pay, cash up to Rs 10,000 with no fee) and a UPI ID to pay, so the demo shows UPI. The
 * UPI ID is made up: no bank has it, and no UPI app can pay it.
 */
export const DEMO_PAYMENTS: PaymentSettingsChange = {
  upiVpa: 'bazaar@okaxis',
  upiPayeeName: 'Bazaar Demo Shop',
};
