import { MultiSelect, MultiSelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useReturnPolicyProductsQuery, useSearchSuggestionsQuery } from '../../../gql/hooks';

/** The search asks the server once typing pauses this long, from this many letters. */
export const PRODUCT_SEARCH_DELAY_MS = 300;
export const PRODUCT_SEARCH_FROM = 2;

/**
 * Products chosen by id (a policy's, a banner's), by name, and a search to add more: the storefront's own
 * suggestions. A listed product's name comes from the shop (it may have been deleted since:
 * then its id shows), or from the suggestion it was chosen from.
 */
export function useProductChoices(listed: string[], chosen: string[]) {
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), PRODUCT_SEARCH_DELAY_MS);
  const [picked, setPicked] = useState<Record<string, string>>({});
  const names = useReturnPolicyProductsQuery({ variables: { ids: listed }, skip: !listed.length });
  const found = useSearchSuggestionsQuery({
    variables: { text: typed },
    skip: typed.length < PRODUCT_SEARCH_FROM,
  });
  const known: Record<string, string> = { ...picked };
  for (const product of names.data?.productsByIds ?? []) known[product.id] = product.name;
  const suggested =
    typed.length < PRODUCT_SEARCH_FROM ? [] : (found.data?.searchSuggestions.products ?? []);
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

interface ProductsPickerProps extends Omit<
  MultiSelectProps,
  'data' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'
> {
  choices: ReturnType<typeof useProductChoices>;
  /** Said when a search of enough letters finds nothing. */
  nothingFound: string;
  onChange(ids: string[]): void;
}

/** Products chosen by name, found by the storefront's search as the admin types. */
export function ProductsPicker({ choices, nothingFound, onChange, ...props }: ProductsPickerProps) {
  return (
    <MultiSelect
      searchable
      clearable
      {...props}
      data={choices.data}
      searchValue={choices.search}
      onSearchChange={choices.setSearch}
      // The server's suggestions already match what is typed, typos forgiven: kept as they are.
      filter={({ options }) => options}
      nothingFoundMessage={choices.search.trim().length >= PRODUCT_SEARCH_FROM && nothingFound}
      onChange={(ids) => {
        choices.remember(ids);
        onChange(ids);
      }}
    />
  );
}
