import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { OrderFieldsFragment } from '../gql/graphql';
import { formatDateTime, relativeTime } from '../lib/dates';
import { formatINR } from '../lib/money';
import { ORDER_STATUS_LABELS } from '../lib/order-status';
import { paymentShort } from '../lib/payment-words';
import { excerpt } from '../lib/text';
import { LineSaving } from './OrderAmounts';
import { OrderTimeline } from './OrderTimeline';
import { ProductPhoto, thumbnail } from './ProductPhoto';
import { ShipmentDetails } from './ShipmentDetails';
import { TableHead } from './TableHead';

interface OrderSummaryProps {
  order: OrderFieldsFragment;
  /** The order's own page, which its number then links to. */
  href?: string;
  /** Shown in the Status cell instead of the text, e.g. the admin's status select. */
  status?: ReactNode;
  /** Below the order, e.g. the shopper's cancel button. */
  actions?: ReactNode;
}

/**
 * One order: its table (its number, Status, Buyer, Date, Payment, Quantity), its products and
 * what each saved, its discounts, shipping and total, its shipment and its timeline.
 */
export function OrderSummary({ order, href, status, actions }: OrderSummaryProps) {
  const { t } = useLingui();
  const columns = [t`Order`, t`Status`, t`Buyer`, t`Date`, t`Payment`, t`Quantity`];
  const quantity = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const shipping = formatINR(order.shippingCharge);
  const total = formatINR(order.total);
  return (
    <Card withBorder data-testid="order">
      <Table.ScrollContainer minWidth={520}>
        <Table>
          <TableHead columns={columns} />
          <Table.Tbody>
            <Table.Tr>
              <Table.Td data-testid="order-number">
                {href ? (
                  <Anchor component={Link} to={href} fw={600}>
                    {order.number}
                  </Anchor>
                ) : (
                  <Text span fw={600}>
                    {order.number}
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-testid="order-status">
                {status ?? ORDER_STATUS_LABELS[order.status]}
              </Table.Td>
              <Table.Td>{order.buyer?.name}</Table.Td>
              {/* Never broken mid-word on a phone ("7 minu / tes ago"): the table scrolls instead. */}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={order.createdAt} title={formatDateTime(order.createdAt)}>
                  {relativeTime(order.createdAt)}
                </time>
              </Table.Td>
              <Table.Td data-testid="order-payment">{paymentShort(order.payment)}</Table.Td>
              <Table.Td data-testid="order-quantity">{quantity}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs" mt="sm">
        {order.lines.map((line) => {
          const price = formatINR(line.price);
          const count = line.quantity;
          return (
            <Group key={`${line.name}-${line.price}`} wrap="nowrap" align="flex-start">
              {line.product?.photoUrl && (
                <ProductPhoto
                  product={line.product}
                  alt={line.name}
                  sizes="80px"
                  style={thumbnail(80, 60)}
                />
              )}
              <Stack gap={0}>
                <Text fw={600}>{line.name}</Text>
                {line.product && (
                  <Text size="sm" c="dimmed">
                    {excerpt(line.product.description, 30)}
                  </Text>
                )}
                <Text size="sm">
                  <Trans>
                    Price : {price} × {count}
                  </Trans>
                </Text>
                <LineSaving discount={line.discount} />
              </Stack>
            </Group>
          );
        })}
        {order.discounts.map((discount) => (
          <Text
            key={`${discount.kind}-${discount.name}`}
            ta="right"
            c="green.9"
            data-testid="discount"
          >
            {discount.name} : −{formatINR(discount.amount)}
          </Text>
        ))}
        {order.shippingCharge > 0 && (
          <Text ta="right" data-testid="order-shipping">
            <Trans>Shipping : {shipping}</Trans>
          </Text>
        )}
        <Text fw={700} ta="right">
          <Trans>Total : {total}</Trans>
        </Text>
        {order.shipment && <ShipmentDetails shipment={order.shipment} />}
        <OrderTimeline history={order.history} />
        {actions}
      </Stack>
    </Card>
  );
}
