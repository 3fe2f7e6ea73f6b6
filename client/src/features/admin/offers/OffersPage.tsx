import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { OFFER_RULES } from '@shop/offer-rules';
import { useState } from 'react';
import { LoadStatus } from '../../../components/LoadStatus';
import { Page } from '../../../components/Page';
import type { AutomaticOfferFieldsFragment, OfferKind } from '../../../gql/graphql';
import { useCategoriesQuery } from '../../../gql/hooks';
import {
  useAutomaticOffersQuery,
  useUpdateAutomaticOffersMutation,
} from '../../../gql/admin-hooks';
import { fieldRefusal, notifySuccess } from '../../../lib/notify';
import { formOf, inputOf, newOffer, OFFERS, OffersFormValues, refusedAt } from './offers-form';

const KIND_CHOICES = (Object.keys(OFFERS.kinds) as OfferKind[]).map((kind) => ({
  value: kind,
  label: OFFERS.kinds[kind],
}));

/**
 * The shop's automatic offers on one form, in the order they apply: each added, changed,
 * moved or removed here, and the whole list saved at once. The server checks every offer and
 * names the field it refuses (`offers[1].percent`), which is shown beside it.
 */
function OffersForm({ offers }: { offers: readonly AutomaticOfferFieldsFragment[] }) {
  const form = useForm<OffersFormValues>({ initialValues: formOf(offers) });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [update, { loading }] = useUpdateAutomaticOffersMutation();
  const categories = useCategoriesQuery();
  const rows = form.values.offers;
  // A category deleted since still shows (by its id), to be changed.
  const categoryChoices = (chosen: string) => [
    { value: '', label: OFFERS.everyItem },
    ...(categories.data?.categories ?? []).map((one) => ({ value: one.id, label: one.name })),
    ...(chosen && !categories.data?.categories.some((one) => one.id === chosen)
      ? [{ value: chosen, label: chosen }]
      : []),
  ];

  const submit = form.onSubmit(async (values) => {
    setRefusal(null);
    try {
      const { data } = await update({ variables: { offers: inputOf(values) } });
      if (!data) return;
      const saved = formOf(data.updateAutomaticOffers);
      form.setValues(saved);
      form.resetDirty(saved);
      notifySuccess(OFFERS.saved);
    } catch (error) {
      const { field, message } = fieldRefusal(error);
      const at = refusedAt(field, message, values);
      if (at.path) form.setFieldError(at.path, at.message);
      else setRefusal(at.message);
    }
  });

  return (
    <form onSubmit={submit} aria-label={OFFERS.title} noValidate>
      <Stack gap="lg" maw={760}>
        {rows.length === 0 && <Text>{OFFERS.none}</Text>}
        {rows.map((row, at) => {
          const field = (name: keyof typeof row) => `offers.${at}.${name}`;
          return (
            <Fieldset key={row.key} legend={OFFERS.offer(at, row.name)}>
              <Stack gap="sm">
                <TextInput
                  label={OFFERS.name}
                  description={OFFERS.nameHint}
                  {...form.getInputProps(field('name'))}
                />
                <NativeSelect
                  label={OFFERS.kind}
                  data={KIND_CHOICES}
                  {...form.getInputProps(field('kind'))}
                />
                {row.kind === 'ITEMS' ? (
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    <NativeSelect
                      label={OFFERS.category}
                      data={categoryChoices(row.category)}
                      {...form.getInputProps(field('category'))}
                    />
                    <NumberInput
                      label={OFFERS.minQuantity}
                      min={1}
                      allowDecimal={false}
                      allowNegative={false}
                      {...form.getInputProps(field('minQuantity'))}
                    />
                    <NumberInput
                      label={OFFERS.percent}
                      min={1}
                      allowDecimal={false}
                      allowNegative={false}
                      {...form.getInputProps(field('percent'))}
                    />
                  </SimpleGrid>
                ) : (
                  <NumberInput
                    label={OFFERS.minCartValue}
                    description={OFFERS.minCartValueHint}
                    min={0}
                    decimalScale={2}
                    allowNegative={false}
                    {...form.getInputProps(field('minCartValue'))}
                  />
                )}
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    type="date"
                    label={OFFERS.startsAt}
                    description={OFFERS.datesHint}
                    {...form.getInputProps(field('startsAt'))}
                  />
                  <TextInput
                    type="date"
                    label={OFFERS.endsAt}
                    description={OFFERS.datesHint}
                    {...form.getInputProps(field('endsAt'))}
                  />
                </SimpleGrid>
                <Group justify="space-between">
                  <Checkbox
                    label={OFFERS.active}
                    {...form.getInputProps(field('active'), { type: 'checkbox' })}
                  />
                  <Group gap="xs">
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={OFFERS.moveUp(at)}
                      disabled={at === 0}
                      onClick={() => form.reorderListItem('offers', { from: at, to: at - 1 })}
                    >
                      ↑
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={OFFERS.moveDown(at)}
                      disabled={at === rows.length - 1}
                      onClick={() => form.reorderListItem('offers', { from: at, to: at + 1 })}
                    >
                      ↓
                    </ActionIcon>
                    <Button
                      variant="light"
                      color="red"
                      aria-label={OFFERS.remove(at)}
                      onClick={() => form.removeListItem('offers', at)}
                    >
                      Remove
                    </Button>
                  </Group>
                </Group>
              </Stack>
            </Fieldset>
          );
        })}
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group>
          <Button
            variant="default"
            disabled={rows.length >= OFFER_RULES.maxOffers}
            onClick={() => form.insertListItem('offers', newOffer())}
          >
            {OFFERS.add}
          </Button>
          <Button type="submit" loading={loading}>
            {OFFERS.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function OffersPage() {
  // Never from the cache: another admin (or instance) may have changed them.
  const query = useAutomaticOffersQuery({ fetchPolicy: 'network-only' });
  const offers = query.data?.automaticOffers;
  return (
    <Page title={OFFERS.title}>
      <Title order={2} mb="xs">
        {OFFERS.title}
      </Title>
      <Text c="dimmed" mb="md" maw={760}>
        {OFFERS.intro}
      </Text>
      <LoadStatus of={query} failure={OFFERS.failure} />
      {offers && <OffersForm offers={offers} />}
    </Page>
  );
}
