import { describe, expect, it } from 'vitest';
import {
  combinations,
  generatedRows,
  refusedCell,
  refusedField,
  suggestedSku,
  VariantRow,
} from './variant-grid';

const row = (values: string[], changes: Partial<VariantRow> = {}): VariantRow => ({
  values,
  sku: values.join('-'),
  price: 500,
  mrp: '',
  quantity: 3,
  onSale: true,
  ...changes,
});

describe('variant grid', () => {
  it('makes every combination, the first option changing slowest', () => {
    expect(
      combinations([
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Colour', values: ['Red', 'Black', 'Blue'] },
      ]).map((values) => values.join('/')),
    ).toEqual(['S/Red', 'S/Black', 'S/Blue', 'M/Red', 'M/Black', 'M/Blue']);
    expect(combinations([])).toEqual([[]]);
  });

  it('keeps the rows of combinations that stay, and drops those the options no longer make', () => {
    const kept = row(['M'], { id: 'v2', sku: 'TEE-M', price: 650, quantity: 9 });
    const rows = generatedRows(
      [{ name: 'Size', values: ['M', 'XL'] }],
      [row(['S'], { id: 'v1' }), kept],
      'tee-shirt',
    );
    expect(rows[0]).toBe(kept);
    expect(rows[1]).toEqual({
      values: ['XL'],
      sku: 'TEE-SHIRT-XL',
      price: 500,
      mrp: '',
      quantity: 0,
      onSale: true,
    });
  });

  it('suggests SKUs of the allowed characters only', () => {
    expect(suggestedSku('kurta', ['Dark Blue', '8GB/128GB'])).toBe('KURTA-DARKBLUE-8GB/128GB');
    expect(suggestedSku('x', ['a'.repeat(60)])).toHaveLength(40);
  });

  it("places the server's refusal on the field it names, or on the form", () => {
    expect(refusedField('variants[2].mrp: MRP must be at least the price')).toEqual({
      field: 'variants.2.mrp',
      message: 'MRP must be at least the price',
    });
    expect(refusedField('options[0].values: An option lists the same value twice')).toEqual({
      field: 'options.0.values',
      message: 'An option lists the same value twice',
    });
    expect(refusedField('variants: A product has at most 100 variants')).toEqual({
      field: 'variants',
      message: 'A product has at most 100 variants',
    });
    expect(refusedField('SKU KURTA-M is already used by Kurta')).toEqual({
      field: null,
      message: 'SKU KURTA-M is already used by Kurta',
    });
  });

  it('places a SKU another product uses on the cell of the row that has it', () => {
    const rows = [row(['S'], { sku: 'tee-s' }), row(['M'], { sku: 'tee-m' })];
    expect(refusedCell('SKU TEE-M is already used by Linen Tee', rows)).toEqual({
      field: 'variants.1.sku',
      message: 'SKU TEE-M is already used by Linen Tee',
    });
    expect(refusedCell('Product not found', rows)).toEqual({
      field: null,
      message: 'Product not found',
    });
  });
});
