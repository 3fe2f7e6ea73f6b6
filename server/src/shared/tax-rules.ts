/**
 * The rules of the shop's GST data, shared by the server, which enforces them, and the admin's
 * forms, which check them as typed (imported there as @shop/tax-rules). Rates are data (tax
 * classes in the settings), never written here.
 */

/** HSN code of goods: 4, 6 or 8 digits (CGST Rules, rule 46; 4 digits suffice below Rs 5 crore). */
export const HSN_PATTERN = /^(\d{4}|\d{6}|\d{8})$/;

/** SAC printed on the shipping line of an invoice: courier services. */
export const SHIPPING_SAC = '996812';

export const TAX_RULES = {
  hsn: 'HSN code must be 4, 6 or 8 digits',
  taxClass: 'Tax class must be one of the shop’s tax classes',
  /** A rate in percent, to two places: 0.25 (cut stones), 3 (gold), 5, 18, 40. */
  rate: { min: 0, max: 40, whole: false, message: 'A GST rate is 0 to 40 percent' },
  ratePlaces: 'A GST rate has at most two decimal places',
  /** Invoice numbers are at most 16 characters: prefix/2627/00017 leaves 3 for the prefix. */
  invoicePrefix: {
    pattern: /^[A-Z0-9]{1,3}$/,
    message: 'Invoice prefix must be 1 to 3 capital letters or digits',
  },
  classCode: {
    pattern: /^[a-z0-9][a-z0-9-]{0,31}$/,
    message: 'A tax class code is 1 to 32 small letters, digits and hyphens',
  },
  className: { maxLength: 60, message: 'A tax class name is 1 to 60 characters' },
  maxClasses: 30,
  tooManyClasses: 'At most 30 tax classes',
  sameClass: 'This tax class code is given twice',
  maxSchedules: 20,
  tooManySchedules: 'At most 20 dated rate schedules a class',
  scheduleDay: 'A schedule starts on a day written YYYY-MM-DD',
  sameDay: 'Two schedules of a class start on the same day',
  maxBands: 5,
  tooManyBands: 'At most 5 price bands a schedule',
  bandLimit: {
    min: 0.01,
    max: 10_00_00_000,
    whole: false,
    message: 'A band’s limit is Rs 0.01 to Rs 10 crore a piece',
  },
  bandsOrder: 'Price bands go up, and only the last is open (no upper price)',
  noRates: 'A tax class needs at least one schedule with at least one band',
  legalName: { maxLength: 120, message: 'The legal name is 1 to 120 characters' },
  address: { maxLength: 300, message: 'The address is at most 300 characters' },
  state: 'State must be one of India’s states and union territories, by GST code',
  gstinState: 'The GSTIN’s first two digits must be the shop’s state code',
  defaultClass: 'The default tax class must be one of the tax classes',
  classInUse: (code: string) => `Tax class ${code} is the default and cannot be removed`,
} as const;

/** What a registered shop must fill in before it may issue tax invoices, by field. */
export const TAX_SETTINGS_NEEDED = {
  legalName: 'Legal name',
  address: 'Address',
  stateCode: 'State',
  gstin: 'GSTIN',
} as const;

/**
 * The month's GSTR-1-shaped files, in the order the offline tool lists its tables, each with what
 * it holds; `totals.csv` is each table's totals, for checking, not for the portal.
 */
export const GSTR1_FILE_LABELS = {
  'b2b.csv': 'B2B invoices (4A)',
  'b2cl.csv': 'B2C large, inter-state (5)',
  'b2cs.csv': 'B2C small, by state and rate (7)',
  'cdnr.csv': 'Credit notes, registered (9B)',
  'cdnur.csv': 'Credit notes, unregistered (9B)',
  'hsn-b2b.csv': 'HSN summary, B2B (12)',
  'hsn-b2c.csv': 'HSN summary, B2C (12)',
  'totals.csv': 'Totals of each table',
} as const;

export type Gstr1File = keyof typeof GSTR1_FILE_LABELS;
export const GSTR1_FILES = Object.keys(GSTR1_FILE_LABELS) as Gstr1File[];

/** A month of the returns export: YYYY-MM. */
export const RETURNS_MONTH = {
  pattern: /^(\d{4})-(0[1-9]|1[0-2])$/,
  message: 'month: A month is written YYYY-MM',
} as const;
