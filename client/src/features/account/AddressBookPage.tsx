import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_ADDRESSES } from '@shop/rules';
import { useState } from 'react';
import { AddressForm, AddressValues } from '../../components/AddressForm';
import { DeliveryAddress } from '../../components/DeliveryAddress';
import { LoadStatus } from '../../components/LoadStatus';
import { Page } from '../../components/Page';
import type { AddressFieldsFragment } from '../../gql/graphql';
import { useAddAddressMutation, useMyAddressesQuery } from '../../gql/hooks';
import {
  useDeleteAddressMutation,
  useSetDefaultAddressMutation,
  useUpdateAddressMutation,
} from '../../gql/account-hooks';
import { notifyOutcome, notifySuccess } from '../../lib/notify';
import { useAuth } from '../../session/auth';

/** Each change is followed by the book as the server now has it (the default may move). */
const REFETCH = { refetchQueries: ['MyAddresses'], awaitRefetchQueries: true };

/** An address as the form edits it. */
const valuesOf = ({
  id: _id,
  isDefault: _default,
  state: _state,
  ...fields
}: AddressFieldsFragment): Partial<AddressValues> => fields;

/** The shopper's address book: every address, the default marked, each to edit or delete. */
export default function AddressBookPage() {
  const { auth } = useAuth();
  const { t } = useLingui();
  const query = useMyAddressesQuery({ skip: !auth?.token, fetchPolicy: 'cache-and-network' });
  const [addAddress] = useAddAddressMutation(REFETCH);
  const [updateAddress] = useUpdateAddressMutation(REFETCH);
  const [deleteAddress] = useDeleteAddressMutation(REFETCH);
  const [setDefault] = useSetDefaultAddressMutation(REFETCH);
  /** The address being edited, or 'new' while one is being added. */
  const [editing, setEditing] = useState<string | null>(null);
  const addresses = query.data?.myAddresses ?? [];
  const full = addresses.length >= MAX_ADDRESSES;

  return (
    <Page title={t`Your addresses`}>
      <Group justify="space-between" mb="md">
        <Title order={2}>
          <Trans>Addresses</Trans>
        </Title>
        {query.data && !full && editing !== 'new' && (
          <Button onClick={() => setEditing('new')}>
            <Trans>Add an address</Trans>
          </Button>
        )}
      </Group>
      <LoadStatus of={query} failure={t`Your addresses could not be loaded. Please try again.`} />
      {full && (
        <Text c="dimmed" mb="sm">
          <Trans>
            Your address book is full ({MAX_ADDRESSES} addresses): delete one to add another.
          </Trans>
        </Text>
      )}
      <Stack>
        {editing === 'new' && (
          <Card withBorder>
            <Title order={3} size="h4" mb="sm">
              <Trans>New address</Trans>
            </Title>
            <AddressForm
              label={t`New address`}
              submitLabel={t`Save address`}
              offerDefault={addresses.length > 0}
              onCancel={() => setEditing(null)}
              onSave={async (input) => {
                await addAddress({ variables: { input } });
                setEditing(null);
                notifySuccess(t`Address added`);
              }}
            />
          </Card>
        )}
        {query.data && addresses.length === 0 && editing !== 'new' && (
          <Text>
            <Trans>No saved addresses yet. Add one to choose it at checkout.</Trans>
          </Text>
        )}
        {addresses.map((address) => {
          const { name, line1 } = address;
          return editing === address.id ? (
            <Card key={address.id} withBorder>
              <Title order={3} size="h4" mb="sm">
                <Trans>Edit address</Trans>
              </Title>
              <AddressForm
                label={t`Edit the address of ${name}`}
                submitLabel={t`Save address`}
                initial={valuesOf(address)}
                offerDefault={!address.isDefault}
                onCancel={() => setEditing(null)}
                onSave={async (input) => {
                  await updateAddress({ variables: { id: address.id, input } });
                  setEditing(null);
                  notifySuccess(t`Address saved`);
                }}
              />
            </Card>
          ) : (
            <Card key={address.id} withBorder data-testid="saved-address">
              <Group justify="space-between" align="flex-start">
                <DeliveryAddress address={address} />
                {address.isDefault && (
                  <Badge variant="light">
                    <Trans>Default</Trans>
                  </Badge>
                )}
              </Group>
              <Group mt="sm" gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  aria-label={t`Edit the address of ${name}, ${line1}`}
                  onClick={() => setEditing(address.id)}
                >
                  <Trans>Edit</Trans>
                </Button>
                {!address.isDefault && (
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={t`Make the address of ${name}, ${line1} the default`}
                    onClick={() =>
                      notifyOutcome(
                        () => setDefault({ variables: { id: address.id } }),
                        t`Default address set`,
                      )
                    }
                  >
                    <Trans>Make default</Trans>
                  </Button>
                )}
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  aria-label={t`Delete the address of ${name}, ${line1}`}
                  onClick={() =>
                    notifyOutcome(
                      () => deleteAddress({ variables: { id: address.id } }),
                      t`Address deleted`,
                    )
                  }
                >
                  <Trans>Delete</Trans>
                </Button>
              </Group>
            </Card>
          );
        })}
      </Stack>
    </Page>
  );
}
