import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { SHIPMENT_RULES } from '@shop/rules';
import { FormEvent, useState } from 'react';
import type { OrderFieldsFragment } from '../../../gql/graphql';
import {
  useCouriersQuery,
  useSetOrderShipmentMutation,
  useSetOrderStatusMutation,
} from '../../../gql/admin-hooks';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { ORDERS } from '../messages';

interface ShipOrderDialogProps {
  order: OrderFieldsFragment;
  /** `ship`: mark it Shipped with these; `correct`: change the courier and AWB of a shipped one. */
  mode: 'ship' | 'correct';
  onClose: () => void;
}

/**
 * The courier and tracking number (AWB) of an order: asked when the admin marks it Shipped,
 * and to correct them later. The AWB is checked here only to answer sooner; the server checks
 * both and its refusal shows in the dialog, which stays open.
 */
export function ShipOrderDialog({ order, mode, onClose }: ShipOrderDialogProps) {
  const couriers = useCouriersQuery({ fetchPolicy: 'cache-and-network' });
  const [courier, setCourier] = useState<string | null>(order.shipment?.courier ?? null);
  const [awb, setAwb] = useState(order.shipment?.trackingNumber ?? '');
  const [awbError, setAwbError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Refetched so an order moved out of the filtered status leaves the list.
  const [ship, shipping] = useSetOrderStatusMutation({ refetchQueries: ['AdminOrders'] });
  const [correct, correcting] = useSetOrderShipmentMutation();
  const names = couriers.data?.couriers.map((one) => one.name) ?? [];
  // A courier since removed from the list stays offered for the order that names it.
  if (order.shipment && !names.includes(order.shipment.courier)) names.push(order.shipment.courier);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trackingNumber = awb.trim();
    const wrongAwb = !SHIPMENT_RULES.trackingNumber.pattern.test(trackingNumber);
    setAwbError(wrongAwb ? SHIPMENT_RULES.trackingNumber.message : null);
    if (!courier || wrongAwb) return;
    const shipment = { courier, trackingNumber };
    try {
      if (mode === 'ship') {
        await ship({ variables: { orderId: order.id, status: 'SHIPPED', shipment } });
        notifySuccess(ORDERS.shipped(order.number));
      } else {
        await correct({ variables: { orderId: order.id, shipment } });
        notifySuccess(ORDERS.trackingSaved(order.number));
      }
      onClose();
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={mode === 'ship' ? ORDERS.ship(order.number) : ORDERS.editTracking(order.number)}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {refusal && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
          <Select
            label={ORDERS.courier}
            data={names}
            value={courier}
            onChange={setCourier}
            required
            searchable
            allowDeselect={false}
            error={couriers.error ? errorMessage(couriers.error) : undefined}
          />
          <TextInput
            label={ORDERS.trackingNumber}
            description={ORDERS.trackingHint}
            value={awb}
            onChange={(event) => setAwb(event.currentTarget.value)}
            error={awbError}
            required
            autoComplete="off"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={!courier}
              loading={shipping.loading || correcting.loading}
            >
              {mode === 'ship' ? ORDERS.markShipped : ORDERS.saveTracking}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
