import { toPaise } from '../common/money';
import { isShopDay } from '../common/shop-days';
import {
  checkedList,
  optionalPaiseOf,
  paiseOf,
  refuseField,
  wholeOf,
} from '../common/setting-values';
import { knownPin, type PinDirectory } from '../places';
import { INDIAN_STATES, indianState } from '../shared/indian-states';
import { DELIVERY_RULES, DeliveryZone, ORDER_FILTER_RULES } from '../shared/rules';
import { DELIVERY_ZONES } from './zones';

/** The name of the delivery section in the shop's settings (SettingsStore). */
export const DELIVERY_SECTION = 'delivery';

/** One zone's charge and days. */
export interface ZoneSettings {
  zone: DeliveryZone;
  /** Paise; null: the flat charge. */
  charge: number | null;
  /** Working days from dispatch to delivery. */
  minDays: number;
  maxDays: number;
}

/** The delivery section as stored: amounts in paise. */
export interface DeliverySettings {
  /** Where parcels leave from: a PIN India Post knows. */
  dispatchPin: string;
  /** Paise, for a cart below the free-shipping threshold, in a zone without a charge of its own. */
  flatCharge: number;
  /** Paise: goods worth this much or more ship free; null: shipping is never free. */
  freeShippingFrom: number | null;
  /** Every zone, in DELIVERY_ZONES's order. */
  zones: ZoneSettings[];
  /** Orders placed at or after this hour (shop time) are dispatched the next working day. */
  cutOffHour: number;
  /** Days nothing is dispatched or delivered, YYYY-MM-DD, in order; Sundays besides. */
  holidays: string[];
  /** PINs the shop does not deliver to. */
  unservedPins: string[];
  /** States and union territories the shop does not deliver to, by GST code. */
  unservedStates: string[];
}

const ZONE_DAYS: Record<DeliveryZone, [number, number]> = {
  SAME_CITY: [1, 2],
  SAME_STATE: [2, 4],
  METRO_TO_METRO: [2, 4],
  REST_OF_INDIA: [4, 7],
  NORTH_EAST_AND_ISLANDS: [6, 10],
};

/**
 * A new shop's settings: from Jaipur, Rs 49 a parcel, free from Rs 499. Cash on delivery is a
 * way to pay, so its settings are the payments section's (payment-settings).
 */
export const DELIVERY_DEFAULTS: DeliverySettings = {
  dispatchPin: '302001',
  flatCharge: toPaise(49),
  freeShippingFrom: toPaise(499),
  zones: DELIVERY_ZONES.map((zone) => ({
    zone,
    charge: null,
    minDays: ZONE_DAYS[zone][0],
    maxDays: ZONE_DAYS[zone][1],
  })),
  cutOffHour: 14,
  holidays: [],
  unservedPins: [],
  unservedStates: [],
};

/** A change of the settings as the APIs send it: amounts in rupees; a field left out is kept. */
export interface DeliverySettingsChange {
  dispatchPin?: string;
  flatCharge?: number;
  freeShippingFrom?: number | null;
  /** The zones to change, each at most once; the others are kept. */
  zones?: { zone: DeliveryZone; charge?: number | null; minDays?: number; maxDays?: number }[];
  cutOffHour?: number;
  holidays?: string[];
  unservedPins?: string[];
  unservedStates?: string[];
}

/** The section as read: every zone there, in order, whatever an older version stored. */
export function completeSettings(stored: DeliverySettings): DeliverySettings {
  const zones = new Map((stored.zones ?? []).map((zone) => [zone.zone, zone]));
  return {
    ...stored,
    zones: DELIVERY_ZONES.map(
      (zone) => zones.get(zone) ?? DELIVERY_DEFAULTS.zones.find((one) => one.zone === zone)!,
    ),
  };
}

const refuse = refuseField;

function holidayOf(day: unknown, field: string): string {
  if (typeof day !== 'string' || !isShopDay(day.trim()))
    throw refuse(field, ORDER_FILTER_RULES.date);
  return day.trim();
}

function stateCodeOf(state: unknown, field: string): string {
  const found = typeof state === 'string' ? indianState(state) : undefined;
  if (!found) throw refuse(field, DELIVERY_RULES.notAState);
  return found.code;
}

function zonesOf(
  current: readonly ZoneSettings[],
  changes: NonNullable<DeliverySettingsChange['zones']>,
): ZoneSettings[] {
  const zones = current.map((zone) => ({ ...zone }));
  const seen = new Set<DeliveryZone>();
  changes.forEach((change, index) => {
    const field = `zones[${index}]`;
    const zone = zones.find((one) => one.zone === change.zone);
    if (!zone || seen.has(change.zone)) throw refuse(`${field}.zone`, DELIVERY_RULES.zones);
    seen.add(change.zone);
    if (change.charge !== undefined) {
      zone.charge = optionalPaiseOf(`${field}.charge`, change.charge, DELIVERY_RULES.charge);
    }
    if (change.minDays !== undefined) {
      zone.minDays = wholeOf(`${field}.minDays`, change.minDays, DELIVERY_RULES.days);
    }
    if (change.maxDays !== undefined) {
      zone.maxDays = wholeOf(`${field}.maxDays`, change.maxDays, DELIVERY_RULES.days);
    }
    if (zone.maxDays < zone.minDays) throw refuse(`${field}.maxDays`, DELIVERY_RULES.daysOrder);
  });
  return zones;
}

/**
 * The settings after `change`, every field it gives checked (a refusal names the field, and
 * nothing is kept): the dispatch PIN one India Post knows, amounts in bounds and to the
 * paisa, each zone's days in order, holidays real days, PINs and states each once.
 */
export function changedSettings(
  current: DeliverySettings,
  change: DeliverySettingsChange,
  pins: PinDirectory,
): DeliverySettings {
  const next = { ...current };
  const given = <K extends keyof DeliverySettingsChange>(key: K) => change[key] !== undefined;
  if (given('dispatchPin')) next.dispatchPin = knownPin('dispatchPin', change.dispatchPin, pins);
  if (given('flatCharge')) {
    next.flatCharge = paiseOf('flatCharge', change.flatCharge, DELIVERY_RULES.charge);
  }
  if (given('freeShippingFrom')) {
    next.freeShippingFrom = optionalPaiseOf(
      'freeShippingFrom',
      change.freeShippingFrom,
      DELIVERY_RULES.orderValue,
    );
  }
  if (given('zones')) {
    if (!Array.isArray(change.zones)) throw refuse('zones', 'zones must be a list');
    next.zones = zonesOf(current.zones, change.zones);
  }
  if (given('cutOffHour')) {
    next.cutOffHour = wholeOf('cutOffHour', change.cutOffHour, DELIVERY_RULES.cutOffHour);
  }
  if (given('holidays')) {
    next.holidays = checkedList(
      'holidays',
      change.holidays,
      { max: DELIVERY_RULES.maxHolidays, message: DELIVERY_RULES.tooManyHolidays },
      DELIVERY_RULES.sameHoliday,
      holidayOf,
    ).sort();
  }
  if (given('unservedPins')) {
    next.unservedPins = checkedList(
      'unservedPins',
      change.unservedPins,
      { max: DELIVERY_RULES.maxUnservedPins, message: DELIVERY_RULES.tooManyPins },
      DELIVERY_RULES.samePin,
      (pin, field) => knownPin(field, pin, pins),
    );
  }
  if (given('unservedStates')) {
    next.unservedStates = checkedList(
      'unservedStates',
      change.unservedStates,
      // More than every state holds one twice.
      { max: INDIAN_STATES.length, message: DELIVERY_RULES.sameState },
      DELIVERY_RULES.sameState,
      stateCodeOf,
    );
  }
  return next;
}
