import { describe, expect, it } from 'vitest';
import { product } from '../../test/fixtures';
import { checkoutLine, toItems, toLines, withQuantity } from '../../session/cart-lines';
import { lineNow } from './cart-lines';

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
      { key: 'p1', product: pen, quantity: 2 },
      { key: 'p2', product: book, quantity: 1 },
      { key: 'p3', product: lamp, quantity: 3 },
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

describe('cart lines with variants', () => {
  const kurta = product(4, { name: 'Kurta', options: [] });
  const chosen = (id: string, values: string[], price: number) => ({
    ...kurta,
    options: [{ __typename: 'ProductOption' as const, name: 'Size', values: ['M', 'L'] }],
    variant: { id, sku: `KURTA-${values.join('-')}`, values, price },
  });
  const medium = chosen('v1', ['M'], 799);
  const large = chosen('v2', ['L'], 899);

  it('makes two variants of one product two lines, each with its own quantity', () => {
    const lines = toLines([medium, large, medium, pen]);
    expect(lines.map((line) => [line.key, line.quantity])).toEqual([
      ['p4/v1', 2],
      ['p4/v2', 1],
      ['p1', 1],
    ]);
    expect(ids(withQuantity([medium, large, medium], 'p4/v2', 0))).toEqual(['p4', 'p4']);
    expect(toLines(withQuantity([medium, large], 'p4/v1', 3))[0].quantity).toBe(3);
  });

  it('sends the variant at checkout, and none for an entry stored without one', () => {
    expect(toLines([medium, pen]).map(checkoutLine)).toEqual([
      { productId: 'p4', quantity: 1, variantId: 'v1' },
      { productId: 'p1', quantity: 1 },
    ]);
  });

  const live = (
    changes: Partial<{ options: { name: string }[]; variants: LiveVariant[] }> = {},
  ) => ({
    id: 'p4',
    name: 'Kurta',
    price: 799,
    quantity: 9,
    options: [{ name: 'Size' }],
    variants: [
      { id: 'v1', price: 749, quantity: 4, onSale: true },
      { id: 'v2', price: 899, quantity: 5, onSale: true },
    ],
    ...changes,
  });
  type LiveVariant = { id: string; price: number; quantity: number; onSale: boolean };
  const [mediumLine] = toLines([medium]);

  it("prices and stocks a line by its variant's figures now", () => {
    expect(lineNow(mediumLine, undefined)).toEqual({ price: 799, stock: null, problem: null });
    expect(lineNow(mediumLine, live())).toEqual({ price: 749, stock: 4, problem: null });
  });

  it('says a variant deleted or taken off sale is gone, and a product gone too', () => {
    expect(lineNow(mediumLine, live({ variants: [] })).problem).toBe('gone');
    const offSale = [{ id: 'v1', price: 749, quantity: 4, onSale: false }];
    expect(lineNow(mediumLine, live({ variants: offSale })).problem).toBe('gone');
    expect(lineNow(mediumLine, null).problem).toBe('gone');
  });

  it('keeps an old entry of a product sold one way, and asks to choose for one with options since', () => {
    const [old] = toLines([kurta]);
    const oneWay = live({
      options: [],
      variants: [{ id: 'v0', price: 650, quantity: 2, onSale: true }],
    });
    expect(lineNow(old, { ...oneWay, price: 650, quantity: 2 })).toEqual({
      price: 650,
      stock: 2,
      problem: null,
    });
    expect(lineNow(old, live()).problem).toBe('choose');
  });
});
