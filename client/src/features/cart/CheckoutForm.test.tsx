import { ServerError } from '@apollo/client/errors';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CheckoutInput } from '../../gql/graphql';
import { Mock, product, SHOPPER, storedAuth } from '../../test/fixtures';
import {
  cartQuoteMock,
  cartStockMock,
  order,
  orderByNumberMock,
  orderDetail,
  orderLine,
  placeOrderMock,
  stock,
  DECLINED,
} from '../../test/order-fixtures';
import { renderWithShop } from '../../test/render';
import { meAlways } from '../../test/render-admin';
import { SOMETHING_WENT_WRONG } from '../../lib/messages';

const kettle = product(1, { name: 'Steel Kettle', price: 1250 });
const phone = product(2, { name: 'Galaxy Phone', price: 60000 });
const STORED = [kettle, phone, kettle];
const STOCK = cartStockMock([stock(kettle), stock(phone)]);
const QUOTE = cartQuoteMock([stock(kettle), stock(phone)]);
const APPROVED_CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvv: '123' };
const DECLINED_CARD = { number: '4000 0000 0000 0002', expiry: '12/30', cvv: '123' };

const placed = order(100, {
  createdAt: new Date().toISOString(),
  lines: [orderLine(kettle, 2), orderLine(phone, 1)],
});
/** The confirmation page's answer for the order placed. */
const CONFIRMED = orderByNumberMock(
  'BZ-000100',
  orderDetail(100, { createdAt: placed.createdAt, lines: placed.lines }),
);

function main() {
  return within(screen.getByRole('main'));
}

type User = ReturnType<typeof renderWithShop>['user'];

async function pay(user: User, card = APPROVED_CARD) {
  await user.type(main().getByLabelText(/^Card number/), card.number);
  await user.type(main().getByLabelText(/^Expiry/), card.expiry);
  await user.type(main().getByLabelText(/^CVV/), card.cvv);
  await user.click(main().getByRole('button', { name: 'Pay ₹62,500.00' }));
}

function renderCart(mocks: Mock[]) {
  return renderWithShop('/cart', { auth: storedAuth(), cart: STORED, mocks: [QUOTE, ...mocks] });
}

describe('Checkout form', () => {
  it('asks for card number, expiry and CVV, all required', async () => {
    renderCart([STOCK]);
    expect(await main().findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(main().getByLabelText(/^Card number/)).toBeRequired();
    expect(main().getByLabelText(/^Expiry \(MM\/YY\)/)).toBeRequired();
    expect(main().getByLabelText(/^CVV/)).toBeRequired();
    expect(main().getByText(/Declined: 4000 0000 0000 0002/)).toBeInTheDocument();
  });

  it("approved: empties the cart and lands on the order's confirmation, its number first", async () => {
    const calls: { input: CheckoutInput }[] = [];
    const { user, pathname } = renderCart([
      STOCK,
      placeOrderMock({ success: true, order: placed }, calls),
      meAlways(SHOPPER),
      CONFIRMED,
    ]);
    await main().findByRole('button', { name: 'Pay ₹62,500.00' });
    await pay(user);

    expect(
      await main().findByRole('heading', { name: 'Thank you, your order is placed' }),
    ).toBeInTheDocument();
    expect(pathname()).toBe('/order-confirmed/BZ-000100');
    expect(main().getByTestId('confirmed-number')).toHaveTextContent('BZ-000100');
    expect(main().getByTestId('order-total')).toHaveTextContent('₹62,500.00');
    expect(localStorage.getItem('cart')).toBe('[]');
    expect(screen.getAllByTestId('cart-count')[0]).toHaveTextContent('0');
    // The page says it all: no toast on top of it.
    expect(screen.queryByText('Payment completed successfully')).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('sends product ids and quantities only, the card, the address and an idempotency key', async () => {
    const calls: { input: CheckoutInput }[] = [];
    const { user } = renderCart([
      STOCK,
      placeOrderMock({ success: true, order: placed }, calls),
      meAlways(SHOPPER),
      CONFIRMED,
    ]);
    await main().findByRole('button', { name: 'Pay ₹62,500.00' });
    await pay(user);
    await main().findByTestId('confirmed-number');

    expect(calls).toEqual([
      {
        input: {
          lines: [
            { productId: 'p1', quantity: 2 },
            { productId: 'p2', quantity: 1 },
          ],
          card: APPROVED_CARD,
          address: '12 MG Road, Bengaluru',
          idempotencyKey: expect.any(String),
        },
      },
    ]);
    // Nothing the server should decide travels with the lines: no price, name or total.
    for (const line of calls[0].input.lines) {
      expect(Object.keys(line).sort()).toEqual(['productId', 'quantity']);
    }
    expect(calls[0].input).not.toHaveProperty('total');
    expect(calls[0].input.idempotencyKey).not.toBe('');
  });

  it("declined: shows the processor's message and keeps the cart", async () => {
    const calls: { input: CheckoutInput }[] = [];
    const declined = order(101, {
      lines: placed.lines,
      payment: DECLINED,
    });
    const { user, pathname } = renderCart([
      STOCK,
      placeOrderMock({ success: false, order: declined }, calls),
    ]);
    await main().findByRole('button', { name: 'Pay ₹62,500.00' });
    await pay(user, DECLINED_CARD);

    expect(await screen.findByText('Card declined')).toBeInTheDocument();
    expect(screen.queryByText('Payment completed successfully')).toBeNull();
    expect(pathname()).toBe('/cart');
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toHaveLength(3);
    expect(screen.getAllByTestId('cart-line')).toHaveLength(2);
    expect(calls[0].input.card).toEqual(DECLINED_CARD);
  });

  it('a new attempt after a decline carries a new idempotency key', async () => {
    const calls: { input: CheckoutInput }[] = [];
    const { user } = renderCart([
      STOCK,
      placeOrderMock({ success: false, message: 'Card declined' }, calls),
    ]);
    await main().findByRole('button', { name: 'Pay ₹62,500.00' });
    await pay(user, DECLINED_CARD);
    await screen.findByText('Card declined');
    await user.click(main().getByRole('button', { name: 'Pay ₹62,500.00' }));

    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0].input.idempotencyKey).toEqual(expect.any(String));
    expect(calls[1].input.idempotencyKey).toEqual(expect.any(String));
    expect(calls[1].input.idempotencyKey).not.toBe(calls[0].input.idempotencyKey);
  });

  it('a retry after a lost reply carries the same key, so the server answers with the first order', async () => {
    const calls: { input: CheckoutInput }[] = [];
    const { user, pathname } = renderCart([
      STOCK,
      { ...placeOrderMock({ error: new TypeError('Failed to fetch') }, calls), maxUsageCount: 1 },
      placeOrderMock({ success: true, order: placed }, calls),
      meAlways(SHOPPER),
      CONFIRMED,
    ]);
    await main().findByRole('button', { name: 'Pay ₹62,500.00' });
    await pay(user);
    expect(await screen.findByText(SOMETHING_WENT_WRONG)).toBeInTheDocument();
    await user.click(main().getByRole('button', { name: 'Pay ₹62,500.00' }));

    await waitFor(() => expect(pathname()).toBe('/order-confirmed/BZ-000100'));
    expect(calls).toHaveLength(2);
    expect(calls[1].input.idempotencyKey).toBe(calls[0].input.idempotencyKey);
  });

  it('another card after a lost reply is a new attempt with a new key', async () => {
    const calls: { input: CheckoutInput }[] = [];
    const { user } = renderCart([
      STOCK,
      placeOrderMock({ error: new TypeError('Failed to fetch') }, calls),
    ]);
    await main().findByRole('button', { name: 'Pay ₹62,500.00' });
    await pay(user);
    expect(await screen.findByText(SOMETHING_WENT_WRONG)).toBeInTheDocument();
    await user.clear(main().getByLabelText(/^CVV/));
    await user.type(main().getByLabelText(/^CVV/), '456');
    await user.click(main().getByRole('button', { name: 'Pay ₹62,500.00' }));

    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].input.idempotencyKey).not.toBe(calls[0].input.idempotencyKey);
  });

  it('a double click sends one checkout', async () => {
    const calls: { input: CheckoutInput }[] = [];
    const { user } = renderCart([
      STOCK,
      placeOrderMock({ success: false, message: 'Card declined' }, calls, 200),
    ]);
    await main().findByRole('button', { name: 'Pay ₹62,500.00' });
    await user.type(main().getByLabelText(/^Card number/), DECLINED_CARD.number);
    await user.type(main().getByLabelText(/^Expiry/), DECLINED_CARD.expiry);
    await user.type(main().getByLabelText(/^CVV/), DECLINED_CARD.cvv);
    await user.dblClick(main().getByRole('button', { name: 'Pay ₹62,500.00' }));

    expect(await screen.findByText('Card declined')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it("shows the server's refusal (e.g. not enough stock) and keeps the cart", async () => {
    const calls: { input: CheckoutInput }[] = [];
    const { user, pathname } = renderCart([
      STOCK,
      placeOrderMock({ errorMessage: 'Only 1 of Steel Kettle left in stock' }, calls),
    ]);
    await main().findByRole('button', { name: 'Pay ₹62,500.00' });
    await pay(user);

    expect(await screen.findByText('Only 1 of Steel Kettle left in stock')).toBeInTheDocument();
    expect(pathname()).toBe('/cart');
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toHaveLength(3);
  });

  it("shows 'Something went wrong' when the server fails", async () => {
    const calls: { input: CheckoutInput }[] = [];
    const { user } = renderCart([
      STOCK,
      placeOrderMock(
        {
          error: new ServerError('Response not successful: Received status code 502', {
            response: new Response('bad gateway', { status: 502 }),
            bodyText: 'bad gateway',
          }),
        },
        calls,
      ),
    ]);
    await main().findByRole('button', { name: 'Pay ₹62,500.00' });
    await pay(user);

    expect(await screen.findByText(SOMETHING_WENT_WRONG)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toHaveLength(3);
  });
});
