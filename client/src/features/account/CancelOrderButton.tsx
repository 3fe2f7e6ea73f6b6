import { Button, Group, Modal, Text } from '@mantine/core';
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
      `Order ${number} cancelled; the payment will be refunded`,
    );
    setAsking(false);
  };

  return (
    <>
      <Group justify="flex-end">
        <Button color="red" variant="light" onClick={() => setAsking(true)}>
          Cancel order {number}
        </Button>
      </Group>
      <Modal opened={asking} onClose={() => setAsking(false)} title={`Cancel order ${number}?`}>
        <Text mb="md">
          The items go back on sale, and any payment is refunded the way it was paid.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setAsking(false)}>
            Keep the order
          </Button>
          <Button color="red" loading={loading} onClick={confirm}>
            Yes, cancel it
          </Button>
        </Group>
      </Modal>
    </>
  );
}
