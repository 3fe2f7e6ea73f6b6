import { Stack, Text } from '@mantine/core';
import { DeliveryAddress, formatMobile } from '../../../components/DeliveryAddress';
import type { AdminOrderFieldsFragment } from '../../../gql/graphql';
import { ORDERS } from '../messages';

/**
 * Whom and where an order goes: the address copied at checkout (name, mobile, address, PIN),
 * or, for an order placed with a text address, the buyer's name and phone and that text.
 */
export function OrderDelivery({
  order,
  size,
}: {
  order: Pick<AdminOrderFieldsFragment, 'deliveryAddress' | 'address' | 'buyer'>;
  size?: 'sm' | 'md';
}) {
  if (order.deliveryAddress) return <DeliveryAddress address={order.deliveryAddress} size={size} />;
  return (
    <Stack gap={0} data-testid="delivery-address">
      {order.buyer && (
        <Text size={size} fw={600}>
          {order.buyer.name}
        </Text>
      )}
      <Text size={size}>{order.address}</Text>
      {order.buyer && <Text size={size}>Mobile: {formatMobile(order.buyer.phone)}</Text>}
      <Text size="xs" c="dimmed">
        {ORDERS.asGiven}
      </Text>
    </Stack>
  );
}
