import { badInput } from '../../common/shop-error';
import { indianState, PIN_CODE_PATTERN } from '../../shared/indian-states';
import {
  ADDRESS_RULES,
  ADDRESS_TEXT_LIMITS,
  addressFault,
  AddressField,
  controlCharactersIn,
  holdsControlCharacters,
  normaliseMobile,
  TEXT_LIMITS,
} from '../../shared/rules';
import type { PinDirectory } from '../../places';
import type { PostalAddressFields } from './address.schema';

/** An address as a client sends it: texts as typed, the state by its GST code (or name). */
export interface AddressInput {
  name: string;
  mobile: string;
  line1: string;
  line2?: string | null;
  landmark?: string | null;
  city: string;
  stateCode: string;
  pin: string;
}

const refused = (field: AddressField, message: string) => badInput(addressFault(field, message));

/** A text of the address, trimmed and checked: given when required, not too long, plain. */
function checkedText(
  field: AddressField,
  value: unknown,
  maxLength: number,
  required?: string,
): string {
  if (value !== undefined && value !== null && typeof value !== 'string') {
    throw refused(field, 'Must be text');
  }
  const text = (value ?? '').trim();
  if (required && !text) throw refused(field, required);
  if (text.length > maxLength) throw refused(field, ADDRESS_RULES.tooLong(maxLength));
  if (holdsControlCharacters(text)) throw badInput(controlCharactersIn(field));
  return text;
}

/**
 * The one rule of an address, whichever API sends it: every text given where required and
 * within its length, the mobile an Indian mobile (kept as its 10 digits), the state one of the
 * 36, and the PIN six digits that India Post has, in that state. The first fault is refused
 * with a 400 naming its field.
 */
export function checkedAddress(input: AddressInput, pins: PinDirectory): PostalAddressFields {
  const { required } = ADDRESS_RULES;
  const name = checkedText('name', input.name, ADDRESS_TEXT_LIMITS.name, required.name);
  const typedMobile = checkedText('mobile', input.mobile, TEXT_LIMITS.phone, required.mobile);
  const mobile = normaliseMobile(typedMobile);
  if (!mobile) throw refused('mobile', ADDRESS_RULES.mobile);
  const line1 = checkedText('line1', input.line1, ADDRESS_TEXT_LIMITS.line1, required.line1);
  const line2 = checkedText('line2', input.line2, ADDRESS_TEXT_LIMITS.line2);
  const landmark = checkedText('landmark', input.landmark, ADDRESS_TEXT_LIMITS.landmark);
  const city = checkedText('city', input.city, ADDRESS_TEXT_LIMITS.city, required.city);
  const stateText = checkedText('stateCode', input.stateCode, 60, required.stateCode);
  const state = indianState(stateText);
  if (!state) throw refused('stateCode', ADDRESS_RULES.stateCode);
  // Spaces between the digits ("560 001") are taken out.
  const pin = checkedText('pin', input.pin, 10, required.pin).replace(/\s/g, '');
  if (!PIN_CODE_PATTERN.test(pin)) throw refused('pin', ADDRESS_RULES.pinFormat);
  const places = pins.placesOf(pin);
  if (places.length === 0) throw refused('pin', ADDRESS_RULES.pinNotKnown);
  if (!pins.isIn(pin, state.code)) {
    throw refused('pin', ADDRESS_RULES.pinElsewhere(pin, places[0].state.name, state.name));
  }
  return {
    name,
    mobile,
    line1,
    line2,
    landmark,
    city,
    stateCode: state.code,
    state: state.name,
    pin,
  };
}
