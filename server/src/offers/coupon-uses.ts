import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { KeyedMutex } from '../common/keyed-mutex';
import { isDuplicateKey } from '../common/natural-key';
import { badInput } from '../common/shop-error';
import { COUPON_RULES } from '../shared/offer-rules';
import {
  Coupon,
  CouponUse,
  firstOrderUseId,
  seriesOf,
  shopperUseId,
  totalUseId,
} from './coupon.schema';

/**
 * How long this process trusts what it learnt of a coupon's taken places. Uses given back by
 * another instance are found once it passes; uses taken by another instance are found at once
 * (the insert fails).
 */
const TAKEN_KEPT_MS = 10_000;

/**
 * A coupon's uses: taken for an order at checkout, given back when the order fails, expires or
 * is cancelled. Each use is a document whose `_id` names its place (coupon.schema.ts), so two
 * checkouts never take one place, on one instance or several, on either engine; the count is
 * exact without any counter. An order's uses are listed on the order, and found by the order's
 * id when a checkout stopped before it listed them.
 */
@Injectable()
export class CouponUses {
  /** Takes of one coupon run one at a time in this process, so they do not race for a place. */
  private readonly coupons = new KeyedMutex();
  /** What this process knows of each coupon's taken total places, and since when. */
  private readonly taken = new Map<string, { places: Set<number>; since: number }>();

  constructor(@InjectModel(CouponUse.name) private readonly uses: Model<CouponUse>) {}

  /**
   * Takes a use of `coupon` for `order` of `buyer`: one of the shopper's places, the shopper's
   * first order when the coupon asks it, and one of its total places. Refused, taking nothing,
   * when any is gone. Returns the `_id`s of the uses taken.
   */
  take(
    coupon: Pick<Coupon, '_id' | 'series' | 'totalUses' | 'usesPerShopper' | 'firstOrderOnly'>,
    buyer: Types.ObjectId,
    order: Types.ObjectId,
  ): Promise<string[]> {
    const code = coupon._id;
    const series = seriesOf(coupon);
    return this.coupons.run(series, async () => {
      const taken: string[] = [];
      try {
        if (coupon.usesPerShopper !== null) {
          const places = Array.from({ length: coupon.usesPerShopper }, (_, at) =>
            shopperUseId(series, String(buyer), at + 1),
          );
          const place = await this.firstFree(code, places, order);
          if (!place) throw badInput(`couponCode: ${COUPON_RULES.usedByYou(code)}`);
          taken.push(place);
        }
        if (coupon.firstOrderOnly) {
          const place = await this.firstFree(code, [firstOrderUseId(String(buyer))], order);
          if (!place) throw badInput(`couponCode: ${COUPON_RULES.firstOrderOnly(code)}`);
          taken.push(place);
        }
        if (coupon.totalUses !== null) {
          const place = await this.totalPlace(series, code, coupon.totalUses, order);
          if (!place) throw badInput(`couponCode: ${COUPON_RULES.usedUp}`);
          taken.push(place);
        }
        return taken;
      } catch (error) {
        await this.giveBack(taken);
        throw error;
      }
    });
  }

  /** Gives back uses by their `_id`s (an order's list); those given back already are skipped. */
  async giveBack(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.uses.deleteMany({ _id: { $in: ids } });
    for (const id of ids) this.forget(id);
  }

  /**
   * Gives back every use `order` took, found by the order: for an order whose checkout stopped
   * before it listed its uses. A read of the whole collection on the embedded engine, as only
   * recovery does it.
   */
  async giveBackAllOf(order: Types.ObjectId): Promise<void> {
    const held = await this.uses.find({ order }, { _id: 1 }).lean();
    await this.giveBack(held.map((use) => use._id));
  }

  /** The uses `order` holds (recovery checks them against the order's list). */
  async heldBy(order: Types.ObjectId): Promise<string[]> {
    return (await this.uses.find({ order }, { _id: 1 }).lean()).map((use) => use._id);
  }

  /** How many of a coupon's total places are taken now (the admin's figure). */
  async count(coupon: Pick<Coupon, '_id' | 'series'>): Promise<number> {
    const series = seriesOf(coupon);
    return this.uses.countDocuments({ code: coupon._id, _id: { $regex: `^${series}#\\d+$` } });
  }

  /** The first of `places` this order can take; null when every one is another order's. */
  private async firstFree(
    code: string,
    places: readonly string[],
    order: Types.ObjectId,
  ): Promise<string | null> {
    for (const _id of places) {
      if (await this.insert(_id, code, order)) return _id;
    }
    return null;
  }

  /**
   * A free place of the coupon's `limit` total places: those this process knows taken are
   * skipped, the rest tried in turn from the one after the last it took.
   */
  private async totalPlace(series: string, code: string, limit: number, order: Types.ObjectId) {
    const known = this.knownTaken(series);
    for (let place = 1; place <= limit; place += 1) {
      if (known.has(place)) continue;
      const taken = await this.insert(totalUseId(series, place), code, order);
      known.add(place);
      if (taken) return totalUseId(series, place);
    }
    return null;
  }

  private knownTaken(series: string): Set<number> {
    const known = this.taken.get(series);
    if (known && Date.now() - known.since < TAKEN_KEPT_MS) return known.places;
    const fresh = { places: new Set<number>(), since: Date.now() };
    this.taken.set(series, fresh);
    return fresh.places;
  }

  /** A use given back here is free again for this process's next take. */
  private forget(id: string): void {
    const [series, place, more] = id.split('#');
    if (more === undefined && /^\d+$/.test(place ?? '')) {
      this.taken.get(series)?.places.delete(Number(place));
    }
  }

  /** True when the place was free and is now `order`'s (or was `order`'s already). */
  private async insert(_id: string, code: string, order: Types.ObjectId): Promise<boolean> {
    try {
      await this.uses.create({ _id, code, order, takenAt: new Date() });
      return true;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const holder = await this.uses.findById(_id).lean();
      return holder !== null && holder.order.equals(order);
    }
  }
}
