import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { ChangeLog } from '../../changes';
import { toRupees } from '../../common/money';
import { isDuplicateKey } from '../../common/natural-key';
import { toObjectId } from '../../common/object-id';
import { presentFields } from '../../common/present-fields';
import { badInput, conflict, notFound } from '../../common/shop-error';
import { escapeRegExp, freeSlug, optionalTextOf, slugify } from '../../common/text';
import {
  controlCharactersIn,
  holdsControlCharacters,
  obeys,
  PRODUCT_PHOTO_RULES,
  PRODUCT_RULES,
  SLUG_RULE,
  TextRule,
  VARIANT_RULES,
} from '../../shared/rules';
import { HSN_PATTERN, TAX_RULES } from '../../shared/tax-rules';
import { TaxSettingsService } from '../../tax';
import { CategoriesService } from '../categories/categories.service';
import { PhotoRenderer } from '../photos/photo-variants';
import { Catalogue } from '../read-model/catalogue';
import { ProductLocks } from '../records/product-locks';
import { DatabaseEngine } from '../../database/database-engine';
import {
  PendingImport,
  Product,
  ProductRecord,
  ProductVariant,
  RatingSummary,
} from '../records/product.schema';
import { withAdded, withFirst } from '../records/gallery';
import { SkuClaims } from '../variants/sku-claims';
import { implicitVariant, summaryOf, VariantGrid } from '../variants/variant-grid';
import { GalleryPhotos, galleryPhotoOf } from './gallery-photos';
import { PRODUCT_NOT_FOUND } from './product-reads.service';

export interface ProductInput {
  name: string;
  description: string;
  /** The name and description in Hindi; '' or null: none. */
  nameHi?: string | null;
  descriptionHi?: string | null;
  /** Whole paise. */
  price: number;
  quantity: number;
  category: string;
  shipping: boolean;
  /** HSN code; '' or null: none. */
  hsn?: string | null;
  /** Its tax class's code; '' or null: the shop's default class. */
  taxClass?: string | null;
  /**
   * Its options and variants, checked (checkedGrid), when the CSV import sets them; the price
   * and quantity then are the variants' summary (summaryOf).
   */
  grid?: VariantGrid;
  /**
   * The product's address, when it is to be this one rather than the name's (the catalogue's
   * CSV import names products by it). Given, it stays when the name changes.
   */
  slug?: string;
}

/**
 * Writing products: creating, changing and deleting them with every rule checked (prices,
 * stock figures, categories, free slugs), their photos stored and their old photo files
 * collected. Stock taken by orders is Inventory's.
 */
@Injectable()
export class ProductWrites {
  constructor(
    @InjectModel(Product.name) private readonly products: Model<Product>,
    private readonly photos: GalleryPhotos,
    private readonly categories: CategoriesService,
    private readonly catalogue: Catalogue,
    private readonly changes: ChangeLog,
    private readonly locks: ProductLocks,
    private readonly engine: DatabaseEngine,
    private readonly skus: SkuClaims,
    private readonly taxes: TaxSettingsService,
  ) {}

  /**
   * A new product with `photos` in that order (the first its card's). `render` resizes each
   * (see photo-variants.ts); the seed puts a cache in front.
   */
  async create(
    input: ProductInput,
    photos: Buffer[] = [],
    render?: PhotoRenderer,
  ): Promise<ProductRecord> {
    const fields = await this.checked(input);
    const _id = new Types.ObjectId();
    if (photos.length > PRODUCT_PHOTO_RULES.maxPhotos) throw badInput(PRODUCT_PHOTO_RULES.tooMany);
    // Its SKU, made from its slug, is claimed first: a product is never written with one
    // another product uses. Its photos are checked and stored next, so a bad photo leaves no
    // product behind.
    const sku = await this.skus.claimFromSlug(_id, fields.slug ?? slugify(fields.name));
    let created: Product & { _id: Types.ObjectId };
    try {
      const saved = await this.photos.prepare(_id, photos, render);
      const { slug: chosen, ...stored } = fields;
      const variants = [implicitVariant(sku, fields.price, fields.quantity)];
      const write = async (slug: string) => {
        const gallery = withAdded([], saved.map(galleryPhotoOf));
        return (
          await this.products.create({ ...stored, _id, slug, variants, photos: gallery })
        ).toObject();
      };
      created = await this.photos.showing(saved, () =>
        this.changes.recording('product', String(_id), () =>
          chosen === undefined
            ? this.withFreeSlug(fields.name, undefined, write)
            : write(this.freeChosenSlug(chosen)),
        ),
      );
    } catch (error) {
      await this.skus.release(_id, [sku]);
      throw error;
    }
    const { stockHolds: _holds, stockReceipts: _receipts, priceIn: _unit, ...product } = created;
    return product;
  }

  /** `photo`, when given, takes the first photo's place (REST's and the form's one photo). */
  async update(id: string, given: Partial<ProductInput>, photo?: Buffer): Promise<ProductRecord> {
    const changes = presentFields(given);
    const _id = toObjectId(id, 'product id');
    const current = await this.products.findById(_id).lean();
    if (!current) throw notFound(PRODUCT_NOT_FOUND);
    const { slug: chosen, ...fields } = await this.checked(changes);
    if ((fields.price !== undefined || fields.quantity !== undefined) && current.options?.length) {
      throw badInput(VARIANT_RULES.optionsNeedVariants);
    }
    const update = storedFields(fields);
    if (chosen !== undefined && chosen !== current.slug) {
      update.slug = this.freeChosenSlug(chosen, _id);
    }
    const saved = await this.photos.prepare(_id, photo ? [photo] : []);
    // updateOne then findById, not findOneAndUpdate: FerretDB cannot hide stockHolds from
    // the latter's reply. The photos are read under the product's lock, so that an edit of
    // them made meanwhile is kept.
    const write = (slug?: string) =>
      this.locks.run(String(_id), async () => {
        const photos = saved.length
          ? { photos: withFirst(await this.storedPhotos(_id), galleryPhotoOf(saved[0])) }
          : {};
        await this.products.updateOne(
          { _id },
          { $set: { ...alsoOnTheVariant(update), ...photos, ...(slug && { slug }) } },
          { runValidators: true },
        );
        return this.products.findById(_id).lean();
      });
    // A slug chosen stays, whatever the name; otherwise the slug follows the name.
    const renamed =
      chosen === undefined &&
      fields.name !== undefined &&
      slugify(fields.name) !== slugify(current.name);
    const product = await this.photos.showing(saved, () =>
      this.changes.recording('product', id, () =>
        renamed ? this.withFreeSlug(fields.name!, _id, write) : write(),
      ),
    );
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    // The photo replaced goes, unless a product (this one too) still shows it.
    if (saved.length) await this.photos.forget(current.photos.slice(0, 1));
    return product;
  }

  /**
   * Sets the product's rating summary (the reviews module works it out): announced like any
   * other write, so every instance's catalogue, and the answers it keeps, follow. A product
   * gone meanwhile is left alone.
   */
  async setRating(id: string, rating: RatingSummary): Promise<void> {
    const _id = toObjectId(id, 'product id');
    await this.changes.recording('product', id, () =>
      this.locks.run(id, () => this.products.updateOne({ _id }, { $set: { rating } })),
    );
  }

  async delete(id: string): Promise<ProductRecord> {
    const _id = toObjectId(id, 'product id');
    const product = await this.changes.recording('product', id, () =>
      this.locks.run(String(_id), async () => {
        const found = await this.products.findById(_id).lean();
        if (found) await this.products.deleteOne({ _id });
        return found;
      }),
    );
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    await this.skus.release(_id, skusOf(product.variants));
    await this.photos.forget(product.photos);
    return product;
  }

  /**
   * A new product an import job writes under the id and slug it chose, hidden (`importJob`)
   * until the job finishes (showImported). Not published: nothing shows yet.
   */
  async createHidden(
    _id: Types.ObjectId,
    input: ProductInput & { slug: string },
    job: Types.ObjectId,
  ): Promise<void> {
    const { slug, grid, ...fields } = await this.checked(input);
    const chosen = this.freeChosenSlug(slug);
    const sold = grid ?? {
      options: [],
      variants: [
        implicitVariant(await this.skus.claimFromSlug(_id, chosen), fields.price, fields.quantity),
      ],
    };
    try {
      if (grid) await this.skus.claim(_id, skusOf(grid.variants));
      await this.products.create({
        ...storedFields(fields),
        ...sold,
        ...summaryOf(sold.variants),
        _id,
        slug: chosen,
        importJob: job,
      });
    } catch (error) {
      await this.skus.release(_id, skusOf(sold.variants));
      // Taken by a product the catalogue does not show yet (another import's) or has not heard of.
      if (isDuplicateKey(error)) throw conflict(`Another product has the slug ${chosen}`);
      throw error;
    }
  }

  /**
   * An import job's changes to product `id`, checked as any update's and kept beside it
   * (`importPending`) until the job finishes (showImported). An import names a product by its
   * slug, so it never changes one. Not published: nothing shows yet.
   */
  async stageUpdate(id: Types.ObjectId, given: ProductInput, job: Types.ObjectId): Promise<void> {
    const { slug: _named, grid, ...fields } = await this.checked(presentFields(given));
    const current = await this.products.findById(id).select({ options: 1, variants: 1 }).lean();
    if (!grid && current?.options?.length) throw badInput(VARIANT_RULES.optionsNeedVariants);
    const pendingFields = storedFields(fields);
    if (grid) {
      Object.assign(pendingFields, grid, summaryOf(grid.variants));
      // Claimed now, so no other write takes them before the job shows; given back if it drops.
      const before = skusOf(current?.variants);
      await this.skus.claim(
        id,
        skusOf(grid.variants).filter((sku) => !before.includes(sku)),
      );
    }
    const importPending = { job, fields: pendingFields };
    const staged = await this.locks.run(String(id), async () =>
      this.products.updateOne({ _id: id }, { $set: { importPending } }),
    );
    if (staged.matchedCount === 0) throw notFound(PRODUCT_NOT_FOUND);
  }

  /**
   * Shows what import job `job` wrote: its new products lose their mark, its changes are
   * written over the products they change. Safe to run again, and after the job's process
   * stopped. Not published: the job publishes its products together once all are shown.
   */
  async showImported(
    job: Types.ObjectId,
    { creates, updates }: { creates: Types.ObjectId[]; updates: Types.ObjectId[] },
  ): Promise<void> {
    for (const _id of creates) {
      await this.locks.run(String(_id), () =>
        this.engine.updateIf(this.products, _id, { importJob: job }, { $unset: { importJob: 1 } }),
      );
    }
    for (const _id of updates) {
      await this.withPendingImport(_id, job, async (pending, variants) => {
        await this.products.updateOne(
          { _id },
          { $set: alsoOnTheVariant(pending.fields), $unset: { importPending: 1 } },
          { runValidators: true },
        );
        if (pending.fields.variants) {
          const kept = skusOf(pending.fields.variants);
          await this.skus.release(
            _id,
            skusOf(variants).filter((sku) => !kept.includes(sku)),
          );
        }
      });
    }
  }

  /**
   * Takes back what import job `job` wrote and nobody was shown: its hidden new products are
   * deleted, its changes beside the products dropped. Safe to run again.
   */
  async dropImported(
    job: Types.ObjectId,
    { creates, updates }: { creates: Types.ObjectId[]; updates: Types.ObjectId[] },
  ): Promise<void> {
    for (const _id of creates) {
      const dropped = await this.locks.run(String(_id), async () => {
        const hidden = await this.products
          .findById(_id)
          .select({ importJob: 1, variants: 1 })
          .lean();
        const deleted = await this.engine.deleteIf(this.products, _id, { importJob: job });
        return deleted ? hidden : null;
      });
      if (dropped) await this.skus.release(_id, skusOf(dropped.variants));
    }
    for (const _id of updates) {
      await this.withPendingImport(_id, job, async (pending, variants) => {
        await this.products.updateOne({ _id }, { $unset: { importPending: 1 } });
        const used = skusOf(variants);
        await this.skus.release(
          _id,
          skusOf(pending.fields.variants).filter((sku) => !used.includes(sku)),
        );
      });
    }
  }

  /** Runs `write` on product `_id` under its lock if job `job`'s changes are beside it. */
  private async withPendingImport(
    _id: Types.ObjectId,
    job: Types.ObjectId,
    write: (pending: PendingImport, variants: ProductVariant[]) => Promise<unknown>,
  ): Promise<void> {
    await this.locks.run(String(_id), async () => {
      const product = await this.products.findById(_id).select('+importPending').lean();
      const pending = product?.importPending;
      if (pending && job.equals(pending.job)) await write(pending, product.variants ?? []);
    });
  }

  private async storedPhotos(_id: Types.ObjectId) {
    const stored = await this.products.findById(_id).select({ photos: 1 }).lean();
    return stored?.photos ?? [];
  }

  /** Rules every write obeys, whichever API it came through. */
  private async checked<T extends Partial<ProductInput>>(input: T): Promise<T> {
    for (const field of ['name', 'description'] as const) {
      const text = input[field];
      const rule: TextRule = PRODUCT_RULES[field];
      if (text !== undefined && !text.trim()) throw badInput(rule.required);
      if (text !== undefined && holdsControlCharacters(text, rule.spansLines)) {
        throw badInput(controlCharactersIn(field));
      }
    }
    const { price, quantity } = input;
    // Prices are kept in whole paise: the rule is in rupees.
    if (
      price !== undefined &&
      !(Number.isInteger(price) && obeys(PRODUCT_RULES.price, toRupees(price)))
    ) {
      throw badInput(PRODUCT_RULES.price.message);
    }
    if (quantity !== undefined && !obeys(PRODUCT_RULES.quantity, quantity)) {
      throw badInput(PRODUCT_RULES.quantity.message);
    }
    if (input.category !== undefined && !(await this.categories.exists(input.category))) {
      throw badInput('Category not found');
    }
    return { ...input, ...hindiFields(input), ...(await this.taxFields(input)) };
  }

  /** The HSN code and tax class given, checked, blanks as null; nothing for those not given. */
  async taxFields(
    input: Pick<ProductInput, 'hsn' | 'taxClass'>,
  ): Promise<Pick<ProductInput, 'hsn' | 'taxClass'>> {
    const fields: Pick<ProductInput, 'hsn' | 'taxClass'> = {};
    if (input.hsn !== undefined) {
      const hsn = (input.hsn ?? '').trim();
      if (hsn && !HSN_PATTERN.test(hsn)) throw badInput(`hsn: ${TAX_RULES.hsn}`);
      fields.hsn = hsn || null;
    }
    if (input.taxClass !== undefined) {
      const code = (input.taxClass ?? '').trim();
      if (code && !(await this.taxes.classes()).classes.some((one) => one.code === code)) {
        throw badInput(`taxClass: ${TAX_RULES.taxClass}`);
      }
      fields.taxClass = code || null;
    }
    return fields;
  }

  /**
   * A slug chosen for a product (`except`), checked and free as the catalogue knows. One taken
   * on another instance a moment ago fails the write on the unique index instead (a 409).
   */
  private freeChosenSlug(slug: string, except?: Types.ObjectId): string {
    if (!(SLUG_RULE.pattern.test(slug) && slug.length <= SLUG_RULE.maxLength)) {
      throw badInput(SLUG_RULE.message);
    }
    const holder = this.catalogue.productBySlug(slug);
    if (holder && !(except && holder._id.equals(except))) {
      throw conflict(`Another product has the slug ${slug}`);
    }
    return slug;
  }

  /**
   * Writes with the name's slug, or the first of slug-2, slug-3, ... that no other product
   * has. The catalogue knows the slugs taken; one taken on another instance a moment ago
   * that it has not heard of yet fails the write on the unique index, and the database then
   * tells which are taken (a read of the whole collection, only on that rare race).
   */
  private async withFreeSlug<T>(
    name: string,
    except: Types.ObjectId | undefined,
    write: (slug: string) => Promise<T>,
  ): Promise<T> {
    const base = slugify(name);
    const takenIn = (holderOf: (slug: string) => { _id: Types.ObjectId } | undefined) =>
      freeSlug(base, (slug) => {
        const holder = holderOf(slug);
        return holder !== undefined && !(except && holder._id.equals(except));
      });
    try {
      return await write(takenIn((slug) => this.catalogue.productBySlug(slug)));
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const stored = await this.products
        .find({ slug: new RegExp(`^${escapeRegExp(base)}(-\\d+)?$`) })
        .select({ slug: 1 })
        .lean();
      const bySlug = new Map(stored.map((product) => [product.slug, product]));
      return write(takenIn((slug) => bySlug.get(slug)));
    }
  }
}

/** The Hindi name and description given, checked, blanks as null; nothing for those not given. */
function hindiFields(
  input: Pick<ProductInput, 'nameHi' | 'descriptionHi'>,
): Pick<ProductInput, 'nameHi' | 'descriptionHi'> {
  const fields: Pick<ProductInput, 'nameHi' | 'descriptionHi'> = {};
  for (const [field, rule] of [
    ['nameHi', PRODUCT_RULES.name],
    ['descriptionHi', PRODUCT_RULES.description],
  ] as const) {
    const given = input[field];
    if (given === undefined) continue;
    fields[field] = optionalTextOf(given, field, 'spansLines' in rule && rule.spansLines);
  }
  return fields;
}

/** Checked fields of a product as stored: the category as an id, a price marked as paise. */
function storedFields({
  category,
  ...fields
}: Partial<Omit<ProductInput, 'slug' | 'sku'>>): Partial<Product> {
  const stored: Partial<Product> = { ...fields };
  // A price written now is in paise, whether or not the start-up migration has reached it.
  if (fields.price !== undefined) stored.priceIn = 'paise';
  if (category !== undefined) stored.category = toObjectId(category, 'category id');
  return stored;
}

/**
 * A `$set` of product fields that also sets a price or stock figure among them on the product's
 * one variant: a product sold one way keeps them there too (callers refuse these fields for a
 * product with options).
 */
function alsoOnTheVariant(fields: Partial<Product>): Record<string, unknown> {
  const set: Record<string, unknown> = { ...fields };
  // Fields that set the variants themselves carry their summary already.
  if (fields.variants) return set;
  if (fields.price !== undefined) set['variants.0.price'] = fields.price;
  if (fields.quantity !== undefined) set['variants.0.quantity'] = fields.quantity;
  return set;
}

const skusOf = (variants: readonly Pick<ProductVariant, 'sku'>[] | undefined): string[] =>
  (variants ?? []).map((variant) => variant.sku);
