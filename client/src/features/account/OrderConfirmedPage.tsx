import { Alert, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
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
  const { number, query, order, notFound } = useOrderOfRoute();
  const cash = order?.payment.method === 'CASH_ON_DELIVERY';
  if (notFound) {
    return (
      <Page title="Order not found">
        <OrderNotFound number={number} />
      </Page>
    );
  }
  return (
    <Page title={`Order ${number} placed`}>
      <LoadStatus of={query} failure="Your order could not be loaded. Please try again." />
      {order && !isPlaced(order.payment) && (
        <Alert
          color={order.payment.state === 'PENDING' ? 'yellow' : 'red'}
          title={`Order ${order.number} is not paid`}
        >
          <Stack gap="xs" align="flex-start">
            <PaymentState order={order} />
            {order.payment.state === 'EXPIRED' && (
              <Text size="sm">
                Nothing was charged, and the items went back on sale.{' '}
                <Link to={paths.cart}>Back to the cart</Link>
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      {order && isPlaced(order.payment) && (
        <Stack>
          <Stack align="center" gap={4} ta="center">
            <Title order={1} size="h2">
              Thank you, your order is placed
            </Title>
            <Text>Your order number</Text>
            <Text fz={32} fw={800} data-testid="confirmed-number">
              {order.number}
            </Text>
            <Text size="sm" c="dimmed">
              Quote it whenever you write or call us about this order.
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                What you bought
              </Title>
              <OrderLineList lines={order.lines} />
              <OrderAmounts order={order} label={cash ? 'To pay on delivery' : 'Amount paid'} />
            </Card>
            <Stack>
              <Card withBorder>
                <Title order={2} size="h4" mb="xs">
                  Payment
                </Title>
                <PaymentState order={order} />
              </Card>
              <Card withBorder>
                <Title order={2} size="h4" mb="xs">
                  Delivering to
                </Title>
                <OrderDeliveryAddress order={order} />
              </Card>
              <Card withBorder>
                <Title order={2} size="h4" mb="xs">
                  Expected delivery
                </Title>
                {order.expectedDelivery && (
                  <Text fw={600} data-testid="expected-delivery">
                    {formatDayRange(order.expectedDelivery)}
                  </Text>
                )}
                <Text size="sm">
                  The courier and tracking number show on your order page as soon as it ships.
                </Text>
              </Card>
            </Stack>
          </SimpleGrid>
          <Card withBorder>
            <Title order={2} size="h4" mb="xs">
              What happens next
            </Title>
            {/* Order e-mails are for later: until then the order page is where each step shows. */}
            <List spacing="xs" size="sm">
              <List.Item>
                We prepare your order; each step shows on your order page as it happens.
              </List.Item>
              <List.Item>
                Changed your mind? Cancel it from the order page until we start preparing it
                {cash
                  ? ': there is nothing to pay.'
                  : ', and the payment is refunded the way you paid.'}
              </List.Item>
              <List.Item>
                Once it ships, the order page names the courier and links to its tracking.
              </List.Item>
            </List>
          </Card>
          <Group justify="center">
            <Button component={Link} to={userOrderPath(order.number)}>
              View your order
            </Button>
            <Button component={Link} to={paths.home} variant="outline">
              Continue shopping
            </Button>
          </Group>
        </Stack>
      )}
    </Page>
  );
}
