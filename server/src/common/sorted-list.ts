/**
 * Items kept in one order, for reading pages as slices. `compare` must be a total order
 * (ties broken by id), so every item has exactly one place and binary search finds it.
 * Insert and remove cost a binary search plus one splice: about 50 µs at 100,000 items.
 */
export class SortedList<T> {
  private items: T[] = [];

  constructor(private readonly compare: (a: T, b: T) => number) {}

  get size(): number {
    return this.items.length;
  }

  /** Replaces every item at once: one sort instead of n insertions. */
  reset(items: Iterable<T>): void {
    this.items = [...items].sort(this.compare);
  }

  insert(item: T): void {
    this.items.splice(this.placeOf(item), 0, item);
  }

  /**
   * Removes `item`; false when it is not held. Found by binary search, or, should a value
   * that breaks the order (a corrupt price: NaN) have misplaced it, by looking at each item.
   */
  remove(item: T): boolean {
    let at = this.placeOf(item);
    if (this.items[at] !== item) at = this.items.indexOf(item);
    if (at === -1) return false;
    this.items.splice(at, 1);
    return true;
  }

  slice(start: number, end: number): T[] {
    return this.items.slice(start, end);
  }

  /**
   * The index of the first item for which `after` holds, found by binary search: `after` must
   * be false for some first items and true for all the rest (a bound in the list's order).
   */
  firstWhere(after: (item: T) => boolean): number {
    let low = 0;
    let high = this.items.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (after(this.items[middle])) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  /** The items from `start` to before `end`, without copying them. */
  *range(start: number, end: number): Generator<T> {
    for (let at = Math.max(0, start); at < Math.min(end, this.items.length); at += 1) {
      yield this.items[at];
    }
  }

  [Symbol.iterator](): Iterator<T> {
    return this.items[Symbol.iterator]();
  }

  /** The first index whose item does not come before `item`. */
  private placeOf(item: T): number {
    let low = 0;
    let high = this.items.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compare(this.items[middle], item) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** What the newest-first lists (products, orders) order by: creation time, then id. */
export interface Created {
  /** Milliseconds, as Date.getTime(). */
  created: number;
  id: string;
}

/** Newest first; the id breaks ties (higher first), so pages never overlap or skip. */
export const newestFirst = (a: Created, b: Created): number =>
  b.created - a.created || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
