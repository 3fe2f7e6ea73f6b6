import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { QueryFilter, Model, Types } from 'mongoose';
import { CategoriesService } from '../categories/categories.service';
import { KeyedMutex } from '../common/keyed-mutex';
import { toPaise } from '../common/money';
import { presentFields } from '../common/present-fields';
import { toObjectId } from '../common/object-id';
import { Page, pageOf, PageRequest, skipOf } from '../common/pagination';
import { badInput, notFound } from '../common/shop-error';
import { escapeRegExp, searchPattern, slugify } from '../common/text';
import { ProductPhotosService, StoredPhoto } from './product-photos.service';
import { Product } from './product.schema';

/**
 * A product as the shop shows it, its price in paise: the stock holds and the price's
 * marker stay inside this service.
 */
export type ProductRecord = Omit<Product, 'stockHolds' | 'priceIn'> & { _id: Types.ObjectId };

export interface ProductFilter {
  categoryIds?: readonly string[];
  /** Paise, included. */
  priceMin?: number;
  /** Paise, included. */
  priceMax?: number;
  /** Matched literally, ignoring case, in the name or the description. */
  search?: string;
}

export interface ProductInput {
  name: string;
  description: string;
  /** Whole paise. */
  price: number;
  quantity: number;
  category: string;
  shipping: boolean;
}

export interface StockLine {
  product: Types.ObjectId;
  quantity: number;
}

/** Rupees. */
export const MAX_PRICE = 10_000_000;
export const MAX_QUANTITY = 1_000_000;
export const MAX_SEARCH_LENGTH = 100;
export const RELATED_LIMIT = 3;
/** The most related products one request may ask for. */
export const MAX_RELATED = 12;
export const MAX_LOOKUP_IDS = 100;

/** Newest first; the id breaks ties so pages never overlap or skip. */
const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

@Injectable()
export class ProductsService {
  /** Every write to a product goes through this, so none is lost (see KeyedMutex). */
  private readonly writes = new KeyedMutex();

  constructor(
    @InjectModel(Product.name) private readonly products: Model<Product>,
    private readonly photos: ProductPhotosService,
    private readonly categories: CategoriesService,
  ) {}

  async page(request: PageRequest, filter: ProductFilter = {}): Promise<Page<ProductRecord>> {
    const query = toQuery(filter);
    const [items, total] = await Promise.all([
      this.products
        .find(query)
        .sort(NEWEST_FIRST)
        .skip(skipOf(request))
        .limit(request.pageSize)
        .lean(),
      this.products.countDocuments(query),
    ]);
    return pageOf(items, total, request);
  }

  /** Every matching product, newest first (the admin list and the REST filters). */
  all(filter: ProductFilter = {}): Promise<ProductRecord[]> {
    return this.products.find(toQuery(filter)).sort(NEWEST_FIRST).lean();
  }

  count(filter: ProductFilter = {}): Promise<number> {
    return this.products.countDocuments(toQuery(filter));
  }

  findBySlug(slug: string): Promise<ProductRecord | null> {
    return this.products.findOne({ slug: String(slug).toLowerCase() }).lean();
  }

  /** A product with its category's id, name and slug in place of the bare id. */
  async detailsBySlug(slug: string) {
    const product = await this.findBySlug(slug);
    if (!product) throw notFound('Product not found');
    const [category] = await this.categories.findByIds([product.category]);
    return {
      ...product,
      category: category ? { _id: category._id, name: category.name, slug: category.slug } : null,
    };
  }

  findById(id: string | Types.ObjectId): Promise<ProductRecord | null> {
    return this.products
      .findById(typeof id === 'string' ? toObjectId(id, 'product id') : id)
      .lean();
  }

  findByIds(ids: readonly Types.ObjectId[]): Promise<ProductRecord[]> {
    return this.products.find({ _id: { $in: ids } }).lean();
  }

  /** For carts: at most MAX_LOOKUP_IDS ids, each checked. */
  findByIdStrings(ids: readonly string[]): Promise<ProductRecord[]> {
    if (ids.length > MAX_LOOKUP_IDS) throw badInput(`At most ${MAX_LOOKUP_IDS} ids at once`);
    return this.findByIds(ids.map((id) => toObjectId(id, 'product id')));
  }

  /** Other products of the same category, newest first. */
  async related(productId: string, limit = RELATED_LIMIT): Promise<ProductRecord[]> {
    const product = await this.findById(productId);
    if (!product) throw notFound('Product not found');
    return this.products
      .find({ category: product.category, _id: { $ne: product._id } })
      .sort(NEWEST_FIRST)
      .limit(limit)
      .lean();
  }

  async create(input: ProductInput, photo?: Buffer): Promise<ProductRecord> {
    const fields = await this.checked(input);
    const _id = new Types.ObjectId();
    // The photo is checked and stored first, so a bad photo leaves no product behind.
    const photoHash = photo ? await this.photos.save(_id, photo) : null;
    const slug = await this.freeSlug(fields.name);
    const {
      stockHolds: _holds,
      priceIn: _unit,
      ...product
    } = (await this.products.create({ ...fields, _id, slug, photoHash })).toObject();
    return product;
  }

  async update(id: string, given: Partial<ProductInput>, photo?: Buffer): Promise<ProductRecord> {
    const changes = presentFields(given);
    const _id = toObjectId(id, 'product id');
    const current = await this.products.findById(_id).lean();
    if (!current) throw notFound('Product not found');
    const { category, ...fields } = await this.checked(changes);
    const update: Partial<Product> = { ...fields };
    // A price written now is in paise, whether or not the start-up upgrade has reached it.
    if (fields.price !== undefined) update.priceIn = 'paise';
    if (category !== undefined) update.category = toObjectId(category, 'category id');
    if (fields.name !== undefined && slugify(fields.name) !== slugify(current.name)) {
      update.slug = await this.freeSlug(fields.name, _id);
    }
    if (photo) update.photoHash = await this.photos.save(_id, photo);
    // updateOne then findById, not findOneAndUpdate: FerretDB cannot hide stockHolds from
    // the latter's reply.
    const product = await this.writes.run(String(_id), async () => {
      await this.products.updateOne({ _id }, { $set: update }, { runValidators: true });
      return this.products.findById(_id).lean();
    });
    if (!product) throw notFound('Product not found');
    return product;
  }

  async delete(id: string): Promise<ProductRecord> {
    const _id = toObjectId(id, 'product id');
    const product = await this.writes.run(String(_id), async () => {
      const found = await this.products.findById(_id).lean();
      if (found) await this.products.deleteOne({ _id });
      return found;
    });
    if (!product) throw notFound('Product not found');
    await this.photos.delete(_id);
    return product;
  }

  /**
   * Converts prices stored by earlier versions from rupees to paise. Each product is
   * converted by a write conditional on its old shape and price that sets (never
   * multiplies) the new one, so running this again, or on several instances at once,
   * converts nothing twice.
   */
  async upgradeStored(): Promise<number> {
    const inRupees = await this.products
      .find({ priceIn: { $exists: false } })
      .select({ price: 1 })
      .lean();
    let converted = 0;
    for (const { _id, price } of inRupees) {
      // A price no number can stand for is left for an admin to correct.
      if (typeof price !== 'number' || !Number.isFinite(price)) continue;
      const { modifiedCount } = await this.writes.run(String(_id), () =>
        this.products.updateOne(
          { _id, price, priceIn: { $exists: false } },
          { $set: { price: toPaise(price), priceIn: 'paise' } },
        ),
      );
      converted += modifiedCount;
    }
    return converted;
  }

  async photo(id: string): Promise<StoredPhoto> {
    const photo = await this.photos.find(toObjectId(id, 'product id'));
    if (!photo) throw notFound('This product has no photo');
    return photo;
  }

  /**
   * Takes the units of every line for `holder` (an order), or none: each line with a
   * conditional update that also records the holder on the product, in one document
   * write, so stock never goes below zero and a crash at any point leaves a record of
   * exactly which units the order holds. What was taken is given back when a line falls
   * short. The lines' locks are held throughout, so no other order in this process sees
   * stock half taken. Returns the first line that was short, or null when all were taken.
   */
  takeStock<T extends StockLine>(holder: Types.ObjectId, lines: readonly T[]): Promise<T | null> {
    return this.writes.runAll(
      lines.map((line) => String(line.product)),
      async () => {
        const taken: T[] = [];
        for (const line of lines) {
          const result = await this.products.updateOne(
            { _id: line.product, quantity: { $gte: line.quantity }, stockHolds: { $ne: holder } },
            { $inc: { quantity: -line.quantity }, $push: { stockHolds: holder } },
          );
          if (result.modifiedCount !== 1) {
            await this.release(holder, taken, true);
            return line;
          }
          taken.push(line);
        }
        return null;
      },
    );
  }

  /** Gives back the units `holder` still holds; a second call finds no hold and adds nothing. */
  returnStock(holder: Types.ObjectId, lines: readonly StockLine[]): Promise<void> {
    return this.writes.runAll(
      lines.map((line) => String(line.product)),
      () => this.release(holder, lines, true),
    );
  }

  /** The units `holder` holds are sold for good: drops the holds, leaving stock as it is. */
  keepStock(holder: Types.ObjectId, lines: readonly StockLine[]): Promise<void> {
    return this.writes.runAll(
      lines.map((line) => String(line.product)),
      () => this.release(holder, lines, false),
    );
  }

  private async release(
    holder: Types.ObjectId,
    lines: readonly StockLine[],
    restock: boolean,
  ): Promise<void> {
    for (const line of lines) {
      await this.products.updateOne(
        { _id: line.product, stockHolds: holder },
        { ...(restock && { $inc: { quantity: line.quantity } }), $pull: { stockHolds: holder } },
      );
    }
  }

  /** Rules every write obeys, whichever API it came through. */
  private async checked<T extends Partial<ProductInput>>(input: T): Promise<T> {
    if (input.name !== undefined && !input.name.trim()) throw badInput('Name is required');
    if (input.description !== undefined && !input.description.trim()) {
      throw badInput('Description is required');
    }
    if (
      input.price !== undefined &&
      !(Number.isInteger(input.price) && input.price >= 0 && input.price <= toPaise(MAX_PRICE))
    ) {
      throw badInput(`Price must be from 0 to ${MAX_PRICE}`);
    }
    if (
      input.quantity !== undefined &&
      !(Number.isInteger(input.quantity) && input.quantity >= 0 && input.quantity <= MAX_QUANTITY)
    ) {
      throw badInput(`Quantity must be a whole number from 0 to ${MAX_QUANTITY}`);
    }
    if (input.category !== undefined && !(await this.categories.exists(input.category))) {
      throw badInput('Category not found');
    }
    return input;
  }

  /** The name's slug, or the first of slug-2, slug-3, ... that no other product has. */
  private async freeSlug(name: string, except?: Types.ObjectId): Promise<string> {
    const base = slugify(name);
    const taken = await this.products
      .find({
        slug: new RegExp(`^${escapeRegExp(base)}(-\\d+)?$`),
        ...(except && { _id: { $ne: except } }),
      })
      .select({ slug: 1 })
      .lean();
    const slugs = new Set(taken.map((product) => product.slug));
    if (!slugs.has(base)) return base;
    let suffix = 2;
    while (slugs.has(`${base}-${suffix}`)) suffix += 1;
    return `${base}-${suffix}`;
  }
}

function toQuery(filter: ProductFilter): QueryFilter<Product> {
  const query: QueryFilter<Product> = {};
  if (filter.categoryIds?.length) {
    query.category = { $in: filter.categoryIds.map((id) => toObjectId(id, 'category id')) };
  }
  const { priceMin, priceMax } = presentFields(filter);
  if (priceMin !== undefined || priceMax !== undefined) {
    if ([priceMin, priceMax].some((bound) => bound !== undefined && !(bound >= 0))) {
      throw badInput('Price bounds must be numbers from 0');
    }
    if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax) {
      throw badInput('The lower price bound is above the upper one');
    }
    query.price = {
      ...(priceMin !== undefined && { $gte: priceMin }),
      ...(priceMax !== undefined && { $lte: priceMax }),
    };
  }
  const search = filter.search?.trim();
  if (search) {
    if (search.length > MAX_SEARCH_LENGTH) throw badInput('Search is too long');
    const pattern = searchPattern(search);
    query.$or = [{ name: pattern }, { description: pattern }];
  }
  return query;
}
