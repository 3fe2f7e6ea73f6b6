import { LRUCache } from 'lru-cache';

/**
 * Whether a request, by its key, was asked before: work worth keeping for requests that come
 * again (a stored answer, a compiled query) is done at the second asking, so a stream of
 * requests asked once each costs nothing kept. Remembers the last `size` keys by a digest.
 */
export class AskedBefore {
  private readonly asked: LRUCache<number, true>;

  constructor(size: number) {
    this.asked = new LRUCache({ max: size });
  }

  /** False the first time `key` is given (remembering it), true after. */
  check(key: string): boolean {
    const digest = digestOf(key);
    if (this.asked.has(digest)) return true;
    this.asked.set(digest, true);
    return false;
  }
}

/**
 * A 30-bit FNV-1a digest of a key: no allocation, and a collision only counts a key as asked
 * before at its first asking.
 */
function digestOf(key: string): number {
  let digest = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    digest = Math.imul(digest ^ key.charCodeAt(i), 0x01000193);
  }
  // A small integer for V8, so the digest is not a number allocated on the heap.
  return digest >>> 2;
}
