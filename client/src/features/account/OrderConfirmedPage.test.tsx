import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { product, SHOPPER } from '../../test/fixtures';
import {
  DECLINED,
  delivery,
  orderByNumberMock,
  orderDetail,
  orderDiscount,
  orderLine,
} from '../../test/order-fixtures';
import { renderWithShop } from '../../test/render';
import { renderAsShopper } from '../../test/render-admin';
import { ARRIVED, ON_ITS_WAY_MS, PAGE_LOADING } from '../../test/timing';

const kettle = product(1, { name: 'Steel Kettle', price: 1250 });
const PATH = '/order-confirmed/BZ-000042';
const paid = orderDetail(42, { lines: [orderLine(kettle, 2)] }, [
  [{ name: 'Capacity', value: '1.5 L' }],
]);

function main() {
  return within(screen.getByRole('main'));
}

describe('The confirmation after paying', () => {
  it('shows the order number first, what was bought, the amount paid and where it goes', async () => {
    renderAsShopper(PATH, { mocks: [orderByNumberMock('BZ-000042', paid, ON_ITS_WAY_MS)] });
    expect(await main().findByText('Loading....', {}, PAGE_LOADING)).toBeInTheDocument();
    expect(
      await main().findByRole(
        'heading',
        { name: 'Thank you, your order is placed', level: 1 },
        ARRIVED,
      ),
    ).toBeInTheDocument();
    expect(document.title).toBe('Order BZ-000042 placed | Bazaar');
    expect(main().getByTestId('confirmed-number')).toHaveTextContent('BZ-000042');

    const bought = within(main().getByTestId('order-line'));
    expect(bought.getByText('Steel Kettle')).toBeInTheDocument();
    expect(bought.getByText('Capacity: 1.5 L')).toBeInTheDocument();
    expect(bought.getByText('2 × ₹1,250.00')).toBeInTheDocument();
    expect(main().getByText('Amount paid')).toBeInTheDocument();
    expect(main().getByTestId('order-total')).toHaveTextContent('₹2,500.00');
    expect(main().getByTestId('delivery-address')).toHaveTextContent(SHOPPER.address);
    expect(main().getByRole('heading', { name: 'Expected delivery' })).toBeInTheDocument();
  });

  it('shows the address copied at checkout, the shipping charged and when the parcel is expected', async () => {
    const toBengaluru = orderDetail(
      42,
      { lines: [orderLine(kettle, 1)], shippingCharge: 49, total: 1299 },
      [],
      {
        deliveryAddress: delivery(),
        expectedDelivery: { earliest: '2026-12-04', latest: '2026-12-08' },
      },
    );
    renderAsShopper(PATH, { mocks: [orderByNumberMock('BZ-000042', toBengaluru)] });
    expect(await main().findByTestId('expected-delivery')).toHaveTextContent(
      'Fri, 4 Dec – Tue, 8 Dec',
    );
    const to = within(main().getByTestId('delivery-address'));
    expect(to.getByText('Asha Menon')).toBeInTheDocument();
    expect(to.getByText('Bengaluru, Karnataka 560001')).toBeInTheDocument();
    expect(main().getByTestId('order-shipping')).toHaveTextContent('₹49.00');
    expect(main().getByTestId('order-total')).toHaveTextContent('₹1,299.00');
  });

  it('says what happens next, and leads to the order page or back to the shop', async () => {
    renderAsShopper(PATH, { mocks: [orderByNumberMock('BZ-000042', paid)] });
    const next = await main().findByRole('heading', { name: 'What happens next' });
    const steps = within(next.parentElement!).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringMatching(/each step shows on your order page/),
      expect.stringMatching(/Cancel it from the order page until we start preparing it/),
      expect.stringMatching(/names the courier and links to its tracking/),
    ]);
    expect(main().getByRole('link', { name: 'View your order' })).toHaveAttribute(
      'href',
      '/dashboard/user/orders/BZ-000042',
    );
    expect(main().getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
  });

  it('opens the order page from its link', async () => {
    const { user, pathname } = renderAsShopper(PATH, {
      mocks: [orderByNumberMock('BZ-000042', paid)],
    });
    await user.click(await main().findByRole('link', { name: 'View your order' }));
    expect(await main().findByRole('heading', { name: 'Order BZ-000042' })).toBeInTheDocument();
    expect(pathname()).toBe('/dashboard/user/orders/BZ-000042');
  });

  it('does not thank anyone for an order that was not paid', async () => {
    const declined = orderDetail(42, { lines: paid.lines, payment: DECLINED });
    renderAsShopper(PATH, { mocks: [orderByNumberMock('BZ-000042', declined)] });
    expect(await main().findByText('Order BZ-000042 is not paid')).toBeInTheDocument();
    expect(main().getByText(/Card declined/)).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', '/pay/BZ-000042');
    expect(main().queryByRole('heading', { name: /Thank you/ })).toBeNull();
  });

  it("says an order is not found for a number that names none of the shopper's", async () => {
    const refused = { code: 'NOT_FOUND' as const, message: 'Order not found' };
    renderAsShopper(PATH, { mocks: [orderByNumberMock('BZ-000042', refused)] });
    expect(await main().findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(main().queryByTestId('confirmed-number')).toBeNull();
  });

  it('asks a visitor who is not signed in to sign in first', async () => {
    renderWithShop(PATH, { mocks: [orderByNumberMock('BZ-000042', paid)] });
    expect(await screen.findByText(/Redirecting to you in/)).toBeInTheDocument();
    expect(screen.queryByTestId('confirmed-number')).toBeNull();
  });

  it('shows the goods, each coupon and offer with what it saved, and each line’s saving', async () => {
    const discounted = orderDetail(43, {
      lines: [orderLine(kettle, 2, 350)],
      coupon: 'FIRST100',
      discounts: [
        orderDiscount('offer', 'Buy 2 kitchen items, 10% off', 250),
        orderDiscount('coupon', 'FIRST100', 100),
      ],
    });
    renderAsShopper('/order-confirmed/BZ-000043', {
      mocks: [orderByNumberMock('BZ-000043', discounted)],
    });
    expect(await main().findByTestId('order-goods')).toHaveTextContent('₹2,500.00');
    const discounts = main().getAllByTestId('discount');
    expect(discounts.map((one) => one.textContent)).toEqual([
      'Buy 2 kitchen items, 10% off−₹250.00',
      'FIRST100−₹100.00',
    ]);
    expect(within(main().getByTestId('order-line')).getByTestId('line-saving')).toHaveTextContent(
      'You save ₹350.00',
    );
    expect(main().getByTestId('order-shipping')).toHaveTextContent('Free');
    expect(main().getByTestId('order-total')).toHaveTextContent('₹2,150.00');
  });

  it('shows no discount nor saving for an order without any', async () => {
    renderAsShopper(PATH, { mocks: [orderByNumberMock('BZ-000042', paid)] });
    expect(await main().findByTestId('order-total')).toHaveTextContent('₹2,500.00');
    expect(main().queryByTestId('discount')).toBeNull();
    expect(main().queryByTestId('line-saving')).toBeNull();
  });
});
