import { Anchor, Stack, Text } from '@mantine/core';
import type { ShipmentFieldsFragment } from '../gql/graphql';
import { formatDate } from '../lib/dates';

/**
 * How a shipped order travels: the courier, its tracking number (AWB) and a link to the
 * courier's tracking page, which opens apart from the shop. No link when the shop no longer
 * lists the courier: the AWB is still there to quote.
 */
export function ShipmentDetails({ shipment }: { shipment: ShipmentFieldsFragment }) {
  return (
    <Stack gap={2} data-testid="order-shipment">
      <Text size="sm">
        Shipped on <time dateTime={shipment.shippedAt}>{formatDate(shipment.shippedAt)}</time> with{' '}
        <strong>{shipment.courier}</strong>
      </Text>
      <Text size="sm">
        Tracking number (AWB):{' '}
        <strong data-testid="tracking-number">{shipment.trackingNumber}</strong>
      </Text>
      {shipment.trackingUrl && (
        <Anchor
          href={shipment.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          fw={600}
        >
          Track with {shipment.courier} (opens the courier's site)
        </Anchor>
      )}
    </Stack>
  );
}
