import { rupeesShown, toPaise } from '../common/money';
import {
  checkedList,
  optionalPaiseOf,
  paiseOf,
  refuseField,
  switchOf,
  wholeOf,
} from '../common/setting-values';
import { knownPinOrPrefix, pinIsAmong, type PinDirectory } from '../places';
import { PAYMENT_RULES, PaymentMethod } from '../shared/payment-rules';
import { controlCharactersIn, DELIVERY_RULES, holdsControlCharacters } from '../shared/rules';

/** The name of the payments section in the shop's settings (SettingsStore). */
export const PAYMENT_SECTION = 'payments';

/** Which ways to pay the shop offers. */
export interface PaymentMethods {
  upi: boolean;
  card: boolean;
  cashOnDelivery: boolean;
}

/** The payments section as stored: amounts in paise. */
export interface PaymentSettings {
  /** The UPI ID payments by UPI are made to (the `pa` of a UPI link); '' while not set. */
  upiVpa: string;
  /** The name a UPI app shows the payer (the link's `pn`). */
  upiPayeeName: string;
  /** How long an unpaid order holds its stock and a UPI payment may be completed. */
  paymentExpiryMinutes: number;
  methods: PaymentMethods;
  /** Paise added to an order paid on delivery. */
  codFee: number;
  /** Paise: the largest order cash on delivery takes; null: any. */
  codUpTo: number | null;
  /** A shopper with this many cash-on-delivery orders not yet delivered is refused another. */
  codMaxUndeliveredOrders: number;
  /** PINs, or their first 2 to 5 digits, where cash on delivery is not offered. */
  codUnservedPins: string[];
}

/**
 * A new shop's settings: every way to pay on (UPI once its UPI ID is set), 10 minutes to pay,
 * cash on delivery free up to Rs 10,000 and for at most 2 undelivered orders a shopper.
 */
export const PAYMENT_DEFAULTS: PaymentSettings = {
  upiVpa: '',
  upiPayeeName: '',
  paymentExpiryMinutes: 10,
  methods: { upi: true, card: true, cashOnDelivery: true },
  codFee: 0,
  codUpTo: toPaise(10_000),
  codMaxUndeliveredOrders: 2,
  codUnservedPins: [],
};

/** A change of the settings as the APIs send it: amounts in rupees; a field left out is kept. */
export interface PaymentSettingsChange {
  upiVpa?: string;
  upiPayeeName?: string;
  paymentExpiryMinutes?: number;
  methods?: Partial<PaymentMethods>;
  codFee?: number;
  codUpTo?: number | null;
  codMaxUndeliveredOrders?: number;
  codUnservedPins?: string[];
}

/** The section as read: every method there, whatever an older version stored. */
export const completePayments = (stored: PaymentSettings): PaymentSettings => ({
  ...stored,
  methods: { ...PAYMENT_DEFAULTS.methods, ...stored.methods },
});

function vpaOf(value: unknown): string {
  if (typeof value !== 'string') throw refuseField('upiVpa', 'upiVpa must be a text');
  const vpa = value.trim();
  if (vpa !== '' && !PAYMENT_RULES.vpa.pattern.test(vpa)) {
    throw refuseField('upiVpa', PAYMENT_RULES.vpa.message);
  }
  // UPI IDs are the same in any case; kept as apps show them.
  return vpa.toLowerCase();
}

function payeeNameOf(value: unknown): string {
  if (typeof value !== 'string') throw refuseField('upiPayeeName', 'upiPayeeName must be a text');
  if (holdsControlCharacters(value)) {
    throw refuseField('upiPayeeName', controlCharactersIn('upiPayeeName'));
  }
  const name = value.trim();
  if (name.length > PAYMENT_RULES.payeeName.maxLength) {
    throw refuseField('upiPayeeName', PAYMENT_RULES.payeeName.tooLong);
  }
  return name;
}

function methodsOf(current: PaymentMethods, change: unknown): PaymentMethods {
  if (typeof change !== 'object' || change === null || Array.isArray(change)) {
    throw refuseField('methods', 'methods must be an object');
  }
  const next = { ...current };
  for (const key of Object.keys(current) as (keyof PaymentMethods)[]) {
    const value = (change as Partial<PaymentMethods>)[key];
    if (value !== undefined && value !== null) next[key] = switchOf(`methods.${key}`, value);
  }
  return next;
}

/**
 * The settings after `change`, every field it gives checked (a refusal names the field, and
 * nothing is kept): a UPI ID of NPCI's form and a payee name when UPI is on, the expiry and
 * the undelivered-order limit in bounds, amounts to the paisa, PINs and PIN beginnings India
 * Post has, each once, and at least one way to pay.
 */
export function changedPayments(
  current: PaymentSettings,
  change: PaymentSettingsChange,
  pins: PinDirectory,
): PaymentSettings {
  const next = { ...current };
  const given = <K extends keyof PaymentSettingsChange>(key: K) => change[key] !== undefined;
  if (given('upiVpa')) next.upiVpa = vpaOf(change.upiVpa);
  if (given('upiPayeeName')) next.upiPayeeName = payeeNameOf(change.upiPayeeName);
  if (given('paymentExpiryMinutes')) {
    next.paymentExpiryMinutes = wholeOf(
      'paymentExpiryMinutes',
      change.paymentExpiryMinutes,
      PAYMENT_RULES.expiryMinutes,
    );
  }
  if (given('methods')) next.methods = methodsOf(current.methods, change.methods);
  if (given('codFee')) next.codFee = paiseOf('codFee', change.codFee, DELIVERY_RULES.charge);
  if (given('codUpTo')) {
    next.codUpTo = optionalPaiseOf('codUpTo', change.codUpTo, DELIVERY_RULES.orderValue);
  }
  if (given('codMaxUndeliveredOrders')) {
    next.codMaxUndeliveredOrders = wholeOf(
      'codMaxUndeliveredOrders',
      change.codMaxUndeliveredOrders,
      PAYMENT_RULES.codMaxUndeliveredOrders,
    );
  }
  if (given('codUnservedPins')) {
    next.codUnservedPins = checkedList(
      'codUnservedPins',
      change.codUnservedPins,
      { max: DELIVERY_RULES.maxUnservedPins, message: DELIVERY_RULES.tooManyPins },
      DELIVERY_RULES.samePin,
      (entry, field) => knownPinOrPrefix(field, entry, pins),
    );
  }
  if (!Object.values(next.methods).some(Boolean)) {
    throw refuseField('methods', PAYMENT_RULES.noMethod);
  }
  if (next.methods.upi && next.upiVpa === '') {
    throw refuseField('upiVpa', PAYMENT_RULES.vpaRequired);
  }
  if (next.methods.upi && next.upiPayeeName === '') {
    throw refuseField('upiPayeeName', PAYMENT_RULES.payeeName.required);
  }
  return next;
}

/** Where an order goes, as far as paying on delivery cares. */
export interface PaymentDestination {
  pin: string;
  /** Whether the shop delivers there at all. */
  deliverable: boolean;
}

/**
 * Why an order to `to` worth `orderTotal` paise (null: not known yet) may not be paid on
 * delivery; null when it may. Checkout and the storefront's options ask this one rule. A
 * shopper's undelivered orders are the order side's to count (`codMaxUndeliveredOrders`).
 */
export function codRefusal(
  settings: PaymentSettings,
  to: PaymentDestination,
  orderTotal: number | null,
): string | null {
  if (!to.deliverable || pinIsAmong(to.pin, settings.codUnservedPins)) {
    return PAYMENT_RULES.codNotAtPin(to.pin);
  }
  if (orderTotal !== null && settings.codUpTo !== null && orderTotal > settings.codUpTo) {
    return PAYMENT_RULES.codUpTo(rupeesShown(settings.codUpTo));
  }
  return null;
}

/** UPI is offered once switched on with a UPI ID to pay (a new shop has none). */
export const upiOffered = (settings: PaymentSettings) =>
  settings.methods.upi && settings.upiVpa !== '';

/** One way to pay as the storefront may offer it; fee in paise. */
export interface PaymentOption {
  method: PaymentMethod;
  available: boolean;
  /** Why it is not available; null when it is. */
  reason: string | null;
  fee: number;
}

/** What the storefront may offer for an order: amounts in paise. */
export interface PaymentOptions {
  /** The ways the shop offers, UPI first; each says whether this order may use it. */
  methods: PaymentOption[];
  codFee: number;
  codUpTo: number | null;
  paymentExpiryMinutes: number;
}

/** The ways to pay an order to `to` worth `orderTotal` paise (null: not known yet). */
export function paymentOptionsFor(
  settings: PaymentSettings,
  to: PaymentDestination,
  orderTotal: number | null,
): PaymentOptions {
  const methods: PaymentOption[] = [];
  const open = (method: PaymentMethod) =>
    methods.push({ method, available: true, reason: null, fee: 0 });
  if (upiOffered(settings)) open('UPI');
  if (settings.methods.card) open('CARD');
  if (settings.methods.cashOnDelivery) {
    const reason = codRefusal(settings, to, orderTotal);
    methods.push({
      method: 'CASH_ON_DELIVERY',
      available: reason === null,
      reason,
      fee: settings.codFee,
    });
  }
  return {
    methods,
    codFee: settings.codFee,
    codUpTo: settings.codUpTo,
    paymentExpiryMinutes: settings.paymentExpiryMinutes,
  };
}
