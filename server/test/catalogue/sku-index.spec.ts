import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { SkuIndex, skuKeyOf, skuWords } from '../../src/catalogue/read-model/sku-index';
import type { ProductRecord } from '../../src/catalogue/records/product.schema';

const held = (...skus: string[]) => ({
  product: {
    _id: new Types.ObjectId(),
    variants: skus.map((sku) => ({ sku })),
  } as unknown as ProductRecord,
});

/** Two SKUs of different words whose numbers meet, found by trying SKUs in turn. */
function collidingSkus(): [string, string] {
  const seen = new Map<number, string>();
  for (let n = 0; ; n += 1) {
    const sku = `SKU-${n}`;
    const key = skuKeyOf(skuWords(sku));
    const other = seen.get(key);
    if (other !== undefined) return [other, sku];
    seen.set(key, sku);
  }
}

describe('Products by the SKUs of their variants', () => {
  it('finds a product by a SKU exactly, and by its words however typed', () => {
    const index = new SkuIndex();
    const kurta = held('KURTA-M-BLUE', 'KURTA-L-BLUE');
    const mug = held('MUG.01');
    index.reset([kurta, mug]);
    expect(index.withSku('KURTA-L-BLUE')).toBe(kurta);
    expect(index.withSku('MUG.01')).toBe(mug);
    expect(index.withSku('KURTA_L_BLUE')).toBeUndefined();
    expect(index.withSku('MUG')).toBeUndefined();
    expect(index.withSkuWords('kurta m blue')).toBe(kurta);
    expect(index.withSkuWords('Kurta/L/Blue')).toBe(kurta);
    expect(index.withSkuWords('mug 01')).toBe(mug);
    expect(index.withSkuWords('kurta m')).toBeUndefined();
    expect(index.withSkuWords('--')).toBeUndefined();
  });

  it('holds SKUs that differ only in punctuation apart, and drops one without the other', () => {
    const index = new SkuIndex();
    const dashed = held('TEE-01');
    const dotted = held('TEE.01');
    index.reset([dashed, dotted]);
    expect(index.withSku('TEE-01')).toBe(dashed);
    expect(index.withSku('TEE.01')).toBe(dotted);
    index.remove(dashed);
    expect(index.withSku('TEE-01')).toBeUndefined();
    expect(index.withSku('TEE.01')).toBe(dotted);
    expect(index.withSkuWords('tee 01')).toBe(dotted);
    index.remove(dotted);
    expect(index.withSkuWords('tee 01')).toBeUndefined();
  });

  it('tells apart SKUs whose numbers meet', () => {
    const [first, second] = collidingSkus();
    expect(skuWords(first)).not.toBe(skuWords(second));
    const index = new SkuIndex();
    const one = held(first);
    const two = held(second);
    index.add(one);
    index.add(two);
    expect(index.withSku(first)).toBe(one);
    expect(index.withSku(second)).toBe(two);
    expect(index.withSkuWords(skuWords(second))).toBe(two);
    index.remove(one);
    expect(index.withSku(first)).toBeUndefined();
    expect(index.withSku(second)).toBe(two);
  });

  it('holds a product once under SKUs of the same words, until it is removed', () => {
    const index = new SkuIndex();
    const both = held('CAP-RED', 'CAP_RED');
    index.add(both);
    index.add(both);
    expect(index.withSku('CAP_RED')).toBe(both);
    index.remove(both);
    expect(index.withSku('CAP-RED')).toBeUndefined();
    expect(index.withSku('CAP_RED')).toBeUndefined();
  });
});
