import { Text } from '@mantine/core';
import { DeliveryAddress } from '../../components/DeliveryAddress';
import type { OrderDetailFieldsFragment } from '../../gql/graphql';

/**
 * Where the order goes: the saved address copied at checkout, or, for an order placed with a
 * text address, that text as typed.
 */
export function OrderDeliveryAddress({
  order,
}: {
  order: Pick<OrderDetailFieldsFragment, 'address' | 'deliveryAddress'>;
}) {
  if (order.deliveryAddress) return <DeliveryAddress address={order.deliveryAddress} />;
  return (
    <Text style={{ whiteSpace: 'pre-line' }} data-testid="delivery-address">
      {order.address}
    </Text>
  );
}
