import { Button, Group, NativeSelect, NumberInput } from '@mantine/core';
import { useState } from 'react';
import type { BulkColumn } from './variant-grid';
import { asNumber } from './VariantGrid';

const COLUMNS: { value: BulkColumn; label: string }[] = [
  { value: 'price', label: 'Price (₹)' },
  { value: 'mrp', label: 'MRP (₹)' },
  { value: 'quantity', label: 'Stock' },
];

/** Sets one column of every variant at once: the same price, MRP or stock throughout. */
export function BulkSet({ onSet }: { onSet(column: BulkColumn, value: number | ''): void }) {
  const [column, setColumn] = useState<BulkColumn>('price');
  const [value, setValue] = useState<number | ''>('');
  return (
    <Group align="flex-end" gap="xs">
      <NativeSelect
        label="Set for every variant"
        data={COLUMNS}
        value={column}
        onChange={(event) => setColumn(event.currentTarget.value as BulkColumn)}
      />
      <NumberInput
        label="Value"
        min={0}
        decimalScale={column === 'quantity' ? 0 : 2}
        value={value}
        onChange={(typed) => setValue(asNumber(typed))}
        w={140}
      />
      <Button variant="default" disabled={value === ''} onClick={() => onSet(column, value)}>
        Set all
      </Button>
    </Group>
  );
}
