import { Alert, Anchor, Button, Container, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { Loading } from '../../../components/Loading';
import { Page } from '../../../components/Page';
import { TableHead } from '../../../components/TableHead';
import { usePackingSlipQuery } from '../../../gql/admin-hooks';
import { formatDateTime } from '../../../lib/dates';
import { errorMessage } from '../../../lib/notify';
import { ORDER_STATUS_LABELS } from '../../../lib/order-status';
import { paths } from '../../../lib/routes';
import { shop } from '../../../lib/shop';
import { ORDERS } from '../messages';
import { OrderDelivery } from './OrderDelivery';
import './packing-slip.css';

const COLUMNS = ['Item', 'SKU', 'Options', 'Quantity'];

/**
 * What goes in the parcel and where it goes, to print and pack by: the order's lines with
 * their SKU and options, the quantities, and the address (the copy made at checkout).
 */
export default function PackingSlipPage() {
  const { number = '' } = useParams();
  const query = usePackingSlipQuery({ variables: { number }, fetchPolicy: 'network-only' });
  const order = query.data?.order;
  // The order's name on paper: its number, as the shopper quotes it.
  const name = order?.number ?? number;
  const units = order?.lines.reduce((sum, line) => sum + line.quantity, 0) ?? 0;

  return (
    <Page title={ORDERS.packingSlipOf(name)}>
      <Container component="main" size="md" py="lg">
        <Group justify="space-between" mb="lg" className="packing-slip-controls">
          <Anchor component={Link} to={paths.adminOrders}>
            {ORDERS.backToOrders}
          </Anchor>
          <Button onClick={() => window.print()} disabled={!order}>
            {ORDERS.print}
          </Button>
        </Group>
        {query.loading && !order && <Loading />}
        {query.error && !order && (
          <Alert color="red">{errorMessage(query.error, ORDERS.slipFailure)}</Alert>
        )}
        {order && (
          <Stack gap="lg" data-testid="packing-slip">
            <div>
              <Title order={1} size="h2">
                {shop.brand}: {ORDERS.packingSlip}
              </Title>
              <Text>
                Order <strong data-testid="slip-order">{name}</strong>, placed{' '}
                {formatDateTime(order.createdAt)} ({ORDER_STATUS_LABELS[order.status]})
              </Text>
            </div>
            <section aria-labelledby="slip-deliver-to">
              <Title order={2} size="h4" id="slip-deliver-to">
                {ORDERS.deliverTo}
              </Title>
              <OrderDelivery order={order} />
            </section>
            <section aria-labelledby="slip-contents">
              <Title order={2} size="h4" id="slip-contents">
                In the parcel ({units} {units === 1 ? 'item' : 'items'})
              </Title>
              <Table withTableBorder withColumnBorders>
                <TableHead columns={COLUMNS} />
                <Table.Tbody>
                  {order.lines.map((line, at) => (
                    <Table.Tr key={`${line.sku ?? line.name}-${at}`}>
                      <Table.Td>{line.name}</Table.Td>
                      <Table.Td>{line.sku ?? '—'}</Table.Td>
                      <Table.Td>
                        {line.choices
                          .map((choice) => `${choice.name}: ${choice.value}`)
                          .join(', ') || '—'}
                      </Table.Td>
                      <Table.Td>{line.quantity}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </section>
          </Stack>
        )}
      </Container>
    </Page>
  );
}
