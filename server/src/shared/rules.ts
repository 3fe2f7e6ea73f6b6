/**
 * The shop's limits and the messages that name them, written once for the server's
 * checks (DTOs and services) and the client's forms. The client imports this file as
 * `@shop/rules` (client/vite.config.ts, client/tsconfig.json), so it must stay plain
 * constants and functions: no imports, nothing server-only. See docs/architecture.md,
 * "Where each kind of rule lives".
 */

/** Longest texts, in characters. */
export const TEXT_LIMITS = {
  name: 100,
  email: 254,
  password: 128,
  phone: 20,
  address: 500,
  answer: 100,
  description: 5000,
} as const;

/**
 * Control characters (Unicode's Cc: C0, U+0000 to U+001F, DEL and C1) in a text: no one types
 * them, a NUL cuts a pattern sent to the database as a C string, and they would go as they are
 * into page titles and meta tags. A text that may span lines (a description, an address) keeps
 * tab and line breaks.
 */
const CONTROL_CHARACTER = /\p{Cc}/u;
const CONTROL_CHARACTER_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;
const EVERY_CONTROL_CHARACTER = new RegExp(CONTROL_CHARACTER.source, 'gu');

export function holdsControlCharacters(text: string, spansLines = false): boolean {
  return (spansLines ? CONTROL_CHARACTER_BUT_LINES : CONTROL_CHARACTER).test(text);
}

/** Every control character of `text` (tab and line breaks too) made a space. */
export const controlCharactersAsSpaces = (text: string) =>
  text.replace(EVERY_CONTROL_CHARACTER, ' ');

/** The one refusal of a text holding control characters, naming its field. */
export const controlCharactersIn = (field: string) =>
  `${field} must not contain control characters`;

/**
 * A refusal of one field as both APIs word it, the field first (`email: Enter a valid...`), so
 * a form shows the words beside that field (the client's fieldRefusal splits them).
 */
export const fieldFault = (field: string, words: string) => `${field}: ${words}`;

/**
 * A refusal's field, when its words name one first (`couponCode: ...`, `lines[2].quantity:
 * ...`; fields begin in lower case), and the words after it: fieldFault read back.
 */
export function fieldOf(message: string): { field: string | null; words: string } {
  const named = /^([a-z]\w*(?:\[\d+\])?(?:\.\w+)?): (.+)$/s.exec(message);
  return named ? { field: named[1], words: named[2] } : { field: null, words: message };
}

/** The register rule for passwords; production refuses seeded accounts weaker than it. */
export const MIN_PASSWORD_LENGTH = 6;

/**
 * A password being set (registering, resetting, in the profile) must not be one of the most
 * common, which are guessed first (server/src/config/common-passwords.ts).
 */
export const PASSWORD_TOO_COMMON =
  'This password is among the 100,000 most common, so easily guessed: please choose another';

/**
 * Changing how an account signs in (its password, or its e-mail) asks for the password it has
 * now, so a token alone, copied from a shared computer, cannot take the account over.
 */
export const CURRENT_PASSWORD = {
  required: 'Current password is required to change the password or e-mail',
  wrong: 'Current password is wrong',
} as const;

/** A checkout that finds too little stock of a line: its product's name as the line has it. */
export const STOCK_RULES = {
  outOfStock: (product: string) => `${product} is out of stock`,
  onlyLeft: (left: number, product: string) => `Only ${left} of ${product} left in stock`,
} as const;

/** A rule on a number: its bounds (both included) and the message that names them. */
export interface NumberRule {
  readonly min: number;
  readonly max: number;
  /** Whether only whole numbers obey it. */
  readonly whole: boolean;
  readonly message: string;
}

export function obeys(rule: NumberRule, value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= rule.min &&
    value <= rule.max &&
    (!rule.whole || Number.isInteger(value))
  );
}

/** A text that must hold more than spaces, up to `maxLength` characters. */
export interface TextRule {
  readonly maxLength: number;
  readonly required: string;
  /** Whether it may span lines, so tab and line breaks are allowed in it. */
  readonly spansLines?: boolean;
}

export const MAX_PRICE_RUPEES = 10_000_000;
export const MAX_QUANTITY = 1_000_000;

/** What every product obeys, whichever way it is written (form, REST, GraphQL, seed). */
export const PRODUCT_RULES = {
  name: { maxLength: TEXT_LIMITS.name, required: 'Name is required' },
  description: {
    maxLength: TEXT_LIMITS.description,
    required: 'Description is required',
    spansLines: true,
  },
  /** In rupees, to the paisa. */
  price: {
    min: 0,
    max: MAX_PRICE_RUPEES,
    whole: false,
    message: `Price must be from 0 to ${MAX_PRICE_RUPEES} rupees`,
  },
  quantity: {
    min: 0,
    max: MAX_QUANTITY,
    whole: true,
    message: `Quantity must be a whole number from 0 to ${MAX_QUANTITY}`,
  },
} as const satisfies Record<string, TextRule | NumberRule>;

/**
 * A product's options (Size, Colour, Storage) and the variants it sells, one per combination
 * of their values, each with its own SKU, price, MRP and stock. A product without options
 * sells one variant, the product itself (docs/decisions/019-variants.md).
 */
export const VARIANT_RULES = {
  maxOptions: 3,
  maxValues: 30,
  maxVariants: 100,
  /** Characters of an option's name or value. */
  maxLabel: 30,
  tooManyOptions: 'A product has at most 3 options',
  tooManyValues: 'An option has at most 30 values',
  tooManyVariants: 'A product has at most 100 variants',
  noVariant: 'A product sells at least one variant',
  optionName: 'An option needs a name of 1 to 30 characters',
  optionValue: 'Option values hold 1 to 30 characters',
  sameOption: 'Two options have the same name',
  sameValue: 'An option lists the same value twice',
  noValues: 'An option needs at least one value',
  /** Upper case once stored: a shopper or an admin may type either. */
  sku: {
    pattern: /^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$/,
    message: 'A SKU holds 1 to 40 letters, digits, and . _ / -, beginning with a letter or digit',
  },
  sameSku: 'Two variants have the same SKU',
  skuTaken: (sku: string, product: string) => `SKU ${sku} is already used by ${product}`,
  values: 'A variant names one value of each option, in the options’ order',
  sameCombination: 'Two variants have the same option values',
  mrpBelowPrice: 'MRP must be at least the price',
  optionsNeedVariants: 'Set the price and stock of each variant: this product has options',
  chooseVariant: (product: string) => `Choose the options of ${product}`,
  noSuchVariant: 'That variant of the product no longer exists',
  notOnSale: (product: string) => `${product} in this choice is not on sale`,
} as const;

/** Whole percent off the MRP, rounded down so the shop never claims more than it gives. */
export const discountPercent = (price: number, mrp: number | null | undefined): number =>
  mrp != null && mrp > price && mrp > 0 ? Math.floor(((mrp - price) * 100) / mrp) : 0;

/** Products per page on the storefront's home, category and search pages. */
export const STOREFRONT_PAGE_SIZE = 6;
/** Orders or users per page on the admin's lists. */
export const ADMIN_PAGE_SIZE = 20;
/** The largest page any list may ask for, so no request can ask for a whole table. */
export const MAX_PAGE_SIZE = 50;

/** A product photo must be under 1 MB: 1 MiB itself is refused. */
export const PHOTO_MAX_BYTES = 1024 * 1024;
export const PHOTO_TOO_LARGE = 'Photo should be less than 1 MB';
export const NOT_A_PHOTO = 'Photo must be a JPEG, PNG, WebP or GIF image';

/**
 * A product's photos (the first is its card's): how many, and the alt text of each, which
 * screen readers read out and which stands in for a photo that does not load.
 */
export const PRODUCT_PHOTO_RULES = {
  maxPhotos: 8,
  tooMany: 'A product has at most 8 photos',
  noPhotos: 'photos must hold at least one photo',
  noSuchPhoto: 'The product has no photo with this hash',
  alreadyShown: 'The product has this photo already',
  order: "order must name each of the product's photos once",
  changedMeanwhile: "The product's photos changed meanwhile: reload them and try again",
  alt: {
    maxLength: 150,
    message: 'alt must be at most 150 characters',
    required: "alt must be a text ('' for none)",
  },
} as const;

/** The most lines one order may have. */
export const MAX_ORDER_LINES = 50;
/** The most units of one product one order may hold. */
export const MAX_LINE_QUANTITY = 100;

export const ORDER_RULES = {
  emptyCart: 'The cart is empty',
  tooManyLines: `At most ${MAX_ORDER_LINES} lines per order`,
  lineQuantity: {
    min: 1,
    max: MAX_LINE_QUANTITY,
    whole: true,
    message: `Quantities must be whole numbers from 1 to ${MAX_LINE_QUANTITY}`,
  },
  /** Lines of one product together. */
  productQuantity: `At most ${MAX_LINE_QUANTITY} of one product per order`,
} as const;

/** A checkout's idempotency key, whether sent in the body or the Idempotency-Key header. */
export const IDEMPOTENCY_KEY = {
  pattern: /^[\w-]{1,100}$/,
  message: 'An idempotency key holds 1 to 100 letters, digits, - and _',
} as const;

/**
 * An order's number as people read it: the shop's prefix and the number drawn at checkout, in
 * at least `digits` digits (BZ-000123). Orders store the number alone, so a new prefix shows on
 * every order, old ones too (docs/decisions/023-order-numbers.md).
 */
export const ORDER_NUMBER = {
  prefix: 'BZ-',
  digits: 6,
  /** What a search by number takes: the digits, with or without a prefix, in any case. */
  pattern: /^(?:[A-Za-z]{1,5}-?)?(\d{1,12})$/,
  message: 'number: an order number, such as BZ-000123',
} as const;

/** BZ-000123 for order 123. */
export const orderNumberText = (number: number): string =>
  `${ORDER_NUMBER.prefix}${String(number).padStart(ORDER_NUMBER.digits, '0')}`;

/** 123 for BZ-000123, bz-123 or 123; null for anything else. */
export function orderNumberOf(text: string): number | null {
  const digits = ORDER_NUMBER.pattern.exec(text.trim())?.[1];
  const number = digits === undefined ? NaN : Number(digits);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}

/**
 * Shipping an order: the courier (one of the shop's, Settings) and its tracking number, the AWB
 * (air waybill) printed on the parcel. Couriers' tracking pages are patterns with `{awb}` where
 * the number goes.
 */
export const SHIPMENT_RULES = {
  trackingNumber: {
    pattern: /^[A-Za-z0-9]{6,30}$/,
    message: 'trackingNumber: the AWB holds 6 to 30 letters and digits, no spaces',
  },
  courierRequired: 'courier: choose the courier that carries the order to mark it Shipped',
  trackingNumberRequired: 'trackingNumber: the AWB is needed to mark an order Shipped',
  unknownCourier: (name: string) => `courier: ${name} is not one of the shop's couriers`,
  onlyWhenShipping: 'courier: a courier and AWB go with marking an order Shipped',
  notShipped: 'Only a shipped or delivered order has a shipment to correct',
  /** Where a courier's tracking pattern puts the AWB. */
  awbSlot: '{awb}',
} as const;

/** Units the shop cancels from a line of an order before sending it (a partial refund). */
export const LINE_CANCEL_RULES = {
  /** Before the parcel leaves: after that, the goods come back as a return. */
  notNow: 'Items can be cancelled from an order only before it is shipped',
  notFulfilled: 'Only a paid or cash-on-delivery order has items to cancel',
  noSuchLine: (line: number) => `line: the order has no line ${line}`,
  quantity: (left: number) =>
    `quantity: give a whole number of units from 1 to ${left}, the units of this line not cancelled`,
  lastUnits: 'quantity: these are the last items of the order: cancel the order instead',
  max: 20,
  tooMany: 'An order takes at most 20 cancellations of items',
} as const;

/** A buyer's return of a delivered order's items, and the shop's policy on returns. */
export const RETURN_RULES = {
  /** Days after delivery a return may be asked; 0: the shop takes no returns. */
  windowDays: { min: 0, max: 60, whole: true, message: 'Give a whole number of days from 0 to 60' },
  listed: { max: 500, message: 'at most 500' },
  unknownCategory: 'no such category',
  unknownProduct: 'no such product',
  listedTwice: 'listed twice',
  reason: { min: 5, max: 500, message: 'reason: say why, in 5 to 500 characters' },
  note: { max: 500, message: 'note: at most 500 characters' },
  reference: {
    pattern: /^[A-Za-z0-9][A-Za-z0-9 /_-]{3,49}$/,
    message:
      'refundReference: the bank or UPI transfer reference, 4 to 50 letters, digits, spaces, / _ -',
  },
  referenceNeeded:
    'refundReference: a cash order is refunded by the shop: give the reference of the bank or UPI transfer',
  referenceNotNeeded: 'refundReference: a prepaid order is refunded through the gateway',
  noLines: 'lines: choose at least one item to return',
  notDelivered: 'Only a delivered order can be returned',
  noReturns: 'This shop does not take returns',
  windowClosed: (until: string) => `The time to return this order ended on ${until}`,
  noSuchLine: (at: number) => `lines[${at}].line: the order has no such line`,
  notReturnable: (at: number, name: string) => `lines[${at}].line: ${name} cannot be returned`,
  sameLineTwice: (at: number) => `lines[${at}].line: each line once`,
  quantity: (at: number, left: number) =>
    left === 0
      ? `lines[${at}].quantity: every unit of this line is already returned or being returned`
      : `lines[${at}].quantity: give a whole number of units from 1 to ${left}`,
  noSuchReturn: 'No such return on this order',
  notRequested: 'This return has been decided already',
  notApproved: 'Only an approved return is received',
  maxReturns: 20,
  tooMany: 'An order takes at most 20 returns',
} as const;

/**
 * Whether the shop's return policy takes a product back: neither it nor its category is listed
 * as not returnable. The one rule, for the server's returns and the product page's words.
 */
export function isReturnableProduct(
  policy: { nonReturnableProducts: readonly string[]; nonReturnableCategories: readonly string[] },
  productId: string,
  categoryId: string | null | undefined,
): boolean {
  if (policy.nonReturnableProducts.includes(productId)) return false;
  return !(categoryId && policy.nonReturnableCategories.includes(categoryId));
}

export const COURIER_RULES = {
  maxCouriers: 20,
  maxName: 40,
  maxUrl: 300,
  none: 'couriers: the shop needs at least one courier',
  tooMany: 'couriers: at most 20 couriers',
  name: (at: number) => `couriers[${at}].name: 1 to 40 characters`,
  sameName: (at: number) => `couriers[${at}].name: two couriers have this name`,
  trackingUrl: (at: number) =>
    `couriers[${at}].trackingUrl: an https address of at most 300 characters holding {awb}, ` +
    'where the tracking number goes',
} as const;

/**
 * The storefront's price filter, in whole rupees, both bounds included, so every whole-rupee
 * price falls in exactly one band but the first (docs/decisions/006-price-bands.md). The
 * client offers them; the server counts the products in each beside the filter.
 */
export const PRICE_BANDS = [
  { label: 'All Prices', min: 0, max: 200000 },
  { label: 'Rs. 0 to 1000', min: 0, max: 1000 },
  { label: 'Rs. 1001 to 3000', min: 1001, max: 3000 },
  { label: 'Rs. 3001 to 7000', min: 3001, max: 7000 },
  { label: 'Rs. 7001 to 15,000', min: 7001, max: 15000 },
  { label: 'Rs. 15001 to 20,000', min: 15001, max: 20000 },
  { label: 'Rs. 20001 to 50,000', min: 20001, max: 50000 },
  { label: 'Above Rs. 50,000', min: 50001, max: 200000 },
] as const;

/** The longest search the server takes, in characters. */
export const MAX_SEARCH_LENGTH = 100;

/** Searches shorter than this get no suggestions as they are typed. */
export const SUGGESTION_MIN_LENGTH = 2;
/** The most products a list of suggestions shows. */
export const SUGGESTED_PRODUCTS = 6;

/**
 * The shop's days (the dashboard's figures, the order filter's dates, the CSV exports) are
 * days in India, wherever the server or the admin's browser is.
 */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';

/** The storefront's languages: English, the source of its texts, and Hindi. */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The query parameter a link opens the storefront in a language with: `/product/kurta?lang=hi`. */
export const LANGUAGE_PARAM = 'lang';

/** Dates the order filter takes: a day of SHOP_TIME_ZONE, both ends included. */
export const ORDER_FILTER_RULES = {
  date: 'Dates are written YYYY-MM-DD, such as 2026-01-31',
  dateOrder: 'The start date is after the end date',
  buyerTooLong: `The buyer search holds at most ${TEXT_LIMITS.email} characters`,
} as const;

/** The columns every catalogue CSV the import reads has, in the export's order. */
export const PRODUCT_CSV_COLUMNS = [
  'slug',
  'name',
  'description',
  'price',
  'category',
  'quantity',
  'shipping',
] as const;

/**
 * The columns of a product's variants, after those: one line per variant, the lines of one
 * product sharing its slug. A file without them (from before variants) changes products as
 * it always did.
 */
export const PRODUCT_CSV_VARIANT_COLUMNS = ['sku', 'options', 'mrp'] as const;

/**
 * A product's GST columns, last: its HSN code and tax class (by code). A file without them
 * leaves both as they are; an empty cell clears one (the shop's default class then applies).
 */
export const PRODUCT_CSV_TAX_COLUMNS = ['hsn', 'taxclass'] as const;

/**
 * A product's name and description in Hindi (`nameHi`, `descriptionHi`), after those. As with
 * the tax columns, a file without them leaves both as they are; an empty cell clears one.
 */
export const PRODUCT_CSV_HINDI_COLUMNS = ['name_hi', 'description_hi'] as const;

/** Every column of the catalogue's CSV export, in order. */
export const PRODUCT_CSV_EXPORT_COLUMNS = [
  ...PRODUCT_CSV_COLUMNS,
  ...PRODUCT_CSV_VARIANT_COLUMNS,
  ...PRODUCT_CSV_TAX_COLUMNS,
  ...PRODUCT_CSV_HINDI_COLUMNS,
] as const;

/** How a line's options are written: `Size=M; Colour=Indigo`. */
export const CSV_OPTIONS = { between: ';', is: '=' } as const;

/** A product's slug, as its address shows it: the import names products by it. */
export const SLUG_RULE = {
  pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
  maxLength: 120,
  message: 'A slug holds lower-case letters, digits and single hyphens, such as brass-diya',
} as const;

/** How large a catalogue CSV the import reads. */
export const PRODUCT_IMPORT_LIMITS = {
  maxBytes: 1_000_000,
  maxRows: 2_000,
  tooLarge: 'The file must be at most 1 MB',
  tooManyRows: 'The file must hold at most 2,000 products',
  empty: 'The file holds no products',
  notUtf8: (line: number) =>
    `Line ${line} is not UTF-8 text (accented letters saved as Latin-1 or Windows-1252?): ` +
    'save the file as "CSV UTF-8" and import it again',
  noFile: 'Choose a CSV file to import (the form field "file")',
  /** Why an import the shop stopped in the middle of (a crash, a restart) was undone. */
  stopped: 'The shop stopped while this import was writing; nothing was imported',
} as const;

/** A PIN code: six digits, the first 1 to 9, that India Post has (server/src/places). */
export const PIN_FORMAT = 'PIN code must be 6 digits and not start with 0';
export const PIN_NOT_KNOWN = 'This PIN code is not in India Post’s directory: please check it';

/**
 * Where the shop delivers, how soon and for how much (server/src/delivery, decision 022):
 * the bounds of the admin's delivery settings, amounts in rupees as the APIs speak them.
 * A refusal names its field (`flatCharge: ...`, `zones[2].maxDays: ...`).
 */
export const DELIVERY_RULES = {
  /** A shipping charge, flat or a zone's. */
  charge: {
    min: 0,
    max: 10_000,
    whole: false,
    message: 'A charge must be from 0 to 10,000 rupees',
  },
  /** An order value: the free-shipping threshold, the most cash on delivery takes. */
  orderValue: {
    min: 0,
    max: MAX_PRICE_RUPEES,
    whole: false,
    message: `An amount must be from 0 to ${MAX_PRICE_RUPEES} rupees`,
  },
  wholePaise: 'An amount has at most 2 decimal places',
  /** Working days from dispatch to delivery. */
  days: { min: 0, max: 30, whole: true, message: 'Days must be whole numbers from 0 to 30' },
  daysOrder: 'The most days must be at least the fewest',
  /** Orders placed at or after this hour (shop time) are dispatched the next working day. */
  cutOffHour: {
    min: 0,
    max: 24,
    whole: true,
    message: 'The cut-off must be a whole hour from 0 to 24',
  },
  maxHolidays: 100,
  tooManyHolidays: 'At most 100 holidays',
  sameHoliday: 'This holiday is listed twice',
  maxUnservedPins: 1_000,
  tooManyPins: 'At most 1,000 PIN codes',
  samePin: 'This PIN code is listed twice',
  notAState: 'Not a state or union territory: give its GST code, such as 07',
  sameState: 'This state is listed twice',
  zones: 'Give each delivery zone once',
  notDelivered: (where: string) => `Sorry, we do not deliver to ${where} yet`,
} as const;

/** The delivery zones, as GraphQL names them, and as the shop shows them. */
export const DELIVERY_ZONE_LABELS = {
  SAME_CITY: 'Same city',
  SAME_STATE: 'Same state',
  METRO_TO_METRO: 'Metro to metro',
  REST_OF_INDIA: 'Rest of India',
  NORTH_EAST_AND_ISLANDS: 'North-east, Jammu and Kashmir, Ladakh and islands',
} as const;
export type DeliveryZone = keyof typeof DELIVERY_ZONE_LABELS;

/**
 * A shopper's wishlist (server/src/wishlist): the products they hearted, newest first, kept on
 * the server once signed in and in the browser before. Refusals name their field first.
 */
export const MAX_WISHLIST = 100;

export const WISHLIST_RULES = {
  tooMany: `productId: A wishlist holds at most ${MAX_WISHLIST} products: remove one to add another`,
  unknownProduct: 'productId: No product of the shop has this id',
  mergeTooMany: `productIds: At most ${MAX_WISHLIST} products can be merged at once`,
  mergeNotIds: 'productIds: Must be a list of product ids',
} as const;

/**
 * A shopper's address book (server/src/users/addresses): how many addresses it holds, each
 * text's longest length, and the messages of its refusals. The server names the field of a
 * refusal before its words (`pin: ...`, addressFault), so a form shows the words beside it.
 */
export const MAX_ADDRESSES = 20;

/** The longest of each text of an address, in characters. */
export const ADDRESS_TEXT_LIMITS = {
  name: TEXT_LIMITS.name,
  line1: 120,
  line2: 120,
  landmark: 80,
  city: 60,
} as const;

/** Every field of an address as the APIs take it. */
export type AddressField = keyof typeof ADDRESS_TEXT_LIMITS | 'mobile' | 'stateCode' | 'pin';

export const ADDRESS_RULES = {
  required: {
    name: 'Enter the name of the person to deliver to',
    mobile: 'Enter a mobile number to call on delivery',
    line1: 'Enter the house number, building and street',
    city: 'Enter the town or city',
    stateCode: 'Choose the state or union territory',
    pin: 'Enter the PIN code',
  },
  tooLong: (maxLength: number) => `At most ${maxLength} characters`,
  mobile: 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9',
  stateCode: 'Choose one of the 36 states and union territories',
  pinFormat: PIN_FORMAT,
  pinNotKnown: PIN_NOT_KNOWN,
  pinElsewhere: (pin: string, pinState: string, chosen: string) =>
    `PIN code ${pin} is in ${pinState}, not in ${chosen}: check the PIN code or the state`,
  tooMany: `An address book holds at most ${MAX_ADDRESSES} addresses: delete one to add another`,
  notFound: 'This address is not in your address book',
} as const;

/** A refusal of an address's field as both APIs answer it: `pin: PIN code must be 6 digits...`. */
export const addressFault = (field: AddressField | 'addresses' | 'addressId', message: string) =>
  `${field}: ${message}`;

const ADDRESS_FIELDS: readonly string[] = [
  ...Object.keys(ADDRESS_TEXT_LIMITS),
  'mobile',
  'stateCode',
  'pin',
];

/** The field an address refusal names, and its words; null for any other message. */
export function addressFaultOf(message: string): { field: AddressField; words: string } | null {
  const { field, words } = fieldOf(message);
  if (field === null || !ADDRESS_FIELDS.includes(field)) return null;
  return { field: field as AddressField, words };
}

/** What may come before an Indian mobile's 10 digits: the country code, or a trunk 0. */
const MOBILE_PREFIX = /^(?:\+91|91(?=\d{10}$)|0(?=\d{10}$))/;
const MOBILE_DIGITS = /^[6-9][0-9]{9}$/;

/**
 * An Indian mobile number as stored: its 10 digits, from what people type (`+91 98450 12345`,
 * `098450-12345`, `919845012345`); null when it is not one.
 */
export function normaliseMobile(typed: string): string | null {
  const compact = typed.replace(/[\s-]/g, '');
  const digits = compact.replace(MOBILE_PREFIX, '');
  return MOBILE_DIGITS.test(digits) ? digits : null;
}

/** The parts of an address that say where it is, as both the address book and orders hold them. */
export interface PostalAddress {
  line1: string;
  line2?: string | null;
  landmark?: string | null;
  city: string;
  /** The state's or union territory's name. */
  state: string;
  pin: string;
}

/**
 * An address on one line, as the single `address` text of users and orders reads:
 * `12 MG Road, Shanthala Nagar, Near Cubbon Park, Bengaluru, Karnataka 560001`.
 */
export const addressOnOneLine = (address: PostalAddress): string =>
  [address.line1, address.line2, address.landmark, address.city, `${address.state} ${address.pin}`]
    .filter((part) => part && part.trim())
    .join(', ');

/** Paying an order: the messages the server refuses with and the storefront shows. */
export const PAYMENT_RULES = {
  notPayable: 'This order cannot be paid now: it is paid already, or its time to pay ran out',
  cardNeeded: 'card: Card details are needed to pay by card',
  codOnlyAtCheckout: 'method: Cash on delivery is chosen when placing an order',
  notOffered: 'method: The shop does not take this way to pay now',
  codNeedsPin: 'method: Cash on delivery needs a delivery address with its PIN',
  codTooManyUndelivered: (count: number) =>
    `method: You have ${count} cash-on-delivery orders still to be delivered: please pay this one by UPI or card`,
} as const;

/**
 * An order's refunds: one for its cancellation, one per cancel of a line's units and per return
 * (at most LINE_CANCEL_RULES.max and RETURN_RULES.maxReturns), and a few over for money paid twice.
 */
export const MAX_REFUNDS = 50;

/** Reviews and ratings (server/src/reviews): what a shopper's review obeys, on every face. */
export const REVIEW_RULES = {
  rating: { min: 1, max: 5, whole: true, message: 'rating: a whole number of stars from 1 to 5' },
  title: { maxLength: 100 },
  text: { maxLength: 2_000, spansLines: true },
  notDelivered: 'productId: You can review a product once it has been delivered to you',
  notFound: 'Review not found',
  /** Reviews a product page shows at a time. */
  pageSize: 5,
} as const;
