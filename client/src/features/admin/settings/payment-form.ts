import { PAYMENT_RULES } from '@shop/payment-rules';
import type { PaymentSettingsFieldsFragment, PaymentSettingsInput } from '../../../gql/graphql';

/** What the admin's payments form says, written once for the page and its tests. */
export const PAYMENTS = {
  title: 'Payment settings',
  failure: 'The payment settings could not be loaded.',
  saved: 'Payment settings saved',
  save: 'Save payment settings',
  payeeNameMax: PAYMENT_RULES.payeeName.maxLength,
} as const;

/** A number field as Mantine's NumberInput holds it: '' when empty. */
type Amount = number | string;

/** The form's values: amounts in rupees, as the API speaks them; '' for none. */
export interface PaymentFormValues {
  upiVpa: string;
  upiPayeeName: string;
  paymentExpiryMinutes: Amount;
  methods: { upi: boolean; card: boolean; cashOnDelivery: boolean };
  codFee: Amount;
  codUpTo: Amount;
  codMaxUndeliveredOrders: Amount;
  codUnservedPins: string[];
}

const amountOf = (value: Amount): number | null => (value === '' ? null : Number(value));

/** The settings as the form shows them. */
export function formOf(settings: PaymentSettingsFieldsFragment): PaymentFormValues {
  const { upi, card, cashOnDelivery } = settings.methods;
  return {
    upiVpa: settings.upiVpa,
    upiPayeeName: settings.upiPayeeName,
    paymentExpiryMinutes: settings.paymentExpiryMinutes,
    methods: { upi, card, cashOnDelivery },
    codFee: settings.codFee,
    codUpTo: settings.codUpTo ?? '',
    codMaxUndeliveredOrders: settings.codMaxUndeliveredOrders,
    codUnservedPins: [...settings.codUnservedPins],
  };
}

/**
 * What the form sends: every field, an empty amount as null (no largest cash order). The
 * server checks them all; nothing is rounded or bounded here.
 */
export function inputOf(values: PaymentFormValues): PaymentSettingsInput {
  return {
    upiVpa: values.upiVpa.trim(),
    upiPayeeName: values.upiPayeeName,
    paymentExpiryMinutes: amountOf(values.paymentExpiryMinutes),
    methods: values.methods,
    codFee: amountOf(values.codFee),
    codUpTo: amountOf(values.codUpTo),
    codMaxUndeliveredOrders: amountOf(values.codMaxUndeliveredOrders),
    codUnservedPins: values.codUnservedPins,
  };
}

/**
 * Where the form shows a refusal the server named a field of (`upiVpa`, `methods`,
 * `codUnservedPins[1]`): the form's path of that field, and the words, a list's item named
 * in them ("99: No PIN code ..."). Null path: a refusal of no field of the form.
 */
export function refusedAt(
  field: string | null,
  message: string,
  values: PaymentFormValues,
): { path: string | null; message: string } {
  if (!field) return { path: null, message };
  const item = /^codUnservedPins\[(\d+)\]$/.exec(field);
  if (item) {
    return {
      path: 'codUnservedPins',
      message: `${values.codUnservedPins[Number(item[1])]}: ${message}`,
    };
  }
  if (field.startsWith('methods')) return { path: 'methods', message };
  return { path: field in values ? field : null, message };
}
