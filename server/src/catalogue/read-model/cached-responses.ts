import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { AskedBefore } from '../../common/asked-before';
import { ownBytes } from '../../common/own-bytes';
import { Catalogue } from './catalogue';

/** A storefront answer as it was sent, with what the next identical request needs besides. */
export interface CachedResponse {
  /** The JSON sent (REST), or the `data` of the answer (GraphQL). */
  body: Buffer;
  /** REST: the number that matched (`X-Total-Count`), when the answer gave one. */
  totalCount?: string;
  /** REST: the body's ETag, worked out once. */
  etag?: string;
  /** GraphQL: what the operation cost, charged again on every identical request. */
  cost?: number;
  /** Ids of the products whose units in stock the answer shows, or EVERY_PRODUCT. */
  stockShown?: readonly string[];
}

/**
 * In `stockShown`: the answer depends on the stock of every product (a list filtered by
 * stock level, which a product enters or leaves as its units change).
 */
export const EVERY_PRODUCT = '*';

/** What an answer is worked out from: take it before, give it to `store` with the answer. */
export interface CatalogueState {
  version: number;
  stockVersion: number;
}

/** A stored answer, and the stock version up to which none of the stock it shows changed. */
interface Stored {
  answer: CachedResponse;
  stockCheckedAt: number;
}

/** Bytes the cache holds over all its answers (a 100-product list is about 35,000). */
const CACHED_BYTES = 8_000_000;
/** Requests remembered as asked once (storeOnSecondAsking). */
const ASKED_ONCE = 50_000;

/**
 * Storefront answers already worked out, by request, for as long as what they show is
 * unchanged: the same list or search asked again is sent as it was, without building or
 * serialising it again (at 100,000 products serialising a 100-product list cost more than
 * the rest of the request). Any change of the catalogue makes every stored answer
 * unservable, but for units in stock that stay above zero: such a change makes unservable
 * only the answers showing that product's stock (docs/decisions/018), so checkouts leave
 * the rest stored and no answer shows data older than the catalogue.
 *
 * Only answers that are the same for every viewer may be stored here: the catalogue's
 * public reads (CachedResponseInterceptor for REST, the GraphQL catalogue queries marked
 * public, see graphql/cached-responses.ts).
 */
@Injectable()
export class CachedResponses {
  private readonly answers = new LRUCache<string, Stored>({
    maxSize: CACHED_BYTES,
    sizeCalculation: ({ answer }, key) => answer.body.length + key.length,
  });
  /** The catalogue version the stored answers were worked out from. */
  private storedFrom = -1;
  private readonly askedBefore = new AskedBefore(ASKED_ONCE);

  constructor(private readonly catalogue: Catalogue) {}

  /** Take it before working an answer out, and give it to `store` with the answer. */
  get state(): CatalogueState {
    return { version: this.catalogue.version, stockVersion: this.catalogue.stockVersion };
  }

  find(key: string): CachedResponse | undefined {
    this.forgetOutdated();
    const stored = this.answers.get(key);
    if (!stored || this.stockStillShown(stored)) return stored?.answer;
    this.answers.delete(key);
    return undefined;
  }

  /** Keeps the answer unless the catalogue changed while it was worked out. */
  store(from: CatalogueState, key: string, answer: CachedResponse): void {
    this.forgetOutdated();
    if (from.version !== this.storedFrom) return;
    const stored = { answer, stockCheckedAt: from.stockVersion };
    // Stock it shows may have changed while it was worked out: then it is not kept.
    if (!this.stockStillShown(stored)) return;
    // Kept for long: see ownBytes.
    stored.answer = { ...answer, body: ownBytes(answer.body) };
    this.answers.set(key, stored);
  }

  /**
   * `store`, but only for a request asked before: a product page opened for one product after
   * another is asked once each. Storing every such answer took the GraphQL product page, asked
   * product by product at 100,000 products, from 0.68x the category list to 0.53-0.60x: each
   * stored answer outlives the young generation of the heap, and pushes a stored one out.
   */
  storeOnSecondAsking(from: CatalogueState, key: string, answer: () => CachedResponse): void {
    if (this.askedBefore.check(key)) this.store(from, key, answer());
  }

  /**
   * Whether the stock `stored` shows is still current; checked product by product only when
   * some stock changed since it was last checked, then remembered.
   */
  private stockStillShown(stored: Stored): boolean {
    const now = this.catalogue.stockVersion;
    if (stored.stockCheckedAt === now) return true;
    const since = stored.stockCheckedAt;
    const ids = stored.answer.stockShown ?? [];
    const changed = (id: string) =>
      id === EVERY_PRODUCT || this.catalogue.stockChangedSince(id, since);
    if (ids.some(changed)) return false;
    stored.stockCheckedAt = now;
    return true;
  }

  private forgetOutdated(): void {
    if (this.storedFrom === this.catalogue.version) return;
    this.answers.clear();
    this.storedFrom = this.catalogue.version;
  }
}
