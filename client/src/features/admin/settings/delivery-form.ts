import type {
  DeliverySettingsFieldsFragment,
  DeliverySettingsInput,
  DeliveryZone,
} from '../../../gql/graphql';

/** What the admin's delivery form says, written once for the page and its tests. */
export const DELIVERY = {
  title: 'Delivery settings',
  failure: 'The delivery settings could not be loaded.',
  saved: 'Delivery settings saved',
  save: 'Save delivery settings',
  flatOrZone: 'Leave a zone’s charge empty for the flat charge.',
  cashMoved: 'Cash on delivery, its fee, largest order and PIN codes are in the payment settings.',
} as const;

/** A number field as Mantine's NumberInput holds it: '' when empty. */
type Amount = number | string;

export interface ZoneRow {
  zone: DeliveryZone;
  charge: Amount;
  minDays: Amount;
  maxDays: Amount;
}

/** The form's values: amounts in rupees, as the API speaks them; '' for none. */
export interface DeliveryFormValues {
  dispatchPin: string;
  flatCharge: Amount;
  freeShippingFrom: Amount;
  zones: ZoneRow[];
  cutOffHour: Amount;
  holidays: string[];
  unservedPins: string[];
  unservedStates: string[];
}

const field = (amount: number | null): Amount => amount ?? '';
const amountOf = (value: Amount): number | null => (value === '' ? null : Number(value));

/** The settings as the form shows them. */
export function formOf(settings: DeliverySettingsFieldsFragment): DeliveryFormValues {
  return {
    dispatchPin: settings.dispatchPin,
    flatCharge: settings.flatCharge,
    freeShippingFrom: field(settings.freeShippingFrom ?? null),
    zones: settings.zones.map(({ zone, charge, minDays, maxDays }) => ({
      zone,
      charge: field(charge ?? null),
      minDays,
      maxDays,
    })),
    cutOffHour: settings.cutOffHour,
    holidays: [...settings.holidays],
    unservedPins: [...settings.unservedPins],
    unservedStates: settings.unservedStates.map((state) => state.code),
  };
}

/**
 * What the form sends: every field, an empty amount as null (no threshold, no limit, the flat
 * charge for a zone). The server checks them all; nothing is rounded or bounded here.
 */
export function inputOf(values: DeliveryFormValues): DeliverySettingsInput {
  return {
    dispatchPin: values.dispatchPin.trim(),
    flatCharge: amountOf(values.flatCharge),
    freeShippingFrom: amountOf(values.freeShippingFrom),
    zones: values.zones.map((row) => ({
      zone: row.zone,
      charge: amountOf(row.charge),
      minDays: amountOf(row.minDays),
      maxDays: amountOf(row.maxDays),
    })),
    cutOffHour: amountOf(values.cutOffHour),
    holidays: values.holidays,
    unservedPins: values.unservedPins,
    unservedStates: values.unservedStates,
  };
}

const LISTS = ['holidays', 'unservedPins', 'unservedStates'] as const;

/**
 * Where the form shows a refusal the server named a field of (`zones[2].maxDays`,
 * `holidays[1]`): the form's path of that field, and the words, a list's item named in them
 * ("2027-02-30: Dates are written ..."). Null path: a refusal of no field of the form.
 */
export function refusedAt(
  field: string | null,
  message: string,
  values: DeliveryFormValues,
): { path: string | null; message: string } {
  if (!field) return { path: null, message };
  const item = /^(\w+)\[(\d+)\](?:\.(\w+))?$/.exec(field);
  if (!item) return { path: field in values ? field : null, message };
  const [, list, index, part] = item;
  if (list === 'zones' && part) return { path: `zones.${index}.${part}`, message };
  const named = LISTS.find((one) => one === list);
  if (!named) return { path: null, message };
  return { path: named, message: `${values[named][Number(index)]}: ${message}` };
}
