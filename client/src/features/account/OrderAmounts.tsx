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
  order: Pick<OrderFieldsFragment, 'total'>;
  label?: string;
}) {
  return (
    <>
      {/* Shipping charge (issue 29, delivery settings): Order.shippingCharge goes here, above
          the total, once orders carry it; the total already includes whatever the server added. */}
      <Group justify="space-between" mt="sm">
        <Text fw={700}>{label}</Text>
        <Text fw={700} data-testid="order-total">
          {formatINR(order.total)}
        </Text>
      </Group>
    </>
  );
}
