import { describe, expect, it } from 'vitest';
import { product } from '../../test/fixtures';
import { toItems, toLines, withQuantity } from './cart-lines';

const pen = product(1, { name: 'Pen' });
const book = product(2, { name: 'Book' });
const lamp = product(3, { name: 'Lamp' });

const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe('cart lines', () => {
  it('groups duplicates into one line per product, in the order first added', () => {
    const lines = toLines([book, pen, book, lamp, pen, book]);
    expect(lines.map((line) => [line.product.name, line.quantity])).toEqual([
      ['Book', 3],
      ['Pen', 2],
      ['Lamp', 1],
    ]);
    expect(lines[0].product).toBe(book);
  });

  it('gives no lines for an empty cart', () => {
    expect(toLines([])).toEqual([]);
    expect(toItems([])).toEqual([]);
  });

  it('turns lines back into the stored list, each product repeated by its quantity', () => {
    const items = toItems([
      { product: pen, quantity: 2 },
      { product: book, quantity: 1 },
      { product: lamp, quantity: 3 },
    ]);
    expect(ids(items)).toEqual(['p1', 'p1', 'p2', 'p3', 'p3', 'p3']);
    expect(items).toHaveLength(6);
  });

  it('round-trips: toItems(toLines(x)) keeps every entry, grouped', () => {
    const stored = [pen, book, pen, lamp, book, pen];
    const again = toItems(toLines(stored));
    expect(again).toHaveLength(stored.length);
    expect(ids(again)).toEqual(['p1', 'p1', 'p1', 'p2', 'p2', 'p3']);
    expect(toLines(again)).toEqual(toLines(stored));
  });

  it('withQuantity raises and lowers one product and leaves the others', () => {
    const stored = [pen, book, pen];
    expect(ids(withQuantity(stored, 'p2', 3))).toEqual(['p1', 'p1', 'p2', 'p2', 'p2']);
    expect(ids(withQuantity(stored, 'p1', 1))).toEqual(['p1', 'p2']);
    // The list given is not changed.
    expect(ids(stored)).toEqual(['p1', 'p2', 'p1']);
  });

  it('withQuantity 0 (or less) removes the product', () => {
    const stored = [pen, book, pen, lamp];
    expect(ids(withQuantity(stored, 'p1', 0))).toEqual(['p2', 'p3']);
    expect(ids(withQuantity(stored, 'p3', -1))).toEqual(['p1', 'p1', 'p2']);
    expect(withQuantity([pen], 'p1', 0)).toEqual([]);
  });

  it('withQuantity for a product not in the cart changes nothing', () => {
    expect(ids(withQuantity([pen, pen], 'p9', 4))).toEqual(['p1', 'p1']);
  });
});
