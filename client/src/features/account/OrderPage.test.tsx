import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CancelMyOrderDocument, OrderByNumberDocument } from '../../gql/graphql';
import { mockOf, product, SHOPPER } from '../../test/fixtures';
import {
  DECLINED,
  myOrdersMock,
  orderByNumberMock,
  orderDetail,
  orderDiscount,
  orderLine,
  PAY_BY,
  payment,
  shipment,
  statusChange,
} from '../../test/order-fixtures';
import { renderAsShopper } from '../../test/render-admin';
import { ARRIVED, ON_ITS_WAY_MS, PAGE_LOADING } from '../../test/timing';

const kurta = product(1, { name: 'Cotton Kurta', price: 1250 });
const lamp = product(2, { name: 'Brass Lamp', price: 899.5 });
const PATH = '/dashboard/user/orders/BZ-000007';

const placed = orderDetail(
  7,
  {
    createdAt: '2024-03-05T12:00:00.000Z',
    lines: [orderLine(kurta, 2), orderLine(lamp, 1)],
  },
  [
    [
      { name: 'Size', value: 'M' },
      { name: 'Colour', value: 'Indigo' },
    ],
  ],
);
const shipped = orderDetail(7, {
  ...placed,
  status: 'SHIPPED',
  nextStatuses: ['DELIVERED'],
  buyerMayCancel: false,
  shipment: shipment({ courier: 'Blue Dart', trackingNumber: 'BD1234567', trackingUrl: null }),
  history: [
    statusChange('NOT_PROCESSED', 'PROCESSING', 'Shop Admin', '2024-03-06T04:30:00.000Z'),
    statusChange('PROCESSING', 'SHIPPED', 'Shop Admin', '2024-03-07T06:30:00.000Z'),
  ],
});

function main() {
  return within(screen.getByRole('main'));
}

describe("An order's own page", () => {
  it('shows the loading state, then the order by its number with what was bought', async () => {
    renderAsShopper(PATH, { mocks: [orderByNumberMock('BZ-000007', placed, ON_ITS_WAY_MS)] });
    expect(await main().findByText('Loading....', {}, PAGE_LOADING)).toBeInTheDocument();
    expect(
      await main().findByRole('heading', { name: 'Order BZ-000007' }, ARRIVED),
    ).toBeInTheDocument();
    expect(document.title).toBe('Order BZ-000007 | Bazaar');
    expect(main().getByTestId('order-status')).toHaveTextContent('Not Processed');
    expect(main().getByText(/Placed on/)).toHaveTextContent('5 Mar 2024, 5:30 pm');

    const lines = main().getAllByTestId('order-line');
    expect(lines).toHaveLength(2);
    const first = within(lines[0]);
    expect(first.getByText('Cotton Kurta')).toBeInTheDocument();
    expect(first.getByText('Size: M, Colour: Indigo')).toBeInTheDocument();
    expect(first.getByText('SKU SKU-7-1')).toBeInTheDocument();
    expect(first.getByText('2 × ₹1,250.00')).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'Cotton Kurta' })).toBeInTheDocument();
    // A product sold one way has no options to name.
    expect(within(lines[1]).queryByText(/:/)).toBeNull();
    expect(within(lines[1]).getByText('1 × ₹899.50')).toBeInTheDocument();
    // The server's total, as it answered it.
    expect(main().getByTestId('order-total')).toHaveTextContent('₹3,399.50');
  });

  it('shows where it goes, how it was paid, and that it has not shipped yet', async () => {
    renderAsShopper(PATH, { mocks: [orderByNumberMock('BZ-000007', placed)] });
    expect(await main().findByTestId('delivery-address')).toHaveTextContent(SHOPPER.address);
    expect(main().getByTestId('payment-state')).toHaveTextContent('Paid by card');
    expect(main().getByText(/Not shipped yet/)).toBeInTheDocument();
    expect(main().queryByTestId('order-shipment')).toBeNull();
    const timeline = main().getByTestId('order-timeline');
    expect(timeline).toHaveTextContent('Order placed');
    expect(timeline).toHaveTextContent('5 Mar 2024, 5:30 pm');
  });

  it('shows the courier, the AWB and the tracking link once shipped, and each step so far', async () => {
    const tracked = { ...shipped, shipment: shipment({ trackingNumber: 'DL42424242' }) };
    renderAsShopper(PATH, { mocks: [orderByNumberMock('BZ-000007', tracked)] });
    const shown = within(await main().findByTestId('order-shipment'));
    expect(shown.getByText('Delhivery')).toBeInTheDocument();
    expect(shown.getByTestId('tracking-number')).toHaveTextContent('DL42424242');
    expect(shown.getByRole('link', { name: /Track with Delhivery/ })).toHaveAttribute(
      'href',
      'https://www.delhivery.com/track/package/DL42424242',
    );
    const timeline = main().getByTestId('order-timeline');
    expect(timeline).toHaveTextContent('Order placed');
    expect(timeline).toHaveTextContent('Not Processed → Processing');
    expect(timeline).toHaveTextContent('Processing → Shipped');
    expect(main().queryByRole('button', { name: /Cancel order/ })).toBeNull();
  });

  it('gives the AWB without a link for a courier the shop no longer lists', async () => {
    renderAsShopper(PATH, { mocks: [orderByNumberMock('BZ-000007', shipped)] });
    expect(await main().findByTestId('tracking-number')).toHaveTextContent('BD1234567');
    expect(within(main().getByTestId('order-shipment')).queryByRole('link')).toBeNull();
  });

  it('says why a declined payment failed, and offers to pay it now', async () => {
    const declined = orderDetail(7, { ...placed, payment: DECLINED, buyerMayCancel: false });
    renderAsShopper(PATH, { mocks: [orderByNumberMock('BZ-000007', declined)] });
    expect(await main().findByTestId('payment-state')).toHaveTextContent(
      'Payment failed: Card declined',
    );
    expect(main().getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', '/pay/BZ-000007');
  });

  it('says how each order is paid, in words, and offers Pay now only while it may be paid', async () => {
    const cases: [Parameters<typeof payment>[0], string, boolean][] = [
      [{}, 'Paid by card', false],
      [{ method: 'UPI' }, 'Paid by UPI', false],
      [
        { method: 'CASH_ON_DELIVERY', state: 'DUE_ON_DELIVERY', success: false },
        'Cash on delivery: pay ₹1,548.00 when it arrives',
        false,
      ],
      [{ method: 'UPI', state: 'PENDING', expiresAt: PAY_BY }, 'Waiting for payment', true],
      [{ method: 'UPI', state: 'EXPIRED' }, 'Expired', false],
      // Its time is up: the server has not said so yet, the page does not offer to pay.
      [{ state: 'FAILED', expiresAt: '2020-01-01T00:00:00.000Z' }, 'Payment failed', false],
    ];
    for (const [changes, words, payable] of cases) {
      const shown = orderDetail(7, { ...placed, total: 1548, payment: payment(changes) });
      const { unmount } = renderAsShopper(PATH, { mocks: [orderByNumberMock('BZ-000007', shown)] });
      expect(await main().findByTestId('payment-state')).toHaveTextContent(words);
      expect(main().queryByRole('link', { name: 'Pay now' }) !== null).toBe(payable);
      unmount();
      localStorage.clear();
    }
  });

  it('cancels it, asking first, while the shop has not started on it', async () => {
    const calls: string[] = [];
    const cancelled = {
      ...placed,
      status: 'CANCELLED' as const,
      nextStatuses: [],
      buyerMayCancel: false,
      payment: {
        ...placed.payment,
        refunded: true,
        refunds: [
          {
            __typename: 'OrderRefund' as const,
            amount: 1250,
            state: 'pending',
            at: '2024-03-05T13:00:00Z',
            reference: null,
          },
        ],
      },
      history: [statusChange('NOT_PROCESSED', 'CANCELLED', SHOPPER.name, '2024-03-05T13:00:00Z')],
    };
    // The server's order as it is: the page reads it again once the cancel's answer (the
    // list's fields, without each line's options) leaves its own incomplete in the cache.
    const server = { order: placed };
    const cancel = mockOf(CancelMyOrderDocument, {
      variables: { orderId: placed.id },
      result: ({ orderId }) => {
        calls.push(orderId);
        server.order = cancelled;
        return { data: { cancelMyOrder: cancelled } };
      },
    });
    const byNumber = mockOf(OrderByNumberDocument, {
      variables: { number: 'BZ-000007' },
      result: () => ({ data: { order: server.order } }),
      maxUsageCount: Number.POSITIVE_INFINITY,
    });
    const { user } = renderAsShopper(PATH, { mocks: [byNumber, cancel] });
    await user.click(await main().findByRole('button', { name: 'Cancel order BZ-000007' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel order BZ-000007?' }));
    await user.click(dialog.getByRole('button', { name: 'Yes, cancel it' }));
    expect(
      await screen.findByText('Order BZ-000007 cancelled; the payment will be refunded'),
    ).toBeInTheDocument();
    expect(calls).toEqual([placed.id]);
    await waitFor(() => expect(main().getByTestId('order-status')).toHaveTextContent('Cancelled'));
    expect(main().getByTestId('payment-state')).toHaveTextContent('Paid by card');
    expect(main().getByTestId('refund')).toHaveTextContent('Refund of ₹1,250.00: processing');
    expect(main().queryByRole('button', { name: /Cancel order/ })).toBeNull();
  });

  it("says an order is not found when the number names none of the shopper's orders", async () => {
    const refused = { code: 'NOT_FOUND' as const, message: 'Order not found' };
    renderAsShopper('/dashboard/user/orders/BZ-000099', {
      mocks: [orderByNumberMock('BZ-000099', refused)],
    });
    expect(await main().findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(main().getByText(/None of your orders has the number BZ-000099/)).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Your orders' })).toHaveAttribute(
      'href',
      '/dashboard/user/orders',
    );
  });

  it('says so too for what is not an order number at all', async () => {
    const refused = { code: 'BAD_USER_INPUT' as const, message: 'number: an order number' };
    renderAsShopper('/dashboard/user/orders/yesterday', {
      mocks: [orderByNumberMock('yesterday', refused)],
    });
    expect(await main().findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
  });

  it('says the order could not be loaded when the server cannot be reached', async () => {
    const failing = mockOf(OrderByNumberDocument, {
      variables: { number: 'BZ-000007' },
      error: new TypeError('Failed to fetch'),
    });
    renderAsShopper(PATH, { mocks: [failing] });
    expect(
      await main().findByText('This order could not be loaded. Please try again.'),
    ).toBeInTheDocument();
    expect(main().queryByRole('heading', { name: 'Order not found' })).toBeNull();
  });

  it('opens from the order list, by the number', async () => {
    const { user, pathname } = renderAsShopper('/dashboard/user/orders', {
      mocks: [myOrdersMock([placed]), orderByNumberMock('BZ-000007', placed)],
    });
    await user.click(await main().findByRole('link', { name: 'BZ-000007' }));
    expect(await main().findByRole('heading', { name: 'Order BZ-000007' })).toBeInTheDocument();
    expect(pathname()).toBe(PATH);
    await user.click(main().getByRole('link', { name: 'Back to your orders' }));
    expect(await main().findByRole('heading', { name: 'All Orders' })).toBeInTheDocument();
  });

  it('shows the goods, each discount applied, the saving of each line that has one and the total', async () => {
    const discounted = orderDetail(7, {
      lines: [orderLine(kurta, 2, 100), orderLine(lamp, 1)],
      shippingCharge: 49,
      coupon: 'FIRST100',
      discounts: [orderDiscount('coupon', 'FIRST100', 100)],
    });
    renderAsShopper(PATH, { mocks: [orderByNumberMock('BZ-000007', discounted)] });
    expect(await main().findByTestId('order-goods')).toHaveTextContent('₹3,399.50');
    expect(main().getByTestId('discount')).toHaveTextContent('FIRST100−₹100.00');
    const lines = main().getAllByTestId('order-line');
    expect(within(lines[0]).getByTestId('line-saving')).toHaveTextContent('You save ₹100.00');
    expect(within(lines[1]).queryByTestId('line-saving')).toBeNull();
    expect(main().getByTestId('order-shipping')).toHaveTextContent('₹49.00');
    expect(main().getByTestId('order-total')).toHaveTextContent('₹3,348.50');
  });
});
