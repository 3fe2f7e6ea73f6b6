import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { LoadStatus } from '../../components/LoadStatus';
import { OrderSummary } from '../../components/OrderSummary';
import { Page } from '../../components/Page';
import { useMyOrdersQuery } from '../../gql/account-hooks';
import { paths, userOrderPath } from '../../lib/routes';
import { useAuth } from '../../session/auth';
import { CancelOrderButton } from './CancelOrderButton';

export default function OrdersPage() {
  const { auth } = useAuth();
  // Asked for only with a token: without one the server refuses, and the guard sends the
  // shopper to the login.
  const query = useMyOrdersQuery({
    skip: !auth?.token,
    fetchPolicy: 'cache-and-network',
  });
  const { data } = query;
  const orders = data?.myOrders ?? [];
  return (
    <Page title="Your orders">
      <Title order={2} ta="center" mb="md">
        All Orders
      </Title>
      <LoadStatus of={query} failure="Your orders could not be loaded. Please try again." />
      {data && orders.length === 0 && (
        <Stack align="center">
          <Text>You have no orders yet.</Text>
          <Button component={Link} to={paths.home}>
            Start shopping
          </Button>
        </Stack>
      )}
      <Stack>
        {orders.map((order) => (
          <OrderSummary
            key={order.id}
            order={order}
            href={userOrderPath(order.number)}
            actions={
              order.buyerMayCancel && <CancelOrderButton orderId={order.id} number={order.number} />
            }
          />
        ))}
      </Stack>
    </Page>
  );
}
