import { Select, Stack, Text } from '@mantine/core';
import { ListPage } from '../../../components/ListPage';
import { LoadStatus } from '../../../components/LoadStatus';
import { OrderSummary } from '../../../components/OrderSummary';
import { Pager } from '../../../components/Pager';
import { useAdminOrdersQuery, useSetOrderStatusMutation } from '../../../gql/hooks';
import type { OrderStatus } from '../../../gql/graphql';
import { notifyOutcome } from '../../../lib/notify';
import { ORDER_STATUS_LABELS } from '../../../lib/order-status';
import { usePagedFilter } from '../../../lib/use-paged-filter';

/** Orders per page on the admin's list. */
export const ORDERS_PAGE_SIZE = 10;
/** The filter offers every status; each order's own select only the moves the server allows. */
const STATUS_OPTIONS = Object.entries(ORDER_STATUS_LABELS).map(([value, label]) => ({
  value,
  label,
}));

export default function AdminOrdersPage() {
  const { page, setPage, filter: status, setFilter } = usePagedFilter<OrderStatus | null>(null);
  const query = useAdminOrdersQuery({
    variables: { page, pageSize: ORDERS_PAGE_SIZE, status },
    fetchPolicy: 'cache-and-network',
  });
  // Refetched so an order moved out of the filtered status leaves the list.
  const [setOrderStatus] = useSetOrderStatusMutation({ refetchQueries: ['AdminOrders'] });
  const orders = query.data?.orders;

  const change = (orderId: string, next: OrderStatus) =>
    notifyOutcome(
      () => setOrderStatus({ variables: { orderId, status: next } }),
      `Order status set to ${ORDER_STATUS_LABELS[next]}`,
    );

  return (
    <ListPage
      title="All Orders"
      filter={
        <Select
          aria-label="Filter by status"
          placeholder="Every status"
          clearable
          data={STATUS_OPTIONS}
          value={status}
          onChange={(value) => setFilter(value as OrderStatus | null)}
        />
      }
    >
      <LoadStatus of={query} failure="Orders could not be loaded." />
      {orders && orders.items.length === 0 && <Text>No orders yet.</Text>}
      <Stack>
        {orders?.items.map((order, index) => (
          <OrderSummary
            key={order.id}
            order={order}
            index={(page - 1) * ORDERS_PAGE_SIZE + index}
            status={
              <Select
                aria-label={`Status of order ${(page - 1) * ORDERS_PAGE_SIZE + index + 1}`}
                data={[order.status, ...order.nextStatuses].map((value) => ({
                  value,
                  label: ORDER_STATUS_LABELS[value],
                }))}
                value={order.status}
                disabled={order.nextStatuses.length === 0}
                allowDeselect={false}
                onChange={(value) =>
                  value && value !== order.status && change(order.id, value as OrderStatus)
                }
                size="xs"
                w={160}
              />
            }
          />
        ))}
      </Stack>
      {orders && (
        <Pager total={orders.total} pageSize={ORDERS_PAGE_SIZE} page={page} onChange={setPage} />
      )}
    </ListPage>
  );
}
