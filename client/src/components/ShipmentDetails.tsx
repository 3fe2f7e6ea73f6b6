import { Trans } from '@lingui/react/macro';
import { Anchor, Stack, Text } from '@mantine/core';
import type { ShipmentFieldsFragment } from '../gql/graphql';
import { formatDate } from '../lib/dates';

/**
 * How a shipped order travels: the courier, its tracking number (AWB) and a link to the
 * courier's tracking page, which opens apart from the shop. No link when the shop no longer
 * lists the courier: the AWB is still there to quote.
 */
export function ShipmentDetails({ shipment }: { shipment: ShipmentFieldsFragment }) {
  const { courier, trackingNumber } = shipment;
  const shippedOn = formatDate(shipment.shippedAt);
  return (
    <Stack gap={2} data-testid="order-shipment">
      <Text size="sm">
        <Trans>
          Shipped on <time dateTime={shipment.shippedAt}>{shippedOn}</time> with{' '}
          <strong>{courier}</strong>
        </Trans>
      </Text>
      <Text size="sm">
        <Trans>
          Tracking number (AWB): <strong data-testid="tracking-number">{trackingNumber}</strong>
        </Trans>
      </Text>
      {shipment.trackingUrl && (
        <Anchor
          href={shipment.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          fw={600}
        >
          <Trans>Track with {courier} (opens the courier's site)</Trans>
        </Anchor>
      )}
    </Stack>
  );
}
