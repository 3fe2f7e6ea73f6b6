import { Injectable } from '@nestjs/common';
import { INDIAN_STATES, IndianState, PIN_CODE_PATTERN } from '../shared/indian-states';
// A JSON module, so the build copies it beside the code. Where it comes from and how to refresh
// it: pin-directory.LICENSE.txt and scripts/refresh-pin-directory.mjs.
import DIRECTORY from './pin-directory.json';

/** Where a PIN code is: its district, the town people write for it, and its state. */
export interface PinPlace {
  pin: string;
  /** As India Post names it, in title case ("Bengaluru Urban"); empty when the directory has none. */
  district: string;
  /** The town an address names, offered to the shopper: the district, or its city ("Bengaluru"). */
  city: string;
  state: IndianState;
}

/**
 * Districts whose name is not the town people write in an address: the metros India Post splits
 * or names after the district's administration. Any other district's name is offered as it is
 * (the shopper may change the city; only the state is checked against the PIN).
 */
const CITY_OF_DISTRICT: Record<string, string> = {
  'Bengaluru Urban': 'Bengaluru',
  'Kamrup Metro': 'Guwahati',
  'Mumbai Suburban': 'Mumbai',
  'Gautam Buddha Nagar': 'Noida',
  'Medchal-malkajgiri': 'Hyderabad',
  Rangareddy: 'Hyderabad',
  Kolkata: 'Kolkata',
};
const DELHI = '07';
/** Delhi's districts ("North West", "Shahdara") are parts of one city. */
const cityOf = (district: string, state: IndianState) =>
  state.code === DELHI && district !== 'New Delhi'
    ? 'Delhi'
    : (CITY_OF_DISTRICT[district] ?? district);

const STATE_BY_CODE = new Map(INDIAN_STATES.map((state) => [state.code, state]));

const titleCase = (text: string) =>
  text
    .toLowerCase()
    .replace(
      /(^|[\s(/.-])(\p{L})/gu,
      (_, before: string, letter: string) => before + letter.toUpperCase(),
    );

const DISTRICTS = (DIRECTORY.districts as string[]).map(titleCase);
const PINS = DIRECTORY.pins as unknown as Record<string, Array<[number, string]>>;

/**
 * India Post's PIN codes, in memory (about 20,000, 0.5 MB): what a PIN is, where it is, and
 * whether an address's state agrees with it.
 */
@Injectable()
export class PinDirectory {
  /** Every 2- to 5-digit beginning of a known PIN, made on first use (admins' settings). */
  private prefixes: Set<string> | undefined;

  /** Every place the PIN's post offices are in, the directory's first first; none for an unknown PIN. */
  placesOf(pin: string): PinPlace[] {
    if (!PIN_CODE_PATTERN.test(pin)) return [];
    return (Object.hasOwn(PINS, pin) ? PINS[pin] : []).flatMap(([districtAt, code]) => {
      const state = STATE_BY_CODE.get(code);
      if (!state) return [];
      const district = DISTRICTS[districtAt] ?? '';
      return [{ pin, district, city: cityOf(district, state), state }];
    });
  }

  /** Where the PIN is (its first place when it crosses a line), or null for a PIN India Post does not have. */
  lookup(pin: string): PinPlace | null {
    return this.placesOf(pin)[0] ?? null;
  }

  /** Whether an address in `stateCode` may carry this PIN: one of its post offices is in that state. */
  isIn(pin: string, stateCode: string): boolean {
    return this.placesOf(pin).some((place) => place.state.code === stateCode);
  }

  /** Whether some PIN the directory knows begins with `prefix` (2 to 5 digits). */
  knowsPrefix(prefix: string): boolean {
    this.prefixes ??= new Set(
      Object.keys(PINS).flatMap((pin) => [2, 3, 4, 5].map((length) => pin.slice(0, length))),
    );
    return this.prefixes.has(prefix);
  }

  /** How many PINs the directory knows; its source and when it was refreshed. */
  get about(): { pins: number; source: string; refreshed: string } {
    return {
      pins: Object.keys(PINS).length,
      source: DIRECTORY.source,
      refreshed: DIRECTORY.refreshed,
    };
  }
}
