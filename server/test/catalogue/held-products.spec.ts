import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import {
  heldProduct,
  SharedValues,
  sharedChoice,
} from '../../src/catalogue/read-model/held-products';
import type { ProductRecord } from '../../src/catalogue/records/product.schema';

const ids = Array.from({ length: 4 }, () => new Types.ObjectId());

/** A record as the database gives it; `width` sets its photo's size. */
const recordOf = (width = 1200): ProductRecord =>
  ({
    _id: ids[0],
    name: 'Cotton kurta',
    slug: 'cotton-kurta',
    category: ids[1],
    options: [
      { name: 'Size', values: ['S', 'M', 'L'] },
      { name: 'Colour', values: ['Indigo', 'Rust'] },
    ],
    variants: [
      {
        _id: ids[2],
        sku: 'KURTA-S-IND',
        values: ['S', 'Indigo'],
        price: 79900,
        mrp: 99900,
        quantity: 3,
        onSale: true,
        photoHash: null,
      },
      {
        _id: ids[3],
        sku: 'KURTA-M-RST',
        values: ['M', 'Rust'],
        price: 79900,
        mrp: null,
        quantity: 0,
        onSale: false,
        photoHash: 'ab12',
      },
    ],
    photos: [
      {
        hash: 'ab12',
        alt: 'Front',
        layout: { width, height: 1600, widths: [400, 800, width], fallback: 'jpeg' },
      },
      { hash: 'cd34', alt: '', layout: null },
    ],
    createdAt: new Date('2026-01-02T03:04:05Z'),
    updatedAt: new Date('2026-02-03T04:05:06Z'),
  }) as unknown as ProductRecord;

describe('A product as the catalogue holds it', () => {
  it('says exactly what the record read says', () => {
    expect(heldProduct(recordOf())).toEqual(recordOf());
    expect(heldProduct(recordOf(900))).toEqual(recordOf(900));
  });

  it('shares one frozen photo layout between products whose photos have the same sizes', () => {
    const [one, two, other] = [recordOf(), recordOf(), recordOf(900)].map(heldProduct);
    expect(two.photos[0].layout).toBe(one.photos[0].layout);
    expect(other.photos[0].layout).not.toBe(one.photos[0].layout);
    expect(other.photos[0].layout).toEqual(recordOf(900).photos[0].layout);
    // A change in place by mistake would show on every product sharing it: it fails instead.
    expect(() => one.photos[0].layout!.widths.push(1600)).toThrow(TypeError);
    expect(() => {
      one.photos[0].layout!.fallback = 'png';
    }).toThrow(TypeError);
  });

  it('shares one frozen copy of the options, the variants’ values and the category id', () => {
    const [one, two] = [recordOf(), recordOf()].map(heldProduct);
    expect(two.options).toBe(one.options);
    expect(two.category).toBe(one.category);
    expect(two.variants[1].values).toBe(one.variants[1].values);
    expect(two.variants[1].values).not.toBe(one.variants[0].values);
    // The same values offered as another option are another list of options.
    const renamed = recordOf();
    renamed.options[1].name = 'Shade';
    expect(heldProduct(renamed).options).not.toBe(one.options);
    expect(heldProduct(renamed).options[1]).toEqual({ name: 'Shade', values: ['Indigo', 'Rust'] });
    expect(() => one.options.push({ name: 'Fit', values: [] })).toThrow(TypeError);
    expect(() => one.options[0].values.push('XL')).toThrow(TypeError);
    expect(() => one.variants[0].values.push('XL')).toThrow(TypeError);
    // The variants themselves are the product's own.
    expect(two.variants[0]).not.toBe(one.variants[0]);
  });

  it('keeps a field the schema does not name', () => {
    const record = { ...recordOf(), note: 'kept' } as ProductRecord & { note: string };
    record.variants[0] = { ...record.variants[0], note: 'kept too' } as never;
    const held = heldProduct(record);
    expect(held.note).toBe('kept');
    expect(held.variants[0]).toMatchObject({ sku: 'KURTA-S-IND', note: 'kept too' });
  });

  it('shares one frozen option choice between products selling the same choice', () => {
    const names = ['Size', 'Colour'];
    const choice = sharedChoice(names, ['M', 'Indigo']);
    expect(choice).toEqual({ Size: 'M', Colour: 'Indigo' });
    expect(sharedChoice([...names], ['M', 'Indigo'])).toBe(choice);
    expect(sharedChoice(names, ['M', 'Rust'])).toEqual({ Size: 'M', Colour: 'Rust' });
    expect(sharedChoice(names, ['M', 'Rust'])).not.toBe(choice);
    // The same texts named differently are another choice.
    expect(sharedChoice(['Colour', 'Size'], ['M', 'Indigo'])).toEqual({
      Colour: 'M',
      Size: 'Indigo',
    });
    expect(Object.isFrozen(choice)).toBe(true);
  });

  it('holds values past its most distinct ones unshared, made afresh each time', () => {
    const pool = new SharedValues<{ key: string }>(2);
    const make = (key: string) => () => ({ key });
    const a = pool.shared('a', make('a'));
    const b = pool.shared('b', make('b'));
    expect(pool.shared('a', make('a'))).toBe(a);
    expect(pool.shared('b', make('b'))).toBe(b);
    const c = pool.shared('c', make('c'));
    expect(c).toEqual({ key: 'c' });
    expect(pool.shared('c', make('c'))).not.toBe(c);
    expect(pool.shared('c', make('c'))).toEqual({ key: 'c' });
    // Those held before the pool filled stay shared.
    expect(pool.shared('a', make('a'))).toBe(a);
  });
});
