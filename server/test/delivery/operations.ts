import type { TestShop } from '../support/test-app';
import { gqlOk } from '../support/gql';
import { DeliveryClock } from '../../src/delivery';

/** What the delivery tests ask over GraphQL, and the answers' shapes (amounts in rupees). */
export const SETTINGS_FIELDS = `
  dispatchPin dispatchPlace { city state { name } }
  flatCharge freeShippingFrom
  zones { zone charge minDays maxDays }
  cutOffHour holidays
  unservedPins unservedStates { code name }
`;

export interface SettingsView {
  dispatchPin: string;
  dispatchPlace: { city: string; state: { name: string } } | null;
  flatCharge: number;
  freeShippingFrom: number | null;
  zones: { zone: string; charge: number | null; minDays: number; maxDays: number }[];
  cutOffHour: number;
  holidays: string[];
  unservedPins: string[];
  unservedStates: { code: string; name: string }[];
}

export const DELIVERY_SETTINGS = `{ deliverySettings { ${SETTINGS_FIELDS} } }`;
export const UPDATE_SETTINGS = `
  mutation ($input: DeliverySettingsInput!) {
    updateDeliverySettings(input: $input) { ${SETTINGS_FIELDS} }
  }
`;

export const CHECK_FIELDS = `
  pin place { city district state { code name } } deliverable zone earliest latest
  cashOnDelivery cashOnDeliveryUpTo charge freeShippingFrom message
`;
export const DELIVERY_CHECK = `query ($pin: String!) { deliveryCheck(pin: $pin) { ${CHECK_FIELDS} } }`;

export interface CheckView {
  pin: string;
  place: { city: string; district: string; state: { code: string; name: string } };
  deliverable: boolean;
  zone: string;
  earliest: string | null;
  latest: string | null;
  cashOnDelivery: boolean;
  cashOnDeliveryUpTo: number | null;
  charge: number;
  freeShippingFrom: number | null;
  message: string;
}

export const CART_QUOTE = `
  query ($lines: [CheckoutLineInput!]!, $pin: String) {
    cartQuote(lines: $lines, pin: $pin) {
      goods shipping total freeShippingFrom amountToFreeShipping zone deliverable
    }
  }
`;

export interface QuoteView {
  goods: number;
  shipping: number;
  total: number;
  freeShippingFrom: number | null;
  amountToFreeShipping: number | null;
  zone: string | null;
  deliverable: boolean;
}

/**
 * The shop's delivery settings as a test needs them, over GraphQL as the admin: the
 * defaults' zones and charges with `changes` on top, no holidays and every PIN served unless
 * given. Each test sets what it counts on, so none depends on what another left.
 */
export async function setDelivery(shop: TestShop, changes: Record<string, unknown> = {}) {
  const input = {
    dispatchPin: '302001',
    flatCharge: 49,
    freeShippingFrom: 499,
    zones: [
      { zone: 'SAME_CITY', charge: null, minDays: 1, maxDays: 2 },
      { zone: 'SAME_STATE', charge: null, minDays: 2, maxDays: 4 },
      { zone: 'METRO_TO_METRO', charge: null, minDays: 2, maxDays: 4 },
      { zone: 'REST_OF_INDIA', charge: null, minDays: 4, maxDays: 7 },
      { zone: 'NORTH_EAST_AND_ISLANDS', charge: null, minDays: 6, maxDays: 10 },
    ],
    cutOffHour: 14,
    holidays: [],
    unservedPins: [],
    unservedStates: [],
    ...changes,
  };
  return (
    await gqlOk<{ updateDeliverySettings: SettingsView }>(
      shop,
      UPDATE_SETTINGS,
      { input },
      shop.admin,
    )
  ).updateDeliverySettings;
}

/** The delivery clock stopped at `moment` (an ISO time with its offset), until `release`. */
export function stopClockAt(shop: TestShop, moment: string): { release: () => void } {
  const clock = shop.app.get(DeliveryClock);
  const at = Date.parse(moment);
  const now = clock.now;
  clock.now = () => at;
  return { release: () => (clock.now = now) };
}
