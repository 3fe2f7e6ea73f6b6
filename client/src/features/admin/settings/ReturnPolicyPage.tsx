import { Alert, Button, Group, MultiSelect, NumberInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { RETURN_RULES } from '@shop/rules';
import { useState } from 'react';
import { LoadStatus } from '../../../components/LoadStatus';
import { Page } from '../../../components/Page';
import type { ReturnPolicyFieldsFragment } from '../../../gql/graphql';
import { useCategoriesQuery } from '../../../gql/hooks';
import { useReturnPolicyQuery, useUpdateReturnPolicyMutation } from '../../../gql/admin-hooks';
import { fieldRefusal, notifySuccess } from '../../../lib/notify';
import { ProductPicker, useProductChoices } from '../ProductPicker';
import { formOf, inputOf, refusedAt, RETURNS, ReturnPolicyFormValues } from './return-policy-form';

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
        <ProductPicker
          label={RETURNS.products}
          choices={products}
          {...form.getInputProps('nonReturnableProducts')}
          onChange={(ids) => form.setFieldValue('nonReturnableProducts', ids)}
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
