/**
 * The refusals a shopper may meet, each by a stable code, its reason: the rule's name where the
 * shop keeps its words (`COUPON_RULES.usedByYou`, `ADDRESS_RULES.required.pin`). GraphQL's errors
 * carry it (`extensions.reason`, with the values the words were given and the field they
 * concern), and the storefront, which shares this file as `@shop/refusals`, shows the words in
 * the shopper's language by it. The words themselves stay where they are, in English: both APIs
 * answer with them, as the REST contract has them.
 *
 * Plain constants and functions, as rules.ts: the storefront loads this only with Hindi.
 */
import {
  ACCOUNT_RULES,
  CARD_RULES,
  EMAIL_RULE,
  PASSWORD_TOO_SHORT,
  PHONE_RULE,
  RESET_LINK_RULES,
  SIGN_IN_RULES,
} from './form-rules';
import { COUPON_RULES } from './offer-rules';
import { PAYMENT_RULES as PAYMENT_OPTION_RULES } from './payment-rules';
import {
  ADDRESS_RULES,
  CURRENT_PASSWORD,
  DELIVERY_RULES,
  fieldOf,
  ORDER_RULES,
  PASSWORD_TOO_COMMON,
  PAYMENT_RULES,
  RETURN_RULES,
  REVIEW_RULES,
  STOCK_RULES,
  VARIANT_RULES,
  WISHLIST_RULES,
} from './rules';

/**
 * The groups of words, by the name their reasons start with: a rule group as it is, or the
 * part of it a shopper meets (the rest is the dashboard's, which stays in English).
 */
export const REFUSAL_GROUPS = {
  SIGN_IN_RULES,
  RESET_LINK_RULES,
  ACCOUNT_RULES,
  EMAIL_RULE: { required: EMAIL_RULE.required, message: EMAIL_RULE.message },
  PHONE_RULE: { required: PHONE_RULE.required, message: PHONE_RULE.message },
  PASSWORD: { tooShort: PASSWORD_TOO_SHORT, tooCommon: PASSWORD_TOO_COMMON },
  CURRENT_PASSWORD,
  CARD_RULES: {
    numberRequired: CARD_RULES.numberRequired,
    number: CARD_RULES.number,
    expiryRequired: CARD_RULES.expiryRequired,
    expiry: CARD_RULES.expiry,
    month: CARD_RULES.month,
    expired: CARD_RULES.expired,
    cvvRequired: CARD_RULES.cvvRequired,
    cvv: CARD_RULES.cvv,
  },
  ADDRESS_RULES,
  ORDER_RULES: {
    emptyCart: ORDER_RULES.emptyCart,
    tooManyLines: ORDER_RULES.tooManyLines,
    lineQuantity: ORDER_RULES.lineQuantity.message,
    productQuantity: ORDER_RULES.productQuantity,
  },
  STOCK_RULES,
  VARIANT_RULES: {
    chooseVariant: VARIANT_RULES.chooseVariant,
    notOnSale: VARIANT_RULES.notOnSale,
  },
  DELIVERY_RULES: { notDelivered: DELIVERY_RULES.notDelivered },
  PAYMENT_RULES,
  PAYMENT_OPTION_RULES: {
    codNotAtPin: PAYMENT_OPTION_RULES.codNotAtPin,
    codUpTo: PAYMENT_OPTION_RULES.codUpTo,
  },
  COUPON_RULES: {
    unknown: COUPON_RULES.unknown,
    notStarted: COUPON_RULES.notStarted,
    expired: COUPON_RULES.expired,
    paused: COUPON_RULES.paused,
    usedUp: COUPON_RULES.usedUp,
    usedByYou: COUPON_RULES.usedByYou,
    firstOrderOnly: COUPON_RULES.firstOrderOnly,
    signInFirst: COUPON_RULES.signInFirst,
    addMore: COUPON_RULES.addMore,
    noItems: COUPON_RULES.noItems,
    notCombined: COUPON_RULES.notCombined,
  },
  WISHLIST_RULES: {
    tooMany: WISHLIST_RULES.tooMany,
    unknownProduct: WISHLIST_RULES.unknownProduct,
  },
  REVIEW_RULES: {
    rating: REVIEW_RULES.rating.message,
    notDelivered: REVIEW_RULES.notDelivered,
    notFound: REVIEW_RULES.notFound,
  },
  RETURN_RULES: {
    reason: RETURN_RULES.reason.message,
    noLines: RETURN_RULES.noLines,
    notDelivered: RETURN_RULES.notDelivered,
    noReturns: RETURN_RULES.noReturns,
    windowClosed: RETURN_RULES.windowClosed,
    notReturnable: RETURN_RULES.notReturnable,
    quantity: RETURN_RULES.quantity,
    noSuchReturn: RETURN_RULES.noSuchReturn,
  },
} as const;

type Words = string | ((...values: never[]) => string);

/** `A.b` for every words of group `A` at `b`, `A.b.c` one level down. */
type ReasonsIn<T> = {
  [K in keyof T & string]: T[K] extends Words
    ? K
    : T[K] extends RegExp
      ? never
      : T[K] extends object
        ? `${K}.${ReasonsIn<T[K]>}`
        : never;
}[keyof T & string];

/** Every refusal's reason, as the storefront's translations are keyed. */
export type RefusalReason = ReasonsIn<typeof REFUSAL_GROUPS>;

/** What a refusal said, read back: its reason, the values its words were given, its field. */
export interface ReadRefusal {
  reason: RefusalReason;
  /** In the order the words take them: `['FIRST100']` for "You have already used FIRST100". */
  values: string[];
}

/** Stands for the n-th value while a rule's words are written out as a pattern. */
const slot = (at: number) => `\uE000${at}\uE001`;
const SLOT = /\uE000(\d+)\uE001/g;

interface Known {
  reason: RefusalReason;
  /** The words, values as `{0}`, `{1}`, ... in the order the rule takes them. */
  template: string;
  pattern: RegExp;
  /** For each capture group of `pattern`, the value it holds. */
  order: number[];
}

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The words of a rule with values in slots; null for a rule that does more with a value than
 * write it (a count that picks "order" or "orders"), whose words are not read back.
 */
function known(reason: string, words: Words): Known | null {
  if (typeof words === 'string') {
    return {
      reason: reason as RefusalReason,
      template: words,
      pattern: new RegExp(`^${escapeForPattern(words)}$`),
      order: [],
    };
  }
  const slots = Array.from({ length: words.length }, (_, at) => slot(at));
  const written = (words as (...values: string[]) => string)(...slots);
  const order = [...written.matchAll(SLOT)].map((match) => Number(match[1]));
  if (new Set(order).size !== slots.length || order.length !== slots.length) return null;
  const pattern = written
    .split(SLOT)
    .map((part, at) => (at % 2 === 1 ? '(.+?)' : escapeForPattern(part)))
    .join('');
  return {
    reason: reason as RefusalReason,
    template: written.replace(SLOT, (_, at: string) => `{${at}}`),
    pattern: new RegExp(`^${pattern}$`, 's'),
    order,
  };
}

let everyKnown: Known[] | undefined;

function allKnown(): Known[] {
  if (everyKnown) return everyKnown;
  const found: Known[] = [];
  const walk = (prefix: string, group: object) => {
    for (const [key, value] of Object.entries(group)) {
      const reason = `${prefix}.${key}`;
      if (typeof value === 'string' || typeof value === 'function') {
        const one = known(reason, value as Words);
        if (one) found.push(one);
      } else if (value && typeof value === 'object' && !(value instanceof RegExp)) {
        walk(reason, value as object);
      }
    }
  };
  for (const [name, group] of Object.entries(REFUSAL_GROUPS)) walk(name, group);
  // The longest words first: "A is out of stock" before a rule that is all values.
  everyKnown = found.sort((a, b) => b.template.length - a.template.length);
  return everyKnown;
}

/** Every reason with its words, values as `{0}`, `{1}`: what a translation must say. */
export function refusalTemplates(): Map<RefusalReason, string> {
  return new Map(allKnown().map((one) => [one.reason, one.template]));
}

/**
 * The reason and values of a refusal's words, read back; null for words that are not a
 * shopper's refusal. Words that name a field first are read whole, then without it.
 */
export function refusalOf(message: string): ReadRefusal | null {
  const { words } = fieldOf(message);
  for (const text of words === message ? [message] : [message, words]) {
    for (const one of allKnown()) {
      const match = one.pattern.exec(text);
      if (!match) continue;
      const values: string[] = [];
      one.order.forEach((at, group) => (values[at] = match[group + 1]));
      return { reason: one.reason, values };
    }
  }
  return null;
}

/** A translation's words with the values in their slots: `{0}` the first, and so on. */
export const withValues = (template: string, values: readonly string[]): string =>
  template.replace(/\{(\d+)\}/g, (slotText, at: string) => values[Number(at)] ?? slotText);
