import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  NotificationSettingsDocument,
  UpdateNotificationSettingsDocument,
} from '../../../gql/graphql';
import type {
  NotificationSettingsFieldsFragment,
  UpdateNotificationSettingsMutationVariables,
} from '../../../gql/graphql';
import { Answer, graphQLErrorResult, mockOf } from '../../../test/fixtures';
import { renderAsAdmin } from '../../../test/render-admin';
import { NOTIFICATIONS } from './NotificationSettingsPage';

const PATH = '/dashboard/admin/notifications';

const event = (name: string, label: string, to: string, on = true, optional = true) => ({
  __typename: 'MailEventSetting' as const,
  event: name,
  label,
  to,
  on,
  optional,
});

const SETTINGS: Answer<NotificationSettingsFieldsFragment> = {
  __typename: 'NotificationSettings',
  sending: true,
  shopAddress: null,
  shopAddressInUse: 'admin@shop.local',
  events: [
    event('order-placed', 'Order confirmed', 'buyer'),
    event('order-shipped', 'Order shipped', 'buyer', false),
    event('password-reset', 'Password reset link', 'buyer', true, false),
    event('new-order', 'New order', 'shop'),
    event('low-stock', 'Low stock', 'shop'),
  ],
};

const settingsMock = (settings = SETTINGS) =>
  mockOf(NotificationSettingsDocument, {
    result: { data: { notificationSettings: settings } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });

function saving(
  calls: UpdateNotificationSettingsMutationVariables[],
  answer: { saved: typeof SETTINGS } | { refusal: string },
) {
  return mockOf(UpdateNotificationSettingsDocument, {
    variables: (variables) => {
      calls.push(variables);
      return true;
    },
    result:
      'saved' in answer
        ? { data: { updateNotificationSettings: answer.saved } }
        : graphQLErrorResult(answer.refusal, 'BAD_USER_INPUT'),
  });
}

const form = () => within(screen.getByRole('form', { name: NOTIFICATIONS.title }));

describe('E-mail notifications (admin)', () => {
  it('shows each e-mail by who gets it, turns one off and sets the shop address', async () => {
    const calls: UpdateNotificationSettingsMutationVariables[] = [];
    const saved = {
      ...SETTINGS,
      shopAddress: 'orders@example.in',
      shopAddressInUse: 'orders@example.in',
      events: SETTINGS.events.map((one) =>
        one.event === 'low-stock' ? { ...one, on: false } : one,
      ),
    };
    const { user } = renderAsAdmin(PATH, { mocks: [settingsMock(), saving(calls, { saved })] });
    await screen.findByRole('form', { name: NOTIFICATIONS.title });
    const toShoppers = within(form().getByRole('group', { name: NOTIFICATIONS.toShoppers }));
    expect(toShoppers.getByRole('checkbox', { name: 'Order confirmed' })).toBeChecked();
    expect(toShoppers.getByRole('checkbox', { name: 'Order shipped' })).not.toBeChecked();
    const reset = toShoppers.getByRole('checkbox', { name: /^Password reset link \(always sent/ });
    expect(reset).toBeChecked();
    expect(reset).toBeDisabled();
    const address = form().getByRole('textbox', { name: NOTIFICATIONS.shopAddress });
    expect(address).toHaveAttribute('placeholder', 'admin@shop.local');

    await user.type(address, 'orders@example.in');
    const toShop = within(form().getByRole('group', { name: NOTIFICATIONS.toShop }));
    await user.click(toShop.getByRole('checkbox', { name: 'Low stock' }));
    await user.click(form().getByRole('button', { name: NOTIFICATIONS.save }));
    expect(await screen.findByText(NOTIFICATIONS.saved)).toBeInTheDocument();
    expect(calls).toEqual([
      { input: { shopAddress: 'orders@example.in', off: ['order-shipped', 'low-stock'] } },
    ]);
  });

  it("shows the server's refusal of the address beside it", async () => {
    const calls: UpdateNotificationSettingsMutationVariables[] = [];
    const refusal = 'shopAddress: Must be an e-mail address, or empty for the administrator’s';
    const { user } = renderAsAdmin(PATH, {
      mocks: [settingsMock(), saving(calls, { refusal })],
    });
    await screen.findByRole('form', { name: NOTIFICATIONS.title });
    const address = form().getByRole('textbox', { name: NOTIFICATIONS.shopAddress });
    await user.type(address, 'orders-at-example');
    await user.click(form().getByRole('button', { name: NOTIFICATIONS.save }));
    expect(
      await form().findByText('Must be an e-mail address, or empty for the administrator’s'),
    ).toBeInTheDocument();
    expect(address).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when the shop sends no e-mail at all', async () => {
    renderAsAdmin(PATH, { mocks: [settingsMock({ ...SETTINGS, sending: false })] });
    await screen.findByRole('form', { name: NOTIFICATIONS.title });
    expect(form().getByRole('status')).toHaveTextContent(NOTIFICATIONS.notSending);
  });
});
