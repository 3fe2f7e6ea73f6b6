import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql, tokenOf } from './support/api';
import {
  accessibilityViolations,
  ADMIN,
  DESKTOP,
  logIn,
  PHONE,
  settledOn,
  toast,
  useShop,
} from './support/browser';
import { POLL } from './support/catalog';

/** axe reads every element of a screen, seconds each on a busy machine. */
const AUDIT_TIME = 180_000;

interface Kept {
  upiVpa: string;
  upiPayeeName: string;
  paymentExpiryMinutes: number;
}
const SETTINGS = `{ paymentSettings { upiVpa upiPayeeName paymentExpiryMinutes } }`;
const UPDATE = `mutation U($input: PaymentSettingsInput!) {
  updatePaymentSettings(input: $input) { upiVpa } }`;

let adminToken: string;
let before: Kept;
const kept = async () =>
  (await graphql<{ paymentSettings: Kept }>(SETTINGS, {}, adminToken)).paymentSettings;

describe('payment settings: the admin sets the UPI ID and the minutes to pay', () => {
  const open = useShop();

  beforeAll(async () => {
    adminToken = await tokenOf(ADMIN);
    before = await kept();
  });
  // Other journeys of this shop pay to the demo's UPI ID, in the demo's time.
  afterAll(async () => {
    await graphql(UPDATE, { input: before }, adminToken);
  });

  it(
    'a refused UPI ID is named at its field; a good one and new minutes are kept after a reload',
    async () => {
      const admin = await open(DESKTOP);
      await logIn(admin, ADMIN);
      await admin.goto('/dashboard/admin');
      await admin
        .getByRole('navigation', { name: 'Admin Panel' })
        .getByRole('link', { name: 'Payments' })
        .click();
      await settledOn(admin, 'Payment settings');
      expect(await accessibilityViolations(admin)).toEqual([]);

      const form = admin.getByRole('form', { name: 'Payment settings' });
      const vpa = form.getByRole('textbox', { name: /^UPI ID/ });
      const minutes = form.getByRole('textbox', { name: /^Minutes to pay/ });
      expect(await vpa.inputValue()).toBe(before.upiVpa);

      // A refused field is named beside it, and nothing is saved.
      await vpa.fill('not a upi id');
      await form.getByRole('button', { name: 'Save payment settings' }).click();
      await expect.poll(() => vpa.getAttribute('aria-invalid'), POLL).toBe('true');
      await form.getByText('A UPI ID is written name@bank, such as shop@okaxis').waitFor();
      expect(await accessibilityViolations(admin)).toEqual([]);
      expect((await kept()).upiVpa).toBe(before.upiVpa);

      await vpa.fill('shop.payments@okhdfcbank');
      await minutes.fill('15');
      await form.getByRole('button', { name: 'Save payment settings' }).click();
      await toast(admin, 'Payment settings saved');
      expect(await kept()).toMatchObject({
        upiVpa: 'shop.payments@okhdfcbank',
        paymentExpiryMinutes: 15,
      });

      await admin.reload();
      await settledOn(admin, 'Payment settings');
      expect(await vpa.inputValue()).toBe('shop.payments@okhdfcbank');
      expect(await minutes.inputValue()).toBe('15');
    },
    AUDIT_TIME,
  );

  it(
    'on a phone, the page fits the screen and passes axe',
    async () => {
      const admin = await open(PHONE);
      await logIn(admin, ADMIN);
      await admin.goto('/dashboard/admin/payments');
      await settledOn(admin, 'Payment settings');
      expect(
        await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      expect(await accessibilityViolations(admin)).toEqual([]);
    },
    AUDIT_TIME,
  );
});
