import { DELIVERY_RULES, NumberRule, obeys } from '../shared/rules';
import { toPaise } from './money';
import { badInput } from './shop-error';

/*
 * The checks of the values a section of the shop's settings holds (delivery, payments), each
 * refusal naming its field (`flatCharge: ...`, `holidays[1]: ...`), so both APIs answer alike.
 */

export const refuseField = (field: string, message: string) => badInput(`${field}: ${message}`);

/** Rupees within `rule`, to the paisa, as paise. */
export function paiseOf(field: string, rupees: unknown, rule: NumberRule): number {
  if (!obeys(rule, rupees)) throw refuseField(field, rule.message);
  if (Number(rupees.toFixed(2)) !== rupees) throw refuseField(field, DELIVERY_RULES.wholePaise);
  return toPaise(rupees);
}

/** As paiseOf, or null for null. */
export const optionalPaiseOf = (field: string, rupees: unknown, rule: NumberRule) =>
  rupees === null ? null : paiseOf(field, rupees, rule);

/** A number within `rule`. */
export function wholeOf(field: string, value: unknown, rule: NumberRule): number {
  if (!obeys(rule, value)) throw refuseField(field, rule.message);
  return value;
}

/** True or false. */
export function switchOf(field: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw refuseField(field, `${field} must be true or false`);
  return value;
}

/** Each item once, in order; `check` gives the item as kept or throws naming it (`field[2]`). */
export function checkedList<T>(
  field: string,
  items: unknown,
  most: { max: number; message: string },
  twice: string,
  check: (item: unknown, field: string) => T,
): T[] {
  if (!Array.isArray(items)) throw refuseField(field, `${field} must be a list`);
  if (items.length > most.max) throw refuseField(field, most.message);
  const kept: T[] = [];
  items.forEach((item, index) => {
    const value = check(item, `${field}[${index}]`);
    if (kept.includes(value)) throw refuseField(`${field}[${index}]`, twice);
    kept.push(value);
  });
  return kept;
}
