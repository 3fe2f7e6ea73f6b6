import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { presentFields } from '../../common/present-fields';
import { toObjectId } from '../../common/object-id';
import { Page, pageOf, PageRequest, skipOf } from '../../common/pagination';
import { badInput, notFound } from '../../common/shop-error';
import { searchPattern, withoutControlCharacters } from '../../common/text';
import {
  MAX_SEARCH_LENGTH,
  PRICE_BANDS,
  SUGGESTED_PRODUCTS,
  SUGGESTION_MIN_LENGTH,
  VARIANT_RULES,
} from '../../shared/rules';
import { StockLevel, stockLevelOf } from '../records/stock-levels';
import { ProductPhotosService, StoredPhoto } from '../photos/product-photos.service';
import { Catalogue, CatalogueFilter, SortOrder } from '../read-model/catalogue';
import { wordsOf } from '../read-model/product-search';
import type { CategoryRecord } from '../records/category.schema';
import { Product, ProductRecord } from '../records/product.schema';
import { firstPhoto } from '../records/gallery';

export const PRODUCT_NOT_FOUND = 'Product not found';

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
  /** Only products listed below their MRP (the storefront's deals). */
  discounted?: boolean;
  /** Only products out of stock, low in stock or in stock beyond the low-stock threshold. */
  stock?: StockLevel;
  /** Only products selling a variant with one of these values of each option named. */
  options?: readonly { name: string; values: readonly string[] }[];
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
  /** Every option the products found sell, in the order first met, each value with its count. */
  options: { name: string; values: { value: string; count: number }[] }[];
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
/**
 * Reading products: lists, filters, search, facets and single products from the in-memory
 * catalogue (no database query), and the few reads that must see the database as it is
 * this moment (prices charged at checkout).
 */
@Injectable()
export class ProductReads {
  constructor(
    @InjectModel(Product.name) private readonly products: Model<Product>,
    private readonly catalogue: Catalogue,
    private readonly photos: ProductPhotosService,
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
    const { total, inStock, byCategory, byPriceBand, byOption } = this.catalogue.facets(
      this.checkedFilter(filter),
    );
    return {
      total,
      inStock,
      categories: this.catalogue
        .categoryList()
        .map((category) => ({ category, count: byCategory.get(String(category._id)) ?? 0 })),
      priceBands: PRICE_BANDS.map((band, at) => ({ ...band, count: byPriceBand[at] })),
      options: [...byOption].map(([name, counts]) => ({
        name,
        values: [...counts].map(([value, count]) => ({ value, count })),
      })),
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

  stockLevel(product: Pick<ProductRecord, 'quantity' | 'variants'>): StockLevel {
    return stockLevelOf(product, this.config.lowStockThreshold);
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
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
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
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    const { items } = this.catalogue.find(
      { categoryIds: [String(product.category)] },
      'newest',
      0,
      limit + 1,
    );
    return items.filter((other) => !other._id.equals(product._id)).slice(0, limit);
  }

  /** The hash of a product's first photo as the catalogue knows it: no database read. */
  photoVersion(id: string): string | null {
    const product = this.catalogue.productById(id);
    return (product && firstPhoto(product)?.hash) ?? null;
  }

  /** A product's first photo as uploaded. */
  async photo(id: string): Promise<StoredPhoto> {
    const hash = this.photoVersion(String(toObjectId(id, 'product id')));
    const photo = hash ? await this.photos.upload(hash) : null;
    if (!photo) throw notFound('This product has no photo');
    return photo;
  }
}

/** The filter as the catalogue reads it, once every part is checked. */
function checkedFilter(filter: ProductFilter, lowStockThreshold: number): CatalogueFilter {
  const checked: CatalogueFilter = { inStock: filter.inStock, discounted: filter.discounted };
  if (filter.stock) {
    checked.stock = { level: filter.stock, threshold: lowStockThreshold };
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
  if (filter.options?.length) checked.options = checkedOptionFilter(filter.options);
  // A search of only spaces finds nothing rather than everything, as one of no words does.
  const keyword = checkedSearch(filter.keyword);
  if (keyword !== undefined) checked.keyword = keyword ? searchPattern(keyword) : MATCHES_NOTHING;
  const search = checkedSearch(filter.search);
  // Searched as given when it has no words (only spaces or punctuation), which finds nothing.
  if (search !== undefined) checked.search = wordsOf(search).join(' ') || filter.search;
  return checked;
}

/** The filter's option choices by option name, each label checked as the variant editor's. */
function checkedOptionFilter(
  options: NonNullable<ProductFilter['options']>,
): Record<string, string[]> {
  if (options.length > MAX_FILTERED_OPTIONS) {
    throw badInput(`options: at most ${MAX_FILTERED_OPTIONS} options`);
  }
  const byName: Record<string, string[]> = {};
  for (const { name, values } of options) {
    const labels = [name, ...values];
    if (values.length > VARIANT_RULES.maxValues) {
      throw badInput(`options: ${VARIANT_RULES.tooManyValues}`);
    }
    if (
      labels.some((label) => typeof label !== 'string' || label.length > VARIANT_RULES.maxLabel)
    ) {
      throw badInput(`options: ${VARIANT_RULES.optionValue}`);
    }
    byName[name] = [...(byName[name] ?? []), ...values];
  }
  return byName;
}

/** The most options one filter may choose values of. */
const MAX_FILTERED_OPTIONS = 10;

/** A pattern no text matches. */
const MATCHES_NOTHING = /(?!)/;

/**
 * A search trimmed, refused when too long or holding control characters (looked for before
 * trimming, which would take a tab or a line break off unseen); none when not given or empty,
 * and an empty text when it held only spaces.
 */
function checkedSearch(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const search = withoutControlCharacters(text).trim();
  if (search.length > MAX_SEARCH_LENGTH) throw badInput('Search is too long');
  return search;
}
