import { Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DownloadButton } from '../../../components/DownloadButton';
import { ListPage } from '../../../components/ListPage';
import { LoadStatus } from '../../../components/LoadStatus';
import { OrderSummary } from '../../../components/OrderSummary';
import { Pager } from '../../../components/Pager';
import { useAdminOrdersQuery, useSetOrderStatusMutation } from '../../../gql/admin-hooks';
import type { OrderFieldsFragment, OrderStatus } from '../../../gql/graphql';
import { errorMessage, notifyOutcome } from '../../../lib/notify';
import { ORDER_STATUS_LABELS } from '../../../lib/order-status';
import { hasReturnRequested } from '../../../lib/return-words';
import { adminOrderPath, packingSlipPath } from '../../../lib/routes';
import { ORDERS } from '../messages';
import { OrderFilters, orderListParams, orderListViewOf, ordersCsvUrl } from '../list-views';
import { CouriersSettings } from './CouriersSettings';
import { ShipOrderDialog } from './ShipOrderDialog';
import { OrderDelivery } from './OrderDelivery';
import { ORDER_PAGE } from './order-words';

/** Orders per page on the admin's list. */
export const ORDERS_PAGE_SIZE = 10;
/** Typing in the buyer search asks the server once typing pauses this long. */
export const BUYER_SEARCH_DELAY_MS = 300;
/** The filter offers every status; each order's own select only the moves the server allows. */
const STATUS_OPTIONS = Object.entries(ORDER_STATUS_LABELS).map(([value, label]) => ({
  value,
  label,
}));

/**
 * A cash-on-delivery order's moves, as its select names them: here rather than in the admin's
 * messages, which the first download carries.
 */
export const CASH_MOVES = {
  delivered: 'Delivered, cash collected',
  returned: 'Returned to origin (cancelled)',
} as const;

/**
 * What a move of `order` to `status` is called in its select: for cash on delivery,
 * delivering is collecting the cash, and cancelling a shipped parcel is its return to origin.
 */
export function moveLabel(order: OrderFieldsFragment, status: OrderStatus): string {
  if (order.payment.method === 'CASH_ON_DELIVERY' && status !== order.status) {
    if (status === 'DELIVERED') return CASH_MOVES.delivered;
    if (status === 'CANCELLED' && order.status === 'SHIPPED') return CASH_MOVES.returned;
  }
  return ORDER_STATUS_LABELS[status];
}

/**
 * The orders the URL's filters show, and the ways to change them: a new filter starts
 * again from page 1; typing a buyer replaces the history entry instead of adding one a pause.
 */
function useOrderListView() {
  const [params, setParams] = useSearchParams();
  const view = orderListViewOf(params);
  const filters: OrderFilters = {
    status: view.status,
    from: view.from,
    to: view.to,
    buyer: view.buyer,
    number: view.number,
  };
  return {
    view,
    filters,
    filter: (changes: Partial<OrderFilters>, replace = false) =>
      setParams(orderListParams({ ...filters, ...changes }), { replace }),
    showPage: (page: number) => setParams(orderListParams({ ...filters, page })),
  };
}

export default function AdminOrdersPage() {
  const { view, filters, filter, showPage } = useOrderListView();
  const { page } = view;
  const [typed, setTyped] = useState(view.buyer);
  const [buyerShown, setBuyerShown] = useState(view.buyer);
  /** The buyer this box last put in the URL. */
  const [buyerSearched, setBuyerSearched] = useState(view.buyer);
  // A buyer the URL brings from elsewhere (back, a link) replaces what was typed. Not the one
  // this box put there after a pause: on a slow device more letters may be typed by the time
  // it arrives, and they stay.
  if (view.buyer !== buyerShown) {
    setBuyerShown(view.buyer);
    if (view.buyer !== buyerSearched && typed.trim() !== view.buyer) setTyped(view.buyer);
  }
  const searchBuyer = useDebouncedCallback((buyer: string) => {
    setBuyerSearched(buyer);
    filter({ buyer }, true);
  }, BUYER_SEARCH_DELAY_MS);

  const query = useAdminOrdersQuery({
    variables: {
      page,
      pageSize: ORDERS_PAGE_SIZE,
      status: filters.status,
      from: filters.from || null,
      to: filters.to || null,
      buyer: filters.buyer || null,
      number: filters.number || null,
    },
    fetchPolicy: 'cache-and-network',
  });
  // Refetched so an order moved out of the filtered status leaves the list.
  const [setOrderStatus] = useSetOrderStatusMutation({ refetchQueries: ['AdminOrders'] });
  const orders = query.data?.orders;
  const filtered = orderListParams(filters).size > 0;

  /** The order whose courier and AWB are being asked: to ship it, or to correct them. */
  const [shipping, setShipping] = useState<{
    order: OrderFieldsFragment;
    mode: 'ship' | 'correct';
  } | null>(null);

  const change = (order: OrderFieldsFragment, next: OrderStatus) => {
    // Shipping takes its courier and AWB: the dialog asks for them, then moves it.
    if (next === 'SHIPPED') return setShipping({ order, mode: 'ship' });
    return notifyOutcome(
      () => setOrderStatus({ variables: { orderId: order.id, status: next } }),
      ORDERS.statusSet(order.number, moveLabel(order, next)),
    );
  };
  const trackingAction = (order: OrderFieldsFragment) =>
    order.shipment ? ORDERS.changeTracking : ORDERS.addTracking;
  const shipped = (order: OrderFieldsFragment) =>
    order.status === 'SHIPPED' || order.status === 'DELIVERED';

  return (
    <ListPage
      title="All Orders"
      filter={
        <DownloadButton
          // The buyer as typed now, not as the list last asked for it a pause ago: a box just
          // cleared exports every buyer's orders.
          url={ordersCsvUrl({ ...filters, buyer: typed.trim() })}
          fileName="orders.csv"
          failure={ORDERS.exportFailure}
        >
          {ORDERS.exportCsv}
        </DownloadButton>
      }
    >
      <Group mb="md" align="flex-end" data-testid="order-filters">
        <Select
          label="Status"
          placeholder="Every status"
          clearable
          data={STATUS_OPTIONS}
          value={filters.status}
          onChange={(value) => filter({ status: value as OrderStatus | null })}
          w={170}
        />
        <TextInput
          type="date"
          label="From"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => filter({ from: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="To"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => filter({ to: event.currentTarget.value })}
        />
        <TextInput
          type="search"
          label="Buyer"
          placeholder="Name or e-mail"
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            searchBuyer(event.currentTarget.value);
          }}
          flex={1}
          miw={180}
        />
        <TextInput
          // Remade when the URL's number changes (back, a link), so it shows what the list does.
          key={filters.number}
          type="search"
          label={ORDERS.numberSearch}
          placeholder="BZ-000123"
          defaultValue={filters.number}
          onBlur={(event) => filter({ number: event.currentTarget.value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter') filter({ number: event.currentTarget.value });
          }}
          w={150}
        />
      </Group>
      <LoadStatus of={query} failure={errorMessage(query.error, ORDERS.failure)} />
      {orders && orders.items.length === 0 && (
        <Text>{filtered ? ORDERS.noneMatch : ORDERS.none}</Text>
      )}
      <Stack>
        {orders?.items.map((order) => (
          <OrderSummary
            key={order.id}
            order={order}
            href={adminOrderPath(order.number)}
            status={
              <Select
                aria-label={ORDERS.statusOf(order.number)}
                data={[order.status, ...order.nextStatuses].map((value) => ({
                  value,
                  label: moveLabel(order, value),
                }))}
                value={order.status}
                disabled={order.nextStatuses.length === 0}
                allowDeselect={false}
                onChange={(value) =>
                  value && value !== order.status && change(order, value as OrderStatus)
                }
                size="xs"
                w={200}
              />
            }
            actions={
              <Group justify="space-between" align="flex-end" data-testid="order-delivery">
                <div>
                  <Text size="sm" c="dimmed">
                    {ORDERS.deliverTo}
                  </Text>
                  <OrderDelivery order={order} size="sm" />
                </div>
                <Group gap="xs">
                  {hasReturnRequested(order) && (
                    <Badge color="yellow" variant="light" data-testid="return-requested">
                      {ORDER_PAGE.returnRequested}
                    </Badge>
                  )}
                  {shipped(order) && (
                    <Button
                      variant="light"
                      size="xs"
                      aria-label={ORDERS.trackingOf(trackingAction(order), order.number)}
                      onClick={() => setShipping({ order, mode: 'correct' })}
                    >
                      {trackingAction(order)}
                    </Button>
                  )}
                  <Button
                    component={Link}
                    to={packingSlipPath(order.number)}
                    variant="default"
                    size="xs"
                    aria-label={ORDERS.packingSlipOf(order.number)}
                  >
                    {ORDERS.packingSlip}
                  </Button>
                </Group>
              </Group>
            }
          />
        ))}
      </Stack>
      {orders && (
        <Pager total={orders.total} pageSize={ORDERS_PAGE_SIZE} page={page} onChange={showPage} />
      )}
      {shipping && (
        <ShipOrderDialog
          key={shipping.order.id}
          order={shipping.order}
          mode={shipping.mode}
          onClose={() => setShipping(null)}
        />
      )}
      <CouriersSettings />
    </ListPage>
  );
}
