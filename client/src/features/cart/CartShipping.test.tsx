import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CartQuoteQueryVariables, CheckoutInput } from '../../gql/graphql';
import { deliveryAnswer, deliveryCheckMock } from '../../test/delivery-fixtures';
import { Mock, product, storedAuth } from '../../test/fixtures';
import { cartMocks, placeOrderMock, QuoteOptions, stock } from '../../test/order-fixtures';
import { renderWithShop } from '../../test/render';

const lamp = product(5, { name: 'Brass Lamp', price: 200 });
const LIVE = [stock(lamp)];
const GUWAHATI = deliveryAnswer({
  pin: '781001',
  zone: 'NORTH_EAST_AND_ISLANDS',
  message: 'Delivery by Thu 10 Dec – Tue 15 Dec to Guwahati, Assam · Cash on delivery available',
});

const main = () => within(screen.getByRole('main'));

function renderCart(
  cart = [lamp],
  { quote = {}, mocks = [], pin }: { quote?: QuoteOptions; mocks?: Mock[]; pin?: string } = {},
) {
  if (pin) localStorage.setItem('deliveryPin', JSON.stringify(pin));
  return renderWithShop('/cart', {
    auth: storedAuth(),
    cart,
    mocks: [...cartMocks(LIVE, quote), ...mocks],
  });
}

describe('Cart: shipping, from the server’s quote', () => {
  it('shows the goods, the charge, what is missing for free delivery and the total to pay', async () => {
    renderCart();
    expect(await screen.findByTestId('cart-total')).toHaveTextContent('Total : ₹249.00');
    expect(screen.getByTestId('cart-goods')).toHaveTextContent('₹200.00');
    expect(screen.getByTestId('cart-shipping')).toHaveTextContent('₹49.00');
    expect(screen.getByTestId('free-shipping-hint')).toHaveTextContent(
      'Add ₹299.00 more for free delivery',
    );
    expect(await main().findByRole('button', { name: 'Pay ₹249.00' })).toBeEnabled();
  });

  it('says Free once the goods reach the threshold', async () => {
    renderCart([lamp, lamp, lamp]);
    expect(await screen.findByTestId('cart-total')).toHaveTextContent('Total : ₹600.00');
    expect(screen.getByTestId('cart-shipping')).toHaveTextContent('Free');
    expect(screen.queryByTestId('free-shipping-hint')).toBeNull();
  });

  it('shows what the server quotes, not sums of its own', async () => {
    renderCart([lamp], { quote: { shipping: { flat: 80, freeFrom: null } } });
    expect(await screen.findByTestId('cart-shipping')).toHaveTextContent('₹80.00');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total : ₹280.00');
    expect(screen.queryByTestId('free-shipping-hint')).toBeNull();
    expect(await main().findByRole('button', { name: 'Pay ₹280.00' })).toBeInTheDocument();
  });

  it('quotes for the PIN checked, again for a new one, and pays with it', async () => {
    const quotes: CartQuoteQueryVariables[] = [];
    const orders: { input: CheckoutInput }[] = [];
    const { user } = renderCart([lamp], {
      pin: '800001',
      quote: { calls: quotes },
      mocks: [
        deliveryCheckMock('800001', deliveryAnswer()),
        deliveryCheckMock('781001', GUWAHATI),
        placeOrderMock({ success: false, message: 'Card declined' }, orders),
      ],
    });
    expect(await screen.findByTestId('delivery-answer')).toHaveTextContent('to Patna, Bihar');
    await waitFor(() => expect(quotes.at(-1)?.pin).toBe('800001'));

    const pin = main().getByRole('textbox', { name: 'Delivery PIN code' });
    await user.clear(pin);
    await user.type(pin, '781001');
    await user.click(main().getByRole('button', { name: 'Check delivery' }));
    expect(await screen.findByText(/to Guwahati, Assam/)).toBeInTheDocument();
    await waitFor(() => expect(quotes.at(-1)?.pin).toBe('781001'));
    expect(quotes.at(-1)?.lines).toEqual([{ productId: 'p5', quantity: 1 }]);

    await user.click(main().getByRole('radio', { name: /^Card/ }));
    await user.type(main().getByLabelText(/^Card number/), '4000 0000 0000 0002');
    await user.type(main().getByLabelText(/^Expiry/), '12/30');
    await user.type(main().getByLabelText(/^CVV/), '123');
    await user.click(main().getByRole('button', { name: 'Pay ₹249.00' }));
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0].input).toMatchObject({ deliveryPin: '781001' });
    expect(orders[0].input).not.toHaveProperty('shippingCharge');
    expect(orders[0].input).not.toHaveProperty('total');
  });

  it('keeps Pay closed for a PIN the shop does not deliver to', async () => {
    renderCart([lamp], {
      pin: '744101',
      quote: { unserved: ['744101'] },
      mocks: [
        deliveryCheckMock(
          '744101',
          deliveryAnswer({ pin: '744101', deliverable: false, message: 'Sorry, not there' }),
        ),
      ],
    });
    expect(
      await main().findByText('Choose a PIN code we deliver to before paying.'),
    ).toBeInTheDocument();
    expect(main().getByRole('button', { name: 'Pay' })).toBeDisabled();
  });
});
