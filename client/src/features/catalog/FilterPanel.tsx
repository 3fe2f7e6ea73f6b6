import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { PRICE_BANDS } from '@shop/rules';
import { ReactNode, useId } from 'react';
import type { CategoryFieldsFragment, ProductSort, StorefrontQuery } from '../../gql/graphql';
import { inShopLanguage } from '../../lib/i18n';
import type { CatalogueView } from '../../lib/catalogue-view';

type Facets = StorefrontQuery['productFacets'];

interface FilterPanelProps {
  view: CatalogueView;
  /** The counts of the current view; none while the first loads. */
  facets: Facets | null;
  /** Offered as choices before the counts arrive; none on a category's own page. */
  categories?: CategoryFieldsFragment[];
  onChange(changes: Partial<CatalogueView>): void;
  onReset(): void;
}

const LEGEND = { fz: 'lg', fw: 700 } as const;

/**
 * A choice with the number of products it would leave beside it, told to screen readers as
 * its description (its name stays the choice's own). One that would leave none is disabled,
 * unless it is chosen, so it can be undone.
 */
function Counted({
  count,
  chosen,
  children,
}: {
  count: number | undefined;
  chosen: boolean;
  children(props: { disabled: boolean; 'aria-describedby'?: string }): ReactNode;
}) {
  const id = useId();
  const known = count !== undefined;
  return (
    <Group gap="xs" justify="space-between" wrap="nowrap">
      {children({
        disabled: known && count === 0 && !chosen,
        ...(known && { 'aria-describedby': id }),
      })}
      {known && (
        <Text id={id} size="sm" c="dimmed" data-testid="facet-count">
          <Trans>
            {count}
            <VisuallyHidden> products</VisuallyHidden>
          </Trans>
        </Text>
      )}
    </Group>
  );
}

/** The view with `name`'s values chosen; an option with none chosen leaves the view. */
export function withOptionValues(
  view: CatalogueView,
  name: string,
  values: string[],
): CatalogueView['options'] {
  const others = view.options.filter((option) => option.name !== name);
  return values.length > 0 ? [...others, { name, values }] : others;
}

/** One option of the products found (Size), each value with the products it would leave. */
function OptionFilter({
  option,
  view,
  onChange,
}: {
  option: Facets['options'][number];
  view: CatalogueView;
  onChange(changes: Partial<CatalogueView>): void;
}) {
  const { t } = useLingui();
  const chosen = view.options.find((candidate) => candidate.name === option.name)?.values ?? [];
  const name = option.name;
  return (
    <Checkbox.Group
      label={t`Filter By ${name}`}
      labelProps={LEGEND}
      value={chosen}
      onChange={(values) => onChange({ options: withOptionValues(view, option.name, values) })}
    >
      <Stack gap={6} mt="xs">
        {option.values.map(({ value, count }) => (
          <Counted key={value} count={count} chosen={chosen.includes(value)}>
            {(props) => <Checkbox value={value} label={value} {...props} />}
          </Counted>
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

export function FilterPanel({ view, facets, categories, onChange, onReset }: FilterPanelProps) {
  const { t } = useLingui();
  const choices = facets ? facets.categories.map((c) => c.category) : (categories ?? []);
  const countOf = new Map(facets?.categories.map((c) => [c.category.slug, c.count]));
  return (
    <Stack gap="md">
      {categories && (
        // A label (not aria-label) names the group itself for screen readers.
        <Checkbox.Group
          label={t`Filter By Category`}
          labelProps={LEGEND}
          value={view.categories}
          onChange={(slugs) => onChange({ categories: slugs })}
        >
          <Stack gap={6} mt="xs">
            {choices.map((category) => (
              <Counted
                key={category.id}
                count={countOf.get(category.slug)}
                chosen={view.categories.includes(category.slug)}
              >
                {(props) => (
                  <Checkbox
                    value={category.slug}
                    label={inShopLanguage(category.name, category.nameHi)}
                    {...props}
                  />
                )}
              </Counted>
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      <Radio.Group
        label={t`Filter By Price`}
        labelProps={LEGEND}
        value={view.band === null ? '' : String(view.band)}
        onChange={(value) => onChange({ band: Number(value) })}
      >
        <Stack gap={6} mt="xs">
          {PRICE_BANDS.map((band, index) => (
            <Counted
              key={band.label}
              count={facets?.priceBands[index]?.count}
              chosen={view.band === index}
            >
              {(props) => <Radio value={String(index)} label={band.label} {...props} />}
            </Counted>
          ))}
        </Stack>
      </Radio.Group>
      {facets?.options.map((option) => (
        <OptionFilter key={option.name} option={option} view={view} onChange={onChange} />
      ))}
      <Counted count={facets?.inStock} chosen={view.inStock}>
        {(props) => (
          <Checkbox
            label={t`In stock only`}
            checked={view.inStock}
            onChange={(event) => onChange({ inStock: event.currentTarget.checked })}
            {...props}
          />
        )}
      </Counted>
      <Button color="red" variant="outline" onClick={onReset}>
        <Trans>RESET FILTERS</Trans>
      </Button>
    </Stack>
  );
}

const SORTS: { value: ProductSort; label: MessageDescriptor }[] = [
  { value: 'NEWEST', label: msg`Newest` },
  { value: 'PRICE_ASC', label: msg`Price low to high` },
  { value: 'PRICE_DESC', label: msg`Price high to low` },
  { value: 'NAME_ASC', label: msg`Name A-Z` },
  { value: 'TOP_RATED', label: msg`Top rated` },
];
const BEST_MATCH = { value: 'RELEVANCE', label: msg`Best match` } as const;
const BIGGEST_DISCOUNT = { value: 'DISCOUNT', label: msg`Biggest discount` } as const;

/** The list's order; a search is best match first unless another order is chosen. */
export function SortSelect({
  view,
  onChange,
  deals = false,
}: {
  view: CatalogueView;
  onChange(changes: Partial<CatalogueView>): void;
  /** The deals' list, whose first order is the biggest discount. */
  deals?: boolean;
}) {
  const { t, i18n } = useLingui();
  const sorts = deals ? [BIGGEST_DISCOUNT, ...SORTS] : view.q ? [BEST_MATCH, ...SORTS] : SORTS;
  const options = sorts.map(({ value, label }) => ({ value, label: i18n._(label) }));
  const value = view.sort ?? (deals ? 'DISCOUNT' : view.q ? 'RELEVANCE' : 'NEWEST');
  return (
    <NativeSelect
      label={t`Sort by`}
      size="xs"
      w={180}
      data={options}
      value={value}
      onChange={(event) => onChange({ sort: event.currentTarget.value as ProductSort })}
    />
  );
}
