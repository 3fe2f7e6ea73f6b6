/**
 * A UPI payment link, as NPCI's "UPI Linking Specifications" define it: `upi://pay?` and the
 * payee's address (pa), name (pn), the amount in rupees with two decimals (am), the currency
 * (cu, always INR), the shop's reference of the payment (tr) and a note (tn). Any UPI app
 * opens it from a tap on a phone or from a scanned QR code, with everything filled in.
 * Plain code with no imports, so the storefront may use it too.
 */
export interface UpiPayment {
  /** The payee's UPI ID (virtual payment address), such as shop@okaxis. */
  vpa: string;
  /** The name the UPI app shows beside the UPI ID. */
  payeeName: string;
  /** Whole paise, more than 0. */
  amountPaise: number;
  /** The shop's reference of this payment, which comes back with it. */
  reference: string;
  /** What the payer sees the payment is for (the order's number). */
  note: string;
}

/** Paise as rupees with two decimals, "1234.05", in whole numbers only (no floating point). */
function amountText(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise <= 0) {
    throw new RangeError(`A UPI amount is a whole number of paise above 0, not ${paise}`);
  }
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

/**
 * The link, each value percent-encoded (a space as %20, never +, which some UPI apps show as
 * it is), the parameters in the specification's order.
 */
export function upiPayLink({ vpa, payeeName, amountPaise, reference, note }: UpiPayment): string {
  const parameters: [string, string][] = [
    ['pa', vpa],
    ['pn', payeeName],
    ['am', amountText(amountPaise)],
    ['cu', 'INR'],
    ['tr', reference],
    ['tn', note],
  ];
  const query = parameters.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
  return `upi://pay?${query}`;
}
