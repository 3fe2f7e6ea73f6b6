import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useCancelMyOrderMutation } from '../../gql/hooks';
import { notifyOutcome } from '../../lib/notify';

/** The shopper's cancel button, asking first; the server decides whether it may still be cancelled. */
export function CancelOrderButton({ orderId, label }: { orderId: string; label: string }) {
  const [asking, setAsking] = useState(false);
  const [cancel, { loading }] = useCancelMyOrderMutation();

  const confirm = async () => {
    await notifyOutcome(
      () => cancel({ variables: { orderId } }),
      'Order cancelled; the payment will be refunded',
    );
    setAsking(false);
  };

  return (
    <>
      <Group justify="flex-end">
        <Button color="red" variant="light" onClick={() => setAsking(true)}>
          Cancel {label}
        </Button>
      </Group>
      <Modal opened={asking} onClose={() => setAsking(false)} title={`Cancel ${label}?`}>
        <Text mb="md">The items go back on sale and the payment is refunded to your card.</Text>
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
