import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { Catalogue, CatalogueFilter, SortOrder } from '../catalogue/catalogue';
import { APP_CONFIG, AppConfig } from '../config/config';
import { wordsOf } from '../catalogue/product-search';
import { CategoriesService } from '../categories/categories.service';
import { ChangeLog } from '../changes/change-log.service';
import { KeyedMutex } from '../common/keyed-mutex';
import { toPaise, toRupees } from '../common/money';
import {
  MAX_SEARCH_LENGTH,
  obeys,
  PRICE_BANDS,
  PRODUCT_RULES,
  SLUG_RULE,
  SUGGESTED_PRODUCTS,
  SUGGESTION_MIN_LENGTH,
} from '../shared/rules';
import { presentFields } from '../common/present-fields';
import { toObjectId } from '../common/object-id';
import { Page, pageOf, PageRequest, skipOf } from '../common/pagination';
import { badInput, conflict, notFound } from '../common/shop-error';
import { isDuplicateKey } from '../common/natural-key';
import {
  escapeRegExp,
  freeSlug,
  searchPattern,
  slugify,
  withoutControlCharacters,
} from '../common/text';
import { ProductPhotosService, StoredPhoto } from './product-photos.service';
import { PhotoRenderer, renderPhoto } from './photo-variants';
import { DatabaseEngine } from '../database/database-engine';
import { Product, ProductRecord } from './product.schema';
import { quantitiesOf, StockLevel, stockLevelOf } from './stock-levels';
import type { CategoryRecord } from '../categories/category.schema';

export type { ProductRecord };

export interface ProductFilter {
  categoryIds?: readonly string[];
  /** Paise, included. */
  priceMin?: number;
  /** Paise, included. */
  priceMax?: number;
  /** Matched literally, ignoring case, in the name or the description (REST's search). */
  keyword?: string;
  /** Words, each matched also as a prefix and, if nothing matches, forgiving typos. */
  search?: string;
  /** Only products with units in stock. */
  inStock?: boolean;
  /** Only products out of stock, low in stock or in stock beyond the low-stock threshold. */
  stock?: StockLevel;
}

export interface ProductInput {
  name: string;
  description: string;
  /** Whole paise. */
  price: number;
  quantity: number;
  category: string;
  shipping: boolean;
  /**
   * The product's address, when it is to be this one rather than the name's (the catalogue's
   * CSV import names products by it). Given, it stays when the name changes.
   */
  slug?: string;
}

export interface StockLine {
  product: Types.ObjectId;
  quantity: number;
}

export const RELATED_LIMIT = 3;
/** The most related products one request may ask for. */
export const MAX_RELATED = 12;
export const MAX_LOOKUP_IDS = 100;

/** A page of products; with a search, also what it matched and how it was corrected. */
export interface ProductPage extends Page<ProductRecord> {
  matchedWords: string[];
  correctedSearch: string | null;
}

/** How many products each choice of the storefront's filter leaves (Catalogue.facets). */
export interface ProductFacets {
  total: number;
  inStock: number;
  /** Every category, alphabetical, with its count. */
  categories: { category: CategoryRecord; count: number }[];
  /** Every band of PRICE_BANDS, in order, bounds in rupees. */
  priceBands: { label: string; min: number; max: number; count: number }[];
}

export interface Suggestions {
  products: ProductRecord[];
  categories: CategoryRecord[];
}

/**
 * The most products one answer of the REST lists the spec leaves unpaged (every product,
 * filters, search) carries; beyond it the answer says how many matched. A list of 100,000
 * products in one answer would hold the server for seconds (docs/decisions/004).
 */
export const UNPAGED_LIST_LIMIT = 100;

@Injectable()
export class ProductsService {
  /** Every write to a product goes through this, so none is lost (see KeyedMutex). */
  private readonly writes = new KeyedMutex();

  constructor(
    @InjectModel(Product.name) private readonly products: Model<Product>,
    private readonly photos: ProductPhotosService,
    private readonly categories: CategoriesService,
    private readonly catalogue: Catalogue,
    private readonly changes: ChangeLog,
    private readonly engine: DatabaseEngine,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * One page of the products matching `filter`, in `sort` order: by default best match
   * first with a search, newest first without.
   */
  page(request: PageRequest, filter: ProductFilter = {}, sort?: SortOrder): ProductPage {
    const checked = this.checkedFilter(filter);
    const { items, total, matchedWords, correctedSearch } = this.catalogue.find(
      checked,
      sort ?? (checked.search ? 'relevance' : 'newest'),
      skipOf(request),
      request.pageSize,
    );
    return {
      ...pageOf(items, total, request),
      matchedWords: matchedWords ?? [],
      correctedSearch: correctedSearch ?? null,
    };
  }

  /** The first UNPAGED_LIST_LIMIT matching products, in `sort` order, and how many match. */
  list(filter: ProductFilter = {}, sort: SortOrder = 'newest') {
    return this.catalogue.find(this.checkedFilter(filter), sort, 0, UNPAGED_LIST_LIMIT);
  }

  facets(filter: ProductFilter = {}): ProductFacets {
    const { total, inStock, byCategory, byPriceBand } = this.catalogue.facets(
      this.checkedFilter(filter),
    );
    return {
      total,
      inStock,
      categories: this.catalogue
        .categoryList()
        .map((category) => ({ category, count: byCategory.get(String(category._id)) ?? 0 })),
      priceBands: PRICE_BANDS.map((band, at) => ({ ...band, count: byPriceBand[at] })),
    };
  }

  /**
   * What the search box offers while `text` is typed: the best matching products and the
   * categories whose name has a word beginning with each of its words. Nothing for a text
   * shorter than SUGGESTION_MIN_LENGTH.
   */
  suggestions(text: string): Suggestions {
    const search = checkedSearch(text);
    if (!search || search.length < SUGGESTION_MIN_LENGTH) return { products: [], categories: [] };
    const words = wordsOf(search);
    if (words.length === 0) return { products: [], categories: [] };
    const categories = this.catalogue.categoryList().filter((category) => {
      const names = wordsOf(category.name);
      return words.every((word) => names.some((name) => name.startsWith(word)));
    });
    const { items } = this.catalogue.find(
      { search: words.join(' ') },
      'relevance',
      0,
      SUGGESTED_PRODUCTS,
    );
    return { products: items, categories };
  }

  count(filter: ProductFilter = {}): number {
    return this.catalogue.find(this.checkedFilter(filter), 'newest', 0, 0).total;
  }

  /** The filter as the catalogue reads it, once every part is checked. */
  private checkedFilter(filter: ProductFilter): CatalogueFilter {
    return checkedFilter(filter, this.config.lowStockThreshold);
  }

  /** How many products are out of stock and low in stock, and where low begins. */
  stockCounts(): { outOfStock: number; lowStock: number; threshold: number } {
    const threshold = this.config.lowStockThreshold;
    return { ...this.catalogue.stockCounts(threshold), threshold };
  }

  stockLevel(product: Pick<ProductRecord, 'quantity'>): StockLevel {
    return stockLevelOf(product.quantity, this.config.lowStockThreshold);
  }

  /** Every product, by name: a snapshot of the catalogue's references, for an export to stream. */
  everyProduct(): ProductRecord[] {
    return this.catalogue.find({}, 'name-asc', 0, this.catalogue.productCount).items;
  }

  findBySlug(slug: string): ProductRecord | null {
    return this.catalogue.productBySlug(String(slug).toLowerCase()) ?? null;
  }

  /** A product with its category's id, name and slug in place of the bare id. */
  detailsBySlug(slug: string) {
    const product = this.findBySlug(slug);
    if (!product) throw notFound('Product not found');
    const category = this.catalogue.category(String(product.category));
    return {
      ...product,
      category: category ? { _id: category._id, name: category.name, slug: category.slug } : null,
    };
  }

  /** As the storefront shows them; ids of products that no longer exist are left out. */
  findByIds(ids: readonly (string | Types.ObjectId)[]): ProductRecord[] {
    return ids.flatMap((id) => this.catalogue.productById(String(id)) ?? []);
  }

  /** For carts: at most MAX_LOOKUP_IDS ids, each checked. */
  findByIdStrings(ids: readonly string[]): ProductRecord[] {
    if (ids.length > MAX_LOOKUP_IDS) throw badInput(`At most ${MAX_LOOKUP_IDS} ids at once`);
    return this.findByIds(ids.map((id) => toObjectId(id, 'product id')));
  }

  /**
   * As stored this moment, read by `_id` one by one (an index lookup on every engine, where
   * `$in` reads the whole collection on the embedded one): for what is charged at checkout.
   */
  async readStored(ids: readonly Types.ObjectId[]): Promise<ProductRecord[]> {
    const found = await Promise.all(ids.map((id) => this.products.findById(id).lean()));
    return found.filter((product) => product !== null);
  }

  /** Whether any product is stored, read from the database (for seeding an empty one). */
  async anyStored(): Promise<boolean> {
    return (await this.products.exists({})) !== null;
  }

  /** Other products of the same category, newest first. */
  related(productId: string, limit = RELATED_LIMIT): ProductRecord[] {
    const product = this.catalogue.productById(String(toObjectId(productId, 'product id')));
    if (!product) throw notFound('Product not found');
    const { items } = this.catalogue.find(
      { categoryIds: [String(product.category)] },
      'newest',
      0,
      limit + 1,
    );
    return items.filter((other) => !other._id.equals(product._id)).slice(0, limit);
  }

  /** `render` resizes the photo (see photo-variants.ts); the seed puts a cache in front. */
  async create(
    input: ProductInput,
    photo?: Buffer,
    render?: PhotoRenderer,
  ): Promise<ProductRecord> {
    const fields = await this.checked(input);
    const _id = new Types.ObjectId();
    // The photo is checked and stored first, so a bad photo leaves no product behind.
    const saved = photo ? await this.photos.save(_id, photo, render) : null;
    const photoFields = { photoHash: saved?.hash ?? null, photo: saved?.layout ?? null };
    const { slug: chosen, ...stored } = fields;
    const write = async (slug: string) =>
      (await this.products.create({ ...stored, _id, slug, ...photoFields })).toObject();
    const {
      stockHolds: _holds,
      priceIn: _unit,
      ...product
    } = chosen === undefined
      ? await this.withFreeSlug(fields.name, undefined, write)
      : await write(this.freeChosenSlug(chosen));
    await this.changes.announce('product', String(_id));
    return product;
  }

  async update(id: string, given: Partial<ProductInput>, photo?: Buffer): Promise<ProductRecord> {
    const changes = presentFields(given);
    const _id = toObjectId(id, 'product id');
    const current = await this.products.findById(_id).lean();
    if (!current) throw notFound('Product not found');
    const { category, slug: chosen, ...fields } = await this.checked(changes);
    const update: Partial<Product> = { ...fields };
    if (chosen !== undefined && chosen !== current.slug) {
      update.slug = this.freeChosenSlug(chosen, _id);
    }
    // A price written now is in paise, whether or not the start-up upgrade has reached it.
    if (fields.price !== undefined) update.priceIn = 'paise';
    if (category !== undefined) update.category = toObjectId(category, 'category id');
    if (photo) {
      const saved = await this.photos.save(_id, photo);
      Object.assign(update, { photoHash: saved.hash, photo: saved.layout });
    }
    // updateOne then findById, not findOneAndUpdate: FerretDB cannot hide stockHolds from
    // the latter's reply.
    const write = (slug?: string) =>
      this.writes.run(String(_id), async () => {
        await this.products.updateOne(
          { _id },
          { $set: { ...update, ...(slug && { slug }) } },
          { runValidators: true },
        );
        return this.products.findById(_id).lean();
      });
    // A slug chosen stays, whatever the name; otherwise the slug follows the name.
    const renamed =
      chosen === undefined &&
      fields.name !== undefined &&
      slugify(fields.name) !== slugify(current.name);
    const product = renamed ? await this.withFreeSlug(fields.name!, _id, write) : await write();
    if (!product) throw notFound('Product not found');
    await this.changes.announce('product', id);
    if (photo) await this.forgetPhotoFiles(current);
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
    await this.changes.announce('product', id);
    await this.photos.delete(_id);
    await this.forgetPhotoFiles(product);
    return product;
  }

  /**
   * Deletes the resized files a product showed before its photo was replaced or it was
   * deleted, unless another product shows the same photo. That check reads the whole
   * collection on the embedded engine; it runs only on these rare admin writes.
   */
  private async forgetPhotoFiles({ photoHash, photo }: Pick<Product, 'photoHash' | 'photo'>) {
    if (!photoHash || !photo) return;
    await this.photos.forgetFiles(photoHash, photo, async () =>
      Boolean(await this.products.exists({ photoHash })),
    );
  }

  /**
   * Gives the photos stored before photos were resized their files, one product at a time,
   * while the shop serves: until its turn a product is shown by its upload (`photoUrl`).
   * Each write is conditional on the photo being the same, so an admin's new photo meanwhile
   * wins, and running this twice or on two instances only renders some photos twice.
   * Returns how many products it updated, and whether it went through them all: it stops
   * early when `stopped` says so.
   */
  async addMissingPhotoFiles(
    stopped: () => boolean,
  ): Promise<{ added: number; finished: boolean }> {
    const waiting = await this.products
      .find({ photoHash: { $ne: null }, photo: null })
      .select({ _id: 1 })
      .lean();
    let added = 0;
    for (const { _id } of waiting) {
      if (stopped()) return { added, finished: false };
      const upload = await this.photos.find(_id);
      if (!upload) continue;
      const saved = await this.photos.storeFiles(await renderPhoto(upload.hash, upload.data));
      const { modifiedCount } = await this.writes.run(String(_id), () =>
        this.products.updateOne(
          { _id, photoHash: upload.hash, photo: null },
          { $set: { photo: saved.layout } },
        ),
      );
      if (modifiedCount > 0) {
        added += 1;
        await this.changes.announce('product', String(_id));
      }
    }
    return { added, finished: true };
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
      if (modifiedCount > 0) await this.changes.announce('product', String(_id));
    }
    return converted;
  }

  /** The hash of a product's photo as the catalogue knows it: no database read. */
  photoVersion(id: string): string | null {
    return this.catalogue.productById(id)?.photoHash ?? null;
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
  async takeStock<T extends StockLine>(
    holder: Types.ObjectId,
    lines: readonly T[],
  ): Promise<T | null> {
    const short = await this.writes.runAll(
      lines.map((line) => String(line.product)),
      async () => {
        const taken: T[] = [];
        for (const line of lines) {
          const took = await this.engine.updateIf(
            this.products,
            line.product,
            { quantity: { $gte: line.quantity }, stockHolds: { $ne: holder } },
            { $inc: { quantity: -line.quantity }, $push: { stockHolds: holder } },
          );
          if (!took) {
            await this.release(holder, taken, true);
            return line;
          }
          taken.push(line);
        }
        return null;
      },
    );
    await this.announceStock(lines);
    return short;
  }

  /** Gives back the units `holder` still holds; a second call finds no hold and adds nothing. */
  async returnStock(holder: Types.ObjectId, lines: readonly StockLine[]): Promise<void> {
    await this.writes.runAll(
      lines.map((line) => String(line.product)),
      () => this.release(holder, lines, true),
    );
    await this.announceStock(lines);
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
      await this.engine.updateIf(
        this.products,
        line.product,
        { stockHolds: holder },
        { ...(restock && { $inc: { quantity: line.quantity } }), $pull: { stockHolds: holder } },
      );
    }
  }

  /** Stock shown anywhere follows a change within the change log's delay. */
  private async announceStock(lines: readonly StockLine[]): Promise<void> {
    for (const id of new Set(lines.map((line) => String(line.product)))) {
      await this.changes.announce('product', id);
    }
  }

  /** Rules every write obeys, whichever API it came through. */
  private async checked<T extends Partial<ProductInput>>(input: T): Promise<T> {
    for (const field of ['name', 'description'] as const) {
      const text = input[field];
      if (text !== undefined && !text.trim()) throw badInput(PRODUCT_RULES[field].required);
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
    return input;
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

/** The filter as the catalogue reads it, once every part is checked. */
function checkedFilter(filter: ProductFilter, lowStockThreshold: number): CatalogueFilter {
  const checked: CatalogueFilter = { inStock: filter.inStock };
  if (filter.stock) {
    const { min, max } = quantitiesOf(filter.stock, lowStockThreshold);
    checked.quantityMin = min;
    checked.quantityMax = max;
  }
  if (filter.categoryIds?.length) {
    checked.categoryIds = filter.categoryIds.map((id) => String(toObjectId(id, 'category id')));
  }
  const { priceMin, priceMax } = presentFields(filter);
  if ([priceMin, priceMax].some((bound) => bound !== undefined && !(bound >= 0))) {
    throw badInput('Price bounds must be numbers from 0');
  }
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax) {
    throw badInput('The lower price bound is above the upper one');
  }
  checked.priceMin = priceMin;
  checked.priceMax = priceMax;
  const keyword = checkedSearch(filter.keyword);
  if (keyword) checked.keyword = searchPattern(keyword);
  const search = checkedSearch(filter.search);
  // A search of no words (only punctuation) finds nothing rather than everything.
  if (search) checked.search = wordsOf(search).join(' ') || search;
  return checked;
}

/** A search trimmed, refused when too long or holding control characters; empty is none. */
function checkedSearch(text: string | undefined): string | undefined {
  const search = text?.trim();
  if (!search) return undefined;
  if (search.length > MAX_SEARCH_LENGTH) throw badInput('Search is too long');
  return withoutControlCharacters(search);
}
