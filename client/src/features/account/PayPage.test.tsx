import { CARD_RULES } from '@shop/form-rules';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UPI_QR } from '../../components/UpiQrCode';
import { PHONE_QUERY } from '../../components/UpiPayButton';
import { OrderByNumberDocument, PayOrderMutationVariables } from '../../gql/graphql';
import { mockOf, product } from '../../test/fixtures';
import {
  DECLINED,
  OrderDetailFixture,
  orderDetail,
  orderLine,
  PAY_BY,
  payment,
  payOrderMock,
  UPI_LINK,
  UPI_PENDING,
} from '../../test/order-fixtures';
import { renderAsShopper } from '../../test/render-admin';
import { errorOf } from '../../test/field-errors';
import { PAYMENT_POLL_MS } from './PayPage';

const PATH = '/pay/BZ-000100';
const lamp = product(5, { name: 'Brass Lamp', price: 1548 });
const lines = [orderLine(lamp, 1)];
const waiting = orderDetail(100, { lines, payment: UPI_PENDING });
const paid = orderDetail(100, { lines, payment: payment({ method: 'UPI' }) });
const failed = orderDetail(100, { lines, payment: DECLINED });

const main = () => within(screen.getByRole('main'));
const desktop = window.matchMedia;

/**
 * OrderByNumber as the server keeps the order: `server.order` as it is at each request (the
 * page asks again while the payment is pending); each request counted.
 */
function orderOnServer(first: OrderDetailFixture) {
  const server = { order: first, asked: 0 };
  const mock = mockOf(OrderByNumberDocument, {
    variables: { number: 'BZ-000100' },
    result: () => {
      server.asked += 1;
      return { data: { order: server.order } };
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
  return { server, mock };
}

/** Long enough for the page's next question to the server, and its answer. */
const NEXT_POLL = { timeout: PAYMENT_POLL_MS * 3 };

describe('The page waiting for a payment', () => {
  afterEach(() => {
    window.matchMedia = desktop;
  });

  it('shows the amount, the QR code of the UPI link, the time left and the demo UPI app', async () => {
    const { mock } = orderOnServer(waiting);
    renderAsShopper(PATH, { mocks: [mock] });
    expect(
      await main().findByRole('heading', { name: 'Waiting for your payment' }),
    ).toBeInTheDocument();
    expect(main().getByTestId('amount-to-pay')).toHaveTextContent('Amount to pay: ₹1,548.00');
    expect(
      await main().findByRole('img', { name: UPI_QR.name(1548) }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(main().getByText(UPI_LINK)).toBeInTheDocument();
    expect(main().getByTestId('payment-countdown')).toHaveTextContent(/^Time left: \d+:\d\d$/);
    expect(main().getByRole('link', { name: 'Open the demo UPI app' })).toHaveAttribute(
      'href',
      '/demo-gateway/pay/pay_1?return=%2Fpay%2FBZ-000100',
    );
    // A desktop scans the code: no button to open an app here.
    expect(main().queryByRole('link', { name: 'Pay with a UPI app' })).toBeNull();
  });

  it('on a phone, offers the button that opens the UPI app with the link', async () => {
    window.matchMedia = (query: string) => ({ ...desktop(query), matches: query === PHONE_QUERY });
    const { mock } = orderOnServer(waiting);
    renderAsShopper(PATH, { mocks: [mock] });
    expect(await main().findByRole('link', { name: 'Pay with a UPI app' })).toHaveAttribute(
      'href',
      UPI_LINK,
    );
  });

  it('asks again while the payment is pending, and moves on to the confirmation once paid', async () => {
    const { server, mock } = orderOnServer(waiting);
    const { pathname } = renderAsShopper(PATH, { mocks: [mock] });
    await main().findByRole('heading', { name: 'Waiting for your payment' });
    await waitFor(() => expect(server.asked).toBeGreaterThanOrEqual(2), NEXT_POLL);
    expect(pathname()).toBe(PATH);

    server.order = paid;
    expect(
      await main().findByRole('heading', { name: 'Thank you, your order is placed' }, NEXT_POLL),
    ).toBeInTheDocument();
    expect(pathname()).toBe('/order-confirmed/BZ-000100');
    expect(main().getByTestId('payment-state')).toHaveTextContent('Paid by UPI');
  });

  it('stops asking once the payment is no longer pending', async () => {
    const { server, mock } = orderOnServer(
      orderDetail(100, { lines, payment: payment({ ...UPI_PENDING, state: 'EXPIRED' }) }),
    );
    renderAsShopper(PATH, { mocks: [mock] });
    await main().findByRole('heading', { name: 'The time to pay ran out' });
    const asked = server.asked;
    await new Promise((resolve) => setTimeout(resolve, PAYMENT_POLL_MS * 1.5));
    expect(server.asked).toBe(asked);
  });

  it('expired: says the items went back on sale, with the way back to the cart', async () => {
    const expired = payment({ success: false, method: 'UPI', state: 'EXPIRED', expiresAt: PAY_BY });
    const { mock } = orderOnServer(orderDetail(100, { lines, payment: expired }));
    renderAsShopper(PATH, { mocks: [mock] });
    expect(await main().findByTestId('payment-expired')).toHaveTextContent(
      'Nothing was charged, and the items went back on sale',
    );
    expect(main().getByRole('link', { name: 'Back to the cart' })).toHaveAttribute('href', '/cart');
    expect(main().queryByRole('button', { name: /^Pay ₹/ })).toBeNull();
  });

  it('failed: says so, and pays the same order by card instead', async () => {
    const calls: PayOrderMutationVariables[] = [];
    const { server, mock } = orderOnServer(failed);
    const { user, pathname } = renderAsShopper(PATH, {
      mocks: [mock, payOrderMock(paid, calls)],
    });
    expect(
      await main().findByRole('heading', { name: 'Payment failed, try again' }),
    ).toBeInTheDocument();
    expect(main().getByTestId('payment-failed')).toHaveTextContent(
      'Card declined. Nothing was charged.',
    );
    // UPI or card; cash on delivery is chosen at checkout only.
    expect(
      main()
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['UPI', 'CARD']);
    await user.click(main().getByRole('radio', { name: /^Card/ }));
    await user.type(main().getByLabelText(/^Card number/), '4242 4242 4242 4242');
    await user.type(main().getByLabelText(/^Expiry/), '12/30');
    await user.type(main().getByLabelText(/^CVV/), '123');
    server.order = paid;
    await user.click(main().getByRole('button', { name: 'Pay ₹1,548.00' }));

    await waitFor(() => expect(pathname()).toBe('/order-confirmed/BZ-000100'));
    expect(calls).toEqual([
      {
        number: 'BZ-000100',
        input: {
          method: 'CARD',
          card: { number: '4242 4242 4242 4242', expiry: '12/30', cvv: '123' },
        },
      },
    ]);
  });

  it('failed: tries UPI again on the same order, and waits for it', async () => {
    const calls: PayOrderMutationVariables[] = [];
    const { mock } = orderOnServer(failed);
    const { user } = renderAsShopper(PATH, { mocks: [mock, payOrderMock(waiting, calls)] });
    await main().findByRole('heading', { name: 'Payment failed, try again' });
    await user.click(main().getByRole('button', { name: 'Pay ₹1,548.00' }));
    expect(
      await main().findByRole('heading', { name: 'Waiting for your payment' }),
    ).toBeInTheDocument();
    expect(calls).toEqual([{ number: 'BZ-000100', input: { method: 'UPI' } }]);
  });

  it("shows the server's refusal to take another payment", async () => {
    const { mock } = orderOnServer(failed);
    const { user } = renderAsShopper(PATH, {
      mocks: [mock, payOrderMock({ errorMessage: 'This order cannot be paid now' })],
    });
    await main().findByRole('heading', { name: 'Payment failed, try again' });
    await user.click(main().getByRole('button', { name: 'Pay ₹1,548.00' }));
    expect(await main().findByTestId('pay-again-error')).toHaveTextContent(
      'This order cannot be paid now',
    );
  });

  it("shows the server's refusal of the card's expiry beside it, not below the button", async () => {
    const { mock } = orderOnServer(failed);
    const { user } = renderAsShopper(PATH, {
      mocks: [mock, payOrderMock({ errorMessage: `card.expiry: ${CARD_RULES.expired}` })],
    });
    await main().findByRole('heading', { name: 'Payment failed, try again' });
    await user.click(main().getByRole('radio', { name: /^Card/ }));
    await user.type(main().getByLabelText(/^Card number/), '4242424242424242');
    await user.type(main().getByLabelText(/^Expiry/), '1230');
    await user.type(main().getByLabelText(/^CVV/), '123');
    await user.click(main().getByRole('button', { name: 'Pay ₹1,548.00' }));
    await waitFor(() => expect(errorOf(main().getByLabelText(/^Expiry/))).toBe(CARD_RULES.expired));
    await waitFor(() => expect(main().getByLabelText(/^Expiry/)).toHaveFocus());
    expect(main().queryByTestId('pay-again-error')).toBeNull();
  });
});
