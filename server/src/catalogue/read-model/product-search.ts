import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import {
  FieldPostings,
  PackedFieldLengths,
  PackedPostings,
  PostingsPool,
  packable,
} from './packed-index';

/** What the search index reads of a product. */
export interface SearchableProduct {
  id: string;
  name: string;
  description: string;
}

/** The products a search found, best first, with what to show beside them. */
export interface SearchHits {
  /** Product ids, best match first. */
  ids: string[];
  /** The indexed words the search matched (at most MATCHED_WORDS), for highlighting. */
  matchedWords: ReadonlySet<string>;
  /** The search as it was understood, when no product matched it as typed. */
  correctedSearch: string | null;
}

const NO_HITS: SearchHits = { ids: [], matchedWords: new Set(), correctedSearch: null };

/**
 * The most matched words a search keeps: a short prefix ("1") can match thousands of words
 * (every model number), more than any page shows; a page marks those of its products.
 */
const MATCHED_WORDS = 1_000;

/**
 * Products indexed per turn of the event loop while the index is built after a reset: small
 * enough that requests are served between turns (about 20 ms at 100,000 products), large
 * enough that the build is not much slower than in one go.
 */
const INDEXED_PER_TURN = 2_000;

/** Words packed per turn of the event loop once the index is built (5-30 ms each at 100,000 products). */
const PACKED_PER_TURN = 10_000;

/** A name weighs this many times a description in ranking. */
const NAME_BOOST = 3;

/**
 * Words, lower case, Latin accents dropped: "Café-Noir 2" -> ["cafe", "noir", "2"]. Other marks
 * stay in their word: Devanagari writes its vowel signs and virama as marks, so "सूती कुर्ता" is
 * two words, not the bare letters between its marks.
 */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * How many typing errors a word of the search may hold and still match: none in short words
 * (too many other words are one letter away from "tv"), one from 4 letters, two from 6, so
 * a swapped pair ("kettel" for "kettle", two edits) is forgiven in a word of that length.
 */
export function typosAllowed(word: string): number {
  return word.length >= 6 ? 2 : word.length >= 4 ? 1 : 0;
}

/**
 * A word of the search also matches the words it begins ("sams" finds "samsung"); a short
 * one only when it is the last, being typed.
 */
function matchesAsPrefix(word: string, index: number, words: string[]): boolean {
  return word.length >= 3 || (index === words.length - 1 && word.length >= 2);
}

/**
 * How a word of a search matches indexed words: as typed, and also those it begins
 * (`asPrefix`) and those within `typos` edits, as the search's query says.
 */
interface WordMatch {
  word: string;
  asPrefix: boolean;
  typos: number;
}

/** How each word of a search matches: with typos only when `forgiving`. */
function wordMatchesOf(words: string[], forgiving: boolean): WordMatch[] {
  return words.map((word, at) => ({
    word,
    asPrefix: matchesAsPrefix(word, at, words),
    typos: forgiving ? typosAllowed(word) : 0,
  }));
}

/** A word's products in one field: each product's short id, and how often the field holds it. */
type Postings = Map<number, number>;
/** A word's postings by field id, as MiniSearch's index holds them. */
type TermData = Map<number, Postings>;

/**
 * A word's postings as a narrowed search reads them (ProductIndex.searchAmong): only its
 * products among `among`, in the index's order (ascending short ids), while `size`, the
 * number of products holding the word, which its weight in ranking depends on, stays its own.
 */
class PostingsAmong {
  constructor(
    private readonly all: Postings,
    private readonly among: readonly number[],
    private readonly amongSet: ReadonlySet<number>,
  ) {}

  get size(): number {
    return this.all.size;
  }

  get(shortId: number): number | undefined {
    return this.all.get(shortId);
  }

  *keys(): IterableIterator<number> {
    if (this.among.length < this.all.size) {
      for (const shortId of this.among) if (this.all.has(shortId)) yield shortId;
    } else {
      for (const shortId of this.all.keys()) if (this.amongSet.has(shortId)) yield shortId;
    }
  }
}

/** The indexed words a word of a search stands for, and how many times they are indexed. */
interface IndexedWords {
  termData: TermData[];
  times: number;
}

/** How many times, over every field, the words of `termData` are indexed. */
function timesIn(termData: Iterable<TermData>): number {
  let times = 0;
  for (const fields of termData) {
    for (const documents of fields.values()) times += documents.size;
  }
  return times;
}

/** A word's postings, each field's read through PostingsAmong. */
function termDataAmong(
  data: TermData,
  among: readonly number[],
  amongSet: ReadonlySet<number>,
): TermData {
  const fields = new Map<number, Postings>();
  for (const [field, postings] of data) {
    fields.set(field, new PostingsAmong(postings, among, amongSet) as unknown as Postings);
  }
  return fields;
}

/**
 * MiniSearch, opened to ask its term index which known word a mistyped one stands for, and
 * which products a word matches.
 */
class ProductIndex extends MiniSearch<SearchableProduct> {
  /**
   * Packs every word's postings and each product's field lengths into typed arrays
   * (packed-index.ts), as most of the index's memory is in those Maps: a step at a time,
   * `wordsPerStep` words each, for a caller that serves requests between steps. Run once, on
   * an index just built; it must not change until this is done, and answers the same meanwhile.
   */
  *packing(wordsPerStep: number): Generator<void, void, void> {
    const fieldCount = Object.keys(this._fieldIds).length;
    const words = () => this._index.entries() as IterableIterator<[string, TermData]>;
    // Room for every posting; one that cannot be packed leaves its room unused.
    let size = 0;
    let seen = 0;
    for (const [, fields] of words()) {
      for (const postings of fields.values()) size += postings.size;
      if (++seen % wordsPerStep === 0) yield;
    }
    const pool = new PostingsPool(size);
    for (const [word, fields] of words()) {
      const packed = new FieldPostings(fieldCount);
      for (const [fieldId, postings] of fields) {
        packed.set(
          fieldId,
          packable(postings)
            ? new PackedPostings(pool, pool.take(postings), postings.size)
            : postings,
        );
      }
      // Replacing the value of a word already held leaves the tree's iteration as it was.
      this._index.set(word, packed as unknown as TermData);
      if (++seen % wordsPerStep === 0) yield;
    }
    if (PackedFieldLengths.packable(this._fieldLength, fieldCount)) {
      this._fieldLength = new PackedFieldLengths(
        this._fieldLength,
        fieldCount,
        this._nextId,
      ) as unknown as Map<number, number[]>;
    }
  }

  knows(word: string): boolean {
    return this._index.has(word);
  }

  /** Whether an indexed word begins with `prefix`. */
  begins(prefix: string): boolean {
    for (const _ of this._index.atPrefix(prefix).keys()) return true;
    return false;
  }

  /**
   * The two indexed words `word` is written from ("smartwatch": "smart", "watch"), each of
   * at least 2 letters, the first split found; none when it is a word itself.
   */
  partsOf(word: string): [string, string] | null {
    if (this.knows(word)) return null;
    for (let at = 2; at <= word.length - 2; at += 1) {
      const [first, second] = [word.slice(0, at), word.slice(at)];
      if (this.knows(first) && this.knows(second)) return [first, second];
    }
    return null;
  }

  /**
   * Every indexed word `match` stands for (its word itself, the words it begins when matched as
   * a prefix, and those within its typos: what a search scores for it), with how many times,
   * over every field, they are indexed.
   */
  indexedFor({ word, asPrefix, typos }: WordMatch): IndexedWords {
    const termData = asPrefix ? [...this._index.atPrefix(word).values()] : [];
    const exact = asPrefix ? undefined : this._index.get(word);
    if (exact) termData.push(exact);
    if (typos > 0) {
      for (const [data] of this._index.fuzzyGet(word, typos).values()) termData.push(data);
    }
    return { termData, times: timesIn(termData) };
  }

  /**
   * The products holding one of the words `indexed`, in any field, by their short ids (the
   * index's own numbers); with `among`, only those among these, each looked up in the words'
   * products when that is less work than reading them all.
   */
  productsHolding({ termData, times }: IndexedWords, among?: ReadonlySet<number>): Set<number> {
    const ids = new Set<number>();
    if (among && among.size * termData.length < times) {
      const postings = termData.flatMap((fields) => [...fields.values()]);
      for (const shortId of among) {
        if (postings.some((documents) => documents.has(shortId))) ids.add(shortId);
      }
      return ids;
    }
    const wanted = among ?? this._documentIds;
    for (const fields of termData) {
      for (const documents of fields.values()) {
        for (const shortId of documents.keys()) if (wanted.has(shortId)) ids.add(shortId);
      }
    }
    return ids;
  }

  /**
   * `search`, scoring only the products `among` (short ids, ascending, each still indexed):
   * every word's products are read through `PostingsAmong`, so a word held by thousands costs
   * what its few products among these cost. Ranking is unchanged: each word still counts all
   * its products, and those scored are scored in the index's order.
   *
   * MiniSearch offers no such search, so for its length the index it reads is a view (only
   * `get`, `atPrefix` and `fuzzyGet`, what its search reads of it). That leans on how
   * MiniSearch 7 reads its index; the search tests compare every answer with a search scoring
   * all products, so an upgrade that reads it otherwise fails them.
   */
  searchAmong(query: Query, among: readonly number[]): SearchResult[] {
    const index = this._index;
    const amongSet = new Set(among);
    const narrowed = (data: TermData | undefined): TermData | undefined =>
      data && termDataAmong(data, among, amongSet);
    this._index = {
      get: (term: string) => narrowed(index.get(term)),
      atPrefix: (prefix: string) =>
        new Map([...index.atPrefix(prefix)].map(([term, data]) => [term, narrowed(data)])),
      fuzzyGet: (term: string, distance: number) =>
        new Map(
          [...index.fuzzyGet(term, distance)].map(([word, [data, away]]) => [
            word,
            [narrowed(data), away],
          ]),
        ),
    } as unknown as typeof index;
    try {
      return this.search(query);
    } finally {
      this._index = index;
    }
  }

  /**
   * The indexed word closest to `word` within its typos, the most used among equals; `word`
   * itself when it is a word, or begins one and was matched as a prefix ("cook" for "cooker"
   * is no typo of "look").
   */
  closestWord(word: string, asPrefix: boolean): string | null {
    if (this.knows(word) || (asPrefix && this.begins(word))) return word;
    let best: { word: string; distance: number; uses: number } | null = null;
    for (const [candidate, [fields, distance]] of this._index.fuzzyGet(word, typosAllowed(word))) {
      let uses = 0;
      for (const documents of fields.values()) uses += documents.size;
      if (!best || distance < best.distance || (distance === best.distance && uses > best.uses)) {
        best = { word: candidate, distance, uses };
      }
    }
    return best?.word ?? null;
  }
}

/**
 * The catalogue's full-text search, held in memory beside the catalogue (docs/decisions/
 * 011-search-and-facets.md): names and descriptions by word, names weighted, with prefix
 * and typo-tolerant matching. A word of the search that is no indexed word but two written
 * as one ("smartwatch") also matches products holding both ("Smart Watch"): split at
 * search time, not indexed joined, which would double the index's words.
 *
 * A search is first matched as typed (every word, each also as a prefix); only when that
 * finds nothing are typos forgiven, and the search is then reported corrected. A product
 * matches only if it matches every word: a search of several words narrows, never widens.
 */
export class ProductSearch {
  private index = ProductSearch.emptyIndex();
  /** Whether a build ends packing the index (packed-index.ts); a test compares without. */
  protected readonly packsIndex: boolean = true;
  /** What is left of the build `reset` started: a step per turn of the event loop. */
  private building: Iterator<void> | undefined;
  private nextStep: NodeJS.Immediate | undefined;

  private static emptyIndex(): ProductIndex {
    return new ProductIndex({
      fields: ['name', 'description'],
      tokenize: wordsOf,
      processTerm: (term) => term,
      searchOptions: {
        boost: { name: NAME_BOOST },
        tokenize: wordsOf,
        processTerm: (term) => term,
      },
    });
  }

  /**
   * Indexes `products` from scratch, then packs the index, a part per turn of the event loop,
   * so the shop serves while it is built (at 100,000 products, seconds of start-up). Anything
   * asked of the index before it is done first finishes the build at once: a search meanwhile
   * is slower, never different.
   */
  reset(products: Iterable<SearchableProduct>): void {
    this.index = ProductSearch.emptyIndex();
    this.building = this.build(this.index, [...products]);
    clearImmediate(this.nextStep);
    this.nextStep = setImmediate(() => this.buildSome());
  }

  private *build(index: ProductIndex, products: SearchableProduct[]): Generator<void> {
    for (let from = 0; from < products.length; from += INDEXED_PER_TURN) {
      index.addAll(products.slice(from, from + INDEXED_PER_TURN));
      yield;
    }
    if (this.packsIndex) yield* index.packing(PACKED_PER_TURN);
  }

  add(product: SearchableProduct): void {
    this.built().add(product);
  }

  has(id: string): boolean {
    return this.index.has(id);
  }

  remove(id: string): void {
    const index = this.built();
    if (index.has(id)) index.discard(id);
  }

  private buildSome(): void {
    if (this.building?.next().done === false) {
      this.nextStep = setImmediate(() => this.buildSome());
    } else {
      this.building = undefined;
    }
  }

  /** The index with every product in it and packed: what is left of a build is done now. */
  private built(): ProductIndex {
    if (this.building) {
      clearImmediate(this.nextStep);
      while (this.building.next().done === false);
      this.building = undefined;
    }
    return this.index;
  }

  /** Products matching `text`, best first (see the class's comment for the steps). */
  find(text: string): SearchHits {
    this.built();
    const words = wordsOf(text);
    if (words.length === 0) return NO_HITS;
    const exact = this.searched(this.queryOf(words, false), this.narrowed(words, false));
    if (exact.length > 0) return this.hits(exact, null);
    const found = this.searched(this.queryOf(words, true), this.narrowed(words, true));
    if (found.length === 0) return NO_HITS;
    const corrected = words.map(
      (word, at) => this.index.closestWord(word, matchesAsPrefix(word, at, words)) ?? word,
    );
    const correctedSearch = corrected.join(' ');
    return this.hits(found, correctedSearch === words.join(' ') ? null : correctedSearch);
  }

  /**
   * Every word of `words`, each matching a word of a name or description as a prefix and,
   * when `forgiving`, with typos; or, when it is two words written as one, both of them.
   */
  private queryOf(words: string[], forgiving: boolean): Query {
    return {
      combineWith: 'AND',
      queries: wordMatchesOf(words, forgiving).map(({ word, asPrefix, typos }) => {
        const asTyped: Query = { queries: [word], prefix: asPrefix, fuzzy: typos || false };
        const parts = this.index.partsOf(word);
        if (!parts) return asTyped;
        const apart: Query = { queries: parts, combineWith: 'AND', prefix: false, fuzzy: false };
        return { combineWith: 'OR', queries: [asTyped, apart] };
      }),
    };
  }

  /**
   * The products a search can find, worked out before any is scored: those holding, for every
   * word of it, a word it stands for (itself, one it begins, one within its typos when
   * `forgiving`), found from the rarest word's products down. Without this, "samsung kettle"
   * scores each of the thousands of Samsung products and of kettles before keeping those that
   * are both. A word that may be two written as one also matches products holding both, so it
   * does not narrow; with no other word, nothing is narrowed.
   */
  protected narrowed(words: string[], forgiving: boolean): readonly number[] | null {
    if (words.length < 2) return null;
    const indexed = wordMatchesOf(words, forgiving)
      .filter(({ word }) => !this.index.partsOf(word))
      .map((match) => this.index.indexedFor(match))
      .sort((a, b) => a.times - b.times);
    // Even the rarest word held about once per product: nearly every product may be found,
    // and working out which first is only more work.
    if (indexed.length === 0 || indexed[0].times >= this.index.documentCount) return null;
    const [rarest, ...others] = indexed;
    let among = this.index.productsHolding(rarest);
    for (const next of others) {
      if (among.size === 0) break;
      among = this.index.productsHolding(next, among);
    }
    return [...among].sort((a, b) => a - b);
  }

  /** The products matching `query`, scoring only those `narrowed` leaves. */
  private searched(query: Query, among: readonly number[] | null): SearchResult[] {
    return among ? this.index.searchAmong(query, among) : this.index.search(query);
  }

  private hits(results: SearchResult[], correctedSearch: string | null): SearchHits {
    const matchedWords = new Set<string>();
    for (const result of results) {
      if (matchedWords.size >= MATCHED_WORDS) break;
      for (const term of result.terms) matchedWords.add(term);
    }
    return { ids: results.map((result) => String(result.id)), matchedWords, correctedSearch };
  }
}
