import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../lib/routes';

/** An order number that names none of the shopper's orders (or is not one at all). */
export function OrderNotFound({ number }: { number: string }) {
  return (
    <Stack align="center" py="xl" gap="sm">
      <Title order={2}>Order not found</Title>
      <Text ta="center">
        None of your orders has the number {number}. Check it, or find the order in your list.
      </Text>
      <Button component={Link} to={paths.userOrders} variant="outline">
        Your orders
      </Button>
    </Stack>
  );
}
