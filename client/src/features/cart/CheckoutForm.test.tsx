import { ServerError } from '@apollo/client/errors';
import { screen, waitFor, within } from '@testing-library/react';
import { GSTIN_RULES } from '@shop/gstin';
import { CARD_RULES } from '@shop/form-rules';
import { describe, expect, it } from 'vitest';
import type { CheckoutInput, PaymentOptionsQueryVariables } from '../../gql/graphql';
import { deliveryAnswer, deliveryCheckMock } from '../../test/delivery-fixtures';
import { Mock, product, SHOPPER, storedAuth } from '../../test/fixtures';
import {
  cartQuoteMock,
  cartStockMock,
  order,
  orderByNumberMock,
  orderDetail,
  orderLine,
  ALL_WAYS,
  payment,
  paymentOptionsMock,
  placeOrderMock,
  stock,
  DECLINED,
  UPI_PENDING,
} from '../../test/order-fixtures';
import { renderWithShop } from '../../test/render';
import { meAlways } from '../../test/fixtures';
import { WORDS } from '../../lib/messages';
import { errorOf } from '../../test/field-errors';

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

/** Chooses to pay by card: UPI is chosen first. */
async function chooseCard(user: User) {
  await user.click(main().getByRole('radio', { name: /^Card/ }));
}

async function pay(user: User, card = APPROVED_CARD) {
  await chooseCard(user);
  await user.type(main().getByLabelText(/^Card number/), card.number);
  await user.type(main().getByLabelText(/^Expiry/), card.expiry);
  await user.type(main().getByLabelText(/^CVV/), card.cvv);
  await user.click(main().getByRole('button', { name: 'Pay ₹62,500.00' }));
}

function renderCart(mocks: Mock[]) {
  return renderWithShop('/cart', { auth: storedAuth(), cart: STORED, mocks: [QUOTE, ...mocks] });
}

describe('Checkout form', () => {
  it('offers UPI first and chosen; without a PIN, cash on delivery waits for one', async () => {
    renderCart([STOCK]);
    expect(await main().findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    const radios = main().getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([
      'UPI',
      'CARD',
      'CASH_ON_DELIVERY',
    ]);
    expect(main().getByRole('radio', { name: /^UPI/ })).toBeChecked();
    expect(main().getByRole('radio', { name: /^Cash on delivery/ })).toBeDisabled();
    expect(
      main().getByText('Check your PIN code above first, or choose a saved address'),
    ).toBeInTheDocument();
    // No card fields unless paying by card.
    expect(main().queryByLabelText(/^Card number/)).toBeNull();
  });

  it('asks for card number, expiry and CVV, all required, once Card is chosen', async () => {
    const { user } = renderCart([STOCK]);
    expect(await main().findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    await chooseCard(user);
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
          method: 'CARD',
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

  it('a business buyer’s GSTIN is checked as typed, then sent in capitals for a B2B invoice', async () => {
    const calls: { input: CheckoutInput }[] = [];
    const { user } = renderCart([
      STOCK,
      placeOrderMock({ success: true, order: placed }, calls),
      meAlways(SHOPPER),
      CONFIRMED,
    ]);
    await main().findByRole('button', { name: 'Pay ₹62,500.00' });
    await user.click(main().getByRole('checkbox', { name: /^Business purchase/ }));
    const gstin = main().getByRole('textbox', { name: /^Your GSTIN/ });
    await user.type(gstin, '27AAPFU0939F1ZA');
    await pay(user);
    expect(await main().findByText(GSTIN_RULES.checkCharacter)).toBeVisible();
    expect(calls).toEqual([]);
    await user.clear(gstin);
    await user.type(gstin, '27aapfu0939f1zv');
    await user.click(main().getByRole('button', { name: 'Pay ₹62,500.00' }));
    await main().findByTestId('confirmed-number');
    expect(calls[0].input.buyerGstin).toBe('27AAPFU0939F1ZV');
  });

  it("declined: the order's pay page says why and offers to try again; the cart is kept", async () => {
    const calls: { input: CheckoutInput }[] = [];
    const declined = order(101, { lines: placed.lines, payment: DECLINED });
    const { user, pathname } = renderCart([
      STOCK,
      placeOrderMock({ success: false, order: declined }, calls),
      meAlways(SHOPPER),
      orderByNumberMock('BZ-000101', orderDetail(101, { lines: placed.lines, payment: DECLINED })),
    ]);
    await main().findByRole('button', { name: 'Pay ₹62,500.00' });
    await pay(user, DECLINED_CARD);

    expect(
      await main().findByRole('heading', { name: 'Payment failed, try again' }),
    ).toBeInTheDocument();
    expect(pathname()).toBe('/pay/BZ-000101');
    expect(main().getByTestId('payment-failed')).toHaveTextContent(
      /^Payment failed, try againCard declined\. Nothing was charged/,
    );
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toHaveLength(3);
    expect(calls[0].input.card).toEqual(DECLINED_CARD);
  });

  it('UPI: places the order without a card and waits for the payment on its own page, the cart kept', async () => {
    const calls: { input: CheckoutInput }[] = [];
    const waiting = orderDetail(100, { lines: placed.lines, payment: UPI_PENDING });
    const { user, pathname } = renderCart([
      STOCK,
      placeOrderMock({ success: false, order: order(100, { payment: UPI_PENDING }) }, calls),
      meAlways(SHOPPER),
      orderByNumberMock('BZ-000100', waiting),
    ]);
    await user.click(await main().findByRole('button', { name: 'Pay ₹62,500.00' }));

    expect(
      await main().findByRole('heading', { name: 'Waiting for your payment' }),
    ).toBeInTheDocument();
    expect(pathname()).toBe('/pay/BZ-000100');
    expect(calls[0].input).toMatchObject({ method: 'UPI' });
    expect(calls[0].input).not.toHaveProperty('card');
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toHaveLength(3);
  });

  it('cash on delivery: shows its fee, places the order and confirms what to pay at the door', async () => {
    const calls: { input: CheckoutInput }[] = [];
    const asked: PaymentOptionsQueryVariables[] = [];
    const cash = payment({
      success: false,
      state: 'DUE_ON_DELIVERY',
      method: 'CASH_ON_DELIVERY',
    });
    const due = order(100, { lines: placed.lines, payment: cash, total: 62_525 });
    localStorage.setItem('deliveryPin', JSON.stringify('800001'));
    const { user, pathname } = renderWithShop('/cart', {
      auth: storedAuth(),
      cart: STORED,
      mocks: [
        QUOTE,
        STOCK,
        deliveryCheckMock('800001', deliveryAnswer()),
        paymentOptionsMock(ALL_WAYS, asked),
        placeOrderMock({ success: false, order: due }, calls),
        meAlways(SHOPPER),
        orderByNumberMock(
          'BZ-000100',
          orderDetail(100, { lines: placed.lines, payment: cash, total: 62_525 }),
        ),
      ],
    });
    const cod = await main().findByRole('radio', { name: /^Cash on delivery/ });
    expect(main().getByText('₹25.00 fee')).toBeInTheDocument();
    await user.click(cod);
    await user.click(main().getByRole('button', { name: 'Place order, pay on delivery' }));

    expect(
      await main().findByRole('heading', { name: 'Thank you, your order is placed' }),
    ).toBeInTheDocument();
    expect(pathname()).toBe('/order-confirmed/BZ-000100');
    expect(main().getByTestId('payment-state')).toHaveTextContent(
      'Cash on delivery: pay ₹62,525.00 when it arrives',
    );
    expect(calls[0].input).toMatchObject({ method: 'CASH_ON_DELIVERY', deliveryPin: '800001' });
    expect(calls[0].input).not.toHaveProperty('card');
    expect(asked.at(-1)).toEqual({ pin: '800001', orderTotal: 62_500 });
    expect(localStorage.getItem('cart')).toBe('[]');
  });

  it("says why cash on delivery is not offered, in the server's words", async () => {
    localStorage.setItem('deliveryPin', JSON.stringify('800001'));
    renderWithShop('/cart', {
      auth: storedAuth(),
      cart: STORED,
      mocks: [
        QUOTE,
        STOCK,
        deliveryCheckMock('800001', deliveryAnswer()),
        paymentOptionsMock([
          ALL_WAYS[0],
          ALL_WAYS[1],
          {
            method: 'CASH_ON_DELIVERY',
            available: false,
            reason: 'Only for orders up to ₹10,000.00',
            fee: 25,
          },
        ]),
      ],
    });
    expect(await main().findByText('Only for orders up to ₹10,000.00')).toBeInTheDocument();
    expect(main().getByRole('radio', { name: /^Cash on delivery/ })).toBeDisabled();
  });

  it("shows the server's refusal of a way to pay below the button", async () => {
    const calls: { input: CheckoutInput }[] = [];
    const { user, pathname } = renderCart([
      STOCK,
      placeOrderMock({ errorMessage: 'method: The shop does not take this way to pay now' }, calls),
    ]);
    await user.click(await main().findByRole('button', { name: 'Pay ₹62,500.00' }));
    expect(await main().findByRole('alert')).toHaveTextContent(
      'method: The shop does not take this way to pay now',
    );
    expect(pathname()).toBe('/cart');
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
    expect(await screen.findByText(WORDS.somethingWentWrong)).toBeInTheDocument();
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
    expect(await screen.findByText(WORDS.somethingWentWrong)).toBeInTheDocument();
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
      placeOrderMock({ success: true, order: placed }, calls, 200),
      meAlways(SHOPPER),
      CONFIRMED,
    ]);
    await main().findByRole('button', { name: 'Pay ₹62,500.00' });
    await chooseCard(user);
    await user.type(main().getByLabelText(/^Card number/), APPROVED_CARD.number);
    await user.type(main().getByLabelText(/^Expiry/), APPROVED_CARD.expiry);
    await user.type(main().getByLabelText(/^CVV/), APPROVED_CARD.cvv);
    await user.dblClick(main().getByRole('button', { name: 'Pay ₹62,500.00' }));

    expect(await main().findByTestId('confirmed-number')).toBeInTheDocument();
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

    expect(await screen.findByText(WORDS.somethingWentWrong)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toHaveLength(3);
  });

  describe("the card's fields", () => {
    const field = (label: RegExp) => main().getByLabelText(label);

    it('show the number in groups of four and the expiry as MM/YY, as typed or pasted', async () => {
      const { user } = renderCart([STOCK]);
      await main().findByRole('button', { name: 'Pay ₹62,500.00' });
      await chooseCard(user);
      expect(field(/^Card number/)).toHaveAttribute('inputmode', 'numeric');
      await user.type(field(/^Card number/), '4242424242424242');
      expect(field(/^Card number/)).toHaveValue('4242 4242 4242 4242');
      await user.clear(field(/^Card number/));
      await user.click(field(/^Card number/));
      await user.paste('4000-0000-0000-0002');
      expect(field(/^Card number/)).toHaveValue('4000 0000 0000 0002');
      await user.type(field(/^Expiry/), '1');
      expect(field(/^Expiry/)).toHaveValue('1');
      await user.type(field(/^Expiry/), '230');
      expect(field(/^Expiry/)).toHaveValue('12/30');
    });

    it('refuse a month 13 as soon as it is typed, beside the expiry', async () => {
      const { user } = renderCart([STOCK]);
      await main().findByRole('button', { name: 'Pay ₹62,500.00' });
      await chooseCard(user);
      await user.type(field(/^Expiry/), '13');
      expect(errorOf(field(/^Expiry/))).toBe(CARD_RULES.month);
    });

    it('are checked on paying: each error beside its field, the focus on the first, nothing sent', async () => {
      const calls: { input: CheckoutInput }[] = [];
      const { user } = renderCart([STOCK, placeOrderMock({ success: true, order: placed }, calls)]);
      await main().findByRole('button', { name: 'Pay ₹62,500.00' });
      await chooseCard(user);
      await user.type(field(/^Card number/), '4242 4242 4242 4241');
      await user.type(field(/^Expiry/), '0120');
      await user.click(main().getByRole('button', { name: 'Pay ₹62,500.00' }));

      expect(errorOf(field(/^Card number/))).toBe(CARD_RULES.number);
      expect(errorOf(field(/^Expiry/))).toBe(CARD_RULES.expired);
      expect(errorOf(field(/^CVV/))).toBe(CARD_RULES.cvvRequired);
      await waitFor(() => expect(field(/^Card number/)).toHaveFocus());
      expect(calls).toHaveLength(0);
    });

    it("show the server's refusal of a card field beside it, not below the button", async () => {
      const calls: { input: CheckoutInput }[] = [];
      const { user } = renderCart([
        STOCK,
        placeOrderMock({ errorMessage: `card.cvv: ${CARD_RULES.cvv}` }, calls),
      ]);
      await main().findByRole('button', { name: 'Pay ₹62,500.00' });
      await pay(user);
      await waitFor(() => expect(errorOf(field(/^CVV/))).toBe(CARD_RULES.cvv));
      expect(main().queryByTestId('checkout-error')).toBeNull();
      await waitFor(() => expect(field(/^CVV/)).toHaveFocus());
    });
  });
});
