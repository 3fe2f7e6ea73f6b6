import { Trans } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';
import type { DeliveryAddressFieldsFragment } from '../gql/graphql';

/** A mobile's 10 digits as people read them: +91 98450 12345. */
export const formatMobile = (digits: string): string =>
  /^\d{10}$/.test(digits) ? `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` : digits;

/** Where to deliver, a line each: whom, the street, the town with state and PIN, the mobile. */
export function DeliveryAddress({
  address,
  size,
}: {
  address: Omit<DeliveryAddressFieldsFragment, 'stateCode'>;
  size?: 'sm' | 'md';
}) {
  const mobile = formatMobile(address.mobile);
  return (
    <Stack gap={0} data-testid="delivery-address">
      <Text size={size} fw={600}>
        {address.name}
      </Text>
      <Text size={size}>{address.line1}</Text>
      {address.line2 && <Text size={size}>{address.line2}</Text>}
      {address.landmark && <Text size={size}>{address.landmark}</Text>}
      <Text size={size}>
        {address.city}, {address.state} {address.pin}
      </Text>
      <Text size={size}>
        <Trans>Mobile: {mobile}</Trans>
      </Text>
    </Stack>
  );
}
