import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { Catalogue } from '../catalogue';
import { isDuplicateKey } from '../common/natural-key';
import { OBJECT_ID_PATTERN } from '../common/object-id';
import {
  checkedList,
  optionalPaiseOf,
  paiseOf,
  refuseField,
  switchOf,
  wholeOf,
} from '../common/setting-values';
import { badInput, notFound } from '../common/shop-error';
import { SHOP_TIME_ZONE } from '../shared/rules';
import { COUPON_RULES } from '../shared/offer-rules';
import { Coupon, COUPON_KINDS, CouponKind } from './coupon.schema';
import type { CouponTerms } from './price-engine';

/** A coupon as the APIs write it: amounts in rupees; a field left out of a change is kept. */
export interface CouponFields {
  code: string;
  description?: string;
  kind: CouponKind;
  /** A whole percent, or rupees. */
  value: number;
  maxDiscount?: number | null;
  minCartValue?: number;
  startsAt?: Date | null;
  endsAt?: Date | null;
  categories?: string[];
  products?: string[];
  totalUses?: number | null;
  usesPerShopper?: number | null;
  firstOrderOnly?: boolean;
  combinesWithOffers?: boolean;
  active?: boolean;
}

/** Null for the value is refused: a coupon always takes something off. */
export type CouponChange = Partial<Omit<CouponFields, 'code' | 'value'>> & {
  value?: number | null;
};

/** What the shop knows of the shopper a code is tried for. */
export interface CouponShopper {
  /** Null for a shopper not signed in: codes limited per shopper or to a first order ask to sign in. */
  buyer: Types.ObjectId | null;
  /**
   * Whether the shopper has no order yet that counts (paid, due or awaiting payment); asked
   * only of a first-order coupon.
   */
  isFirstOrder: () => Promise<boolean>;
}

/** A code that may be used now, with its terms for the price engine; or why not. */
export type CouponCheck = { coupon: Coupon; terms: CouponTerms } | { refusal: string };

/** A coupon's code as stored: trimmed, in capitals. */
export const couponCodeOf = (typed: string): string => typed.trim().toUpperCase();

/**
 * The shop's coupons: the admin's list and its changes, every field checked here; and the check
 * of a shopper's code against the rules that do not depend on the cart (dates, pause, first
 * order, sign-in). The cart's own rules (minimum value, items covered) are the price engine's.
 */
@Injectable()
export class Coupons {
  constructor(
    @InjectModel(Coupon.name) private readonly coupons: Model<Coupon>,
    private readonly catalogue: Catalogue,
  ) {}

  /** Every coupon, newest first, for the admin (a handful: a read of the whole collection). */
  async list(): Promise<Coupon[]> {
    const all = await this.coupons.find().lean();
    return all.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  find(code: string): Promise<Coupon | null> {
    return this.coupons.findById(couponCodeOf(code)).lean();
  }

  async get(code: string): Promise<Coupon> {
    const coupon = await this.find(code);
    if (!coupon) throw notFound(COUPON_RULES.noSuchCoupon);
    return coupon;
  }

  async create(fields: CouponFields): Promise<Coupon> {
    const code = typeof fields.code === 'string' ? couponCodeOf(fields.code) : '';
    if (!COUPON_RULES.code.pattern.test(code)) throw badInput(COUPON_RULES.code.message);
    // A new coupon states what it takes off: no default value stands in for one left out.
    const createdAt = new Date();
    const coupon = this.checked(
      // The series tells this making of the code from one deleted before (coupon.schema.ts).
      { _id: code, createdAt, series: createdAt.getTime().toString(36), ...DEFAULTS },
      { ...fields, kind: fields.kind ?? DEFAULTS.kind, value: fields.value ?? null },
    );
    try {
      return (await this.coupons.create(coupon)).toObject();
    } catch (error) {
      if (isDuplicateKey(error)) throw badInput(COUPON_RULES.taken);
      throw error;
    }
  }

  async update(code: string, change: CouponChange & { code?: string }): Promise<Coupon> {
    const current = await this.get(code);
    // Orders and uses name a coupon by its code: a change of it is refused, not ignored.
    if (change.code !== undefined && couponCodeOf(String(change.code)) !== current._id) {
      throw badInput(COUPON_RULES.codeKept);
    }
    const { code: _same, ...fields } = change;
    const coupon = this.checked(current, fields);
    await this.coupons.replaceOne({ _id: coupon._id }, coupon);
    return coupon;
  }

  /** Deletes a coupon; orders that used it keep its code and what it took off. */
  async remove(code: string): Promise<void> {
    const { deletedCount } = await this.coupons.deleteOne({ _id: couponCodeOf(code) });
    if (deletedCount !== 1) throw notFound(COUPON_RULES.noSuchCoupon);
  }

  /** Whether `typed` names a coupon `shopper` may use at `now`; the cart's rules come after. */
  async check(typed: string, shopper: CouponShopper, now = new Date()): Promise<CouponCheck> {
    const code = couponCodeOf(typed);
    const coupon = COUPON_RULES.code.pattern.test(code) ? await this.find(code) : null;
    if (!coupon) return { refusal: COUPON_RULES.unknown(code || typed.trim()) };
    const refusal = refusalOf(coupon, shopper, now);
    if (refusal) return { refusal };
    if (coupon.firstOrderOnly && !(await shopper.isFirstOrder())) {
      return { refusal: COUPON_RULES.firstOrderOnly(coupon._id) };
    }
    return { coupon, terms: termsOf(coupon) };
  }

  /** The coupon with `change` applied, each field checked; refused naming the first fault. */
  private checked(current: Coupon, change: CouponChange): Coupon {
    const next = { ...current };
    if (change.description !== undefined) {
      const text = typeof change.description === 'string' ? change.description.trim() : null;
      if (text === null || text.length > COUPON_RULES.description.max) {
        throw badInput(COUPON_RULES.description.message);
      }
      next.description = text;
    }
    if (change.kind !== undefined) {
      if (!COUPON_KINDS.includes(change.kind)) throw refuseField('kind', 'percent or amount');
      next.kind = change.kind;
    }
    if (change.value !== undefined || change.kind !== undefined) {
      // A coupon always takes something off: null is refused; a new kind needs its value.
      const value =
        change.value !== undefined ? change.value : next.kind === current.kind ? undefined : null;
      if (value === undefined) {
        // The kind is kept: so is the value.
      } else if (next.kind === 'percent') {
        next.value = wholeOf('value', value, COUPON_RULES.percent);
      } else {
        next.value = paiseOf('value', value, COUPON_RULES.amount);
      }
    }
    if (change.maxDiscount !== undefined) {
      next.maxDiscount = optionalPaiseOf(
        'maxDiscount',
        change.maxDiscount,
        COUPON_RULES.maxDiscount,
      );
    }
    if (next.kind === 'amount' && next.maxDiscount !== null) {
      throw badInput(COUPON_RULES.maxDiscountForPercent);
    }
    if (change.minCartValue !== undefined) {
      next.minCartValue = paiseOf('minCartValue', change.minCartValue, COUPON_RULES.cartValue);
    }
    if (change.startsAt !== undefined) next.startsAt = dateOf('startsAt', change.startsAt);
    if (change.endsAt !== undefined) next.endsAt = dateOf('endsAt', change.endsAt);
    if (next.startsAt && next.endsAt && next.endsAt <= next.startsAt) {
      throw badInput(COUPON_RULES.window);
    }
    if (change.categories !== undefined) {
      next.categories = this.ids(
        'categories',
        change.categories,
        COUPON_RULES.unknownCategory,
        (id) => this.catalogue.category(id),
      );
    }
    if (change.products !== undefined) {
      next.products = this.ids('products', change.products, COUPON_RULES.unknownProduct, (id) =>
        this.catalogue.productById(id),
      );
    }
    if (change.totalUses !== undefined) {
      next.totalUses =
        change.totalUses === null
          ? null
          : wholeOf('totalUses', change.totalUses, COUPON_RULES.uses);
    }
    if (change.usesPerShopper !== undefined) {
      next.usesPerShopper =
        change.usesPerShopper === null
          ? null
          : wholeOf('usesPerShopper', change.usesPerShopper, COUPON_RULES.usesPerShopper);
    }
    for (const flag of ['firstOrderOnly', 'combinesWithOffers', 'active'] as const) {
      if (change[flag] !== undefined) next[flag] = switchOf(flag, change[flag]);
    }
    return next;
  }

  private ids(field: string, ids: unknown, unknown: string, find: (id: string) => unknown) {
    return checkedList(field, ids, COUPON_RULES.listed, COUPON_RULES.listedTwice, (id, named) => {
      if (typeof id !== 'string' || !OBJECT_ID_PATTERN.test(id) || find(id) === undefined) {
        throw refuseField(named, unknown);
      }
      return id;
    }).map((id) => new Types.ObjectId(id));
  }
}

const DEFAULTS = {
  description: '',
  kind: 'amount' as CouponKind,
  value: 1,
  maxDiscount: null,
  minCartValue: 0,
  startsAt: null,
  endsAt: null,
  categories: [],
  products: [],
  totalUses: null,
  usesPerShopper: null,
  firstOrderOnly: false,
  combinesWithOffers: true,
  active: true,
};

function dateOf(field: string, value: unknown): Date | null {
  if (value === null) return null;
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) throw refuseField(field, 'a date and time, or none');
  return date;
}

/** Why a coupon cannot be used by `shopper` at `now`, by the rules that do not need the cart. */
function refusalOf(coupon: Coupon, shopper: CouponShopper, now: Date): string | null {
  const code = coupon._id;
  if (!coupon.active) return COUPON_RULES.paused;
  if (coupon.startsAt && now < coupon.startsAt) {
    return COUPON_RULES.notStarted(code, shopDate(coupon.startsAt));
  }
  if (coupon.endsAt && now >= coupon.endsAt) return COUPON_RULES.expired;
  if ((coupon.usesPerShopper !== null || coupon.firstOrderOnly) && !shopper.buyer) {
    return COUPON_RULES.signInFirst(code);
  }
  return null;
}

/** The terms the price engine applies. */
export const termsOf = (coupon: Coupon): CouponTerms => ({
  code: coupon._id,
  kind: coupon.kind,
  value: coupon.value,
  maxDiscount: coupon.maxDiscount,
  minCartValue: coupon.minCartValue,
  products: coupon.products.map(String),
  categories: coupon.categories.map(String),
  combinesWithOffers: coupon.combinesWithOffers,
});

/** A day as the shop names it: 26 Nov 2026, in India. */
const shopDate = (at: Date): string =>
  at.toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: SHOP_TIME_ZONE,
  });
