import { Badge, Button, Group, Modal, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { LoadStatus } from '../../../components/LoadStatus';
import { Page } from '../../../components/Page';
import { TableHead } from '../../../components/TableHead';
import type { CouponFieldsFragment } from '../../../gql/graphql';
import { useCouponsQuery, useDeleteCouponMutation } from '../../../gql/admin-hooks';
import { notifyOutcome } from '../../../lib/notify';
import { COUPONS, discountOf, usesOf, validityOf } from './coupon-form';
import { CouponForm } from './CouponForm';

/** The form open: a new coupon's (null coupon) or one's to change. */
type Editing = { coupon: CouponFieldsFragment | null } | null;

/**
 * The shop's coupons: a row each with what it takes off, its uses and its days; a form to make
 * one or change one, and a delete asked twice.
 */
export default function CouponsPage() {
  // Never from the cache: uses change with every order.
  const query = useCouponsQuery({ fetchPolicy: 'cache-and-network' });
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<CouponFieldsFragment | null>(null);
  const [remove, removal] = useDeleteCouponMutation({ refetchQueries: ['Coupons'] });
  const coupons = query.data?.coupons;

  const confirmRemove = async () => {
    if (!removing) return;
    const { code } = removing;
    const done = await notifyOutcome(
      () => remove({ variables: { code } }),
      COUPONS.removed(code),
      COUPONS.removeFailure,
    );
    if (done) setRemoving(null);
  };

  return (
    <Page title={COUPONS.title}>
      <Group justify="space-between" mb="md">
        <Title order={2}>{COUPONS.title}</Title>
        <Button onClick={() => setEditing({ coupon: null })}>{COUPONS.add}</Button>
      </Group>
      <LoadStatus of={query} failure={COUPONS.failure} />
      {coupons && coupons.length === 0 && <Text>{COUPONS.none}</Text>}
      {coupons && coupons.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <TableHead columns={[...COUPONS.columns]} />
            <Table.Tbody>
              {coupons.map((coupon) => (
                <Table.Tr key={coupon.code}>
                  <Table.Td>
                    <Text fw={700} ff="monospace">
                      {coupon.code}
                    </Text>
                    {coupon.description && (
                      <Text size="sm" c="dimmed">
                        {coupon.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{discountOf(coupon)}</Table.Td>
                  <Table.Td>{usesOf(coupon)}</Table.Td>
                  <Table.Td>{validityOf(coupon)}</Table.Td>
                  <Table.Td>
                    {coupon.active ? (
                      COUPONS.yes
                    ) : (
                      <Badge color="gray" variant="light">
                        {COUPONS.paused}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        aria-label={COUPONS.edit(coupon.code)}
                        onClick={() => setEditing({ coupon })}
                      >
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        aria-label={COUPONS.remove(coupon.code)}
                        onClick={() => setRemoving(coupon)}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.coupon ? COUPONS.editTitle(editing.coupon.code) : COUPONS.newTitle}
        size="lg"
      >
        {editing && (
          <CouponForm
            key={editing.coupon?.code ?? 'new'}
            coupon={editing.coupon}
            onSaved={() => setEditing(null)}
          />
        )}
      </Modal>
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={removing ? COUPONS.removeTitle(removing.code) : ''}
      >
        <Text mb="md">{COUPONS.removeText}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setRemoving(null)}>
            {COUPONS.cancel}
          </Button>
          <Button color="red" loading={removal.loading} onClick={confirmRemove}>
            {COUPONS.confirmRemove}
          </Button>
        </Group>
      </Modal>
    </Page>
  );
}
