import type { TaxSettingsFieldsFragment, TaxSettingsInput } from '../../../gql/graphql';

/** What the admin's tax page says, written once for the page and its tests. */
export const TAX = {
  title: 'Tax (GST)',
  failure: 'The tax settings could not be loaded.',
  saved: 'Tax settings saved',
  save: 'Save tax settings',
  missing: (fields: readonly string[]) =>
    `Invoices wait for: ${fields.join(', ')}. Until then no tax is charged or invoiced.`,
  classes: 'Tax classes',
  returns: 'Returns export (GSTR-1)',
  returnsHelp:
    'The month’s invoices and credit notes as the GSTR-1 offline tool’s tables; their totals are the invoices less the credit notes.',
  downloadFailure: 'The file could not be downloaded.',
} as const;

/** A number field as Mantine's NumberInput holds it: '' when empty. */
type Amount = number | string;

export interface TaxFormValues {
  registered: boolean;
  legalName: string;
  address: string;
  stateCode: string | null;
  gstin: string;
  invoicePrefix: string;
  defaultTaxClass: string | null;
  shippingRate: Amount;
}

export function formOf(settings: TaxSettingsFieldsFragment): TaxFormValues {
  return {
    registered: settings.registered,
    legalName: settings.legalName,
    address: settings.address,
    stateCode: settings.stateCode || null,
    gstin: settings.gstin,
    invoicePrefix: settings.invoicePrefix,
    defaultTaxClass: settings.defaultTaxClass,
    shippingRate: settings.shippingRate ?? '',
  };
}

/** Every field; the server checks them all and names the one it refuses. */
export function inputOf(values: TaxFormValues): TaxSettingsInput {
  return {
    registered: values.registered,
    legalName: values.legalName,
    address: values.address,
    stateCode: values.stateCode ?? '',
    gstin: values.gstin,
    invoicePrefix: values.invoicePrefix,
    defaultTaxClass: values.defaultTaxClass ?? '',
    shippingRate: values.shippingRate === '' ? null : Number(values.shippingRate),
  };
}

/** A class's rates on a line: "5% up to ₹2,500 a piece, 18% above · from 22 Sep 2025". */
export function ratesOf(schedule: {
  from: string;
  bands: readonly { upTo?: number | null; rate: number }[];
}): string {
  const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
  const bands = schedule.bands.map((band, at) =>
    band.upTo == null
      ? at === 0
        ? `${band.rate}%`
        : `${band.rate}% above`
      : `${band.rate}% up to ${rupees.format(band.upTo)} a piece`,
  );
  return `${bands.join(', ')} · from ${schedule.from}`;
}
