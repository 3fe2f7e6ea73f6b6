/**
 * A tax invoice or credit note as issued: everything CGST Rules rule 46 (invoice) and rule 53
 * (credit note) ask it to carry, copied when it is issued so that the PDF, the buyer's and the
 * admin's downloads and the month's GSTR-1-shaped export all read one stored record and never the
 * order, the product or the settings as they are later. Money in whole paise.
 */
export interface TaxDocument {
  /** `invoice` for a sale; `credit-note` for a cancellation or refund after invoicing. */
  kind: 'invoice' | 'credit-note';
  /** As printed: at most 16 letters, digits, `-` and `/`; e.g. `BZ/2627/00017`. */
  number: string;
  /** The financial year it was numbered in, April to March: `2026-27`. */
  financialYear: string;
  /** Its place in its series for that year, from 1, without gaps. */
  serial: number;
  issuedAt: Date;
  /** The order it is for, by id and as shown to people (`BZ-000123`). */
  orderId: string;
  orderNumber: string;
  /** Placed at. */
  orderedAt: Date;
  /**
   * For a credit note: the invoice it corrects, with that invoice's value (`totals.total`), which
   * decides where GSTR-1 reports a consumer's note (against a B2CL invoice, or netted into B2CS).
   */
  refersTo: { number: string; issuedAt: Date; total: number } | null;
  supplier: TaxParty & { gstin: string };
  /** The buyer; `gstin` only for a registered (business) buyer, which makes it a B2B document. */
  recipient: TaxParty & { gstin: string | null };
  /** Where the goods are delivered: the place of supply for goods. */
  placeOfSupply: TaxState;
  /** Tax payable on reverse charge: never, for a shop's sales of goods, but printed. */
  reverseCharge: boolean;
  /** Goods, then shipping when charged (as its own line, SAC 996812). */
  lines: TaxLine[];
  totals: TaxAmounts & {
    /** Taxable value and all tax: what the buyer paid (or, on a credit note, gets back). */
    total: number;
  };
}

export interface TaxState {
  /** GST state code, two digits: `08`. */
  code: string;
  name: string;
}

export interface TaxParty {
  name: string;
  /** As printed, one line each. */
  address: string[];
  state: TaxState;
}

/** The taxes on a value, each in paise; at most one of sgst/utgst, and never with igst. */
export interface TaxAmounts {
  taxable: number;
  cgst: number;
  sgst: number;
  utgst: number;
  igst: number;
}

export interface TaxLine extends TaxAmounts {
  /** HSN code of the goods (4 to 8 digits) or SAC of a service (shipping: 996812). */
  hsn: string;
  description: string;
  quantity: number;
  /** Unit quantity code as GST returns use them: `NOS` (numbers) for goods, `OTH` for shipping. */
  unit: string;
  /** The rate in percent: 5, 18, 0.25. CGST and SGST/UTGST each take half of it. */
  rate: number;
  /** Taxable value and the line's tax: what the line was sold for, after discounts. */
  total: number;
}
