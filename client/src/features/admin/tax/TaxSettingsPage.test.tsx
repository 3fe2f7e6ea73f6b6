import { screen, within } from '@testing-library/react';
import { GSTIN_RULES } from '@shop/gstin';
import { describe, expect, it } from 'vitest';
import { TaxSettingsDocument, UpdateTaxSettingsDocument } from '../../../gql/graphql';
import type {
  TaxSettingsFieldsFragment,
  UpdateTaxSettingsMutationVariables,
} from '../../../gql/graphql';
import { Answer, graphQLErrorResult, mockOf } from '../../../test/fixtures';
import { renderAsAdmin } from '../../../test/render-admin';
import { TAX } from './tax-form';

const PATH = '/dashboard/admin/tax';

const SETTINGS: Answer<TaxSettingsFieldsFragment> = {
  __typename: 'TaxSettings',
  registered: true,
  legalName: 'Bazaar Retail Private Limited',
  address: 'Plot 14, Sitapura\nJaipur 302022',
  stateCode: '08',
  gstin: '08AABCB1234M1ZT',
  invoicePrefix: 'BZ',
  defaultTaxClass: 'standard',
  shippingRate: null,
  missing: [],
};

const CLASSES = [
  {
    __typename: 'TaxClass' as const,
    code: 'standard',
    name: 'Standard rate (18%)',
    schedules: [
      {
        __typename: 'RateSchedule' as const,
        from: '2025-09-22',
        bands: [{ __typename: 'RateBand' as const, upTo: null, rate: 18 }],
      },
    ],
  },
  {
    __typename: 'TaxClass' as const,
    code: 'apparel',
    name: 'Clothing and footwear',
    schedules: [
      {
        __typename: 'RateSchedule' as const,
        from: '2025-09-22',
        bands: [
          { __typename: 'RateBand' as const, upTo: 2500, rate: 5 },
          { __typename: 'RateBand' as const, upTo: null, rate: 18 },
        ],
      },
    ],
  },
];

const settingsMock = (settings = SETTINGS) =>
  mockOf(TaxSettingsDocument, {
    result: { data: { taxSettings: settings, taxClasses: CLASSES } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });

type Calls = UpdateTaxSettingsMutationVariables[];

function saving(
  calls: Calls,
  answer: { saved: Answer<TaxSettingsFieldsFragment> } | { refusal: string },
) {
  return mockOf(UpdateTaxSettingsDocument, {
    variables: (variables) => {
      calls.push(variables);
      return true;
    },
    result:
      'saved' in answer
        ? { data: { updateTaxSettings: answer.saved } }
        : graphQLErrorResult(answer.refusal),
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

const form = () => within(screen.getByRole('form', { name: TAX.title }));

describe('Tax (GST) settings (admin)', () => {
  it('shows the registration and the classes with their rates, and saves a new prefix', async () => {
    const calls: Calls = [];
    const { user } = renderAsAdmin(PATH, {
      mocks: [settingsMock(), saving(calls, { saved: { ...SETTINGS, invoicePrefix: 'JPR' } })],
    });
    const prefix = await screen.findByRole('textbox', { name: /^Invoice prefix/ });
    expect(form().getByRole('textbox', { name: /^GSTIN/ })).toHaveValue('08AABCB1234M1ZT');
    expect(
      screen.getByText('5% up to ₹2,500.00 a piece, 18% above · from 2025-09-22'),
    ).toBeVisible();
    await user.clear(prefix);
    await user.type(prefix, 'JPR');
    await user.click(form().getByRole('button', { name: TAX.save }));
    expect(await screen.findByText(TAX.saved)).toBeInTheDocument();
    expect(calls[0].input).toMatchObject({
      invoicePrefix: 'JPR',
      gstin: '08AABCB1234M1ZT',
      stateCode: '08',
    });
    // Each month's file can be downloaded.
    expect(screen.getByRole('button', { name: 'B2C small, by state and rate (7)' })).toBeEnabled();
  });

  it('catches a mistyped GSTIN as typed, and sends nothing', async () => {
    const calls: Calls = [];
    const { user } = renderAsAdmin(PATH, {
      mocks: [settingsMock(), saving(calls, { saved: SETTINGS })],
    });
    const gstin = await screen.findByRole('textbox', { name: /^GSTIN/ });
    await user.clear(gstin);
    await user.type(gstin, '08AABCB1234M1ZA');
    await user.click(form().getByRole('button', { name: TAX.save }));
    expect(await screen.findByText(GSTIN_RULES.checkCharacter)).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('shows the refusal beside the field the server names', async () => {
    const calls: Calls = [];
    const { user } = renderAsAdmin(PATH, {
      mocks: [
        settingsMock(),
        saving(calls, {
          refusal: 'invoicePrefix: Invoice prefix must be 1 to 3 capital letters or digits',
        }),
      ],
    });
    const prefix = await screen.findByRole('textbox', { name: /^Invoice prefix/ });
    await user.clear(prefix);
    await user.type(prefix, 'bz');
    await user.click(form().getByRole('button', { name: TAX.save }));
    expect(
      await screen.findByText('Invoice prefix must be 1 to 3 capital letters or digits'),
    ).toBeVisible();
  });

  it('says what a registered shop still lacks before it invoices', async () => {
    renderAsAdmin(PATH, { mocks: [settingsMock({ ...SETTINGS, gstin: '', missing: ['GSTIN'] })] });
    expect(await screen.findByText(TAX.missing(['GSTIN']))).toBeVisible();
  });
});
