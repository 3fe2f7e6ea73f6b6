import { Button, Checkbox, Radio, Stack } from '@mantine/core';
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

const LEGEND = { fz: 'lg', fw: 700 } as const;

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
      {/* A label (not aria-label) names the group itself for screen readers. */}
      <Checkbox.Group
        label="Filter By Category"
        labelProps={LEGEND}
        value={checked}
        onChange={onCheckedChange}
      >
        <Stack gap={6} mt="xs">
          {categories.map((category) => (
            <Checkbox key={category.id} value={category.id} label={category.name} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Radio.Group
        label="Filter By Price"
        labelProps={LEGEND}
        value={band === null ? '' : String(band)}
        onChange={(value) => onBandChange(Number(value))}
      >
        <Stack gap={6} mt="xs">
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
