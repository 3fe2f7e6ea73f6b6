import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LoadStatus } from '../../../components/LoadStatus';
import { LineSaving, OrderAmounts } from '../../../components/OrderAmounts';
import { TaxDocumentList } from '../../../components/TaxDocumentList';
import { OrderReturns } from '../../../components/OrderReturns';
import { Page } from '../../../components/Page';
import type { AdminOrderDetailFieldsFragment } from '../../../gql/graphql';
import { useAdminOrderQuery } from '../../../gql/admin-hooks';
import { formatDateTime } from '../../../lib/dates';
import { formatINR } from '../../../lib/money';
import { errorMessage, isRefusedAs } from '../../../lib/notify';
import { ORDER_STATUS_LABELS } from '../../../lib/order-status';
import { isPlaced, paymentShort, refundedInWords, refundInWords } from '../../../lib/payment-words';
import { cancelledByShop } from '../../../lib/return-words';
import { packingSlipPath, paths } from '../../../lib/routes';
import { ORDERS } from '../messages';
import { CancelItemsDialog } from './CancelItemsDialog';
import { OrderDelivery } from './OrderDelivery';
import { OrderEmails } from './OrderEmails';
import { ORDER_PAGE } from './order-words';
import { ReturnDecision } from './ReturnDecision';

type Order = AdminOrderDetailFieldsFragment;

/**
 * Whether units of the order's lines may be cancelled now, as the server allows it: before
 * it is shipped, and only once paid or placed for cash (it decides again when asked).
 */
const mayCancelItems = (order: Order) =>
  (order.status === 'NOT_PROCESSED' || order.status === 'PROCESSING') && isPlaced(order.payment);

/** The order's lines, the units the shop cancelled, and "Cancel items" while it may. */
function OrderItems({ order }: { order: Order }) {
  const [cancelling, setCancelling] = useState<number | null>(null);
  const cancellable = mayCancelItems(order);
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {order.lines.map((line, at) => (
        <Group
          component="li"
          key={`${line.sku ?? line.name}-${at}`}
          justify="space-between"
          align="flex-start"
          wrap="nowrap"
          data-testid="order-line"
        >
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600}>{line.name}</Text>
            {line.choices.length > 0 && (
              <Text size="sm">
                {line.choices.map((choice) => `${choice.name}: ${choice.value}`).join(', ')}
              </Text>
            )}
            {line.sku && (
              <Text size="xs" c="dimmed">
                SKU {line.sku}
              </Text>
            )}
            <Text size="sm">
              {line.quantity} × {formatINR(line.price)}
            </Text>
            <LineSaving discount={line.discount} />
            {line.cancelled > 0 && (
              <Text size="sm" c="orange.9" data-testid="line-cancelled">
                {cancelledByShop(line.cancelled)}
              </Text>
            )}
          </Stack>
          {cancellable && line.quantity > line.cancelled && (
            <Button
              size="xs"
              variant="light"
              color="red"
              aria-label={ORDER_PAGE.cancelItemsOf(line.name)}
              onClick={() => setCancelling(at)}
            >
              {ORDER_PAGE.cancelItems}
            </Button>
          )}
        </Group>
      ))}
      {cancelling !== null && (
        <CancelItemsDialog
          key={cancelling}
          order={order}
          line={cancelling}
          onClose={() => setCancelling(null)}
        />
      )}
    </Stack>
  );
}

/**
 * What the order comes to (goods, each discount, shipping, total), what is left to collect at
 * the door, and every refund.
 */
function OrderMoney({ order }: { order: Order }) {
  const { payment } = order;
  return (
    <Stack gap={4}>
      <OrderAmounts order={order} label={ORDER_PAGE.total} />
      <TaxDocumentList documents={order.taxDocuments} />
      {payment.state === 'DUE_ON_DELIVERY' && (
        <Group justify="space-between">
          <Text>{ORDER_PAGE.dueOnDelivery}</Text>
          <Text data-testid="amount-due">{formatINR(order.amountDue)}</Text>
        </Group>
      )}
      {order.refundedAmount > 0 && (
        <Text fw={600} data-testid="refunded-amount">
          {refundedInWords(order.refundedAmount)}
        </Text>
      )}
      {payment.refunds.length > 0 && (
        <List size="sm" spacing={4} data-testid="refunds">
          {payment.refunds.map((refund) => (
            <List.Item key={`${refund.at}-${refund.amount}`} data-testid="refund">
              {refundInWords(refund)}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/**
 * One order for the admin (/dashboard/admin/orders/BZ-000123): its buyer, where it goes, its
 * payment and refunds, its lines with "Cancel items" before it is shipped, the items cancelled
 * so far, and its returns to approve, refuse or mark received.
 */
export default function AdminOrderPage() {
  const { number = '' } = useParams();
  const query = useAdminOrderQuery({ variables: { number }, fetchPolicy: 'cache-and-network' });
  const order = query.data?.order;
  const notFound = !order && isRefusedAs(query.error, 'NOT_FOUND', 'BAD_USER_INPUT');

  return (
    <Page title={ORDER_PAGE.title(number)}>
      <Stack>
        <Group justify="space-between">
          <Anchor component={Link} to={paths.adminOrders}>
            {ORDER_PAGE.backToOrders}
          </Anchor>
          {order && (
            <Button
              component={Link}
              to={packingSlipPath(order.number)}
              variant="default"
              size="xs"
              aria-label={ORDERS.packingSlipOf(order.number)}
            >
              {ORDERS.packingSlip}
            </Button>
          )}
        </Group>
        {notFound ? (
          <Text>{ORDER_PAGE.notFound(number)}</Text>
        ) : (
          <LoadStatus of={query} failure={errorMessage(query.error, ORDER_PAGE.failure)} />
        )}
        {order && (
          <>
            <Group justify="space-between" align="flex-start">
              <div>
                <Title order={2}>{ORDER_PAGE.title(order.number)}</Title>
                <Text c="dimmed" size="sm">
                  Placed on{' '}
                  <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
                </Text>
              </div>
              <Badge size="lg" variant="light" data-testid="order-status">
                {ORDER_STATUS_LABELS[order.status]}
              </Badge>
            </Group>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <Card withBorder component="section" aria-labelledby="admin-order-items">
                <Title order={3} size="h4" mb="sm" id="admin-order-items">
                  {ORDER_PAGE.items}
                </Title>
                <OrderItems order={order} />
                {order.lineCancels.length > 0 && (
                  <>
                    <Title order={4} size="h5" mt="md" mb={4}>
                      {ORDER_PAGE.cancelledItems}
                    </Title>
                    <List size="sm" spacing={4} data-testid="line-cancels">
                      {order.lineCancels.map((cancel) => (
                        <List.Item key={`${cancel.at}-${cancel.line}`}>
                          {ORDER_PAGE.cancelled(
                            cancel.quantity,
                            order.lines[cancel.line]?.name ?? '',
                            cancel.byName,
                          )}
                          , {formatDateTime(cancel.at)}: {formatINR(cancel.amount)}
                        </List.Item>
                      ))}
                    </List>
                  </>
                )}
              </Card>
              <Stack>
                <Card withBorder component="section" aria-labelledby="admin-order-buyer">
                  <Title order={3} size="h4" mb="xs" id="admin-order-buyer">
                    {ORDER_PAGE.buyer}
                  </Title>
                  {order.buyer && (
                    <Text size="sm">
                      {order.buyer.name}, {order.buyer.email}, {order.buyer.phone}
                    </Text>
                  )}
                  <Text size="sm" c="dimmed" mt="xs">
                    {ORDERS.deliverTo}
                  </Text>
                  <OrderDelivery order={order} size="sm" />
                </Card>
                <Card withBorder component="section" aria-labelledby="admin-order-payment">
                  <Title order={3} size="h4" mb="xs" id="admin-order-payment">
                    {ORDER_PAGE.payment}
                  </Title>
                  <Text size="sm" mb="xs" data-testid="order-payment">
                    {paymentShort(order.payment)}
                  </Text>
                  <OrderMoney order={order} />
                </Card>
              </Stack>
            </SimpleGrid>
            <Card withBorder component="section" aria-labelledby="admin-order-emails">
              <Title order={3} size="h4" mb="sm" id="admin-order-emails">
                {ORDER_PAGE.emails}
              </Title>
              <OrderEmails number={order.number} />
            </Card>
            {order.returns.length > 0 && (
              <Card withBorder component="section" aria-labelledby="admin-order-returns">
                <Title order={3} size="h4" mb="sm" id="admin-order-returns">
                  {ORDER_PAGE.returns}
                </Title>
                <OrderReturns
                  returns={order.returns}
                  lines={order.lines}
                  actions={(ret) => <ReturnDecision order={order} ret={ret} />}
                />
              </Card>
            )}
          </>
        )}
      </Stack>
    </Page>
  );
}
