import type { ProductRecord } from '../records/product.schema';

/**
 * One copy of each option name and value ("Size", "M", "Indigo") for every product held in
 * memory: the database hands each document its own copies, and at 100,000 products with three
 * variants each those copies are a fifth of the catalogue's memory. The pool only grows by the
 * distinct texts a shop uses, a few thousand at most.
 */
const pool = new Map<string, string>();

function shared(text: string): string {
  const held = pool.get(text);
  if (held !== undefined) return held;
  pool.set(text, text);
  return text;
}

/** The record with its option texts shared with every other record's (changed in place, as read). */
export function withSharedTexts<T extends ProductRecord>(product: T): T {
  for (const option of product.options ?? []) {
    option.name = shared(option.name);
    option.values = option.values.map(shared);
  }
  for (const variant of product.variants ?? []) variant.values = variant.values.map(shared);
  return product;
}
