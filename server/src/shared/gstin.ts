import { INDIAN_STATES } from './indian-states';

/**
 * A GSTIN (GST identification number) as the GST portal issues one to a regular taxpayer:
 * 15 characters,
 *   1-2   the state code of the registration (GST's two-digit code, see indian-states.ts),
 *   3-12  the holder's PAN: five letters, four digits, a letter,
 *   13    the registration's number among the PAN's registrations in that state: 1-9, then A-Z,
 *   14    Z for every regular registration (other letters mark tax deductors and collectors,
 *         whose numbers are not a shop's or a buyer's),
 *   15    a check character over the first 14 (GSTN's Luhn mod 36, below).
 *
 * State codes accepted: those of the 36 states and union territories, and 97, "Other
 * Territory", which the GST portal gives registrations in India's offshore areas (a buyer may
 * be registered there). Not 99, "Centre Jurisdiction": it numbers non-resident suppliers of
 * online services (9917...), whose numbers are not PAN-based and never a buyer's or a shop's. Nor the retired 25 (Daman and Diu, merged into 26) and 28 (undivided Andhra
 * Pradesh, now 37), which the portal no longer issues.
 *
 * Shared with the client (the settings and checkout forms check as the server does): plain
 * code only.
 */

/** The messages a shopper or an admin sees, one for each way a GSTIN can be wrong. */
export const GSTIN_RULES = {
  length: 'GSTIN must be 15 characters',
  characters: 'GSTIN has only letters and digits',
  stateCode: 'GSTIN must start with the two-digit code of an Indian state or union territory',
  pan: 'GSTIN characters 3 to 12 must be a PAN: five letters, four digits and a letter',
  entity: 'GSTIN character 13 must be a digit from 1 to 9 or a letter',
  fourteenth: 'GSTIN character 14 must be Z',
  checkCharacter: 'GSTIN check character does not match: please check for a typo',
} as const;

/** 97: the GST portal's "Other Territory" (offshore areas), beside the states' own codes. */
export const OTHER_TERRITORY_CODE = '97';

const GSTIN_STATE_CODES = new Set([...INDIAN_STATES.map((s) => s.code), OTHER_TERRITORY_CODE]);

/** The characters of a GSTIN, each worth its place here: 0-9 are 0-9, A-Z are 10-35. */
const CODE_POINTS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** As people type it: spaces around, lower case. Inner spaces are left, so they are refused. */
export const normalGstin = (text: string): string => text.trim().toUpperCase();

/**
 * GSTN's check character of the first 14 characters: Luhn mod 36. From the left, every
 * second character's value is doubled; each product adds its base-36 digits (quotient and
 * remainder by 36) to a sum; the check character is the one worth (36 - sum mod 36) mod 36.
 * Given 14 or more letters and digits (upper case); only the first 14 count.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let at = 0; at < 14; at++) {
    const product = CODE_POINTS.indexOf(first14[at]) * (at % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CODE_POINTS[(36 - (sum % 36)) % 36];
}

/**
 * Why this GSTIN is not one, in words for the person who typed it; null when it is valid.
 * The text is normalised first (normalGstin), so lower case and surrounding spaces pass.
 */
export function gstinProblem(text: string): string | null {
  const gstin = normalGstin(text);
  if (gstin.length !== 15) return GSTIN_RULES.length;
  if (!/^[0-9A-Z]{15}$/.test(gstin)) return GSTIN_RULES.characters;
  if (!GSTIN_STATE_CODES.has(gstin.slice(0, 2))) return GSTIN_RULES.stateCode;
  if (!/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(gstin.slice(2, 12))) return GSTIN_RULES.pan;
  if (!/^[1-9A-Z]$/.test(gstin[12])) return GSTIN_RULES.entity;
  if (gstin[13] !== 'Z') return GSTIN_RULES.fourteenth;
  if (gstinCheckCharacter(gstin) !== gstin[14]) return GSTIN_RULES.checkCharacter;
  return null;
}

/** The state code a GSTIN is registered in ("27" for Maharashtra); the GSTIN should be valid. */
export const gstinStateCode = (gstin: string): string => normalGstin(gstin).slice(0, 2);
