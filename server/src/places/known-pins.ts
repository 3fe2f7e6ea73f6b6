import { badInput } from '../common/shop-error';
import { PIN_CODE_PATTERN } from '../shared/indian-states';
import { PIN_PREFIX_RULES } from '../shared/payment-rules';
import { PIN_FORMAT, PIN_NOT_KNOWN } from '../shared/rules';
import type { PinDirectory } from './pin-directory';

const refuse = (field: string, message: string) => badInput(`${field}: ${message}`);

/** A PIN India Post knows, or the refusal naming `field`. */
export function knownPin(field: string, pin: unknown, pins: PinDirectory): string {
  const text = typeof pin === 'string' ? pin.trim() : '';
  if (!PIN_CODE_PATTERN.test(text)) throw refuse(field, PIN_FORMAT);
  if (!pins.lookup(text)) throw refuse(field, PIN_NOT_KNOWN);
  return text;
}

/**
 * A PIN India Post knows, or the first 2 to 5 digits of some PIN it knows (56: most of
 * Karnataka; 5600: central Bengaluru), for a list of places a rule covers whole areas of.
 */
export function knownPinOrPrefix(field: string, entry: unknown, pins: PinDirectory): string {
  const text = typeof entry === 'string' ? entry.trim() : '';
  if (text.length === 6) return knownPin(field, text, pins);
  if (!PIN_PREFIX_RULES.pattern.test(text)) throw refuse(field, PIN_PREFIX_RULES.format);
  if (!pins.knowsPrefix(text)) throw refuse(field, PIN_PREFIX_RULES.notKnown);
  return text;
}

/** Whether `pin` is one of `entries`, or begins with one of them. */
export const pinIsAmong = (pin: string, entries: readonly string[]) =>
  entries.some((entry) => pin.startsWith(entry));
