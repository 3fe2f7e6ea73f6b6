import { Checkbox, NumberInput, Table, TextInput } from '@mantine/core';
import type { GridErrors, VariantRow } from './variant-grid';

interface VariantGridProps {
  rows: VariantRow[];
  errors: GridErrors;
  onChange(index: number, changes: Partial<VariantRow>): void;
}

/** The grid's number columns: money in rupees with paise, stock in whole units. */
const NUMBER_COLUMNS = [
  { field: 'price', heading: 'Price (₹)', label: 'Price', money: true },
  { field: 'mrp', heading: 'MRP (₹)', label: 'MRP', money: true },
  { field: 'quantity', heading: 'Stock', label: 'Stock', money: false },
] as const;

/** The name of a row in its inputs' labels: "M / Blue", or the product for one sold one way. */
const rowName = (row: VariantRow) => row.values.join(' / ') || 'the product';

/**
 * One row per variant: its values, then SKU, price, MRP, stock and whether it is on sale,
 * each input labelled with the column and the row for screen readers, and the server's
 * refusal shown under the cell it names.
 */
export function VariantGrid({ rows, errors, onChange }: VariantGridProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={4} data-testid="variant-grid">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Variant</Table.Th>
            <Table.Th scope="col">SKU</Table.Th>
            {NUMBER_COLUMNS.map((column) => (
              <Table.Th key={column.field} scope="col">
                {column.heading}
              </Table.Th>
            ))}
            <Table.Th scope="col">On sale</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => {
            const name = rowName(row);
            const error = (field: string) => errors[`variants.${index}.${field}`];
            return (
              <Table.Tr key={row.values.join('\u0000')}>
                <Table.Th scope="row">{name}</Table.Th>
                <Table.Td>
                  <TextInput
                    aria-label={`SKU of ${name}`}
                    value={row.sku}
                    error={error('sku')}
                    onChange={(event) => onChange(index, { sku: event.currentTarget.value })}
                  />
                </Table.Td>
                {NUMBER_COLUMNS.map(({ field, label, money }) => (
                  <Table.Td key={field}>
                    <NumberInput
                      aria-label={`${label} of ${name}`}
                      min={0}
                      {...(money ? { decimalScale: 2 } : { allowDecimal: false })}
                      value={row[field]}
                      error={error(field)}
                      onChange={(value) => onChange(index, { [field]: asNumber(value) })}
                    />
                  </Table.Td>
                ))}
                <Table.Td>
                  <Checkbox
                    aria-label={`${name} on sale`}
                    checked={row.onSale}
                    onChange={(event) => onChange(index, { onSale: event.currentTarget.checked })}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Mantine hands over a string while a number is half typed ("1499."): kept as typed then. */
export const asNumber = (value: number | string): number | '' =>
  value === '' || Number.isNaN(Number(value)) ? '' : Number(value);
