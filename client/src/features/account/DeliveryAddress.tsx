import { Text } from '@mantine/core';
import type { OrderFieldsFragment } from '../../gql/graphql';

/**
 * Where the order goes, as the shopper gave it at checkout: the one-line address orders carry
 * today (`Order.address`), kept as typed.
 */
export function DeliveryAddress({ order }: { order: Pick<OrderFieldsFragment, 'address'> }) {
  // Address book (issue 29): the order's snapshot, Order.deliveryAddress (name, mobile, lines,
  // city, state, PIN), replaces this line once orders carry it.
  return (
    <Text style={{ whiteSpace: 'pre-line' }} data-testid="delivery-address">
      {order.address}
    </Text>
  );
}
