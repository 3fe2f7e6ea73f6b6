import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { LoadStatus } from '../../components/LoadStatus';
import { OrderReturns } from '../../components/OrderReturns';
import { OrderTimeline } from '../../components/OrderTimeline';
import { Page } from '../../components/Page';
import { ShipmentDetails } from '../../components/ShipmentDetails';
import { formatDateTime, formatDayRange } from '../../lib/dates';
import { ORDER_STATUS_LABELS } from '../../lib/order-status';
import { adjustmentSteps } from '../../lib/return-words';
import { paths } from '../../lib/routes';
import { CancelOrderButton } from './CancelOrderButton';
import { OrderDeliveryAddress } from './OrderDeliveryAddress';
import { OrderAmounts } from '../../components/OrderAmounts';
import { TaxDocumentList } from '../../components/TaxDocumentList';
import { OrderLineList } from './OrderLineList';
import { OrderNotFound } from './OrderNotFound';
import { PaymentState } from './PaymentState';
import { ReturnItems } from './ReturnItems';
import { useOrderOfRoute } from './use-order-of-route';

/**
 * One of the shopper's orders, by its number (/dashboard/user/orders/BZ-000123): what was
 * bought, what it came to, where it goes and how (the courier and its tracking link once
 * shipped), how it was paid and refunded, each step so far, a cancel button while it may be
 * cancelled, and its returns, with "Return items" while some may be returned.
 */
export default function OrderPage() {
  const { t } = useLingui();
  const { number, query, order, notFound } = useOrderOfRoute();
  const orderNumber = order?.number ?? '';
  const placedAt = order ? formatDateTime(order.createdAt) : '';
  const expected = order?.expectedDelivery ? formatDayRange(order.expectedDelivery) : '';
  if (notFound) {
    return (
      <Page title={t`Order not found`}>
        <OrderNotFound number={number} />
      </Page>
    );
  }
  return (
    <Page title={t`Order ${number}`}>
      <LoadStatus of={query} failure={t`This order could not be loaded. Please try again.`} />
      {order && (
        <Stack>
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={2}>
                <Trans>Order {orderNumber}</Trans>
              </Title>
              <Text c="dimmed" size="sm">
                <Trans>
                  Placed on <time dateTime={order.createdAt}>{placedAt}</time>
                </Trans>
              </Text>
            </div>
            <Badge size="lg" variant="light" data-testid="order-status">
              {ORDER_STATUS_LABELS[order.status]}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Card withBorder>
              <Title order={3} size="h4" mb="sm">
                <Trans>Items</Trans>
              </Title>
              <OrderLineList lines={order.lines} />
              <OrderAmounts order={order} />
              <TaxDocumentList documents={order.taxDocuments} />
            </Card>
            <Stack>
              <Card withBorder>
                <Title order={3} size="h4" mb="xs">
                  <Trans>Delivery</Trans>
                </Title>
                <OrderDeliveryAddress order={order} />
                {order.expectedDelivery && (
                  <Text size="sm" mt="sm" data-testid="expected-delivery">
                    <Trans>Expected {expected}</Trans>
                  </Text>
                )}
                <Stack mt="sm" gap={4}>
                  {order.shipment ? (
                    <ShipmentDetails shipment={order.shipment} />
                  ) : (
                    <Text size="sm" c="dimmed">
                      <Trans>
                        Not shipped yet: the courier and tracking number show here once it is.
                      </Trans>
                    </Text>
                  )}
                </Stack>
              </Card>
              <Card withBorder>
                <Title order={3} size="h4" mb="xs">
                  <Trans>Payment</Trans>
                </Title>
                <PaymentState order={order} />
              </Card>
            </Stack>
          </SimpleGrid>
          <Card withBorder>
            <Title order={3} size="h4" mb="sm">
              <Trans>Progress</Trans>
            </Title>
            <OrderTimeline
              placedAt={order.createdAt}
              history={order.history}
              events={adjustmentSteps(order, order.lines)}
            />
          </Card>
          {(order.returns.length > 0 || order.returnOffer) && (
            <Card withBorder component="section" aria-labelledby="order-returns">
              <Title order={3} size="h4" mb="sm" id="order-returns">
                <Trans>Returns</Trans>
              </Title>
              <Stack>
                {order.returnOffer && <ReturnItems order={order} offer={order.returnOffer} />}
                {order.returns.length > 0 && (
                  <OrderReturns returns={order.returns} lines={order.lines} />
                )}
              </Stack>
            </Card>
          )}
          {order.buyerMayCancel && (
            <CancelOrderButton orderId={order.id} number={order.number} onOrderPage />
          )}
          <Anchor component={Link} to={paths.userOrders}>
            <Trans>Back to your orders</Trans>
          </Anchor>
        </Stack>
      )}
    </Page>
  );
}
