import { setImmediate as turn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  FieldPostings,
  PackedFieldLengths,
  PackedPostings,
} from '../../src/catalogue/read-model/packed-index';
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

const brands = ['Samsung', 'Prestige', 'Bajaj', 'Usha'];
const words = ['kettle', 'lamp', 'kurta', 'mug', 'saree'];

/** 3,300 products worded as a shop's are: brands, kinds and numbers, 300 worded as another. */
function shopProducts() {
  const products = Array.from({ length: 3_000 }, (_, n) => ({
    id: `p${n}`,
    name: `${brands[n % 4]} ${words[n % 5]} ${n}${n % 9 === 0 ? ` ${words[(n + 1) % 5]}` : ''}`,
    description: `A ${words[(n * 7) % 5]} by ${brands[(n * 3) % 4]}, number ${n}.`,
  }));
  // Products worded alike score alike: the order between them must be kept too.
  products.push(
    ...products.slice(0, 300).map((product) => ({ ...product, id: `${product.id}-twin` })),
  );
  return products;
}

/** Searches as shoppers type them: brands, kinds, numbers, words being typed, typos. */
function shopperSearches(): string[] {
  let seed = 7;
  const random = (below: number) => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed % below;
  };
  const searches = [
    ...['kettle 12', 'samsung mug 9', 'a lamp 1', 'kurta 27 prestige', 'samsang kettle 30'],
    // Common words only: the products holding them all are worked out before any is scored.
    ...['samsung kettle', 'bajaj lamp', 'kurta usha', 'number kettle', 'a by'],
    // The same with typos: a mistyped word stands for every word within its typos.
    ...['samsng kettle', 'kettel bajaj', 'kurta ushaa', 'prestig lamp 12'],
    // One word: every product holding it is scored.
    ...['kettle', 'kettel', 'samsung', 'number', '12', 'ku'],
  ];
  for (let at = 0; at < 200; at += 1) {
    const n = random(3_000);
    const typed = [brands[random(4)], words[random(5)], String(n).slice(0, 1 + random(4))];
    if (random(4) === 0) typed[1] = typed[1].slice(0, -1); // a word being typed
    if (random(5) === 0) typed[0] = `${typed[0].slice(0, 3)}x${typed[0].slice(4)}`; // a typo
    searches.push(
      typed
        .sort(() => random(3) - 1)
        .join(' ')
        .toLowerCase(),
    );
  }
  return searches;
}

/** The searches given, each reset to the same shop's products. */
function builtOnShop<T extends ProductSearch[]>(...searches: T): T {
  const products = shopProducts();
  for (const search of searches) search.reset(products);
  return searches;
}

describe('A search of several words, scoring only the products holding them all', () => {
  /** ProductSearch scoring every product each word matches, as it did before narrowing. */
  class ScoringAll extends ProductSearch {
    protected override narrowed(): null {
      return null;
    }
  }
  /** ProductSearch counting the searches it narrowed. */
  class Counting extends ProductSearch {
    narrowedSearches = 0;
    protected override narrowed(words: string[], forgiving: boolean): readonly number[] | null {
      const among = super.narrowed(words, forgiving);
      if (among) this.narrowedSearches += 1;
      return among;
    }
  }

  it('finds the same products in the same order, and the same corrections, as scoring all', () => {
    const [narrowing, scoringAll] = builtOnShop(new Counting(), new ScoringAll());
    for (const text of shopperSearches()) {
      const found = narrowing.find(text);
      expect(found, text).toEqual(scoringAll.find(text));
    }
    expect(narrowing.narrowedSearches).toBeGreaterThan(100);
  });
});

describe('The index packed once built (packed-index.ts)', () => {
  /** ProductSearch leaving its index as MiniSearch builds it. */
  class Unpacked extends ProductSearch {
    protected override readonly packsIndex = false;
  }
  /** What MiniSearch holds for `word`, and a product's field lengths, read from inside. */
  const insideOf = (search: ProductSearch) => {
    const index = (search as unknown as { index: Record<string, Map<unknown, unknown>> }).index;
    return { word: (word: string) => index._index.get(word), lengths: index._fieldLength };
  };

  it('holds packed postings and lengths once built, and Maps without packing', async () => {
    const packed = new ProductSearch();
    const unpacked = new Unpacked();
    packed.reset(shopProducts());
    unpacked.reset(shopProducts());
    for (let at = 0; at < 20; at += 1) await turn();
    const kettle = insideOf(packed).word('kettle') as FieldPostings;
    expect(kettle).toBeInstanceOf(FieldPostings);
    expect(kettle.get(0)).toBeInstanceOf(PackedPostings);
    expect(insideOf(packed).lengths).toBeInstanceOf(PackedFieldLengths);
    expect(insideOf(unpacked).word('kettle')).toBeInstanceOf(Map);
    expect(insideOf(unpacked).lengths).toBeInstanceOf(Map);
  });

  it('finds what the index unpacked finds, in the same order, before and after changes', () => {
    const [packed, unpacked] = builtOnShop(new ProductSearch(), new Unpacked());
    const searches = shopperSearches();
    const expectAlike = (when: string) => {
      for (const text of searches)
        expect(packed.find(text), `${when}: ${text}`).toEqual(unpacked.find(text));
    };
    expectAlike('as built');
    // Products removed (words held by one product among them), renamed, and added with
    // words held by many and by none.
    for (const search of [packed, unpacked]) {
      for (let n = 0; n < 3_000; n += 13) search.remove(`p${n}`);
      for (let n = 1; n < 3_000; n += 29) {
        search.remove(`p${n}`);
        search.add({
          id: `p${n}`,
          name: `Usha saree ${n} new`,
          description: 'Renamed, number 12.',
        });
      }
      for (let n = 0; n < 50; n += 1) {
        search.add({ id: `added${n}`, name: `Samsung kettle ${n}`, description: `A kurta ${n}x.` });
      }
    }
    expectAlike('after changes');
  });
});
