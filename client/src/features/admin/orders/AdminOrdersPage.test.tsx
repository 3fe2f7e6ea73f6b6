import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SetOrderStatusDocument } from '../../../gql/graphql';
import type { AdminOrdersQueryVariables, OrderStatus } from '../../../gql/graphql';
import { graphQLErrorResult, mockOf, product } from '../../../test/fixtures';
import {
  adminOrdersMock,
  order,
  OrderFixture,
  orderLine,
  DECLINED,
  NEXT_STATUSES,
  statusChange,
} from '../../../test/order-fixtures';
import { renderAsAdmin } from '../../../test/render-admin';
import { ORDERS_PAGE_SIZE } from './AdminOrdersPage';

const PATH = '/dashboard/admin/orders';

const asha = order(1, { lines: [orderLine(product(1, { name: 'Steel Kettle' }), 2)] });
const ravi = order(2, {
  status: 'DELIVERED',
  buyer: { __typename: 'User', id: 'u2', name: 'Ravi Kumar' },
  payment: DECLINED,
  lines: [orderLine(product(2, { name: 'Galaxy Phone' }), 1)],
});
const ORDERS = [asha, ravi];

/** The orders of the given status (all when none), a page at a time. */
function answer(all: OrderFixture[]) {
  return ({ page, pageSize, status }: AdminOrdersQueryVariables) => {
    const matching = status ? all.filter((o) => o.status === status) : all;
    return {
      items: matching.slice((page - 1) * pageSize, page * pageSize),
      total: matching.length,
    };
  };
}

/** SetOrderStatus, changing the order on `server` as the real one would. */
function setStatusMock(
  orderId: string,
  status: OrderStatus,
  calls: unknown[],
  server: { orders: OrderFixture[] },
) {
  return mockOf(SetOrderStatusDocument, {
    variables: { orderId, status },
    result: () => {
      calls.push({ orderId, status });
      const before = server.orders.find((o) => o.id === orderId)!;
      const after = {
        ...before,
        status,
        nextStatuses: NEXT_STATUSES[status],
        buyerMayCancel: false,
        history: [
          ...before.history,
          statusChange(before.status, status, 'Shop Admin', '2024-03-06T09:30:00.000Z'),
        ],
      };
      server.orders = server.orders.map((o) => (o.id === orderId ? after : o));
      return { data: { setOrderStatus: after } };
    },
  });
}

function main() {
  return within(screen.getByRole('main'));
}

function select(label: string): HTMLElement {
  return main()
    .getAllByLabelText(label)
    .filter((element) => element.matches('input'))[0];
}

type User = ReturnType<typeof renderAsAdmin>['user'];

async function choose(user: User, label: string, option: string) {
  await user.click(select(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('All Orders (admin)', () => {
  it('shows every order with a status select, buyer, payment and quantity', async () => {
    renderAsAdmin(PATH, { mocks: [adminOrdersMock(answer(ORDERS))] });
    expect(await main().findByRole('heading', { name: 'All Orders' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('order');
    expect(cards).toHaveLength(2);

    expect(select('Status of order 1')).toHaveValue('Not Processed');
    expect(select('Status of order 2')).toHaveValue('Delivered');
    const first = within(cards[0]);
    expect(first.getByText('Asha Rao')).toBeInTheDocument();
    expect(first.getByTestId('order-payment')).toHaveTextContent('Success');
    expect(first.getByTestId('order-quantity')).toHaveTextContent('2');
    expect(first.getByText('Steel Kettle')).toBeInTheDocument();
    const second = within(cards[1]);
    expect(second.getByText('Ravi Kumar')).toBeInTheDocument();
    expect(second.getByTestId('order-payment')).toHaveTextContent('Failed');
  });

  it('offers in each status select only the moves the server allows', async () => {
    const shipped = order(3, { status: 'SHIPPED' });
    const { user } = renderAsAdmin(PATH, {
      mocks: [adminOrdersMock(answer([...ORDERS, shipped]))],
    });
    await screen.findAllByTestId('order');
    await user.click(select('Status of order 1'));
    let options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Not Processed',
      'Processing',
      'Cancelled',
    ]);
    await user.keyboard('{Escape}');
    await user.click(select('Status of order 3'));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Shipped',
        'Delivered',
      ]),
    );
    options = screen.getAllByRole('option');
    expect(options).toHaveLength(2);
    // A declined order, or a delivered one, cannot move at all.
    expect(select('Status of order 2')).toBeDisabled();
  });

  it("saves a new status at once, says 'Order status set to Processing' and shows it in the timeline", async () => {
    const calls: unknown[] = [];
    const server = { orders: [...ORDERS] };
    const { user } = renderAsAdmin(PATH, {
      mocks: [
        adminOrdersMock((variables) => answer(server.orders)(variables)),
        setStatusMock('o1', 'PROCESSING', calls, server),
      ],
    });
    await screen.findAllByTestId('order');
    await choose(user, 'Status of order 1', 'Processing');

    expect(await screen.findByText('Order status set to Processing')).toBeInTheDocument();
    expect(calls).toEqual([{ orderId: 'o1', status: 'PROCESSING' }]);
    await waitFor(() => expect(select('Status of order 1')).toHaveValue('Processing'));
    const timeline = within(screen.getAllByTestId('order')[0]).getByTestId('order-timeline');
    expect(timeline).toHaveTextContent('Not Processed → Processing');
    expect(timeline).toHaveTextContent('by Shop Admin');
    expect(select('Status of order 2')).toHaveValue('Delivered');
  });

  it("shows the server's refusal of a status change", async () => {
    const message =
      'Cannot move an order from Shipped to Cancelled: allowed from Shipped: Delivered';
    const refused = mockOf(SetOrderStatusDocument, {
      variables: { orderId: 'o1', status: 'CANCELLED' },
      result: graphQLErrorResult(message),
    });
    const { user } = renderAsAdmin(PATH, { mocks: [adminOrdersMock(answer(ORDERS)), refused] });
    await screen.findAllByTestId('order');
    await choose(user, 'Status of order 1', 'Cancelled');

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Order status set to Cancelled')).toBeNull();
    expect(select('Status of order 1')).toHaveValue('Not Processed');
  });

  it('filters by status', async () => {
    const calls: AdminOrdersQueryVariables[] = [];
    const { user } = renderAsAdmin(PATH, { mocks: [adminOrdersMock(answer(ORDERS), calls)] });
    await screen.findAllByTestId('order');
    expect(calls[0]).toEqual({ page: 1, pageSize: ORDERS_PAGE_SIZE, status: null });

    await choose(user, 'Filter by status', 'Delivered');
    await waitFor(() => expect(screen.getAllByTestId('order')).toHaveLength(1));
    expect(main().getByText('Ravi Kumar')).toBeInTheDocument();
    expect(main().queryByText('Asha Rao')).toBeNull();
    expect(calls.at(-1)).toEqual({ page: 1, pageSize: ORDERS_PAGE_SIZE, status: 'DELIVERED' });
  });

  it("says 'No orders yet.' when there are none of that status", async () => {
    const { user } = renderAsAdmin(PATH, { mocks: [adminOrdersMock(answer(ORDERS))] });
    await screen.findAllByTestId('order');
    await choose(user, 'Filter by status', 'Processing');
    expect(await main().findByText('No orders yet.')).toBeInTheDocument();
  });

  it('pages through many orders, numbering on from the page before', async () => {
    const firstOfPage3 = 2 * ORDERS_PAGE_SIZE + 1;
    const many = Array.from({ length: 2 * ORDERS_PAGE_SIZE + 5 }, (_, i) =>
      order(i + 1, {
        buyer: { __typename: 'User', id: `u${i + 1}`, name: `Buyer ${i + 1}` },
      }),
    );
    const calls: AdminOrdersQueryVariables[] = [];
    const { user } = renderAsAdmin(PATH, { mocks: [adminOrdersMock(answer(many), calls)] });
    expect(await screen.findAllByTestId('order')).toHaveLength(ORDERS_PAGE_SIZE);

    await user.click(main().getByRole('button', { name: '3' }));
    await main().findByText(`Buyer ${firstOfPage3}`);
    expect(screen.getAllByTestId('order')).toHaveLength(5);
    const firstRow = within(screen.getAllByTestId('order')[0]).getAllByRole('row')[1];
    expect(within(firstRow).getAllByRole('cell')[0]).toHaveTextContent(String(firstOfPage3));
    expect(select(`Status of order ${firstOfPage3}`)).toHaveValue('Not Processed');
    expect(calls.at(-1)).toEqual({ page: 3, pageSize: ORDERS_PAGE_SIZE, status: null });
  });

  it('shows no pagination for one page of orders', async () => {
    renderAsAdmin(PATH, { mocks: [adminOrdersMock(answer(ORDERS))] });
    await screen.findAllByTestId('order');
    expect(main().queryByRole('button', { name: '2' })).toBeNull();
  });
});
