import { setImmediate as turn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ProductSearch, wordsOf } from '../../src/catalogue/read-model/product-search';

/** `count` products, each "Brand <word> n" with a word of its own every 7th. */
const productsOf = (count: number) =>
  Array.from({ length: count }, (_, n) => ({
    id: String(n),
    name: `Brand ${n % 7 === 0 ? 'kettle' : 'lamp'} ${n}`,
    description: 'for the kitchen',
  }));

describe('The search index after a reset', () => {
  const products = productsOf(5_000);
  const kettles = products.filter((p) => p.name.includes('kettle')).length;

  it('answers a search made at once, before a turn of the event loop, as after its build', async () => {
    const early = new ProductSearch();
    early.reset(products);
    const atOnce = early.find('kettel brand');
    const built = new ProductSearch();
    built.reset(products);
    for (let at = 0; at < 10; at += 1) await turn();
    expect(atOnce.ids).toHaveLength(kettles);
    expect(atOnce).toEqual(built.find('kettel brand'));
    expect(atOnce.correctedSearch).toBe('kettle brand');
  });

  it('applies a change made while it is built, and forgets a reset over', async () => {
    const search = new ProductSearch();
    search.reset(products);
    await turn();
    search.remove('0');
    search.add({ id: 'new', name: 'Brass kettle', description: '' });
    expect(search.find('kettle').ids).toHaveLength(kettles);
    expect(search.find('brass').ids).toEqual(['new']);
    search.reset(productsOf(10));
    for (let at = 0; at < 5; at += 1) await turn();
    expect(search.find('kettle').ids).toEqual(['0', '7']);
  });
});

describe('Words in Devanagari', () => {
  it('keep their vowel signs and virama: a word is whole, not its bare letters', () => {
    expect(wordsOf('सूती कुर्ता-सेट, Café')).toEqual(['सूती', 'कुर्ता', 'सेट', 'cafe']);
  });

  it('find the products holding that word, and not those sharing its letters', () => {
    const search = new ProductSearch();
    search.reset([
      { id: 'kurta', name: 'सूती कुर्ता सेट', description: 'Cotton kurta set' },
      // The same letters क र त with other vowel signs.
      { id: 'kurti', name: 'रेशमी कुर्ती', description: 'Silk kurti' },
      { id: 'latin', name: 'Cotton Kurta', description: '' },
    ]);
    expect(search.find('कुर्ता').ids).toEqual(['kurta']);
    expect(search.find('सूती').ids).toEqual(['kurta']);
    expect(search.find('कुर्ती').ids).toEqual(['kurti']);
    expect(search.find('kurta').ids.sort()).toEqual(['kurta', 'latin']);
  });
});
