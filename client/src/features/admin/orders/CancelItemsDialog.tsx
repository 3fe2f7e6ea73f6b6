import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { FormEvent, useState } from 'react';
import type { AdminOrderDetailFieldsFragment } from '../../../gql/graphql';
import { useCancelOrderLineMutation } from '../../../gql/admin-hooks';
import { fieldRefusal, notifySuccess } from '../../../lib/notify';
import { ORDER_PAGE } from './order-words';

interface CancelItemsDialogProps {
  order: Pick<AdminOrderDetailFieldsFragment, 'id' | 'lines' | 'payment'>;
  /** The line's place in the order. */
  line: number;
  onClose: () => void;
}

/**
 * Units of one line the shop will not send: how many, and what that gives back (a refund of a
 * prepaid order, less to collect on a cash one). The server checks the units and refuses the
 * order's last ones; its refusal shows beside the units or under the buttons.
 */
export function CancelItemsDialog({ order, line, onClose }: CancelItemsDialogProps) {
  const bought = order.lines[line];
  const left = bought.quantity - bought.cancelled;
  const cash = order.payment.method === 'CASH_ON_DELIVERY';
  const [units, setUnits] = useState<number | string>(1);
  const [unitsError, setUnitsError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [cancel, { loading }] = useCancelOrderLineMutation();
  const quantity = Number(units) || 0;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setUnitsError(null);
    setRefusal(null);
    try {
      const { data } = await cancel({
        variables: { orderId: order.id, line, input: { quantity } },
      });
      // The server's figure: the cancel just made is the order's last.
      const made = data?.cancelOrderLine.lineCancels.at(-1);
      if (made) notifySuccess(ORDER_PAGE.cancelledToast(made.amount, cash));
      onClose();
    } catch (error) {
      const { field, message } = fieldRefusal(error);
      if (field === 'quantity') setUnitsError(message);
      else setRefusal(message);
    }
  };

  return (
    <Modal opened onClose={onClose} title={ORDER_PAGE.cancelItemsOf(bought.name)}>
      <form onSubmit={submit} noValidate aria-label={ORDER_PAGE.cancelItemsOf(bought.name)}>
        <Stack>
          <NumberInput
            label={ORDER_PAGE.unitsToCancel}
            description={ORDER_PAGE.upTo(left)}
            min={1}
            max={left}
            allowDecimal={false}
            allowNegative={false}
            value={units}
            onChange={setUnits}
            error={unitsError}
            data-autofocus
          />
          <Text data-testid="cancel-refund">
            {cash
              ? ORDER_PAGE.cashRefund(quantity, bought.price)
              : ORDER_PAGE.prepaidRefund(quantity, bought.price)}
          </Text>
          {refusal && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {ORDER_PAGE.keep}
            </Button>
            <Button type="submit" color="red" loading={loading}>
              {ORDER_PAGE.confirmCancel(quantity)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
