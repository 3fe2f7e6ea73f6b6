import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { LRUCache } from 'lru-cache';
import { Model, Types } from 'mongoose';
import { Category, CategoryRecord } from '../records/category.schema';
import { ChangeLog, ReadModelSync } from '../../changes';
import { idString } from '../../common/object-id';
import { isShown, Product, ProductRecord } from '../records/product.schema';
import { listedPriceOf, priceTagOf } from '../records/price-tag';
import { heldProduct, sharedChoice, sharedText } from './held-products';
import { STOCK_LEVEL, StockLevel, stockLevelOf } from '../records/stock-levels';
import { newestFirst, SortedList } from '../../common/sorted-list';
import { PRICE_BANDS } from '../../shared/rules';
import { paiseAtLeast, paiseAtMost } from '../../common/money';
import { ProductSearch, SearchHits, wordsOf } from './product-search';
import { SkuIndex } from './sku-index';
import { TimeSlices } from '../../common/time-slices';

/** The orders kept as sorted lists; `newest` is the shop's default. */
export const LISTED_ORDERS = [
  'newest',
  'price-asc',
  'price-desc',
  'name-asc',
  'top-rated',
] as const;
type ListedOrder = (typeof LISTED_ORDERS)[number];
/**
 * Also best match first, which only a search has (without one it is newest first), and the
 * biggest discount first, worked out over the products matched (the deals are few).
 */
export const SORT_ORDERS = [...LISTED_ORDERS, 'relevance', 'discount'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** A filter the products service has already checked. */
export interface CatalogueFilter {
  /** Any of these categories. */
  categoryIds?: readonly string[];
  /** Paise, included. */
  priceMin?: number;
  /** Paise, included. */
  priceMax?: number;
  /** Found literally in the name or the description (REST's search). */
  keyword?: RegExp;
  /** Words searched in names and descriptions, forgiving typos (ProductSearch). */
  search?: string;
  inStock?: boolean;
  /** Only products listed below their MRP (the storefront's deals). */
  discounted?: boolean;
  /**
   * Option values by option name (Size: M or L): a product matches when one variant it sells
   * has one of the values chosen of every option named.
   */
  options?: Readonly<Record<string, readonly string[]>>;
  /** Only products at this stock level, for this low-stock threshold (the admin's list). */
  stock?: { level: StockLevel; threshold: number };
}

export interface CatalogueSlice {
  items: ProductRecord[];
  total: number;
  /** With a search: the words of these products it matched, and how it was corrected. */
  matchedWords?: string[];
  correctedSearch?: string | null;
}

/**
 * How many products each choice of the storefront's filter would leave, each counted with
 * the other parts of the filter and the search as they are (a category's count ignores
 * which categories are ticked, a band's which band is chosen).
 */
export interface CatalogueFacets {
  /** Products matching the whole filter. */
  total: number;
  /** Products matching the filter with "in stock only". */
  inStock: number;
  /** By category id; categories without products are absent. */
  byCategory: Map<string, number>;
  /** One count per band of PRICE_BANDS, in its order. */
  byPriceBand: number[];
  /**
   * By option name, then value: products selling that value, counted with the rest of the
   * filter but the option's own choice. Options appear in the order first met.
   */
  byOption: Map<string, Map<string, number>>;
}

export interface StockCounts {
  outOfStock: number;
  lowStock: number;
}

/** PRICE_BANDS as the whole paise each includes. */
const BANDS_IN_PAISE = PRICE_BANDS.map((band) => ({
  min: paiseAtLeast(band.min),
  max: paiseAtMost(band.max),
}));

/** A product as the database gives it: with the import that may still hide it. */
type StoredProduct = ProductRecord & Pick<Product, 'importJob'>;

/** A product with what ordering and filtering read, computed once per change. */
interface Entry {
  product: ProductRecord;
  id: string;
  category: string;
  /** The price it is listed, filtered and sorted at: its lowest of the variants on sale. */
  price: number;
  /** The share of its MRP the listed price takes off, 0 to 1; 0 without an MRP above it. */
  discount: number;
  /** Each variant on sale as its option values by option name. */
  choices: Readonly<Record<string, string>>[];
  created: number;
  sortName: string;
  /** The catalogue's `stockVersion` when this product's units in stock last changed. */
  stockChanged: number;
  /** Its reviews' average stars and how many reviews (the rating summary); 0 without. */
  stars: number;
  reviews: number;
}

const COMPARATORS: Record<ListedOrder, (a: Entry, b: Entry) => number> = {
  newest: newestFirst,
  'price-asc': (a, b) => a.price - b.price || newestFirst(a, b),
  'price-desc': (a, b) => b.price - a.price || newestFirst(a, b),
  'name-asc': (a, b) =>
    a.sortName < b.sortName ? -1 : a.sortName > b.sortName ? 1 : newestFirst(a, b),
  // Highest average first, then most reviews; products without reviews (0 stars) last.
  'top-rated': (a, b) => b.stars - a.stars || b.reviews - a.reviews || newestFirst(a, b),
};

/** The most product ids the cache of filtered lists holds, over all its lists. */
const CACHED_IDS = 2_000_000;

/**
 * The storefront's catalogue, held in this process: products (without photos or stock
 * holds) and categories, loaded from the database at start and kept in step with every
 * write, made here or, through the change log, by another instance. The database stays the
 * source of truth; every storefront read of REST and GraphQL is answered from here.
 *
 * Why: the embedded engine reads and decodes a whole collection for any filter, sort or
 * count that is not a lookup by `_id`, so at 100,000 products one list page took 25 s
 * (docs/decisions/004-catalogue-read-model.md). Here a plain list page is a slice of a
 * list kept sorted; a filtered one is one pass over it, kept in a cache until a change
 * could alter which products match. The storefront's search (ProductSearch) and the counts
 * beside its filter (`facets`) are worked out here too (docs/decisions/011-search-and-facets.md).
 */
@Injectable()
export class Catalogue {
  private entries = new Map<string, Entry>();
  private bySlug = new Map<string, Entry>();
  private readonly bySku = new SkuIndex<Entry>();
  private sorted = sortedLists();
  private categoryById = new Map<string, CategoryRecord>();
  private categoryBySlug = new Map<string, CategoryRecord>();
  private categoriesByName: CategoryRecord[] = [];
  /** Ids of the products matching a filter, in a sort order, by filter and order. */
  private readonly matches = new LRUCache<string, string[]>({
    max: 10_000,
    maxSize: CACHED_IDS,
    sizeCalculation: (ids) => Math.max(1, ids.length),
  });
  /** What each search found, by its text. */
  private readonly searches = new LRUCache<string, SearchHits>({
    max: 10_000,
    maxSize: CACHED_IDS,
    sizeCalculation: (hits) => Math.max(1, hits.ids.length),
  });
  /** As `matches`, for filters on units in stock: dropped whenever any stock changes. */
  private readonly stockMatches = new LRUCache<string, string[]>({
    max: 100,
    maxSize: CACHED_IDS,
    sizeCalculation: (ids) => Math.max(1, ids.length),
  });
  private readonly facetCounts = new LRUCache<string, CatalogueFacets>({ max: 2_000 });
  /** How many products are out of stock and how many low, by threshold, for one state. */
  private stockCounted = { state: -1, byThreshold: new Map<number, StockCounts>() };
  private readonly search = new ProductSearch();
  private readonly productSync = new ReadModelSync((id) => this.rereadProduct(id));
  /**
   * Goes up with every change of what the catalogue answers but units in stock that stay
   * above zero: whatever was worked out from an earlier version (CachedResponses) is not
   * served again.
   */
  private changeCount = 0;
  /**
   * Goes up with every change of units in stock that leaves the rest as it was (crossing zero
   * or not; crossing also moves `version`). Counted apart so that checkouts, which change
   * stock many times a second, do not empty every stored answer: an answer showing stock
   * asks `stockChangedSince` about its own products instead (docs/decisions/018).
   */
  private stockChangeCount = 0;

  constructor(
    @InjectModel(Product.name) private readonly products: Model<Product>,
    @InjectModel(Category.name) private readonly categories: Model<Category>,
    changes: ChangeLog,
  ) {
    changes.subscribe('product', {
      reload: () => this.reloadProducts(),
      changed: (id) => this.productChanged(id),
      changedTogether: (ids) => this.productsChangedTogether(ids),
      kept: {
        name: 'products',
        records: () => this.heldProducts(),
        restore: (records) => this.reloadProducts(records as Iterable<StoredProduct>),
      },
    });
    changes.subscribe('category', {
      reload: () => this.reloadCategories(),
      changed: (id) => this.categoryChanged(id),
    });
  }

  get version(): number {
    return this.changeCount;
  }

  get stockVersion(): number {
    return this.stockChangeCount;
  }

  /** Whether the units in stock of product `id` changed after `stockVersion` was `since`. */
  stockChangedSince(id: string, since: number): boolean {
    return (this.entries.get(id)?.stockChanged ?? 0) > since;
  }

  get productCount(): number {
    return this.entries.size;
  }

  /** One page of the products matching `filter`, in `sort` order, and how many match. */
  find(filter: CatalogueFilter, sort: SortOrder, skip: number, limit: number): CatalogueSlice {
    if (isEmpty(filter) && sort !== 'discount') {
      const list = this.sorted[listedOrder(sort)];
      return { items: list.slice(skip, skip + limit).map((e) => e.product), total: list.size };
    }
    const ids = this.matching(filter, sort);
    const items = ids.slice(skip, skip + limit).map((id) => this.entries.get(id)!.product);
    if (!filter.search) return { items, total: ids.length };
    const hits = this.searched(filter.search);
    // The words of the products shown, not of every match: those are what get marked.
    const shownWords = new Set(items.flatMap((product) => wordsOf(searchedTextOf(product))));
    const matchedWords = [...shownWords].filter((word) => hits.matchedWords.has(word));
    return { items, total: ids.length, matchedWords, correctedSearch: hits.correctedSearch };
  }

  /**
   * The counts beside each choice of the filter (CatalogueFacets), in one pass over the
   * products the search leaves (all of them without one), kept until the catalogue changes.
   */
  facets(filter: CatalogueFilter): CatalogueFacets {
    const key = cacheKey(filter, 'facets');
    const cached = this.facetCounts.get(key);
    if (cached) return cached;
    const categories = filter.categoryIds?.length ? new Set(filter.categoryIds) : null;
    const { priceMin = -Infinity, priceMax = Infinity, keyword } = filter;
    const facets: CatalogueFacets = {
      total: 0,
      inStock: 0,
      byCategory: new Map(),
      byPriceBand: BANDS_IN_PAISE.map(() => 0),
      byOption: new Map(),
    };
    const chosen = chosenOptions(filter);
    for (const entry of this.searchedEntries(filter.search)) {
      const { price } = entry;
      if (keyword && !matchesKeyword(entry, keyword)) continue;
      if (filter.discounted && entry.discount === 0) continue;
      const inCategory = !categories || categories.has(entry.category);
      const inPrice = price >= priceMin && price <= priceMax;
      const inStock = entry.product.quantity > 0;
      const stockAllowed = inStock || !filter.inStock;
      const inOptions = sellsChoice(entry, chosen);
      if (inPrice && stockAllowed && inOptions) {
        facets.byCategory.set(entry.category, (facets.byCategory.get(entry.category) ?? 0) + 1);
      }
      if (inCategory && stockAllowed && inOptions) {
        BANDS_IN_PAISE.forEach((band, at) => {
          if (price >= band.min && price <= band.max) facets.byPriceBand[at] += 1;
        });
      }
      if (inCategory && inPrice && stockAllowed) countOptions(facets.byOption, entry, chosen);
      if (inCategory && inPrice && inOptions) {
        if (inStock) facets.inStock += 1;
        if (stockAllowed) facets.total += 1;
      }
    }
    this.facetCounts.set(key, facets);
    return facets;
  }

  /**
   * Products with no units, and with 1 to `threshold` units: one pass over the catalogue,
   * kept until it changes.
   */
  stockCounts(threshold: number): StockCounts {
    // Both counts only go up, so their sum changes whenever either does.
    const state = this.changeCount + this.stockChangeCount;
    if (this.stockCounted.state !== state) {
      this.stockCounted = { state, byThreshold: new Map() };
    }
    let counts = this.stockCounted.byThreshold.get(threshold);
    if (!counts) {
      counts = { outOfStock: 0, lowStock: 0 };
      for (const { product } of this.entries.values()) {
        const level = stockLevelOf(product, threshold);
        if (level === STOCK_LEVEL.OUT_OF_STOCK) counts.outOfStock += 1;
        else if (level === STOCK_LEVEL.LOW_STOCK) counts.lowStock += 1;
      }
      this.stockCounted.byThreshold.set(threshold, counts);
    }
    return counts;
  }

  productById(id: string): ProductRecord | undefined {
    return this.entries.get(id)?.product;
  }

  productBySlug(slug: string): ProductRecord | undefined {
    return this.bySlug.get(slug)?.product;
  }

  /** The product selling a variant with this SKU (upper case). */
  productBySku(sku: string): ProductRecord | undefined {
    return this.bySku.withSku(sku)?.product;
  }

  hasSlug(slug: string): boolean {
    return this.bySlug.has(slug);
  }

  /** Alphabetical, as menus and filters show them. */
  categoryList(): readonly CategoryRecord[] {
    return this.categoriesByName;
  }

  category(id: string): CategoryRecord | undefined {
    return this.categoryById.get(id);
  }

  categoryWithSlug(slug: string): CategoryRecord | undefined {
    return this.categoryBySlug.get(slug);
  }

  /**
   * Reads every product from the database, or takes `records` as read before (kept between
   * starts); meanwhile the model is served as it was.
   */
  reloadProducts(records?: Iterable<StoredProduct>): Promise<void> {
    return this.productSync.reload(async () => {
      // By id, the last one read winning: a file kept while a product moved in the lists holds
      // it twice, as it was and after (Map iteration meets a key again once it is set again).
      const byId = new Map<string, Entry>();
      const hold = (product: StoredProduct) => {
        if (!isShown(product)) return;
        const entry = entryOf(heldProduct(product));
        byId.set(entry.id, entry);
      };
      // Kept records are taken in one loop: awaiting each of 100,000 took half a second.
      if (records) for (const product of records) hold(product);
      else {
        // A cursor, so the records as read, before heldProduct makes them smaller, are never all
        // held at once: at 100,000 products that was the heap's peak (docs/decisions/004).
        const stored = this.products.find().lean<StoredProduct[]>().cursor();
        for await (const product of stored) hold(product as StoredProduct);
      }
      const entries = [...byId.values()];
      this.entries = byId;
      this.bySlug = new Map(entries.map((e) => [e.product.slug, e]));
      this.bySku.reset(entries);
      this.sorted = sortedLists(entries);
      this.search.reset(entries.map(searchableOf));
      this.clearCachedMatches();
      this.changeCount += 1;
    });
  }

  /** Every product as held, for the file the catalogue is kept in between starts. */
  private *heldProducts(): Iterable<ProductRecord> {
    for (const entry of this.entries.values()) yield entry.product;
  }

  /** Re-reads one product by `_id` (an index lookup on every engine) and applies it. */
  productChanged(id: string): Promise<void> {
    return this.productSync.changed(id);
  }

  /**
   * Re-reads products written together (an import's) and shows them all at once: until the
   * last is read, the catalogue answers as it was.
   */
  productsChangedTogether(ids: readonly string[]): Promise<void> {
    return this.productSync.changedTogether(
      ids,
      (id) => this.readProduct(id),
      async (found) => {
        // New products go into the search index first, a slice at a time (2,000 take about
        // 300 ms): a search shows only products the lists hold, so none is found before the
        // lists take them all at once, below.
        const slices = new TimeSlices();
        for (const [id, product] of found) {
          if (!product || this.entries.has(id) || this.search.has(id)) continue;
          this.search.add(searchableOf(entryOf(product)));
          await slices.next();
        }
        for (const [id, product] of found) this.place(id, product);
        this.clearCachedMatches();
      },
    );
  }

  private async rereadProduct(id: string): Promise<void> {
    this.apply(id, await this.readProduct(id));
  }

  /** The product as the shop shows it, by `_id`; null if it is gone or not shown yet. */
  private async readProduct(id: string): Promise<ProductRecord | null> {
    const product = Types.ObjectId.isValid(id)
      ? await this.products.findById(id).lean<StoredProduct>()
      : null;
    return product && isShown(product) ? heldProduct(product) : null;
  }

  async reloadCategories(): Promise<void> {
    const categories = await this.categories.find().lean<CategoryRecord[]>();
    this.categoryById = new Map(categories.map((c) => [String(c._id), c]));
    this.indexCategories();
  }

  async categoryChanged(id: string): Promise<void> {
    const category = Types.ObjectId.isValid(id)
      ? await this.categories.findById(id).lean<CategoryRecord>()
      : null;
    if (category) this.categoryById.set(id, category);
    else this.categoryById.delete(id);
    this.indexCategories();
  }

  private apply(id: string, product: ProductRecord | null): void {
    if (this.place(id, product)) this.clearCachedMatches();
  }

  /**
   * Puts the product (null: gone) in the maps, lists and search index; true when matches
   * cached before may be wrong now. A change of details alone drops just what it affects.
   */
  private place(id: string, product: ProductRecord | null): boolean {
    const before = this.entries.get(id);
    if (before && product && !movesInLists(before, product)) {
      // Stock and other details only: every list and cached match stays as it is.
      const choices = choicesOf(product);
      const inStockChanged =
        before.product.quantity > 0 !== product.quantity > 0 ||
        JSON.stringify(before.choices) !== JSON.stringify(choices);
      const detailsChanged = !sameButStock(before.product, product);
      if (before.product.quantity !== product.quantity) this.stockMatches.clear();
      if (inStockChanged || detailsChanged) this.changeCount += 1;
      else {
        this.stockChangeCount += 1;
        before.stockChanged = this.stockChangeCount;
      }
      // A SKU changed alone (the admin's variant editor) is such a detail; a checkout's stock
      // change leaves the SKUs, and their index, as they were.
      if (detailsChanged) this.bySku.remove(before);
      before.product = product;
      before.choices = choices;
      if (detailsChanged) this.bySku.add(before);
      if (inStockChanged) {
        this.matches.clear();
        this.facetCounts.clear();
      }
      return false;
    }
    this.changeCount += 1;
    if (before) {
      for (const list of Object.values(this.sorted)) list.remove(before);
      this.entries.delete(id);
      this.bySlug.delete(before.product.slug);
      this.bySku.remove(before);
      this.search.remove(id);
    }
    if (product) {
      const entry = entryOf(product);
      this.entries.set(id, entry);
      this.bySlug.set(product.slug, entry);
      this.bySku.add(entry);
      for (const list of Object.values(this.sorted)) list.insert(entry);
      // Already there when added ahead of a change of many (productsChangedTogether).
      if (!this.search.has(id)) this.search.add(searchableOf(entry));
    }
    return true;
  }

  /** Drops the matches, searches and counts worked out before a change. */
  private clearCachedMatches(): void {
    this.matches.clear();
    this.stockMatches.clear();
    this.searches.clear();
    this.facetCounts.clear();
  }

  /** What a search finds; a SKU typed whole finds its product first. */
  private searched(text: string): SearchHits {
    let hits = this.searches.get(text);
    if (!hits) {
      hits = this.search.find(text);
      const bySku = this.bySku.withSkuWords(text);
      if (bySku) {
        hits = {
          ...hits,
          ids: [bySku.id, ...hits.ids.filter((id) => id !== bySku.id)],
          correctedSearch: null,
        };
      }
      this.searches.set(text, hits);
    }
    return hits;
  }

  /** The products `search` finds, best first; every product without one. */
  private searchedEntries(search: string | undefined): Iterable<Entry> {
    if (!search) return this.entries.values();
    return this.searched(search).ids.flatMap((id) => this.entries.get(id) ?? []);
  }

  private matching(filter: CatalogueFilter, sort: SortOrder): string[] {
    const key = cacheKey(filter, sort);
    const stockBound = filter.stock !== undefined;
    const cache = stockBound ? this.stockMatches : this.matches;
    const cached = cache.get(key);
    if (cached) return cached;
    const categories = filter.categoryIds?.length ? new Set(filter.categoryIds) : null;
    const { priceMin = -Infinity, priceMax = Infinity, keyword, inStock, search } = filter;
    const { stock } = filter;
    const chosen = chosenOptions(filter);
    const accepts = (entry: Entry) => {
      const { product } = entry;
      return (
        (!categories || categories.has(entry.category)) &&
        entry.price >= priceMin &&
        entry.price <= priceMax &&
        sellsChoice(entry, chosen) &&
        (!inStock || product.quantity > 0) &&
        (!filter.discounted || entry.discount > 0) &&
        (!stock || stockLevelOf(product, stock.threshold) === stock.level) &&
        (!keyword || matchesKeyword(entry, keyword))
      );
    };
    let ids: string[];
    if (search && sort === 'relevance') {
      ids = [...this.searchedEntries(search)].filter(accepts).map((entry) => entry.id);
    } else {
      const found = search ? new Set(this.searched(search).ids) : null;
      ids = [];
      for (const entry of this.sorted[listedOrder(sort)]) {
        if ((!found || found.has(entry.id)) && accepts(entry)) ids.push(entry.id);
      }
      if (sort === 'discount') ids = byDiscount(ids, this.entries);
    }
    cache.set(key, ids);
    return ids;
  }

  private indexCategories(): void {
    this.changeCount += 1;
    const all = [...this.categoryById.values()];
    this.categoryBySlug = new Map(all.map((c) => [c.slug, c]));
    this.categoriesByName = all.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}

function entryOf(product: ProductRecord): Entry {
  return {
    product,
    id: idString(product._id),
    category: sharedText(idString(product.category)),
    price: listedPriceOf(product),
    discount: discountOf(product),
    choices: choicesOf(product),
    created: new Date(product.createdAt).getTime(),
    sortName: product.name.toLowerCase(),
    stockChanged: 0,
    stars: product.rating?.average ?? 0,
    reviews: product.rating?.count ?? 0,
  };
}

function discountOf(product: ProductRecord): number {
  const { price, mrp } = priceTagOf(product);
  return mrp !== null && mrp > price ? (mrp - price) / mrp : 0;
}

/** Biggest discount first; of equal discounts, in the order given (newest first). */
function byDiscount(ids: string[], entries: Map<string, Entry>): string[] {
  const discount = (id: string) => entries.get(id)!.discount;
  return ids
    .map((id, at) => ({ id, at, off: discount(id) }))
    .sort((a, b) => b.off - a.off || a.at - b.at)
    .map(({ id }) => id);
}

/**
 * The texts a search reads in a product: both names weigh as a name, both descriptions as a
 * description, so a search in Hindi finds what an English one does.
 */
function searchTextsOf(product: ProductRecord): { name: string; description: string } {
  const alsoInHindi = (english: string, hindi: string | null | undefined) =>
    hindi ? `${english} ${hindi}` : english;
  return {
    name: alsoInHindi(product.name, product.nameHi),
    description: alsoInHindi(product.description, product.descriptionHi),
  };
}

const searchableOf = ({ id, product }: Entry) => ({ id, ...searchTextsOf(product) });

/** Every word a search may match in a product. */
function searchedTextOf(product: ProductRecord): string {
  const { name, description } = searchTextsOf(product);
  return `${name} ${description}`;
}

function matchesKeyword({ product }: Entry, keyword: RegExp): boolean {
  return [product.name, product.description, product.nameHi, product.descriptionHi].some(
    (text) => text && keyword.test(text),
  );
}

function choicesOf(product: ProductRecord): Readonly<Record<string, string>>[] {
  const names = (product.options ?? []).map((option) => option.name);
  if (names.length === 0) return [];
  return (product.variants ?? [])
    .filter((variant) => variant.onSale)
    .map((variant) => sharedChoice(names, variant.values));
}

/** The filter's option choices as sets, without options left empty. */
function chosenOptions(filter: CatalogueFilter): [string, Set<string>][] {
  return Object.entries(filter.options ?? {})
    .filter(([, values]) => values.length > 0)
    .map(([name, values]) => [name, new Set(values)]);
}

/** Whether one variant on sale has a chosen value of every option chosen, skipping `except`. */
function sellsChoice(entry: Entry, chosen: [string, Set<string>][], except?: string): boolean {
  const wanted = chosen.filter(([name]) => name !== except);
  if (wanted.length === 0) return true;
  return entry.choices.some((choice) => wanted.every(([name, values]) => values.has(choice[name])));
}

/**
 * Adds the product to the count of each option value it sells, where its variant with that
 * value also has a chosen value of every other option chosen.
 */
function countOptions(
  byOption: Map<string, Map<string, number>>,
  entry: Entry,
  chosen: [string, Set<string>][],
): void {
  const counted = new Set<string>();
  for (const choice of entry.choices) {
    for (const [name, value] of Object.entries(choice)) {
      const key = `${name}\u0000${value}`;
      if (counted.has(key)) continue;
      const others = chosen.filter(([other]) => other !== name);
      if (!others.every(([other, values]) => values.has(choice[other]))) continue;
      counted.add(key);
      const counts = byOption.get(name) ?? new Map<string, number>();
      counts.set(value, (counts.get(value) ?? 0) + 1);
      byOption.set(name, counts);
    }
  }
}

/**
 * Best match first is newest first where there is no search to rank by; the biggest discount
 * is sorted from the newest first.
 */
function listedOrder(sort: SortOrder): ListedOrder {
  return sort === 'relevance' || sort === 'discount' ? 'newest' : sort;
}

function sortedLists(entries: Iterable<Entry> = []): Record<ListedOrder, SortedList<Entry>> {
  const all = [...entries];
  return Object.fromEntries(
    LISTED_ORDERS.map((order) => {
      const list = new SortedList(COMPARATORS[order]);
      list.reset(all);
      return [order, list];
    }),
  ) as Record<ListedOrder, SortedList<Entry>>;
}

/** Whether a change can move the product in a sorted list or change which filters it matches. */
function movesInLists(before: Entry, product: ProductRecord): boolean {
  const was = before.product;
  return (
    was.slug !== product.slug ||
    was.name !== product.name ||
    was.description !== product.description ||
    was.nameHi !== product.nameHi ||
    was.descriptionHi !== product.descriptionHi ||
    was.price !== product.price ||
    before.price !== listedPriceOf(product) ||
    before.discount !== discountOf(product) ||
    String(was.category) !== String(product.category) ||
    before.stars !== (product.rating?.average ?? 0) ||
    before.reviews !== (product.rating?.count ?? 0) ||
    new Date(was.createdAt).getTime() !== new Date(product.createdAt).getTime()
  );
}

/**
 * Whether the two records differ at most in their units in stock and the time of the change
 * (`updatedAt`, which a stock write sets too). Every other field counts, so a field added to
 * products later is treated as shown until said otherwise.
 */
function sameButStock(was: ProductRecord, now: ProductRecord): boolean {
  const apartFromStock = (product: ProductRecord) =>
    JSON.stringify({
      ...product,
      quantity: undefined,
      updatedAt: undefined,
      variants: product.variants?.map((variant) => ({ ...variant, quantity: undefined })),
    });
  return apartFromStock(was) === apartFromStock(now);
}

function isEmpty(filter: CatalogueFilter): boolean {
  return (
    !filter.categoryIds?.length &&
    filter.priceMin === undefined &&
    filter.priceMax === undefined &&
    !filter.keyword &&
    !filter.search &&
    !filter.inStock &&
    !filter.discounted &&
    chosenOptions(filter).length === 0 &&
    filter.stock === undefined
  );
}

function cacheKey(filter: CatalogueFilter, sort: SortOrder | 'facets'): string {
  return JSON.stringify([
    sort,
    [...new Set(filter.categoryIds ?? [])].sort(),
    filter.priceMin ?? null,
    filter.priceMax ?? null,
    filter.keyword?.source ?? null,
    filter.search ?? null,
    filter.inStock ?? false,
    filter.discounted ?? false,
    chosenOptions(filter)
      .map(([name, values]) => [name, [...values].sort()])
      .sort(),
    filter.stock ?? null,
  ]);
}
