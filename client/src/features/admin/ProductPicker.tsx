import { MultiSelect } from '@mantine/core';
import type { MultiSelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchSuggestionsQuery } from '../../gql/hooks';
import { useProductNamesQuery } from '../../gql/admin-hooks';

/** The search asks the server once typing pauses this long, from this many letters. */
export const PRODUCT_SEARCH_DELAY_MS = 300;
const SEARCH_FROM = 2;

/** What a product picker says under its label. */
export const PRODUCT_SEARCH_HINT = 'Type 2 letters or more of a product’s name to find it';
const NOTHING_FOUND = 'No product matches';

/**
 * The products a form lists, by name, and a search to add more: the storefront's own
 * suggestions. A listed product's name comes from the shop (it may have been deleted since:
 * then its id shows), or from the suggestion it was chosen from.
 */
export function useProductChoices(listed: string[], chosen: string[]) {
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), PRODUCT_SEARCH_DELAY_MS);
  const [picked, setPicked] = useState<Record<string, string>>({});
  const names = useProductNamesQuery({ variables: { ids: listed }, skip: !listed.length });
  const found = useSearchSuggestionsQuery({
    variables: { text: typed },
    skip: typed.length < SEARCH_FROM,
  });
  const known: Record<string, string> = { ...picked };
  for (const product of names.data?.productsByIds ?? []) known[product.id] = product.name;
  const suggested =
    typed.length < SEARCH_FROM ? [] : (found.data?.searchSuggestions.products ?? []);
  for (const product of suggested) known[product.id] ??= product.name;

  const nameOf = (id: string) => known[id] ?? id;
  const data = [...new Set([...chosen, ...suggested.map((product) => product.id)])].map((id) => ({
    value: id,
    label: nameOf(id),
  }));
  return {
    search,
    setSearch,
    data,
    nameOf,
    /** Keeps the names of the products just chosen, which the next search will not list. */
    remember: (ids: string[]) =>
      setPicked((now) => ({ ...now, ...Object.fromEntries(ids.map((id) => [id, nameOf(id)])) })),
  };
}

type ProductPickerProps = Omit<MultiSelectProps, 'data' | 'onChange'> & {
  choices: ReturnType<typeof useProductChoices>;
  onChange: (ids: string[]) => void;
};

/** A multi-select of products found by typing part of their name. */
export function ProductPicker({ choices, onChange, ...props }: ProductPickerProps) {
  return (
    <MultiSelect
      description={PRODUCT_SEARCH_HINT}
      searchable
      clearable
      {...props}
      data={choices.data}
      searchValue={choices.search}
      onSearchChange={choices.setSearch}
      // The server's suggestions already match what is typed, typos forgiven: kept as they are.
      filter={({ options }) => options}
      nothingFoundMessage={choices.search.trim().length >= SEARCH_FROM && NOTHING_FOUND}
      onChange={(ids) => {
        choices.remember(ids);
        onChange(ids);
      }}
    />
  );
}
