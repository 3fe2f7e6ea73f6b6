import { Injectable } from '@nestjs/common';
import { Catalogue } from '../catalogue';
import { checkedList, refuseField, wholeOf } from '../common/setting-values';
import { OBJECT_ID_PATTERN } from '../common/object-id';
import { isReturnableProduct, RETURN_RULES } from '../shared/rules';
import { SettingsStore } from '../settings';
import type { OrderLine } from './order.schema';

/** The section of the shop's settings the orders module owns for returns (SettingsStore). */
export const RETURNS_SECTION = 'returns';

/** What the shop takes back, and for how long after delivery. */
export interface ReturnPolicy {
  /** Days after delivery a buyer may ask to return items; 0: no returns. */
  windowDays: number;
  /** Products of these categories are not taken back (innerwear, food ...). */
  nonReturnableCategories: string[];
  /** Nor these products. */
  nonReturnableProducts: string[];
}

/** A change of the policy as the APIs send it; a field left out is kept. */
export type ReturnPolicyChange = Partial<ReturnPolicy>;

/** A new shop takes returns for 7 days after delivery, of everything. */
export const RETURN_POLICY_DEFAULTS: ReturnPolicy = {
  windowDays: 7,
  nonReturnableCategories: [],
  nonReturnableProducts: [],
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The shop's return policy (settings section `returns`): read and changed by the admin, every
 * change checked here (the categories and products listed must exist); read when a buyer asks
 * to return items.
 */
@Injectable()
export class ReturnPolicies {
  constructor(
    private readonly settings: SettingsStore,
    private readonly catalogue: Catalogue,
  ) {}

  read(): Promise<ReturnPolicy> {
    return this.settings.read(RETURNS_SECTION, RETURN_POLICY_DEFAULTS);
  }

  /** Changes the fields given, each checked; refused whole, naming the first fault. */
  async update(change: ReturnPolicyChange): Promise<ReturnPolicy> {
    const policy = { ...(await this.read()) };
    if (change.windowDays !== undefined) {
      policy.windowDays = wholeOf('windowDays', change.windowDays, RETURN_RULES.windowDays);
    }
    if (change.nonReturnableCategories !== undefined) {
      policy.nonReturnableCategories = this.checkedIds(
        'nonReturnableCategories',
        change.nonReturnableCategories,
        (id) => this.catalogue.category(id) !== undefined,
        RETURN_RULES.unknownCategory,
      );
    }
    if (change.nonReturnableProducts !== undefined) {
      policy.nonReturnableProducts = this.checkedIds(
        'nonReturnableProducts',
        change.nonReturnableProducts,
        (id) => this.catalogue.productById(id) !== undefined,
        RETURN_RULES.unknownProduct,
      );
    }
    await this.settings.write(RETURNS_SECTION, policy);
    return policy;
  }

  private checkedIds(
    field: string,
    ids: unknown,
    exists: (id: string) => boolean,
    unknown: string,
  ): string[] {
    return checkedList(field, ids, RETURN_RULES.listed, RETURN_RULES.listedTwice, (id, named) => {
      if (typeof id !== 'string' || !OBJECT_ID_PATTERN.test(id) || !exists(id)) {
        throw refuseField(named, unknown);
      }
      return id;
    });
  }
}

/** Whether the policy takes this line back: neither its product nor its category is listed. */
export function isReturnable(
  policy: ReturnPolicy,
  line: Pick<OrderLine, 'product'>,
  categoryOf: (productId: string) => string | undefined,
): boolean {
  const product = String(line.product);
  return isReturnableProduct(policy, product, categoryOf(product));
}

/** The last moment a return may be asked of an order delivered at `deliveredAt`. */
export const returnableUntil = (policy: ReturnPolicy, deliveredAt: Date): Date =>
  new Date(deliveredAt.getTime() + policy.windowDays * DAY_MS);
