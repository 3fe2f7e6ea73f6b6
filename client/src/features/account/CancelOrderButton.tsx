import { Button, Group, Modal, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useCancelMyOrderMutation } from '../../gql/account-hooks';
import { notifyOutcome } from '../../lib/notify';

interface CancelOrderButtonProps {
  orderId: string;
  /** The order's number (BZ-000123), which the button, the question and the answer name. */
  number: string;
  /** On the order's own page, which shows the refund the cancel starts. */
  onOrderPage?: boolean;
}

/** The shopper's cancel button, asking first; the server decides whether it may still be cancelled. */
export function CancelOrderButton({ orderId, number, onOrderPage }: CancelOrderButtonProps) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const [cancel, { loading }] = useCancelMyOrderMutation();

  const confirm = async () => {
    await notifyOutcome(
      // The order's own page reads it again: its refunds are not among the answer's fields.
      () =>
        cancel({
          variables: { orderId },
          ...(onOrderPage && { refetchQueries: ['OrderByNumber'] }),
        }),
      t`Order ${number} cancelled; the payment will be refunded`,
    );
    setAsking(false);
  };

  return (
    <>
      <Group justify="flex-end">
        <Button color="red" variant="light" onClick={() => setAsking(true)}>
          <Trans>Cancel order {number}</Trans>
        </Button>
      </Group>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t`Cancel order ${number}?`}>
        <Text mb="md">
          <Trans>The items go back on sale, and any payment is refunded the way it was paid.</Trans>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setAsking(false)}>
            <Trans>Keep the order</Trans>
          </Button>
          <Button color="red" loading={loading} onClick={confirm}>
            <Trans>Yes, cancel it</Trans>
          </Button>
        </Group>
      </Modal>
    </>
  );
}
