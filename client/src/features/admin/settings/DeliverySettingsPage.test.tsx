import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeliverySettingsDocument, UpdateDeliverySettingsDocument } from '../../../gql/graphql';
import type {
  DeliverySettingsFieldsFragment,
  UpdateDeliverySettingsMutationVariables,
} from '../../../gql/graphql';
import { Answer, graphQLErrorResult, mockOf } from '../../../test/fixtures';
import { renderAsAdmin } from '../../../test/render-admin';

const PATH = '/dashboard/admin/delivery';

const SETTINGS: Answer<DeliverySettingsFieldsFragment> = {
  __typename: 'DeliverySettings',
  dispatchPin: '302001',
  dispatchPlace: {
    __typename: 'PinPlace',
    pin: '302001',
    city: 'Jaipur',
    state: { __typename: 'IndianState', code: '08', name: 'Rajasthan' },
  },
  flatCharge: 49,
  freeShippingFrom: 499,
  zones: (
    [
      ['SAME_CITY', 1, 2],
      ['SAME_STATE', 2, 4],
      ['METRO_TO_METRO', 2, 4],
      ['REST_OF_INDIA', 4, 7],
      ['NORTH_EAST_AND_ISLANDS', 6, 10],
    ] as const
  ).map(([zone, minDays, maxDays]) => ({
    __typename: 'ZoneSettings' as const,
    zone,
    charge: null,
    minDays,
    maxDays,
  })),
  cutOffHour: 14,
  holidays: ['2027-01-26'],
  unservedPins: [],
  unservedStates: [],
};

const settingsMock = () =>
  mockOf(DeliverySettingsDocument, {
    result: { data: { deliverySettings: SETTINGS } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });

type Calls = UpdateDeliverySettingsMutationVariables[];

/** updateDeliverySettings answering `answer` to every save. */
function saving(
  calls: Calls,
  answer: { saved: Answer<DeliverySettingsFieldsFragment> } | { refusal: string },
) {
  return mockOf(UpdateDeliverySettingsDocument, {
    variables: (variables) => {
      calls.push(variables);
      return true;
    },
    result:
      'saved' in answer
        ? { data: { updateDeliverySettings: answer.saved } }
        : graphQLErrorResult(answer.refusal),
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

const form = () => within(screen.getByRole('form', { name: 'Delivery settings' }));
const save = (user: ReturnType<typeof renderAsAdmin>['user']) =>
  user.click(form().getByRole('button', { name: 'Save delivery settings' }));

describe('Delivery settings (admin)', () => {
  it('shows the settings, and saves a new flat charge with the rest as it was', async () => {
    const calls: Calls = [];
    const { user } = renderAsAdmin(PATH, {
      mocks: [settingsMock(), saving(calls, { saved: { ...SETTINGS, flatCharge: 59 } })],
    });
    const flat = await screen.findByRole('textbox', { name: /^Flat shipping charge/ });
    expect(flat).toHaveValue('₹49');
    expect(form().getByText('Jaipur, Rajasthan')).toBeInTheDocument();
    expect(form().getByRole('textbox', { name: 'Rest of India: most days' })).toHaveValue('7');
    await user.clear(flat);
    await user.type(flat, '59');
    await save(user);
    expect(await screen.findByText('Delivery settings saved')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0].input).toMatchObject({
      dispatchPin: '302001',
      flatCharge: 59,
      freeShippingFrom: 499,
      cutOffHour: 14,
      holidays: ['2027-01-26'],
    });
    expect(calls[0].input.zones).toHaveLength(5);
    expect(calls[0].input.zones?.[0]).toEqual({
      zone: 'SAME_CITY',
      charge: null,
      minDays: 1,
      maxDays: 2,
    });
  });

  it.each([
    [
      'dispatchPin: This PIN code is not in India Post’s directory: please check it',
      /^Dispatch PIN code/,
      'This PIN code is not in India Post’s directory: please check it',
    ],
    [
      'flatCharge: A charge must be from 0 to 10,000 rupees',
      /^Flat shipping charge/,
      'A charge must be from 0 to 10,000 rupees',
    ],
    [
      'zones[3].maxDays: The most days must be at least the fewest',
      /^Rest of India: most days/,
      'The most days must be at least the fewest',
    ],
    [
      'holidays[0]: Dates are written YYYY-MM-DD, such as 2026-01-31',
      /^Holidays/,
      '2027-01-26: Dates are written YYYY-MM-DD, such as 2026-01-31',
    ],
  ])("shows the server's refusal %# beside the field it names", async (refusal, field, shown) => {
    const calls: Calls = [];
    const { user } = renderAsAdmin(PATH, { mocks: [settingsMock(), saving(calls, { refusal })] });
    await screen.findByRole('textbox', { name: /^Flat shipping charge/ });
    await save(user);
    const input = await waitFor(() => {
      const found = form().getByLabelText(field, { selector: 'input' });
      expect(found).toHaveAttribute('aria-invalid', 'true');
      return found;
    });
    expect(input).toHaveAccessibleDescription(expect.stringContaining(shown));
    expect(screen.queryByText('Delivery settings saved')).toBeNull();
  });

  it('shows a refusal of no field above the button', async () => {
    const { user } = renderAsAdmin(PATH, {
      mocks: [settingsMock(), saving([], { refusal: 'Admins only' })],
    });
    await screen.findByRole('textbox', { name: /^Flat shipping charge/ });
    await save(user);
    expect(await form().findByRole('alert')).toHaveTextContent('Admins only');
  });
});
