import { Button, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { paths } from '../../lib/routes';

/** An order number that names none of the shopper's orders (or is not one at all). */
export function OrderNotFound({ number }: { number: string }) {
  return (
    <Stack align="center" py="xl" gap="sm">
      <Title order={2}>
        <Trans>Order not found</Trans>
      </Title>
      <Text ta="center">
        <Trans>
          None of your orders has the number {number}. Check it, or find the order in your list.
        </Trans>
      </Text>
      <Button component={Link} to={paths.userOrders} variant="outline">
        <Trans>Your orders</Trans>
      </Button>
    </Stack>
  );
}
