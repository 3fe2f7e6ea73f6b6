import { MAX_PAGE_SIZE, PRICE_BANDS, STOREFRONT_PAGE_SIZE } from '@shop/rules';
import { describe, expect, it } from 'vitest';
import { CatalogueView, firstRequestSize, paramsOf, viewOf } from '../lib/catalogue-view';

const DEFAULT_VIEW: CatalogueView = {
  q: '',
  categories: [],
  band: null,
  inStock: false,
  options: [],
  sort: null,
  page: 1,
};

const view = (changes: Partial<CatalogueView> = {}): CatalogueView => ({
  ...DEFAULT_VIEW,
  ...changes,
});

const read = (search: string) => viewOf(new URLSearchParams(search));

describe('catalogue view in the URL', () => {
  it('reads every choice from its parameter', () => {
    expect(
      read(
        'q=phone&category=books,electronics&price=1001-3000&stock=in&opt.Size=M&opt.Size=L&sort=price-asc&page=3',
      ),
    ).toEqual({
      q: 'phone',
      categories: ['books', 'electronics'],
      band: PRICE_BANDS.findIndex((band) => band.label === 'Rs. 1001 to 3000'),
      inStock: true,
      options: [{ name: 'Size', values: ['M', 'L'] }],
      sort: 'PRICE_ASC',
      page: 3,
    });
  });

  it('reads each sort by its word', () => {
    expect(read('sort=newest').sort).toBe('NEWEST');
    expect(read('sort=price-desc').sort).toBe('PRICE_DESC');
    expect(read('sort=name-asc').sort).toBe('NAME_ASC');
    expect(read('sort=relevance').sort).toBe('RELEVANCE');
    expect(read('sort=top-rated').sort).toBe('TOP_RATED');
  });

  it('gives the default view for an empty URL', () => {
    expect(read('')).toEqual(DEFAULT_VIEW);
  });

  it('writes a view and reads the same view back', () => {
    const views = [
      view(),
      view({ q: 'tea & cups' }),
      view({ categories: ['books'], band: 0 }),
      view({ categories: ['books', 'fashion'], band: PRICE_BANDS.length - 1, inStock: true }),
      view({ q: 'kurta', sort: 'RELEVANCE', page: 2 }),
      view({ sort: 'NAME_ASC', page: 9 }),
      // Values may hold commas and spaces; option names are the shop's own.
      view({
        options: [
          { name: 'Colour', values: ['Dark Blue', 'Red, dark'] },
          { name: 'UK Size', values: ['8'] },
        ],
      }),
    ];
    for (const each of views) expect(viewOf(paramsOf(each))).toEqual(each);
  });

  it('writes the parameters a shared link shows, leaving out those at their default', () => {
    expect(paramsOf(view()).toString()).toBe('');
    expect(paramsOf(view({ page: 1, sort: null, inStock: false })).toString()).toBe('');
    expect(
      paramsOf(
        view({
          q: 'phone',
          categories: ['books', 'electronics'],
          band: 2,
          inStock: true,
          sort: 'PRICE_DESC',
          page: 2,
        }),
      ).toString(),
    ).toBe('q=phone&category=books%2Celectronics&price=1001-3000&stock=in&sort=price-desc&page=2');
  });

  it('writes each option value as a parameter of its own, after the stock', () => {
    expect(
      paramsOf(
        view({ inStock: true, options: [{ name: 'Size', values: ['M', 'L'] }], page: 2 }),
      ).toString(),
    ).toBe('stock=in&opt.Size=M&opt.Size=L&page=2');
    // A parameter with no option name or no value chooses nothing.
    expect(read('opt.=M&opt.Size=').options).toEqual([]);
  });

  it('ignores values that name no choice', () => {
    expect(read('price=5-10&stock=yes&sort=cheapest&page=abc')).toEqual(DEFAULT_VIEW);
    expect(read('page=0').page).toBe(1);
    expect(read('page=-2').page).toBe(1);
    expect(read('page=2.5').page).toBe(1);
    expect(read('category=,books,,').categories).toEqual(['books']);
    // Only the exact words of a sort count, not its enum name.
    expect(read('sort=PRICE_ASC').sort).toBeNull();
    expect(read('q=%20%20').q).toBe('');
  });

  it('trims the search words', () => {
    expect(read('q=%20%20phone%20').q).toBe('phone');
  });

  it('still reads the words of an old ?keyword= link, with q first', () => {
    expect(read('keyword=phone').q).toBe('phone');
    expect(read('q=tablet&keyword=phone').q).toBe('tablet');
    // Written back, the link uses q.
    expect(paramsOf(read('keyword=phone')).toString()).toBe('q=phone');
  });
});

describe('firstRequestSize', () => {
  it('asks for every page the URL says is shown', () => {
    expect(firstRequestSize(view())).toBe(STOREFRONT_PAGE_SIZE);
    expect(firstRequestSize(view({ page: 2 }))).toBe(2 * STOREFRONT_PAGE_SIZE);
    expect(firstRequestSize(view({ page: 3 }))).toBe(3 * STOREFRONT_PAGE_SIZE);
  });

  it('never asks for more than the largest page the server gives', () => {
    const lastWhole = Math.floor(MAX_PAGE_SIZE / STOREFRONT_PAGE_SIZE);
    expect(firstRequestSize(view({ page: lastWhole }))).toBe(lastWhole * STOREFRONT_PAGE_SIZE);
    expect(firstRequestSize(view({ page: lastWhole + 1 }))).toBe(MAX_PAGE_SIZE);
    expect(firstRequestSize(view({ page: 1000 }))).toBe(MAX_PAGE_SIZE);
  });
});
