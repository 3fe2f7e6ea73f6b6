import { randomId } from '@mantine/hooks';
import type {
  AutomaticOfferFieldsFragment,
  AutomaticOfferInput,
  OfferKind,
} from '../../../gql/graphql';
import { dayOf, endOfDay, lastDayBefore, startOfDay } from './offer-days';

/** What the admin's offers page says, written once for the page and its tests. */
export const OFFERS = {
  title: 'Automatic offers',
  intro:
    'Applied to every cart that qualifies, without a code, in this order. Coupons that do not combine with offers are weighed against them.',
  failure: 'The automatic offers could not be loaded.',
  none: 'No automatic offers yet.',
  add: 'Add offer',
  save: 'Save offers',
  saved: 'Offers saved',
  offer: (at: number, name: string) => `Offer ${at + 1}${name.trim() ? `: ${name.trim()}` : ''}`,
  name: 'Name shoppers read',
  nameHint: 'Such as “Buy 2 kitchen items, get 10% off”',
  kind: 'Kind',
  kinds: { ITEMS: 'Percent off items', SHIPPING: 'Free shipping' } as Record<OfferKind, string>,
  category: 'Category counted',
  everyItem: 'Every item',
  minQuantity: 'Items the cart must hold',
  percent: 'Percent off them',
  minCartValue: 'Free from a cart of (₹)',
  minCartValueHint: 'What the items must be worth after discounts',
  startsAt: 'Starts on',
  endsAt: 'Ends after',
  datesHint: 'Empty: no limit. Days in India',
  active: 'Active',
  moveUp: (at: number) => `Move offer ${at + 1} up`,
  moveDown: (at: number) => `Move offer ${at + 1} down`,
  remove: (at: number) => `Remove offer ${at + 1}`,
} as const;

/** A number field as Mantine's NumberInput holds it: '' when empty. */
type Amount = number | string;

/** One offer on the form: its id (none for a new one), days in India, rupees. */
export interface OfferRow {
  /** React's key for the row, which moves with it. */
  key: string;
  id: string | null;
  name: string;
  kind: OfferKind;
  /** '' for every item. */
  category: string;
  minQuantity: Amount;
  percent: Amount;
  minCartValue: Amount;
  startsAt: string;
  endsAt: string;
  active: boolean;
}

export interface OffersFormValues {
  offers: OfferRow[];
}

/** A new offer's row: 10% off 2 or more items. */
export const newOffer = (): OfferRow => ({
  key: randomId(),
  id: null,
  name: '',
  kind: 'ITEMS',
  category: '',
  minQuantity: 2,
  percent: 10,
  minCartValue: 0,
  startsAt: '',
  endsAt: '',
  active: true,
});

export function formOf(offers: readonly AutomaticOfferFieldsFragment[]): OffersFormValues {
  return {
    offers: offers.map((offer) => ({
      key: offer.id,
      id: offer.id,
      name: offer.name,
      kind: offer.kind,
      category: offer.category ?? '',
      minQuantity: offer.minQuantity,
      percent: offer.percent,
      minCartValue: offer.minCartValue,
      startsAt: dayOf(offer.startsAt),
      endsAt: lastDayBefore(offer.endsAt),
      active: offer.active,
    })),
  };
}

const numberOrNull = (value: Amount) => (value === '' ? null : Number(value));

/** What the form sends: the whole list, each offer with the fields of its kind. */
export function inputOf(values: OffersFormValues): AutomaticOfferInput[] {
  return values.offers.map((offer) => ({
    ...(offer.id && { id: offer.id }),
    name: offer.name,
    kind: offer.kind,
    ...(offer.kind === 'ITEMS'
      ? {
          category: offer.category || null,
          minQuantity: numberOrNull(offer.minQuantity),
          percent: numberOrNull(offer.percent),
        }
      : { minCartValue: offer.minCartValue === '' ? 0 : Number(offer.minCartValue) }),
    startsAt: startOfDay(offer.startsAt),
    endsAt: endOfDay(offer.endsAt),
    active: offer.active,
  }));
}

/**
 * Where the form shows a refusal the server named a field of (`offers[2].percent`): that
 * field of that offer. Null path: a refusal of the list as a whole, or of no field shown.
 */
export function refusedAt(
  field: string | null,
  message: string,
  values: OffersFormValues,
): { path: string | null; message: string } {
  const item = field && /^offers\[(\d+)\]\.(\w+)$/.exec(field);
  if (!item) return { path: null, message: field ? `${field}: ${message}` : message };
  const [, at, part] = item;
  const row = values.offers[Number(at)];
  return row && part in row
    ? { path: `offers.${at}.${part}`, message }
    : { path: null, message: `${OFFERS.offer(Number(at), row?.name ?? '')}: ${message}` };
}
