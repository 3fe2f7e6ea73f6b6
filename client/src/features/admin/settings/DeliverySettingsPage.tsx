import {
  Alert,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { INDIAN_STATES } from '@shop/indian-states';
import { DELIVERY_ZONE_LABELS } from '@shop/rules';
import { useState } from 'react';
import { LoadStatus } from '../../../components/LoadStatus';
import { Page } from '../../../components/Page';
import { TableHead } from '../../../components/TableHead';
import type { DeliverySettingsFieldsFragment } from '../../../gql/graphql';
import {
  useDeliverySettingsQuery,
  useUpdateDeliverySettingsMutation,
} from '../../../gql/admin-hooks';
import { fieldRefusal, notifySuccess } from '../../../lib/notify';
import { DELIVERY, DeliveryFormValues, formOf, inputOf, refusedAt } from './delivery-form';

const STATE_CHOICES = INDIAN_STATES.map((state) => ({ value: state.code, label: state.name }));
const ZONE_COLUMNS = ['Zone', 'Charge (₹)', 'Fewest days', 'Most days'];

type Place = DeliverySettingsFieldsFragment['dispatchPlace'];
const placeName = (place: Place) => (place ? `${place.city}, ${place.state.name}` : undefined);

/**
 * The shop's delivery settings, all on one form: where parcels leave from, what shipping
 * costs (flat, per zone, free from a threshold), each zone's working days, the holidays,
 * and where the shop does not deliver. The server checks every field and
 * names the one it refuses, which is shown beside that field.
 */
function DeliverySettingsForm({ settings }: { settings: DeliverySettingsFieldsFragment }) {
  const form = useForm<DeliveryFormValues>({ initialValues: formOf(settings) });
  const [place, setPlace] = useState<Place>(settings.dispatchPlace);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [update, { loading }] = useUpdateDeliverySettingsMutation();

  const submit = form.onSubmit(async (values) => {
    setRefusal(null);
    try {
      const { data } = await update({ variables: { input: inputOf(values) } });
      if (!data) return;
      const saved = data.updateDeliverySettings;
      form.setValues(formOf(saved));
      form.resetDirty(formOf(saved));
      setPlace(saved.dispatchPlace);
      notifySuccess(DELIVERY.saved);
    } catch (error) {
      const { field, message } = fieldRefusal(error);
      const at = refusedAt(field, message, values);
      if (at.path) form.setFieldError(at.path, at.message);
      else setRefusal(at.message);
    }
  });

  const amount = {
    min: 0,
    decimalScale: 2,
    allowNegative: false,
    prefix: '₹',
    thousandSeparator: ',',
  };
  return (
    <form onSubmit={submit} aria-label={DELIVERY.title} noValidate>
      <Stack gap="lg">
        <Fieldset legend="Dispatch and charges">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Dispatch PIN code"
              description={placeName(place) ?? 'Where parcels leave from'}
              inputMode="numeric"
              maxLength={6}
              {...form.getInputProps('dispatchPin')}
            />
            <NumberInput
              label="Cut-off hour"
              description="Orders from this hour (India time) leave the next working day"
              min={0}
              max={24}
              allowDecimal={false}
              allowNegative={false}
              suffix=":00"
              {...form.getInputProps('cutOffHour')}
            />
            <NumberInput
              label="Flat shipping charge"
              description="For goods below the free-shipping threshold"
              {...amount}
              {...form.getInputProps('flatCharge')}
            />
            <NumberInput
              label="Free shipping from"
              description="Goods worth this much or more ship free; empty: never"
              {...amount}
              {...form.getInputProps('freeShippingFrom')}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Zones">
          <Text size="sm" c="dimmed" mb="xs">
            Working days from dispatch; Sundays and the holidays below are skipped.{' '}
            {DELIVERY.flatOrZone}
          </Text>
          <Table.ScrollContainer minWidth={520}>
            <Table>
              <TableHead columns={ZONE_COLUMNS} />
              <Table.Tbody>
                {form.values.zones.map((row, index) => {
                  const label = DELIVERY_ZONE_LABELS[row.zone];
                  return (
                    <Table.Tr key={row.zone}>
                      <Table.Td>{label}</Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={`${label}: charge`}
                          placeholder="Flat"
                          {...amount}
                          {...form.getInputProps(`zones.${index}.charge`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={`${label}: fewest days`}
                          min={0}
                          allowDecimal={false}
                          allowNegative={false}
                          {...form.getInputProps(`zones.${index}.minDays`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={`${label}: most days`}
                          min={0}
                          allowDecimal={false}
                          allowNegative={false}
                          {...form.getInputProps(`zones.${index}.maxDays`)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Fieldset>

        <Fieldset legend="Holidays">
          <TagsInput
            label="Holidays"
            description="Days nothing leaves or arrives, written YYYY-MM-DD (2027-01-26); Enter after each"
            clearable
            {...form.getInputProps('holidays')}
          />
          <Text size="sm" c="dimmed" mt="xs">
            {DELIVERY.cashMoved}
          </Text>
        </Fieldset>

        <Fieldset legend="Where the shop does not deliver">
          <Stack>
            <TagsInput
              label="PIN codes not served"
              description="Six digits each; Enter after each"
              clearable
              {...form.getInputProps('unservedPins')}
            />
            <MultiSelect
              label="States and union territories not served"
              data={STATE_CHOICES}
              searchable
              clearable
              {...form.getInputProps('unservedStates')}
            />
          </Stack>
        </Fieldset>

        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={loading}>
            {DELIVERY.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function DeliverySettingsPage() {
  // Never from the cache: another admin (or instance) may have changed them.
  const query = useDeliverySettingsQuery({ fetchPolicy: 'network-only' });
  const settings = query.data?.deliverySettings;
  return (
    <Page title={DELIVERY.title}>
      <Title order={2} mb="md">
        {DELIVERY.title}
      </Title>
      <LoadStatus of={query} failure={DELIVERY.failure} />
      {settings && <DeliverySettingsForm settings={settings} />}
    </Page>
  );
}
