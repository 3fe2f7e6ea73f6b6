import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
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
    <Page title="Your addresses">
      <Group justify="space-between" mb="md">
        <Title order={2}>Addresses</Title>
        {query.data && !full && editing !== 'new' && (
          <Button onClick={() => setEditing('new')}>Add an address</Button>
        )}
      </Group>
      <LoadStatus of={query} failure="Your addresses could not be loaded. Please try again." />
      {full && (
        <Text c="dimmed" mb="sm">
          Your address book is full ({MAX_ADDRESSES} addresses): delete one to add another.
        </Text>
      )}
      <Stack>
        {editing === 'new' && (
          <Card withBorder>
            <Title order={3} size="h4" mb="sm">
              New address
            </Title>
            <AddressForm
              label="New address"
              submitLabel="Save address"
              offerDefault={addresses.length > 0}
              onCancel={() => setEditing(null)}
              onSave={async (input) => {
                await addAddress({ variables: { input } });
                setEditing(null);
                notifySuccess('Address added');
              }}
            />
          </Card>
        )}
        {query.data && addresses.length === 0 && editing !== 'new' && (
          <Text>No saved addresses yet. Add one to choose it at checkout.</Text>
        )}
        {addresses.map((address) =>
          editing === address.id ? (
            <Card key={address.id} withBorder>
              <Title order={3} size="h4" mb="sm">
                Edit address
              </Title>
              <AddressForm
                label={`Edit the address of ${address.name}`}
                submitLabel="Save address"
                initial={valuesOf(address)}
                offerDefault={!address.isDefault}
                onCancel={() => setEditing(null)}
                onSave={async (input) => {
                  await updateAddress({ variables: { id: address.id, input } });
                  setEditing(null);
                  notifySuccess('Address saved');
                }}
              />
            </Card>
          ) : (
            <Card key={address.id} withBorder data-testid="saved-address">
              <Group justify="space-between" align="flex-start">
                <DeliveryAddress address={address} />
                {address.isDefault && <Badge variant="light">Default</Badge>}
              </Group>
              <Group mt="sm" gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Edit the address of ${address.name}, ${address.line1}`}
                  onClick={() => setEditing(address.id)}
                >
                  Edit
                </Button>
                {!address.isDefault && (
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`Make the address of ${address.name}, ${address.line1} the default`}
                    onClick={() =>
                      notifyOutcome(
                        () => setDefault({ variables: { id: address.id } }),
                        'Default address set',
                      )
                    }
                  >
                    Make default
                  </Button>
                )}
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  aria-label={`Delete the address of ${address.name}, ${address.line1}`}
                  onClick={() =>
                    notifyOutcome(
                      () => deleteAddress({ variables: { id: address.id } }),
                      'Address deleted',
                    )
                  }
                >
                  Delete
                </Button>
              </Group>
            </Card>
          ),
        )}
      </Stack>
    </Page>
  );
}
