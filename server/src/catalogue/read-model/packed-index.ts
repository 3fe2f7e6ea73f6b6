/**
 * The search index's postings and field lengths packed into typed arrays once it is built
 * (docs/decisions/011-search-and-facets.md, "Memory").
 *
 * MiniSearch holds, for every indexed word, a Map of its fields, each a Map of the products
 * holding it (short id to how often). At 100,000 products those Maps took most of the index's
 * 160 MB: a Map with one entry costs about 180 bytes, and most words (model numbers, names) are
 * held by one product. Packed, a posting is 6 bytes in a shared pool and a word's field about 60.
 *
 * The classes below stand in for those Maps with the part of Map's interface MiniSearch 7 and
 * ProductIndex use (not MiniSearch's saving to JSON, which the shop never asks for). They are
 * read-only while packed; the first change (a product added or removed after the build) turns
 * the one changed into a Map again, so writes cost what they did and only words touched since
 * the last build are held as Maps.
 */

/** Short ids and counts of every packed posting, word after word. */
export class PostingsPool {
  readonly ids: Int32Array;
  readonly counts: Uint16Array;
  private used = 0;

  constructor(size: number) {
    this.ids = new Int32Array(size);
    this.counts = new Uint16Array(size);
  }

  /** Packs `postings` (short ids ascending) and gives where they start. */
  take(postings: Map<number, number>): number {
    const start = this.used;
    for (const [shortId, count] of postings) {
      this.ids[this.used] = shortId;
      this.counts[this.used] = count;
      this.used += 1;
    }
    return start;
  }
}

/** The most times one product may hold a word for its postings to be packed (Uint16Array). */
const MOST_PACKED_COUNT = 0xffff;

/** Whether `postings` can be packed: short ids ascending (the index's order) and small counts. */
export function packable(postings: Map<number, number>): boolean {
  let previous = -1;
  for (const [shortId, count] of postings) {
    if (shortId <= previous || count > MOST_PACKED_COUNT) return false;
    previous = shortId;
  }
  return true;
}

/**
 * One word's products in one field, packed: `size` postings from `start` in the pool, short
 * ids ascending. Read as MiniSearch reads a Map of short id to count.
 */
export class PackedPostings implements Iterable<[number, number]> {
  /** The Map this turned into at its first change. */
  private changed: Map<number, number> | undefined;
  /** Where the last `get` found its short id: a scoring pass asks them in order. */
  private lastFound: number;

  constructor(
    private readonly pool: PostingsPool,
    private readonly start: number,
    private readonly count: number,
  ) {
    this.lastFound = start;
  }

  get size(): number {
    return this.changed ? this.changed.size : this.count;
  }

  private at(shortId: number): number {
    const ids = this.pool.ids;
    const next = this.lastFound + 1;
    if (next < this.start + this.count && ids[next] === shortId) return (this.lastFound = next);
    let low = this.start;
    let high = this.start + this.count - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const id = ids[middle];
      if (id === shortId) return (this.lastFound = middle);
      if (id < shortId) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  get(shortId: number): number | undefined {
    if (this.changed) return this.changed.get(shortId);
    const at = this.at(shortId);
    return at < 0 ? undefined : this.pool.counts[at];
  }

  has(shortId: number): boolean {
    return this.changed ? this.changed.has(shortId) : this.at(shortId) >= 0;
  }

  set(shortId: number, count: number): this {
    this.unpacked().set(shortId, count);
    return this;
  }

  delete(shortId: number): boolean {
    return this.unpacked().delete(shortId);
  }

  keys(): IterableIterator<number> {
    if (this.changed) return this.changed.keys();
    return this.pool.ids.subarray(this.start, this.start + this.count).values();
  }

  *entries(): IterableIterator<[number, number]> {
    if (this.changed) {
      yield* this.changed.entries();
      return;
    }
    for (let at = this.start; at < this.start + this.count; at += 1) {
      yield [this.pool.ids[at], this.pool.counts[at]];
    }
  }

  [Symbol.iterator](): IterableIterator<[number, number]> {
    return this.entries();
  }

  /**
   * The Map this becomes at its first change. An iteration already under way goes on over
   * the packed postings, which never change: as over a Map, an entry deleted meanwhile may
   * still come, and MiniSearch checks each against its documents.
   */
  private unpacked(): Map<number, number> {
    this.changed ??= new Map(this.entries());
    return this.changed;
  }
}

type Postings = Map<number, number> | PackedPostings;

/**
 * One word's postings by field id, in place of MiniSearch's Map of field id to postings: a
 * slot per field of the index.
 */
export class FieldPostings implements Iterable<[number, Postings]> {
  private readonly byField: (Postings | undefined)[];

  constructor(fieldCount: number) {
    this.byField = new Array<Postings | undefined>(fieldCount).fill(undefined);
  }

  get size(): number {
    let size = 0;
    for (const postings of this.byField) if (postings) size += 1;
    return size;
  }

  get(fieldId: number): Postings | undefined {
    return this.byField[fieldId];
  }

  set(fieldId: number, postings: Postings): this {
    this.byField[fieldId] = postings;
    return this;
  }

  delete(fieldId: number): boolean {
    const had = this.byField[fieldId] !== undefined;
    this.byField[fieldId] = undefined;
    return had;
  }

  *entries(): IterableIterator<[number, Postings]> {
    for (let fieldId = 0; fieldId < this.byField.length; fieldId += 1) {
      const postings = this.byField[fieldId];
      if (postings) yield [fieldId, postings];
    }
  }

  *values(): IterableIterator<Postings> {
    for (const [, postings] of this.entries()) yield postings;
  }

  [Symbol.iterator](): IterableIterator<[number, Postings]> {
    return this.entries();
  }
}

/** No length: the product was removed, or indexed after the lengths were packed. */
const NO_LENGTH = 0xffffffff;

/**
 * Each product's length in words per field, in place of MiniSearch's Map of short id to an
 * array of lengths: a column per field indexed by short id (MiniSearch numbers products from
 * 0 up and never reuses a number), and a Map for products indexed since.
 */
export class PackedFieldLengths {
  private readonly columns: Uint32Array[];
  private readonly since = new Map<number, number[]>();

  constructor(lengths: Map<number, number[]>, fieldCount: number, nextShortId: number) {
    this.columns = Array.from({ length: fieldCount }, () =>
      new Uint32Array(nextShortId).fill(NO_LENGTH),
    );
    for (const [shortId, byField] of lengths) {
      for (let fieldId = 0; fieldId < fieldCount; fieldId += 1) {
        const length = byField[fieldId];
        if (length !== undefined) this.columns[fieldId][shortId] = length;
      }
    }
  }

  /** Whether every length `lengths` holds fits a column (and may be packed at all). */
  static packable(lengths: Map<number, number[]>, fieldCount: number): boolean {
    for (const byField of lengths.values()) {
      if (byField.length > fieldCount) return false;
      for (const length of byField) if (length !== undefined && length >= NO_LENGTH) return false;
    }
    return true;
  }

  private isPacked(shortId: number): boolean {
    return this.columns.some((column) => shortId < column.length && column[shortId] !== NO_LENGTH);
  }

  /** A product's lengths by field id: a new array for a packed product, read at once. */
  get(shortId: number): number[] | undefined {
    const since = this.since.get(shortId);
    if (since || !this.isPacked(shortId)) return since;
    const lengths: number[] = [];
    this.columns.forEach((column, fieldId) => {
      if (column[shortId] !== NO_LENGTH) lengths[fieldId] = column[shortId];
    });
    return lengths;
  }

  /** Products indexed after packing: MiniSearch fills the array it sets as it goes. */
  set(shortId: number, lengths: number[]): this {
    this.since.set(shortId, lengths);
    return this;
  }

  delete(shortId: number): boolean {
    if (this.since.delete(shortId)) return true;
    if (!this.isPacked(shortId)) return false;
    for (const column of this.columns) if (shortId < column.length) column[shortId] = NO_LENGTH;
    return true;
  }
}
