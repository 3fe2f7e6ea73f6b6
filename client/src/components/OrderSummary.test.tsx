import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderStatus } from '../gql/graphql';
import { product } from '../test/fixtures';
import {
  order,
  OrderFixture,
  orderDiscount,
  orderLine,
  DECLINED,
  payment,
  shipment,
} from '../test/order-fixtures';
import { relativeTime } from '../lib/dates';
import { ShopFrame } from '../test/render';
import { OrderSummary } from './OrderSummary';

const NOW = new Date('2024-03-08T12:00:00.000Z');

function show(o: OrderFixture, status?: ReactNode, href?: string) {
  return render(
    <MemoryRouter>
      <OrderSummary order={o} status={status} href={href} />
    </MemoryRouter>,
    { wrapper: ShopFrame },
  );
}

describe('OrderSummary', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('names the order by its number, not its place in a list, and sums the quantity of every line', () => {
    const o = order(7, {
      lines: [orderLine(product(1), 2), orderLine(product(2), 5), orderLine(product(3), 1)],
    });
    show(o);
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Order', 'Status', 'Buyer', 'Date', 'Payment', 'Quantity']);
    const cells = within(screen.getAllByRole('row')[1]).getAllByRole('cell');
    expect(cells[0].textContent).toBe('BZ-000007');
    expect(within(cells[0]).queryByRole('link')).toBeNull();
    expect(screen.getByTestId('order-quantity')).toHaveTextContent('8');
  });

  it("links the number to the order's own page when given one", () => {
    show(order(12), undefined, '/dashboard/user/orders/BZ-000012');
    expect(screen.getByRole('link', { name: 'BZ-000012' })).toHaveAttribute(
      'href',
      '/dashboard/user/orders/BZ-000012',
    );
  });

  it('shows the courier, the AWB and the tracking link of a shipped order', () => {
    show(order(3, { status: 'SHIPPED', shipment: shipment({ trackingNumber: 'DL998877' }) }));
    const shown = within(screen.getByTestId('order-shipment'));
    expect(shown.getByText('Delhivery')).toBeInTheDocument();
    expect(shown.getByTestId('tracking-number')).toHaveTextContent('DL998877');
    const link = shown.getByRole('link', { name: /Track with Delhivery/ });
    expect(link).toHaveAttribute('href', 'https://www.delhivery.com/track/package/DL998877');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows no shipment before the order ships, and no link for a courier no longer listed', () => {
    const { unmount } = show(order(4));
    expect(screen.queryByTestId('order-shipment')).toBeNull();
    unmount();
    show(order(5, { status: 'SHIPPED', shipment: shipment({ trackingUrl: null }) }));
    expect(screen.getByTestId('order-shipment')).toHaveTextContent('1234567890123');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it.each<[OrderStatus, string]>([
    ['NOT_PROCESSED', 'Not Processed'],
    ['PROCESSING', 'Processing'],
    ['SHIPPED', 'Shipped'],
    ['DELIVERED', 'Delivered'],
    ['CANCELLED', 'Cancelled'],
  ])('shows the status %s as %s', (status, label) => {
    show(order(1, { status }));
    expect(screen.getByTestId('order-status')).toHaveTextContent(label);
    expect(screen.getByTestId('order-status').textContent).toBe(label);
  });

  it('shows what shipping cost above the total that includes it, and nothing when free', () => {
    const lines = [orderLine(product(1, { price: 150 }), 2)];
    const { unmount } = show(order(1, { lines, shippingCharge: 49 }));
    expect(screen.getByTestId('order-shipping')).toHaveTextContent('Shipping : ₹49.00');
    expect(screen.getByText('Total : ₹349.00')).toBeInTheDocument();
    unmount();
    show(order(2, { lines }));
    expect(screen.queryByTestId('order-shipping')).toBeNull();
    expect(screen.getByText('Total : ₹300.00')).toBeInTheDocument();
  });

  it('shows each discount with what it saved, and the saving of a line that has one', () => {
    const lines = [orderLine(product(1, { price: 150 }), 2, 30), orderLine(product(2), 1)];
    show(order(1, { lines, discounts: [orderDiscount('coupon', 'FIRST100', 30)] }));
    expect(screen.getByTestId('discount')).toHaveTextContent('FIRST100 : −₹30.00');
    expect(screen.getAllByTestId('line-saving').map((one) => one.textContent)).toEqual([
      'You save ₹30.00',
    ]);
  });

  it('shows the way to pay and where its payment stands: paid, failed, due, waiting, refunded', () => {
    const shown = (changes: Parameters<typeof payment>[0]) => {
      const { unmount } = show(order(1, { payment: payment(changes) }));
      const text = screen.getByTestId('order-payment').textContent;
      unmount();
      return text;
    };
    expect(shown({})).toBe('Card · Paid');
    expect(shown(DECLINED)).toBe('Card · Failed');
    expect(shown({ method: 'UPI', state: 'PAID' })).toBe('UPI · Paid');
    expect(shown({ method: 'UPI', state: 'PENDING' })).toBe('UPI · Waiting');
    expect(shown({ method: 'UPI', state: 'EXPIRED' })).toBe('UPI · Expired');
    expect(shown({ method: 'CASH_ON_DELIVERY', state: 'DUE_ON_DELIVERY' })).toBe(
      'Cash on delivery · Due',
    );
    expect(shown({ method: 'CASH_ON_DELIVERY', state: 'COLLECTED' })).toBe(
      'Cash on delivery · Collected',
    );
    expect(shown({ method: 'UPI', refunded: true })).toBe('UPI · Refunded');
  });

  it("shows the buyer and the date, relative, exact in the shop's time zone in the title", () => {
    show(order(1, { createdAt: '2024-03-08T09:00:00.000Z' }));
    const cells = within(screen.getAllByRole('row')[1]).getAllByRole('cell');
    expect(cells[2]).toHaveTextContent('Asha Rao');
    const time = within(cells[3]).getByText('3 hours ago');
    expect(time).toHaveAttribute('datetime', '2024-03-08T09:00:00.000Z');
    // 09:00 UTC is 14:30 in India, whatever the zone the test runs in.
    expect(time).toHaveAttribute('title', '8 Mar 2024, 2:30 pm');
  });

  it('puts what it is given in the Status cell (the admin select)', () => {
    show(order(1), <button type="button">Change status</button>);
    const status = screen.getByTestId('order-status');
    expect(within(status).getByRole('button', { name: 'Change status' })).toBeInTheDocument();
    expect(status).not.toHaveTextContent('Not Processed');
  });

  it("lists each product with photo, name, a 30-character description and 'Price :'", () => {
    const kettle = product(1, { name: 'Steel Kettle', price: 1250 });
    show(order(1, { lines: [orderLine(kettle, 2)] }));
    expect(screen.getByRole('img', { name: 'Steel Kettle' })).toHaveAttribute(
      'src',
      '/api/v1/product/product-photo/p1',
    );
    expect(screen.getByText('Steel Kettle')).toBeInTheDocument();
    expect(screen.getByText('1 A sturdy everyday product ma...')).toBeInTheDocument();
    expect(screen.getByText('Price : ₹1,250.00 × 2')).toBeInTheDocument();
    expect(screen.getByText('Total : ₹2,500.00')).toBeInTheDocument();
  });

  it('still shows a line whose product was deleted since, as it was bought', () => {
    const gone = { ...orderLine(product(4, { name: 'Old Radio', price: 2100 }), 1), product: null };
    show(order(1, { lines: [gone] }));
    expect(screen.getByText('Old Radio')).toBeInTheDocument();
    expect(screen.getByText('Price : ₹2,100.00 × 1')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByTestId('order-quantity')).toHaveTextContent('1');
  });
});

describe('relativeTime', () => {
  const now = NOW.getTime();
  it.each([
    ['2024-03-08T11:59:30.000Z', '30 seconds ago'],
    ['2024-03-08T12:00:00.000Z', 'now'],
    ['2024-03-08T11:55:00.000Z', '5 minutes ago'],
    ['2024-03-08T10:00:00.000Z', '2 hours ago'],
    ['2024-03-07T12:00:00.000Z', 'yesterday'],
    ['2024-03-05T12:00:00.000Z', '3 days ago'],
    ['2024-01-08T12:00:00.000Z', '2 months ago'],
    ['2022-03-08T12:00:00.000Z', '2 years ago'],
    ['2024-03-08T14:00:00.000Z', 'in 2 hours'],
  ])('%s is %s', (iso, text) => {
    expect(relativeTime(iso, now)).toBe(text);
  });
});
