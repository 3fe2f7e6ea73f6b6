import { Alert, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { LoadStatus } from '../../components/LoadStatus';
import { Page } from '../../components/Page';
import { formatDayRange } from '../../lib/dates';
import { isPlaced } from '../../lib/payment-words';
import { paths, userOrderPath } from '../../lib/routes';
import { OrderDeliveryAddress } from './OrderDeliveryAddress';
import { OrderAmounts } from '../../components/OrderAmounts';
import { OrderLineList } from './OrderLineList';
import { OrderNotFound } from './OrderNotFound';
import { PaymentState } from './PaymentState';
import { useOrderOfRoute } from './use-order-of-route';

/**
 * Where the shopper lands once an order is placed, paid or to be paid in cash on delivery
 * (/order-confirmed/BZ-000123): its number to quote, what was bought, how it is paid, where it
 * goes, and what happens next. Read from the server by number, so a reload or a bookmark shows
 * it again; an order not paid says so, with "Pay now" while it may still be.
 */
export default function OrderConfirmedPage() {
  const { t } = useLingui();
  const { number, query, order, notFound } = useOrderOfRoute();
  const orderNumber = order?.number ?? '';
  const cash = order?.payment.method === 'CASH_ON_DELIVERY';
  if (notFound) {
    return (
      <Page title={t`Order not found`}>
        <OrderNotFound number={number} />
      </Page>
    );
  }
  return (
    <Page title={t`Order ${number} placed`}>
      <LoadStatus of={query} failure={t`Your order could not be loaded. Please try again.`} />
      {order && !isPlaced(order.payment) && (
        <Alert
          color={order.payment.state === 'PENDING' ? 'yellow' : 'red'}
          title={t`Order ${orderNumber} is not paid`}
        >
          <Stack gap="xs" align="flex-start">
            <PaymentState order={order} />
            {order.payment.state === 'EXPIRED' && (
              <Text size="sm">
                <Trans>
                  Nothing was charged, and the items went back on sale.{' '}
                  <Link to={paths.cart}>Back to the cart</Link>
                </Trans>
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      {order && isPlaced(order.payment) && (
        <Stack>
          <Stack align="center" gap={4} ta="center">
            <Title order={1} size="h2">
              <Trans>Thank you, your order is placed</Trans>
            </Title>
            <Text>
              <Trans>Your order number</Trans>
            </Text>
            <Text fz={32} fw={800} data-testid="confirmed-number">
              {order.number}
            </Text>
            <Text size="sm" c="dimmed">
              <Trans>Quote it whenever you write or call us about this order.</Trans>
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                <Trans>What you bought</Trans>
              </Title>
              <OrderLineList lines={order.lines} />
              <OrderAmounts order={order} label={cash ? t`To pay on delivery` : t`Amount paid`} />
            </Card>
            <Stack>
              <Card withBorder>
                <Title order={2} size="h4" mb="xs">
                  <Trans>Payment</Trans>
                </Title>
                <PaymentState order={order} />
              </Card>
              <Card withBorder>
                <Title order={2} size="h4" mb="xs">
                  <Trans>Delivering to</Trans>
                </Title>
                <OrderDeliveryAddress order={order} />
              </Card>
              <Card withBorder>
                <Title order={2} size="h4" mb="xs">
                  <Trans>Expected delivery</Trans>
                </Title>
                {order.expectedDelivery && (
                  <Text fw={600} data-testid="expected-delivery">
                    {formatDayRange(order.expectedDelivery)}
                  </Text>
                )}
                <Text size="sm">
                  <Trans>
                    The courier and tracking number show on your order page as soon as it ships.
                  </Trans>
                </Text>
              </Card>
            </Stack>
          </SimpleGrid>
          <Card withBorder>
            <Title order={2} size="h4" mb="xs">
              <Trans>What happens next</Trans>
            </Title>
            {/* Order e-mails are for later: until then the order page is where each step shows. */}
            <List spacing="xs" size="sm">
              <List.Item>
                <Trans>
                  We prepare your order; each step shows on your order page as it happens.
                </Trans>
              </List.Item>
              <List.Item>
                {cash ? (
                  <Trans>
                    Changed your mind? Cancel it from the order page until we start preparing it:
                    there is nothing to pay.
                  </Trans>
                ) : (
                  <Trans>
                    Changed your mind? Cancel it from the order page until we start preparing it,
                    and the payment is refunded the way you paid.
                  </Trans>
                )}
              </List.Item>
              <List.Item>
                <Trans>
                  Once it ships, the order page names the courier and links to its tracking.
                </Trans>
              </List.Item>
            </List>
          </Card>
          <Group justify="center">
            <Button component={Link} to={userOrderPath(order.number)}>
              <Trans>View your order</Trans>
            </Button>
            <Button component={Link} to={paths.home} variant="outline">
              <Trans>Continue shopping</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </Page>
  );
}
