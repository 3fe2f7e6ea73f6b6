import { RETURN_RULES } from '@shop/rules';
import type { ReturnPolicyFieldsFragment, ReturnPolicyInput } from '../../../gql/graphql';

/** What the admin's return policy form says, written once for the page and its tests. */
export const RETURNS = {
  title: 'Return policy',
  failure: 'The return policy could not be loaded.',
  saved: 'Return policy saved',
  save: 'Save return policy',
  windowDays: 'Days to ask for a return',
  windowHint: `Counted from delivery, ${RETURN_RULES.windowDays.min} to ${RETURN_RULES.windowDays.max}. 0: the shop takes no returns`,
  categories: 'Categories not taken back',
  categoriesHint: 'Every product of these categories is not returnable',
  products: 'Products not taken back',
} as const;

/** A number field as Mantine's NumberInput holds it: '' when empty. */
type Amount = number | string;

/** The form's values: the policy as it is stored, ids for the categories and products. */
export interface ReturnPolicyFormValues {
  windowDays: Amount;
  nonReturnableCategories: string[];
  nonReturnableProducts: string[];
}

export function formOf(policy: ReturnPolicyFieldsFragment): ReturnPolicyFormValues {
  return {
    windowDays: policy.windowDays,
    nonReturnableCategories: [...policy.nonReturnableCategories],
    nonReturnableProducts: [...policy.nonReturnableProducts],
  };
}

/** What the form sends: every field; the server checks them all (an empty number is refused). */
export function inputOf(values: ReturnPolicyFormValues): ReturnPolicyInput {
  return {
    windowDays: values.windowDays === '' ? null : Number(values.windowDays),
    nonReturnableCategories: values.nonReturnableCategories,
    nonReturnableProducts: values.nonReturnableProducts,
  };
}

/**
 * Where the form shows a refusal the server named a field of (`windowDays`,
 * `nonReturnableProducts[2]`): that field, the item named in the words by `nameOf` its id.
 * Null path: a refusal of no field of the form.
 */
export function refusedAt(
  field: string | null,
  message: string,
  values: ReturnPolicyFormValues,
  nameOf: (id: string) => string,
): { path: keyof ReturnPolicyFormValues | null; message: string } {
  if (!field) return { path: null, message };
  const item = /^(nonReturnableCategories|nonReturnableProducts)\[(\d+)\]$/.exec(field);
  if (item) {
    const path = item[1] as 'nonReturnableCategories' | 'nonReturnableProducts';
    const id = values[path][Number(item[2])];
    return { path, message: id === undefined ? message : `${nameOf(id)}: ${message}` };
  }
  return field in values
    ? { path: field as keyof ReturnPolicyFormValues, message }
    : { path: null, message };
}
