import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CancelMyOrderDocument, MyOrdersDocument } from '../../gql/graphql';
import { graphQLErrorResult, mockOf, product, SHOPPER } from '../../test/fixtures';
import {
  DECLINED,
  myOrdersMock,
  order,
  OrderFixture,
  orderLine,
  statusChange,
} from '../../test/order-fixtures';
import { renderWithShop } from '../../test/render';
import { renderAsShopper } from '../../test/render-admin';
import OrdersPage from './OrdersPage';

const PATH = '/dashboard/user/orders';

const kettle = product(1, { name: 'Steel Kettle', price: 1250 });
const phone = product(2, { name: 'Galaxy Phone', price: 60000 });
const lamp = product(3, { name: 'Desk Lamp', price: 899.5 });

const paid = order(1, {
  createdAt: '2024-03-05T12:00:00.000Z',
  lines: [orderLine(kettle, 2), orderLine(phone, 1)],
});
const failed = order(2, {
  status: 'SHIPPED',
  createdAt: '2024-03-07T12:00:00.000Z',
  payment: DECLINED,
  lines: [orderLine(lamp, 4)],
});

function main() {
  return within(screen.getByRole('main'));
}

/** The one body row of an order's table, as cell texts. */
function rowOf(card: HTMLElement): string[] {
  const rows = within(card).getAllByRole('row');
  return within(rows[1])
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

describe('Orders page', () => {
  beforeEach(() => {
    // Only the clock: "3 days ago" is measured from here.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2024-03-08T12:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows 'All Orders' and the loading state while the orders are on their way", async () => {
    renderAsShopper(PATH, { mocks: [myOrdersMock([paid], 300)] });
    expect(await main().findByRole('heading', { name: 'All Orders' })).toBeInTheDocument();
    expect(main().getByText('Loading....')).toBeInTheDocument();
    expect(await screen.findByTestId('order')).toBeInTheDocument();
    expect(main().queryByText('Loading....')).toBeNull();
    expect(document.title).toBe('Your orders | Bazaar');
  });

  it('shows an empty state with a way back to the shop', async () => {
    renderAsShopper(PATH, { mocks: [myOrdersMock([])] });
    expect(await main().findByText('You have no orders yet.')).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByTestId('order')).toBeNull();
  });

  it('shows each order as a table: its number, Status, Buyer, Date, Payment, Quantity', async () => {
    renderAsShopper(PATH, { mocks: [myOrdersMock([paid, failed])] });
    const orders = await screen.findAllByTestId('order');
    expect(orders).toHaveLength(2);

    const headers = within(orders[0])
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Order', 'Status', 'Buyer', 'Date', 'Payment', 'Quantity']);

    expect(rowOf(orders[0])).toEqual([
      'BZ-000001',
      'Not Processed',
      'Asha Rao',
      '3 days ago',
      'Card · Paid',
      '3',
    ]);
    expect(rowOf(orders[1])).toEqual([
      'BZ-000002',
      'Shipped',
      'Asha Rao',
      'yesterday',
      'Card · Failed',
      '4',
    ]);
    // Each number opens the order's own page.
    expect(within(orders[1]).getByRole('link', { name: 'BZ-000002' })).toHaveAttribute(
      'href',
      '/dashboard/user/orders/BZ-000002',
    );
  });

  it("shows the order's own date relative, the exact date on hover", async () => {
    renderAsShopper(PATH, { mocks: [myOrdersMock([paid])] });
    const card = await screen.findByTestId('order');
    const date = within(card).getByText('3 days ago');
    expect(date.tagName).toBe('TIME');
    expect(date).toHaveAttribute('datetime', '2024-03-05T12:00:00.000Z');
    // 12:00 UTC is 17:30 in India, the shop's time zone.
    expect(date).toHaveAttribute('title', '5 Mar 2024, 5:30 pm');
  });

  it("lists the order's products with photo, name, description and 'Price :'", async () => {
    renderAsShopper(PATH, { mocks: [myOrdersMock([paid])] });
    const card = within(await screen.findByTestId('order'));
    expect(card.getByText('Steel Kettle')).toBeInTheDocument();
    expect(card.getByRole('img', { name: 'Steel Kettle' })).toHaveAttribute(
      'src',
      '/api/v1/product/product-photo/p1',
    );
    expect(card.getByText('Price : ₹1,250.00 × 2')).toBeInTheDocument();
    expect(card.getByText('Galaxy Phone')).toBeInTheDocument();
    expect(card.getByText('Price : ₹60,000.00 × 1')).toBeInTheDocument();
    expect(card.getAllByText('1 A sturdy everyday product ma...')).toHaveLength(1);
    expect(card.getByText('Total : ₹62,500.00')).toBeInTheDocument();
  });

  it('shows an error when the orders cannot be loaded', async () => {
    const failing = mockOf(MyOrdersDocument, { error: new TypeError('Failed to fetch') });
    renderAsShopper(PATH, { mocks: [failing] });
    expect(
      await main().findByText('Your orders could not be loaded. Please try again.'),
    ).toBeInTheDocument();
  });

  it('does not ask for orders when there is no token', async () => {
    let asked = 0;
    const counting = mockOf(MyOrdersDocument, {
      result: () => {
        asked += 1;
        return { data: { myOrders: [paid] } };
      },
      maxUsageCount: Number.POSITIVE_INFINITY,
    });
    renderWithShop(<OrdersPage />, { path: PATH, mocks: [counting] });
    expect(await main().findByRole('heading', { name: 'All Orders' })).toBeInTheDocument();
    // Give a request (answered after 20-50 ms by the mock link) every chance to arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(asked).toBe(0);
    expect(main().queryByText('Loading....')).toBeNull();
    expect(screen.queryByTestId('order')).toBeNull();
  });

  describe('cancelling', () => {
    const cancelled = {
      ...paid,
      status: 'CANCELLED' as const,
      nextStatuses: [],
      buyerMayCancel: false,
      payment: { ...paid.payment, refunded: true },
      history: [
        statusChange('NOT_PROCESSED', 'CANCELLED', SHOPPER.name, '2024-03-08T11:00:00.000Z'),
      ],
    };
    type CancelAnswer =
      ReturnType<typeof graphQLErrorResult> | { data: { cancelMyOrder: OrderFixture } };
    const cancelMock = (calls: string[], answer: CancelAnswer) =>
      mockOf(CancelMyOrderDocument, {
        variables: { orderId: paid.id },
        result: ({ orderId }) => {
          calls.push(orderId);
          return answer;
        },
      });

    it('offers a cancel button only on orders the shopper may still cancel', async () => {
      renderAsShopper(PATH, { mocks: [myOrdersMock([paid, failed])] });
      const cards = await screen.findAllByTestId('order');
      expect(
        within(cards[0]).getByRole('button', { name: 'Cancel order BZ-000001' }),
      ).toBeInTheDocument();
      expect(within(cards[1]).queryByRole('button', { name: /Cancel/ })).toBeNull();
    });

    it('asks first, then cancels: the order shows Cancelled, Refunded and the change in its timeline', async () => {
      const calls: string[] = [];
      const { user } = renderAsShopper(PATH, {
        mocks: [myOrdersMock([paid]), cancelMock(calls, { data: { cancelMyOrder: cancelled } })],
      });
      await user.click(await main().findByRole('button', { name: 'Cancel order BZ-000001' }));
      const dialog = await screen.findByRole('dialog', { name: 'Cancel order BZ-000001?' });
      await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(calls).toEqual([]);

      await user.click(main().getByRole('button', { name: 'Cancel order BZ-000001' }));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel it' }),
      );
      expect(
        await screen.findByText('Order BZ-000001 cancelled; the payment will be refunded'),
      ).toBeInTheDocument();
      expect(calls).toEqual([paid.id]);
      const card = screen.getByTestId('order');
      await waitFor(() =>
        expect(within(card).getByTestId('order-status')).toHaveTextContent('Cancelled'),
      );
      expect(within(card).getByTestId('order-payment')).toHaveTextContent('Card · Refunded');
      expect(within(card).getByTestId('order-timeline')).toHaveTextContent(
        `Not Processed → Cancelled`,
      );
      expect(within(card).getByTestId('order-timeline')).toHaveTextContent(`by ${SHOPPER.name}`);
      expect(within(card).queryByRole('button', { name: /Cancel/ })).toBeNull();
    });

    it("shows the server's refusal when the shop has started on the order meanwhile", async () => {
      const message =
        'Cannot move an order from Processing to Cancelled: no moves are allowed from Processing';
      const calls: string[] = [];
      const { user } = renderAsShopper(PATH, {
        mocks: [myOrdersMock([paid]), cancelMock(calls, graphQLErrorResult(message))],
      });
      await user.click(await main().findByRole('button', { name: 'Cancel order BZ-000001' }));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel it' }),
      );
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(calls).toEqual([paid.id]);
    });
  });
});
