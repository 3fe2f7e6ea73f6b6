/**
 * India's 28 states and 8 union territories, each with the two-digit state code that GST uses
 * (the first two digits of a GSTIN, and the "place of supply" on a tax invoice). Shared with the
 * client (the state picker of the address form), so plain constants only.
 *
 * `tax` says which tax goes beside CGST on a sale within the state: SGST in the states and in
 * the union territories with a legislature (Delhi, Jammu and Kashmir, Puducherry), UTGST in the
 * others.
 */
export interface IndianState {
  code: string;
  name: string;
  kind: 'state' | 'union territory';
  tax: 'SGST' | 'UTGST';
}

const state = (code: string, name: string): IndianState => ({
  code,
  name,
  kind: 'state',
  tax: 'SGST',
});
const territory = (code: string, name: string, tax: 'SGST' | 'UTGST' = 'UTGST'): IndianState => ({
  code,
  name,
  kind: 'union territory',
  tax,
});

/** Ordered by GST state code (25, Daman and Diu, merged into 26 in 2020). */
export const INDIAN_STATES: readonly IndianState[] = [
  territory('01', 'Jammu and Kashmir', 'SGST'),
  state('02', 'Himachal Pradesh'),
  state('03', 'Punjab'),
  territory('04', 'Chandigarh'),
  state('05', 'Uttarakhand'),
  state('06', 'Haryana'),
  territory('07', 'Delhi', 'SGST'),
  state('08', 'Rajasthan'),
  state('09', 'Uttar Pradesh'),
  state('10', 'Bihar'),
  state('11', 'Sikkim'),
  state('12', 'Arunachal Pradesh'),
  state('13', 'Nagaland'),
  state('14', 'Manipur'),
  state('15', 'Mizoram'),
  state('16', 'Tripura'),
  state('17', 'Meghalaya'),
  state('18', 'Assam'),
  state('19', 'West Bengal'),
  state('20', 'Jharkhand'),
  state('21', 'Odisha'),
  state('22', 'Chhattisgarh'),
  state('23', 'Madhya Pradesh'),
  state('24', 'Gujarat'),
  territory('26', 'Dadra and Nagar Haveli and Daman and Diu'),
  state('27', 'Maharashtra'),
  state('29', 'Karnataka'),
  state('30', 'Goa'),
  territory('31', 'Lakshadweep'),
  state('32', 'Kerala'),
  state('33', 'Tamil Nadu'),
  territory('34', 'Puducherry', 'SGST'),
  territory('35', 'Andaman and Nicobar Islands'),
  state('36', 'Telangana'),
  state('37', 'Andhra Pradesh'),
  territory('38', 'Ladakh'),
];

/** A state's name as people type it, made comparable: case, "&" for "and", a leading "The". */
export const stateNameKey = (name: string): string =>
  name
    .trim()
    .toUpperCase()
    .replace(/&/g, ' AND ')
    .replace(/^THE\s+/, '')
    .replace(/[^A-Z]+/g, ' ')
    .trim();

const BY_CODE = new Map(INDIAN_STATES.map((s) => [s.code, s]));
const BY_NAME = new Map(INDIAN_STATES.map((s) => [stateNameKey(s.name), s]));

/** The state with this GST code ("07") or name ("delhi", "Tamil Nadu"), or undefined. */
export function indianState(codeOrName: string): IndianState | undefined {
  const text = codeOrName.trim();
  return BY_CODE.get(text.padStart(2, '0')) ?? BY_NAME.get(stateNameKey(text));
}

/** An Indian PIN code: six digits, the first 1 to 9. */
export const PIN_CODE_PATTERN = /^[1-9][0-9]{5}$/;
