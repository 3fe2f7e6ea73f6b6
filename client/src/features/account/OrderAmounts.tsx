import { Group, Text } from '@mantine/core';
import type { OrderFieldsFragment } from '../../gql/graphql';
import { formatINR } from '../../lib/money';

/**
 * What the order comes to, as the server worked it out. `label` names the total: "Total", or
 * "Amount paid" once paid.
 */
export function OrderAmounts({
  order,
  label = 'Total',
}: {
  order: Pick<OrderFieldsFragment, 'total' | 'shippingCharge'>;
  label?: string;
}) {
  return (
    <>
      {/* The server's figures as they are: the total already holds the shipping. */}
      <Group justify="space-between" mt="sm">
        <Text>Shipping</Text>
        <Text data-testid="order-shipping">
          {order.shippingCharge > 0 ? formatINR(order.shippingCharge) : 'Free'}
        </Text>
      </Group>
      <Group justify="space-between">
        <Text fw={700}>{label}</Text>
        <Text fw={700} data-testid="order-total">
          {formatINR(order.total)}
        </Text>
      </Group>
    </>
  );
}
