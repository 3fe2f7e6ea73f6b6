import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { KeyedMutex } from '../../common/keyed-mutex';
import { isDuplicateKey } from '../../common/natural-key';
import { conflict, ShopError } from '../../common/shop-error';
import { DatabaseEngine } from '../../database/database-engine';
import { VARIANT_RULES } from '../../shared/rules';
import { Product } from '../records/product.schema';
import { SkuClaim } from '../records/sku-claim.schema';
import { skuFromSlug } from './variant-grid';

/** How many SKUs made from one slug are tried before giving up. */
const MAX_SUFFIX = 100;
/** A claim younger than this may belong to a product write still under way. */
const CLAIM_GRACE_MS = 60_000;

/**
 * SKUs unique in the shop. A product claims the SKUs of its variants before it is written
 * with them and gives back those it no longer uses after; a claim left behind by a write
 * that failed or a server that stopped in between is taken over once its product is seen not
 * to use the SKU and the claim is older than any write takes. Every look-up is by `_id`.
 */
@Injectable()
export class SkuClaims {
  /** Changes to one SKU's claim run one at a time in this process (see KeyedMutex). */
  private readonly locks = new KeyedMutex();

  constructor(
    @InjectModel(SkuClaim.name) private readonly claims: Model<SkuClaim>,
    @InjectModel(Product.name) private readonly products: Model<Product>,
    private readonly engine: DatabaseEngine,
  ) {}

  /** Claims `skus` (upper case) for `product`, or refuses the first another product uses. */
  async claim(product: Types.ObjectId, skus: readonly string[]): Promise<void> {
    if (skus.length === 0) return;
    try {
      await this.claims.insertMany(
        skus.map((sku) => ({ _id: sku, product, claimedAt: new Date() })),
        { ordered: false },
      );
      return;
    } catch (error) {
      const failures = (error as { writeErrors?: { code?: unknown; index: number }[] }).writeErrors;
      const duplicates = failures ?? (isDuplicateKey(error) ? [] : undefined);
      if (!duplicates || !duplicates.every((failure) => isDuplicateKey(failure))) throw error;
    }
    // Some were claimed already: by this product (a write retried), by another, or left behind.
    for (const sku of skus) await this.locks.run(sku, () => this.takeOver(product, sku));
  }

  /**
   * Claims the first free of the SKUs made from a product's slug (SLUG, SLUG-2, SLUG-3...),
   * for a product created without one; returns it.
   */
  async claimFromSlug(product: Types.ObjectId, slug: string): Promise<string> {
    const base = skuFromSlug(slug) || 'SKU';
    for (let suffix = 1; ; suffix += 1) {
      const sku = suffix === 1 ? base : `${base.slice(0, 36)}-${suffix}`;
      try {
        await this.claim(product, [sku]);
        return sku;
      } catch (error) {
        if (!(error instanceof ShopError && error.kind === 'CONFLICT') || suffix >= MAX_SUFFIX) {
          throw error;
        }
      }
    }
  }

  /** Gives back the claims of `product` on `skus`; another product's claims stay. */
  async release(product: Types.ObjectId, skus: readonly string[]): Promise<void> {
    if (skus.length === 0) return;
    for (const sku of skus) {
      await this.locks.run(sku, () => this.engine.deleteIf(this.claims, sku, { product }));
    }
  }

  private async takeOver(product: Types.ObjectId, sku: string): Promise<void> {
    const held = await this.claims.findById(sku).lean();
    if (!held) {
      await this.claims
        .create({ _id: sku, product, claimedAt: new Date() })
        .catch((error: unknown) => {
          if (!isDuplicateKey(error)) throw error;
          throw conflict(VARIANT_RULES.skuTaken(sku, 'another product'));
        });
      return;
    }
    if (held.product.equals(product)) return;
    const holder = await this.products
      .findById(held.product)
      .select({ name: 1, 'variants.sku': 1 })
      .lean();
    if (holder?.variants?.some((variant) => variant.sku === sku)) {
      throw conflict(VARIANT_RULES.skuTaken(sku, holder.name));
    }
    // Not used by its product: left behind by a write that failed or stopped, unless that
    // write is still under way.
    if (Date.now() - new Date(held.claimedAt).getTime() < CLAIM_GRACE_MS) {
      throw conflict(VARIANT_RULES.skuTaken(sku, holder?.name ?? 'another product'));
    }
    const taken = await this.engine.updateIf(
      this.claims,
      sku,
      { product: held.product, claimedAt: held.claimedAt },
      { $set: { product, claimedAt: new Date() } },
    );
    if (!taken) throw conflict(VARIANT_RULES.skuTaken(sku, 'another product'));
  }
}
