import type { CouponFieldsFragment, CouponInput, CouponKind } from '../../../gql/graphql';
import { formatDate } from '../../../lib/dates';
import { formatINR } from '../../../lib/money';
import { dayOf, endOfDay, lastDayBefore, startOfDay } from './offer-days';

/** What the admin's coupon pages say, written once for the page and its tests. */
export const COUPONS = {
  title: 'Coupons',
  failure: 'The coupons could not be loaded.',
  none: 'No coupons yet.',
  add: 'New coupon',
  newTitle: 'New coupon',
  editTitle: (code: string) => `Edit coupon ${code}`,
  edit: (code: string) => `Edit ${code}`,
  remove: (code: string) => `Delete ${code}`,
  removeTitle: (code: string) => `Delete coupon ${code}?`,
  removeText: 'Shoppers can no longer use it. Orders that used it keep its code and discount.',
  confirmRemove: 'Delete coupon',
  cancel: 'Cancel',
  created: (code: string) => `Coupon ${code} created`,
  saved: (code: string) => `Coupon ${code} saved`,
  removed: (code: string) => `Coupon ${code} deleted`,
  removeFailure: 'The coupon could not be deleted.',
  columns: ['Code', 'Discount', 'Uses', 'Valid', 'Active', 'Actions'],
  form: (code: string | null) => (code ? `Coupon ${code}` : 'New coupon'),
  code: 'Code',
  codeHint: '3 to 20 letters, digits, - or _; shoppers may type it in any case',
  description: 'Note for the shop',
  descriptionHint: 'Never shown to shoppers',
  kind: 'Discount',
  percent: 'Percent off',
  amount: 'Rupees off',
  value: (kind: CouponKind) => (kind === 'PERCENT' ? 'Percent' : 'Amount (₹)'),
  maxDiscount: 'Maximum discount (₹)',
  maxDiscountHint: 'Empty: no maximum',
  minCartValue: 'Minimum cart value (₹)',
  minCartValueHint: 'What the items must be worth before any discount',
  startsAt: 'Starts on',
  endsAt: 'Ends after',
  datesHint: 'Empty: no limit. Days in India',
  categories: 'Categories it applies to',
  categoriesHint: 'With no products either: every item',
  products: 'Products it applies to',
  totalUses: 'Total uses',
  totalUsesHint: 'Orders that may use it in all; empty: any',
  usesPerShopper: 'Uses per shopper',
  usesPerShopperHint: 'Empty: any',
  firstOrderOnly: 'First order only',
  combinesWithOffers: 'Combines with automatic offers',
  active: 'Active',
  save: 'Save coupon',
  yes: 'Yes',
  paused: 'Paused',
  always: 'Always',
  any: 'any',
} as const;

/** A number field as Mantine's NumberInput holds it: '' when empty. */
type Amount = number | string;

/** The form's values: the coupon's fields, amounts in rupees, days in India. */
export interface CouponFormValues {
  code: string;
  description: string;
  kind: CouponKind;
  value: Amount;
  maxDiscount: Amount;
  minCartValue: Amount;
  /** YYYY-MM-DD or ''. */
  startsAt: string;
  /** The last day it may be used, YYYY-MM-DD or ''. */
  endsAt: string;
  categories: string[];
  products: string[];
  totalUses: Amount;
  usesPerShopper: Amount;
  firstOrderOnly: boolean;
  combinesWithOffers: boolean;
  active: boolean;
}

const NEW_COUPON: CouponFormValues = {
  code: '',
  description: '',
  kind: 'PERCENT',
  value: '',
  maxDiscount: '',
  minCartValue: 0,
  startsAt: '',
  endsAt: '',
  categories: [],
  products: [],
  totalUses: '',
  usesPerShopper: '',
  firstOrderOnly: false,
  combinesWithOffers: true,
  active: true,
};

/** The form of a coupon, or of a new one. */
export function formOf(coupon: CouponFieldsFragment | null): CouponFormValues {
  if (!coupon) return { ...NEW_COUPON };
  return {
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind,
    value: coupon.value,
    maxDiscount: coupon.maxDiscount ?? '',
    minCartValue: coupon.minCartValue,
    startsAt: dayOf(coupon.startsAt),
    endsAt: lastDayBefore(coupon.endsAt),
    categories: [...coupon.categories],
    products: [...coupon.products],
    totalUses: coupon.totalUses ?? '',
    usesPerShopper: coupon.usesPerShopper ?? '',
    firstOrderOnly: coupon.firstOrderOnly,
    combinesWithOffers: coupon.combinesWithOffers,
    active: coupon.active,
  };
}

const numberOrNull = (value: Amount) => (value === '' ? null : Number(value));

/**
 * What the form sends: every field (the code only for a new coupon); the server checks them
 * all. An empty value is sent as none and refused there; an empty limit means no limit.
 */
export function inputOf(values: CouponFormValues, isNew: boolean): CouponInput {
  return {
    ...(isNew && { code: values.code }),
    description: values.description,
    kind: values.kind,
    value: numberOrNull(values.value),
    // Only a percent takes a maximum: an amount's hidden field is not sent.
    maxDiscount: values.kind === 'PERCENT' ? numberOrNull(values.maxDiscount) : null,
    minCartValue: values.minCartValue === '' ? 0 : Number(values.minCartValue),
    startsAt: startOfDay(values.startsAt),
    endsAt: endOfDay(values.endsAt),
    categories: values.categories,
    products: values.products,
    totalUses: numberOrNull(values.totalUses),
    usesPerShopper: numberOrNull(values.usesPerShopper),
    firstOrderOnly: values.firstOrderOnly,
    combinesWithOffers: values.combinesWithOffers,
    active: values.active,
  };
}

/**
 * Where the form shows a refusal the server named a field of (`value`, `products[2]`): that
 * field, the item named in the words by `nameOf` its id. Null path: no field of the form.
 */
export function refusedAt(
  field: string | null,
  message: string,
  values: CouponFormValues,
  nameOf: (list: 'categories' | 'products', id: string) => string,
): { path: keyof CouponFormValues | null; message: string } {
  if (!field) return { path: null, message };
  const item = /^(categories|products)\[(\d+)\]$/.exec(field);
  if (item) {
    const list = item[1] as 'categories' | 'products';
    const id = values[list][Number(item[2])];
    return { path: list, message: id === undefined ? message : `${nameOf(list, id)}: ${message}` };
  }
  return field in values
    ? { path: field as keyof CouponFormValues, message }
    : { path: null, message };
}

/** "10% off up to ₹500.00", "₹100.00 off", with the minimum cart value. */
export function discountOf(coupon: CouponFieldsFragment): string {
  const off =
    coupon.kind === 'PERCENT'
      ? `${coupon.value}% off` +
        (coupon.maxDiscount === null ? '' : ` up to ${formatINR(coupon.maxDiscount)}`)
      : `${formatINR(coupon.value)} off`;
  return coupon.minCartValue > 0 ? `${off} on ${formatINR(coupon.minCartValue)} or more` : off;
}

/** "3 / 1000", "3 / any". */
export const usesOf = (coupon: CouponFieldsFragment): string =>
  `${coupon.uses} / ${coupon.totalUses ?? COUPONS.any}`;

/** "20 Oct 2027 to 5 Nov 2027", "From 20 Oct 2027", "Until 5 Nov 2027", "Always". */
export function validityOf(coupon: CouponFieldsFragment): string {
  const from = coupon.startsAt && formatDate(coupon.startsAt);
  const until =
    coupon.endsAt && formatDate(new Date(new Date(coupon.endsAt).getTime() - 1).toISOString());
  if (from && until) return `${from} to ${until}`;
  if (from) return `From ${from}`;
  if (until) return `Until ${until}`;
  return COUPONS.always;
}
