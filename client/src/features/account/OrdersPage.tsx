import { Button, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  // Asked for only with a token: without one the server refuses, and the guard sends the
  // shopper to the login.
  const query = useMyOrdersQuery({
    skip: !auth?.token,
    fetchPolicy: 'cache-and-network',
  });
  const { data } = query;
  const orders = data?.myOrders ?? [];
  return (
    <Page title={t`Your orders`}>
      <Title order={2} ta="center" mb="md">
        <Trans>All Orders</Trans>
      </Title>
      <LoadStatus of={query} failure={t`Your orders could not be loaded. Please try again.`} />
      {data && orders.length === 0 && (
        <Stack align="center">
          <Text>
            <Trans>You have no orders yet.</Trans>
          </Text>
          <Button component={Link} to={paths.home}>
            <Trans>Start shopping</Trans>
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
