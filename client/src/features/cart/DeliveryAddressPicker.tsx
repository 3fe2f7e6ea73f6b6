import { Anchor, Badge, Button, Card, Group, Radio, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_ADDRESSES } from '@shop/rules';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AddressForm } from '../../components/AddressForm';
import { DeliveryAddress } from '../../components/DeliveryAddress';
import { Loading } from '../../components/Loading';
import type { AddressFieldsFragment } from '../../gql/graphql';
import { useAddAddressMutation, useMyAddressesQuery } from '../../gql/hooks';
import { paths } from '../../lib/routes';

/**
 * The address book's addresses and which one the checkout delivers to: the shopper's choice
 * while it is still in the book, else the default; null while the book is empty (the
 * account's address then, as before the address book).
 */
export function useDeliveryChoice(signedIn: boolean) {
  const query = useMyAddressesQuery({ skip: !signedIn, fetchPolicy: 'cache-and-network' });
  const [picked, pick] = useState<string | null>(null);
  const addresses = query.data?.myAddresses ?? [];
  const chosen =
    addresses.find((address) => address.id === picked) ??
    addresses.find((address) => address.isDefault) ??
    addresses[0] ??
    null;
  return { query, addresses, chosen, pick };
}

interface DeliveryAddressPickerProps {
  addresses: AddressFieldsFragment[];
  loading: boolean;
  chosen: AddressFieldsFragment | null;
  pick: (id: string) => void;
  /** The account's single address, delivered to while the book is empty. */
  accountAddress: string;
}

/** Where the order goes: one of the saved addresses (the default first chosen), or a new one. */
export function DeliveryAddressPicker({
  addresses,
  loading,
  chosen,
  pick,
  accountAddress,
}: DeliveryAddressPickerProps) {
  const { t } = useLingui();
  const [adding, setAdding] = useState(false);
  const [addAddress] = useAddAddressMutation({
    refetchQueries: ['MyAddresses'],
    awaitRefetchQueries: true,
  });
  if (loading && addresses.length === 0) return <Loading label={t`Loading your addresses...`} />;

  return (
    <Stack gap="xs" data-testid="delivery-step">
      {addresses.length > 0 ? (
        <Radio.Group
          label={t`Delivery address`}
          value={chosen?.id ?? null}
          onChange={pick}
          styles={{ label: { fontWeight: 600 } }}
        >
          <Stack gap="xs" mt="xs">
            {addresses.map((address) => (
              <Card key={address.id} withBorder padding="sm">
                <Radio
                  value={address.id}
                  label={
                    <Group gap="xs" align="flex-start" wrap="nowrap">
                      <DeliveryAddress address={address} size="sm" />
                      {address.isDefault && (
                        <Badge size="sm" variant="light">
                          <Trans>Default</Trans>
                        </Badge>
                      )}
                    </Group>
                  }
                />
              </Card>
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <div>
          <Text fw={600}>
            <Trans>Delivery address</Trans>
          </Text>
          <Text>{accountAddress}</Text>
        </div>
      )}
      {adding ? (
        <Card withBorder padding="sm">
          <Text fw={600} mb="xs">
            <Trans>New address</Trans>
          </Text>
          <AddressForm
            label={t`New delivery address`}
            submitLabel={t`Save and deliver here`}
            onCancel={() => setAdding(false)}
            onSave={async (input) => {
              const { data } = await addAddress({ variables: { input } });
              if (data) pick(data.addAddress.id);
              setAdding(false);
            }}
          />
        </Card>
      ) : (
        <Group gap="md">
          {addresses.length < MAX_ADDRESSES && (
            <Button variant="light" size="xs" onClick={() => setAdding(true)}>
              {addresses.length > 0 ? (
                <Trans>Add a new address</Trans>
              ) : (
                <Trans>Add an address with PIN code</Trans>
              )}
            </Button>
          )}
          <Anchor component={Link} to={paths.userAddresses} size="sm">
            <Trans>Manage addresses</Trans>
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}
