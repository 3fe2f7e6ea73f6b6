import { Button, Checkbox, Radio, Stack, Title } from '@mantine/core';
import type { CategoriesQuery } from '../../gql/graphql';
import { PRICE_BANDS } from './price-bands';

interface FilterPanelProps {
  categories: CategoriesQuery['categories'];
  checked: string[];
  band: number | null;
  onCheckedChange(ids: string[]): void;
  onBandChange(index: number): void;
  onReset(): void;
}

export function FilterPanel({
  categories,
  checked,
  band,
  onCheckedChange,
  onBandChange,
  onReset,
}: FilterPanelProps) {
  return (
    <Stack gap="md">
      <Title order={4}>Filter By Category</Title>
      <Checkbox.Group value={checked} onChange={onCheckedChange} aria-label="Filter By Category">
        <Stack gap={6}>
          {categories.map((category) => (
            <Checkbox key={category.id} value={category.id} label={category.name} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Title order={4}>Filter By Price</Title>
      <Radio.Group
        value={band === null ? '' : String(band)}
        onChange={(value) => onBandChange(Number(value))}
        aria-label="Filter By Price"
      >
        <Stack gap={6}>
          {PRICE_BANDS.map((option, index) => (
            <Radio key={option.label} value={String(index)} label={option.label} />
          ))}
        </Stack>
      </Radio.Group>
      <Button color="red" variant="outline" onClick={onReset}>
        RESET FILTERS
      </Button>
    </Stack>
  );
}
