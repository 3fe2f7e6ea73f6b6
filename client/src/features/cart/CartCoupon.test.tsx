import { COUPON_RULES } from '@shop/offer-rules';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CartQuoteQueryVariables, CheckoutInput } from '../../gql/graphql';
import { Mock, product, storedAuth } from '../../test/fixtures';
import {
  cartMocks,
  placeOrderMock,
  QuoteOptions,
  SHIPPING,
  stock,
} from '../../test/order-fixtures';
import { renderWithShop } from '../../test/render';

const kettle = product(1, { name: 'Steel Kettle', price: 300 });
const LIVE = [stock(kettle)];
const FIRST100 = { saves: 100 };
const MINIMUM = COUPON_RULES.addMore('200', 'BIG500');

const main = () => within(screen.getByRole('main'));
const field = () => main().getByRole('textbox', { name: 'Have a coupon code?' });
const storedCoupon = () => JSON.parse(localStorage.getItem('coupon') ?? 'null') as unknown;

function renderCart(
  path = '/cart',
  { quote = {}, mocks = [] }: { quote?: QuoteOptions; mocks?: Mock[] } = {},
) {
  return renderWithShop(path, {
    auth: storedAuth(),
    cart: [kettle],
    mocks: [
      ...cartMocks(LIVE, {
        coupons: { FIRST100, BIG500: { refused: MINIMUM } },
        ...quote,
      }),
      ...mocks,
    ],
  });
}

describe('Cart: the coupon field, as the server answers for the code', () => {
  it('applies a code: the quote is asked with it, its saving and the lower total show, and it is kept', async () => {
    const calls: CartQuoteQueryVariables[] = [];
    const { user } = renderCart('/cart', { quote: { calls } });
    expect(await screen.findByTestId('cart-total')).toHaveTextContent(
      `Total : ₹${300 + SHIPPING.flat}.00`,
    );
    await user.type(field(), 'first100');
    await user.click(main().getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(calls.at(-1)?.couponCode).toBe('FIRST100'));
    const discount = await screen.findByTestId('discount');
    expect(discount).toHaveTextContent('FIRST100');
    expect(discount).toHaveTextContent('−₹100.00');
    expect(screen.getByTestId('cart-total')).toHaveTextContent(
      `Total : ₹${300 - 100 + SHIPPING.flat}.00`,
    );
    expect(screen.getByTestId('coupon-applied')).toHaveTextContent('FIRST100 applied');
    expect(screen.getByTestId('line-saving')).toHaveTextContent('You save ₹100.00');
    expect(field()).not.toHaveAttribute('aria-invalid', 'true');
    expect(storedCoupon()).toBe('FIRST100');
  });

  it("shows the server's reason beside the field, read out, and the totals without the code", async () => {
    const { user } = renderCart();
    await screen.findByTestId('cart-total');
    await user.type(field(), 'BIG500');
    await user.click(main().getByRole('button', { name: 'Apply' }));

    const reason = await main().findByRole('alert');
    expect(reason).toHaveTextContent(MINIMUM);
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field().getAttribute('aria-describedby')).toContain(reason.id);
    expect(screen.queryByTestId('discount')).toBeNull();
    expect(screen.queryByTestId('coupon-applied')).toBeNull();
    expect(screen.getByTestId('cart-total')).toHaveTextContent(
      `Total : ₹${300 + SHIPPING.flat}.00`,
    );
  });

  it('removes the code: the quote is asked without it and it is no longer kept', async () => {
    localStorage.setItem('coupon', JSON.stringify('FIRST100'));
    const calls: CartQuoteQueryVariables[] = [];
    const { user } = renderCart('/cart', { quote: { calls } });
    expect(await screen.findByTestId('discount')).toHaveTextContent('FIRST100');
    expect(field()).toHaveValue('FIRST100');

    await user.click(main().getByRole('button', { name: 'Remove coupon FIRST100' }));
    await waitFor(() => expect(screen.queryByTestId('discount')).toBeNull());
    expect(calls.at(-1)?.couponCode).toBeNull();
    expect(field()).toHaveValue('');
    expect(storedCoupon()).toBeNull();
    expect(screen.getByTestId('cart-total')).toHaveTextContent(
      `Total : ₹${300 + SHIPPING.flat}.00`,
    );
  });

  it('applies the code of a link (/cart?coupon=CODE) on arrival, then drops it from the address', async () => {
    const { router } = renderCart('/cart?coupon=first100');
    expect(await screen.findByTestId('discount')).toHaveTextContent('FIRST100');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/cart');
    expect(storedCoupon()).toBe('FIRST100');
  });

  it('sends the applied code at checkout; a refusal of it shows beside the field and the cart is kept', async () => {
    localStorage.setItem('coupon', JSON.stringify('FIRST100'));
    const orders: { input: CheckoutInput }[] = [];
    const { user, pathname } = renderCart('/cart', {
      mocks: [placeOrderMock({ errorMessage: `couponCode: ${COUPON_RULES.usedUp}` }, orders)],
    });
    await screen.findByTestId('discount');
    // UPI is chosen first: no card to type.
    await user.click(
      await main().findByRole('button', { name: `Pay ₹${300 - 100 + SHIPPING.flat}.00` }),
    );

    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0].input).toMatchObject({ couponCode: 'FIRST100' });
    expect(await screen.findByTestId('coupon-error')).toHaveTextContent(COUPON_RULES.usedUp);
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('checkout-error')).toBeNull();
    expect(pathname()).toBe('/cart');
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toHaveLength(1);
  });

  it('forgets the code once the cart is emptied', async () => {
    localStorage.setItem('coupon', JSON.stringify('FIRST100'));
    const { user } = renderCart();
    await screen.findByTestId('discount');
    await user.click(main().getByRole('button', { name: 'Remove' }));
    expect(await main().findByText('Your cart is empty')).toBeInTheDocument();
    expect(storedCoupon()).toBeNull();
  });

  it('sends no code at checkout that the quote did not apply', async () => {
    localStorage.setItem('coupon', JSON.stringify('BIG500'));
    const orders: { input: CheckoutInput }[] = [];
    const { user } = renderCart('/cart', {
      mocks: [placeOrderMock({ errorMessage: 'method: not now' }, orders)],
    });
    expect(await screen.findByTestId('coupon-error')).toHaveTextContent(MINIMUM);
    await user.click(await main().findByRole('button', { name: `Pay ₹${300 + SHIPPING.flat}.00` }));
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0].input).not.toHaveProperty('couponCode');
  });
});

describe('Cart: offers applied and offers within reach', () => {
  it("lists each offer with its saving and says what the cart lacks for the others, in the server's figures", async () => {
    renderCart('/cart', {
      quote: {
        offers: [{ name: 'Buy 2 kitchen items, 10% off', saves: 30 }],
        hints: [
          { __typename: 'OfferHint', name: 'Buy 3, 15% off', itemsShort: 1, amountShort: 0 },
          {
            __typename: 'OfferHint',
            name: 'Free shipping over ₹499',
            itemsShort: 0,
            amountShort: 59,
          },
        ],
      },
    });
    const discount = await screen.findByTestId('discount');
    expect(discount).toHaveTextContent('Buy 2 kitchen items, 10% off');
    expect(discount).toHaveTextContent('−₹30.00');
    expect(screen.getByTestId('line-saving')).toHaveTextContent('You save ₹30.00');
    expect(screen.getByTestId('cart-total')).toHaveTextContent(
      `Total : ₹${300 - 30 + SHIPPING.flat}.00`,
    );
    const hints = screen.getAllByTestId('offer-hint').map((hint) => hint.textContent);
    expect(hints).toEqual([
      'Add 1 more item to get: Buy 3, 15% off',
      'Add ₹59.00 more for: Free shipping over ₹499',
    ]);
  });

  it('shows no discount, saving or hint when the server answers none', async () => {
    renderCart();
    await screen.findByTestId('cart-total');
    expect(screen.queryByTestId('discount')).toBeNull();
    expect(screen.queryByTestId('line-saving')).toBeNull();
    expect(screen.queryByTestId('offer-hints')).toBeNull();
  });
});
