import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentSettingsDocument, UpdatePaymentSettingsDocument } from '../../../gql/graphql';
import type {
  PaymentSettingsFieldsFragment,
  UpdatePaymentSettingsMutationVariables,
} from '../../../gql/graphql';
import { Answer, graphQLErrorResult, mockOf } from '../../../test/fixtures';
import { renderAsAdmin } from '../../../test/render-admin';

const PATH = '/dashboard/admin/payments';

const SETTINGS: Answer<PaymentSettingsFieldsFragment> = {
  __typename: 'PaymentSettings',
  upiVpa: 'bazaar@okaxis',
  upiPayeeName: 'Bazaar Demo Shop',
  paymentExpiryMinutes: 10,
  methods: { __typename: 'PaymentMethods', upi: true, card: true, cashOnDelivery: true },
  codFee: 0,
  codUpTo: 10000,
  codMaxUndeliveredOrders: 2,
  codUnservedPins: ['744101'],
};

const settingsMock = () =>
  mockOf(PaymentSettingsDocument, {
    result: { data: { paymentSettings: SETTINGS } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });

type Calls = UpdatePaymentSettingsMutationVariables[];

/** updatePaymentSettings answering `answer` to every save. */
function saving(
  calls: Calls,
  answer: { saved: Answer<PaymentSettingsFieldsFragment> } | { refusal: string },
) {
  return mockOf(UpdatePaymentSettingsDocument, {
    variables: (variables) => {
      calls.push(variables);
      return true;
    },
    result:
      'saved' in answer
        ? { data: { updatePaymentSettings: answer.saved } }
        : graphQLErrorResult(answer.refusal),
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

const form = () => within(screen.getByRole('form', { name: 'Payment settings' }));
const save = (user: ReturnType<typeof renderAsAdmin>['user']) =>
  user.click(form().getByRole('button', { name: 'Save payment settings' }));

describe('Payment settings (admin)', () => {
  it('shows the settings, and saves a new UPI ID and minutes with the rest as it was', async () => {
    const calls: Calls = [];
    const { user } = renderAsAdmin(PATH, {
      mocks: [
        settingsMock(),
        saving(calls, {
          saved: { ...SETTINGS, upiVpa: 'shop@okicici', paymentExpiryMinutes: 15 },
        }),
      ],
    });
    const vpa = await screen.findByRole('textbox', { name: /^UPI ID/ });
    expect(vpa).toHaveValue('bazaar@okaxis');
    expect(form().getByRole('textbox', { name: /^Cash on delivery up to/ })).toHaveValue('₹10,000');
    expect(form().getByRole('checkbox', { name: 'Cash on delivery' })).toBeChecked();
    await user.clear(vpa);
    await user.type(vpa, 'shop@okicici');
    const minutes = form().getByRole('textbox', { name: /^Minutes to pay/ });
    await user.clear(minutes);
    await user.type(minutes, '15');
    await user.click(form().getByRole('checkbox', { name: 'Card' }));
    await save(user);
    expect(await screen.findByText('Payment settings saved')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0].input).toEqual({
      upiVpa: 'shop@okicici',
      upiPayeeName: 'Bazaar Demo Shop',
      paymentExpiryMinutes: 15,
      methods: { upi: true, card: false, cashOnDelivery: true },
      codFee: 0,
      codUpTo: 10000,
      codMaxUndeliveredOrders: 2,
      codUnservedPins: ['744101'],
    });
    // The form shows what the server kept.
    expect(form().getByRole('checkbox', { name: 'Card' })).toBeChecked();
  });

  it('sends an empty largest cash order as none', async () => {
    const calls: Calls = [];
    const { user } = renderAsAdmin(PATH, {
      mocks: [settingsMock(), saving(calls, { saved: { ...SETTINGS, codUpTo: null } })],
    });
    await user.clear(await screen.findByRole('textbox', { name: /^Cash on delivery up to/ }));
    await save(user);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].input.codUpTo).toBeNull();
    // Ended only once saved: its toast, shown later, would land in the next test's page.
    expect(await screen.findByText('Payment settings saved')).toBeInTheDocument();
  });

  it.each([
    [
      'upiVpa: A UPI ID is written name@bank, such as shop@okaxis',
      /^UPI ID/,
      'A UPI ID is written name@bank, such as shop@okaxis',
    ],
    [
      'paymentExpiryMinutes: Minutes must be a whole number from 5 to 60',
      /^Minutes to pay/,
      'Minutes must be a whole number from 5 to 60',
    ],
    [
      'codFee: A charge must be from 0 to 10,000 rupees',
      /^Cash on delivery fee/,
      'A charge must be from 0 to 10,000 rupees',
    ],
    [
      'codUnservedPins[0]: No PIN code in India Post’s directory begins with these digits',
      /^PIN codes without cash on delivery/,
      '744101: No PIN code in India Post’s directory begins with these digits',
    ],
  ])("shows the server's refusal %# beside the field it names", async (refusal, field, shown) => {
    const calls: Calls = [];
    const { user } = renderAsAdmin(PATH, { mocks: [settingsMock(), saving(calls, { refusal })] });
    await screen.findByRole('textbox', { name: /^UPI ID/ });
    await save(user);
    const input = await waitFor(() => {
      const found = form().getByLabelText(field, { selector: 'input' });
      expect(found).toHaveAttribute('aria-invalid', 'true');
      return found;
    });
    expect(input).toHaveAccessibleDescription(expect.stringContaining(shown));
    expect(screen.queryByText('Payment settings saved')).toBeNull();
  });

  it('shows a refusal of the ways to pay at their group', async () => {
    const calls: Calls = [];
    const { user } = renderAsAdmin(PATH, {
      mocks: [settingsMock(), saving(calls, { refusal: 'methods: Offer at least one way to pay' })],
    });
    await screen.findByRole('textbox', { name: /^UPI ID/ });
    await save(user);
    const group = await screen.findByRole('group', { name: /^Ways to pay offered/ });
    await waitFor(() =>
      expect(group).toHaveAccessibleDescription(
        expect.stringContaining('Offer at least one way to pay'),
      ),
    );
    expect(screen.queryByText('Payment settings saved')).toBeNull();
  });
});
