import { Alert, Button, Group, MultiSelect, NumberInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { RETURN_RULES } from '@shop/rules';
import { useState } from 'react';
import { LoadStatus } from '../../../components/LoadStatus';
import { Page } from '../../../components/Page';
import type { ReturnPolicyFieldsFragment } from '../../../gql/graphql';
import {
  useCategoriesQuery,
  useReturnPolicyProductsQuery,
  useReturnPolicyQuery,
  useSearchSuggestionsQuery,
  useUpdateReturnPolicyMutation,
} from '../../../gql/hooks';
import { fieldRefusal, notifySuccess } from '../../../lib/notify';
import { formOf, inputOf, refusedAt, RETURNS, ReturnPolicyFormValues } from './return-policy-form';

/** The search asks the server once typing pauses this long, from this many letters. */
export const PRODUCT_SEARCH_DELAY_MS = 300;
const SEARCH_FROM = 2;

/**
 * The products the policy lists, by name, and a search to add more: the storefront's own
 * suggestions. A listed product's name comes from the shop (it may have been deleted since:
 * then its id shows), or from the suggestion it was chosen from.
 */
function useProductChoices(listed: string[], chosen: string[]) {
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), PRODUCT_SEARCH_DELAY_MS);
  const [picked, setPicked] = useState<Record<string, string>>({});
  const names = useReturnPolicyProductsQuery({ variables: { ids: listed }, skip: !listed.length });
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

/**
 * The shop's return policy on one form: the days after delivery a return may be asked (0: no
 * returns), and the categories and products it does not take back. The server checks every
 * field and names the one it refuses, which is shown beside that field.
 */
function ReturnPolicyForm({ policy }: { policy: ReturnPolicyFieldsFragment }) {
  const form = useForm<ReturnPolicyFormValues>({ initialValues: formOf(policy) });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [update, { loading }] = useUpdateReturnPolicyMutation();
  const categories = useCategoriesQuery();
  const products = useProductChoices(
    policy.nonReturnableProducts,
    form.values.nonReturnableProducts,
  );
  const categoryNames = new Map(
    categories.data?.categories.map((one) => [one.id, one.name] as const),
  );
  const categoryOf = (id: string) => categoryNames.get(id) ?? id;
  // A listed category deleted since still shows (by its id), to be taken off.
  const categoryData = [
    ...new Set([
      ...(categories.data?.categories.map((one) => one.id) ?? []),
      ...form.values.nonReturnableCategories,
    ]),
  ].map((id) => ({ value: id, label: categoryOf(id) }));

  const submit = form.onSubmit(async (values) => {
    setRefusal(null);
    try {
      const { data } = await update({ variables: { input: inputOf(values) } });
      if (!data) return;
      const saved = formOf(data.updateReturnPolicy);
      form.setValues(saved);
      form.resetDirty(saved);
      notifySuccess(RETURNS.saved);
    } catch (error) {
      const { field, message } = fieldRefusal(error);
      const nameOf = (id: string) =>
        field?.startsWith('nonReturnableCategories') ? categoryOf(id) : products.nameOf(id);
      const at = refusedAt(field, message, values, nameOf);
      if (at.path) form.setFieldError(at.path, at.message);
      else setRefusal(at.message);
    }
  });

  return (
    <form onSubmit={submit} aria-label={RETURNS.title} noValidate>
      <Stack gap="lg" maw={640}>
        <NumberInput
          label={RETURNS.windowDays}
          description={RETURNS.windowHint}
          min={RETURN_RULES.windowDays.min}
          max={RETURN_RULES.windowDays.max}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('windowDays')}
        />
        <MultiSelect
          label={RETURNS.categories}
          description={RETURNS.categoriesHint}
          data={categoryData}
          searchable
          clearable
          {...form.getInputProps('nonReturnableCategories')}
        />
        <MultiSelect
          label={RETURNS.products}
          description={RETURNS.productsHint}
          data={products.data}
          searchable
          clearable
          searchValue={products.search}
          onSearchChange={products.setSearch}
          // The server's suggestions already match what is typed, typos forgiven: kept as they are.
          filter={({ options }) => options}
          nothingFoundMessage={products.search.trim().length >= SEARCH_FROM && RETURNS.nothingFound}
          {...form.getInputProps('nonReturnableProducts')}
          onChange={(ids) => {
            products.remember(ids);
            form.setFieldValue('nonReturnableProducts', ids);
          }}
        />
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={loading}>
            {RETURNS.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function ReturnPolicyPage() {
  // Never from the cache: another admin (or instance) may have changed it.
  const query = useReturnPolicyQuery({ fetchPolicy: 'network-only' });
  const policy = query.data?.returnPolicy;
  return (
    <Page title={RETURNS.title}>
      <Title order={2} mb="md">
        {RETURNS.title}
      </Title>
      <LoadStatus of={query} failure={RETURNS.failure} />
      {policy && <ReturnPolicyForm policy={policy} />}
    </Page>
  );
}
