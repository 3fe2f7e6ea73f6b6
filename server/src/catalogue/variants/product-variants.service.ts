import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { ChangeLog } from '../../changes';
import { toObjectId } from '../../common/object-id';
import { notFound } from '../../common/shop-error';
import { ProductLocks } from '../records/product-locks';
import { Product, ProductRecord } from '../records/product.schema';
import { SkuClaims } from './sku-claims';
import { checkedGrid, OptionInput, summaryOf, VariantInput } from './variant-grid';

/**
 * A product's options and variants, set together as the admin's variant editor saves them:
 * every rule checked (checkedGrid), new SKUs claimed before the write and SKUs no longer used
 * given back after it. The price and stock the product carries for the REST contract are
 * written with them (summaryOf).
 */
@Injectable()
export class ProductVariants {
  constructor(
    @InjectModel(Product.name) private readonly products: Model<Product>,
    private readonly skus: SkuClaims,
    private readonly locks: ProductLocks,
    private readonly changes: ChangeLog,
  ) {}

  async set(
    id: string,
    options: readonly OptionInput[],
    variants: readonly VariantInput[],
  ): Promise<ProductRecord> {
    const _id = toObjectId(id, 'product id');
    const current = await this.products.findById(_id).lean();
    if (!current) throw notFound('Product not found');
    const grid = checkedGrid(options, variants, current.variants ?? [], photoHashesOf(current));
    const before = (current.variants ?? []).map((variant) => variant.sku);
    const after = grid.variants.map((variant) => variant.sku);
    const added = after.filter((sku) => !before.includes(sku));
    await this.skus.claim(_id, added);
    let product: ProductRecord | null;
    try {
      // updateOne then findById: FerretDB cannot hide stockHolds from findOneAndUpdate.
      product = await this.changes.recording('product', String(_id), () =>
        this.locks.run(String(_id), async () => {
          await this.products.updateOne(
            { _id },
            { $set: { ...grid, ...summaryOf(grid.variants) } },
            { runValidators: true },
          );
          return this.products.findById(_id).lean();
        }),
      );
    } catch (error) {
      await this.skus.release(_id, added);
      throw error;
    }
    if (!product) {
      await this.skus.release(_id, added);
      throw notFound('Product not found');
    }
    await this.skus.release(
      _id,
      before.filter((sku) => !after.includes(sku)),
    );
    return product;
  }
}

/** The content hashes of a product's photos, which a variant may name. */
const photoHashesOf = ({ photos }: Pick<Product, 'photos'>): Set<string> =>
  new Set((photos ?? []).map((photo) => photo.hash));
