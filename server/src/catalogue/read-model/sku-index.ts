import type { ProductRecord } from '../records/product.schema';
import { wordsOf } from './product-search';

/** A SKU as a search reaches it: KURTA-M-BLUE as `kurta m blue`. */
export const skuWords = (sku: string): string => wordsOf(sku).join(' ');

const skusOf = (product: ProductRecord): string[] =>
  (product.variants ?? []).map((variant) => variant.sku);

/**
 * A number from a SKU's words, a whole number below 2^30 (FNV-1a, 32 bits, shifted): V8 keeps
 * such a number inside the Map's table, where a text key is an object of its own.
 */
export function skuKeyOf(words: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < words.length; at += 1) {
    hash ^= words.charCodeAt(at);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 2;
}

/**
 * The products held by the catalogue by their variants' SKUs, for both ways it looks one up:
 * by the SKU itself, and by its words as a search types it. One Map by a number worked out
 * from the words serves both, each lookup checking the SKUs of what it finds: at 100,000
 * products with three variants each, a Map by SKU and one by its words took 40 MB.
 *
 * A number may stand for the words of more than one SKU (SKUs that differ only in their
 * punctuation, or two whose numbers meet), so it holds one product or a list of them.
 */
export class SkuIndex<T extends { product: ProductRecord }> {
  private byKey = new Map<number, T | T[]>();

  reset(entries: Iterable<T>): void {
    this.byKey = new Map();
    for (const entry of entries) this.add(entry);
  }

  add(entry: T): void {
    for (const sku of skusOf(entry.product)) {
      const key = skuKeyOf(skuWords(sku));
      const held = this.byKey.get(key);
      if (held === undefined) this.byKey.set(key, entry);
      else if (Array.isArray(held)) {
        if (!held.includes(entry)) held.push(entry);
      } else if (held !== entry) this.byKey.set(key, [held, entry]);
    }
  }

  remove(entry: T): void {
    for (const sku of skusOf(entry.product)) {
      const key = skuKeyOf(skuWords(sku));
      const held = this.byKey.get(key);
      if (held === entry) this.byKey.delete(key);
      else if (Array.isArray(held)) {
        const left = held.filter((other) => other !== entry);
        if (left.length === 0) this.byKey.delete(key);
        else this.byKey.set(key, left.length === 1 ? left[0] : left);
      }
    }
  }

  /** The product selling a variant with exactly this SKU. */
  withSku(sku: string): T | undefined {
    return this.find(skuWords(sku), (variantSku) => variantSku === sku);
  }

  /** A product selling a variant whose SKU has the words of `text`, however punctuated. */
  withSkuWords(text: string): T | undefined {
    const words = skuWords(text);
    if (words === '') return undefined;
    return this.find(words, (variantSku) => skuWords(variantSku) === words);
  }

  private find(words: string, matches: (variantSku: string) => boolean): T | undefined {
    const held = this.byKey.get(skuKeyOf(words));
    if (held === undefined) return undefined;
    const candidates = Array.isArray(held) ? held : [held];
    return candidates.find((entry) => skusOf(entry.product).some(matches));
  }
}
