import { MAX_PRICE_RUPEES } from './rules';

/*
 * Coupons and automatic offers (server/src/offers): their limits and messages, shared with the
 * client as @shop/offer-rules: apart from rules.ts, so that only the screens that use them (the
 * admin's coupons and offers) download them.
 */

/**
 * Coupons (server/src/offers): the bounds of what the admin sets, amounts in rupees as the APIs
 * speak them, and every message a shopper or the admin may read. Refusals of a code name the
 * field `couponCode`; the shopper reads the words after it.
 */
export const COUPON_RULES = {
  code: {
    pattern: /^[A-Z0-9][A-Z0-9_-]{2,19}$/,
    message: 'code: 3 to 20 letters, digits, - or _, starting with a letter or digit',
  },
  percent: { min: 1, max: 100, whole: true, message: 'a whole percent from 1 to 100' },
  amount: { min: 1, max: 100_000, whole: false, message: 'an amount from 1 to 100,000 rupees' },
  maxDiscount: {
    min: 1,
    max: 100_000,
    whole: false,
    message: 'an amount from 1 to 100,000 rupees, or none',
  },
  maxDiscountForPercent: 'maxDiscount: only a percent discount takes a maximum',
  cartValue: {
    min: 0,
    max: MAX_PRICE_RUPEES,
    whole: false,
    message: `an amount from 0 to ${MAX_PRICE_RUPEES} rupees`,
  },
  uses: {
    min: 1,
    max: 1_000_000,
    whole: true,
    message: 'a whole number from 1 to 1,000,000, or none',
  },
  usesPerShopper: {
    min: 1,
    max: 100,
    whole: true,
    message: 'a whole number from 1 to 100, or none',
  },
  window: 'endsAt: the end must come after the start',
  listed: { max: 200, message: 'at most 200' },
  listedTwice: 'listed twice',
  unknownCategory: 'no such category',
  unknownProduct: 'no such product',
  description: { max: 200, message: 'description: at most 200 characters' },
  taken: 'code: another coupon has this code',
  codeKept: 'code: a coupon keeps the code it was made with; make a new coupon for another',
  noSuchCoupon: 'No coupon has this code',
  /** What a shopper reads when a code does not apply, after `couponCode: `. */
  unknown: (code: string) => `${code} is not a valid code`,
  notStarted: (code: string, from: string) => `${code} can be used from ${from}`,
  expired: 'This code has expired',
  paused: 'This code cannot be used now',
  usedUp: 'This code has been fully used',
  usedByYou: (code: string) => `You have already used ${code}`,
  firstOrderOnly: (code: string) => `${code} is for a first order only`,
  signInFirst: (code: string) => `Sign in to use ${code}`,
  addMore: (more: string, code: string) => `Add Rs ${more} more to use ${code}`,
  noItems: (code: string) => `${code} does not apply to any item in your cart`,
  notCombined: (code: string) =>
    `${code} does not combine with the offers on your cart, which save you more`,
} as const;

/**
 * The most discounts one cart or order carries, by the price engine's combination rule: the best
 * item offer, the coupon, and the first free-shipping offer met (shipping is free once).
 */
export const MAX_DISCOUNTS = 3;

/** Automatic offers (server/src/offers): bounds of what the admin sets. */
export const OFFER_RULES = {
  maxOffers: 20,
  tooMany: 'offers: at most 20 offers',
  name: (at: number) => `offers[${at}].name: 3 to 80 characters`,
  percent: (at: number) => `offers[${at}].percent: a whole percent from 1 to 90`,
  minQuantity: (at: number) => `offers[${at}].minQuantity: a whole number of items from 1 to 100`,
  category: (at: number) => `offers[${at}].category: no such category`,
  window: (at: number) => `offers[${at}].endsAt: the end must come after the start`,
  idTwice: (at: number) => `offers[${at}].id: listed twice`,
} as const;
