import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
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
}

/** Bytes the cache holds over all its answers (a 100-product list is about 35,000). */
const CACHED_BYTES = 8_000_000;

/**
 * Storefront answers already worked out, by request, for as long as the catalogue is
 * unchanged: the same list or search asked again is sent as it was, without building or
 * serialising it again (at 100,000 products serialising a 100-product list cost more than
 * the rest of the request). Any change of the catalogue, a stock change included, makes
 * every stored answer unservable, so no answer shows data older than the catalogue.
 *
 * Only answers that are the same for every viewer may be stored here: the catalogue's
 * public reads (CachedResponseInterceptor for REST, the GraphQL catalogue queries marked
 * public, see graphql/cached-responses.ts).
 */
@Injectable()
export class CachedResponses {
  private readonly answers = new LRUCache<string, CachedResponse>({
    maxSize: CACHED_BYTES,
    sizeCalculation: (answer, key) => answer.body.length + key.length,
  });
  /** The catalogue version the stored answers were worked out from. */
  private storedFrom = -1;

  constructor(private readonly catalogue: Catalogue) {}

  /** Take it before working an answer out, and give it to `store` with the answer. */
  get version(): number {
    return this.catalogue.version;
  }

  find(key: string): CachedResponse | undefined {
    this.forgetOutdated();
    return this.answers.get(key);
  }

  /** Keeps the answer unless the catalogue changed while it was worked out. */
  store(version: number, key: string, answer: CachedResponse): void {
    this.forgetOutdated();
    if (version === this.storedFrom) this.answers.set(key, answer);
  }

  private forgetOutdated(): void {
    if (this.storedFrom === this.catalogue.version) return;
    this.answers.clear();
    this.storedFrom = this.catalogue.version;
  }
}
