import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { FormEvent, useState } from 'react';
import type { CourierInput } from '../../../gql/graphql';
import { useCouriersQuery, useSetCouriersMutation } from '../../../gql/admin-hooks';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { COURIERS } from '../messages';

/**
 * The couriers the shop ships with and their tracking pages (settings section `couriers`):
 * edited as a list and saved whole. The server checks every courier and names the one at
 * fault; its refusal shows here and nothing is saved.
 */
export function CouriersSettings() {
  const query = useCouriersQuery({ fetchPolicy: 'cache-and-network' });
  const [edited, setEdited] = useState<CourierInput[] | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [save, { loading }] = useSetCouriersMutation({ refetchQueries: ['Couriers'] });
  const rows: CourierInput[] =
    edited ?? query.data?.couriers.map(({ name, trackingUrl }) => ({ name, trackingUrl })) ?? [];

  const change = (at: number, field: keyof CourierInput, value: string) =>
    setEdited(rows.map((row, index) => (index === at ? { ...row, [field]: value } : row)));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await save({ variables: { couriers: rows } });
      setEdited(null);
      setRefusal(null);
      notifySuccess(COURIERS.saved);
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  };

  return (
    <Card withBorder mt="xl" component="section" aria-labelledby="couriers-title">
      <Title order={3} id="couriers-title" mb={4}>
        {COURIERS.title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {COURIERS.hint}
      </Text>
      {query.error && !query.data && <Alert color="red">{COURIERS.failure}</Alert>}
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          {refusal && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
          {rows.map((row, at) => (
            <Group key={at} align="flex-end" wrap="wrap" gap="xs" data-testid="courier-row">
              <TextInput
                label={COURIERS.name(at)}
                value={row.name}
                onChange={(event) => change(at, 'name', event.currentTarget.value)}
                w={200}
              />
              <TextInput
                label={COURIERS.trackingUrl(at)}
                value={row.trackingUrl}
                onChange={(event) => change(at, 'trackingUrl', event.currentTarget.value)}
                flex={1}
                miw={240}
                type="url"
              />
              <ActionIcon
                variant="light"
                color="red"
                size="lg"
                aria-label={COURIERS.remove(at)}
                onClick={() => setEdited(rows.filter((_, index) => index !== at))}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="default"
              onClick={() => setEdited([...rows, { name: '', trackingUrl: 'https://' }])}
            >
              {COURIERS.add}
            </Button>
            <Button type="submit" loading={loading} disabled={!query.data}>
              {COURIERS.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
