import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { product, storedAuth } from '../../test/fixtures';
import { cartMocks, stock } from '../../test/order-fixtures';
import { renderWithShop } from '../../test/render';

const kettle = product(1, { name: 'Steel Kettle', price: 1000 });
const phone = product(2, { name: 'Galaxy Phone', price: 54999 });
/** As stored: the kettle added twice, the phone once. */
const STORED = [kettle, phone, kettle];
/** The shop's prices today: both went up since they were added. */
const LIVE = [stock(kettle, { price: 1250, quantity: 8 }), stock(phone, { price: 60000 })];

function main() {
  return within(screen.getByRole('main'));
}

function storedIds(): string[] {
  return (JSON.parse(localStorage.getItem('cart') ?? 'null') as { id: string }[]).map(
    (item) => item.id,
  );
}

async function lineOf(name: string) {
  const heading = await main().findByText(name);
  return within(heading.closest<HTMLElement>('[data-testid="cart-line"]')!);
}

function total() {
  return screen.getByTestId('cart-total');
}

describe('Cart page', () => {
  it("shows the empty state with 'Continue shopping' back to the shop", async () => {
    renderWithShop('/cart');
    expect(await main().findByText('Your cart is empty')).toBeInTheDocument();
    expect(main().getByRole('heading', { name: 'Hello Guest' })).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByTestId('cart-line')).toBeNull();
    expect(screen.queryByTestId('cart-total')).toBeNull();
  });

  it('groups the stored list into one line per product, with quantities', async () => {
    renderWithShop('/cart', { cart: STORED, mocks: cartMocks(LIVE) });
    expect(await main().findByText('You have 3 items in your cart')).toBeInTheDocument();
    const lines = screen.getAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]).getByText('Steel Kettle')).toBeInTheDocument();
    expect(within(lines[0]).getByTestId('line-quantity')).toHaveTextContent('2');
    expect(within(lines[1]).getByText('Galaxy Phone')).toBeInTheDocument();
    expect(within(lines[1]).getByTestId('line-quantity')).toHaveTextContent('1');
    expect(within(lines[0]).getByRole('img', { name: 'Steel Kettle' })).toHaveAttribute(
      'src',
      '/api/v1/product/product-photo/p1',
    );
    expect(within(lines[0]).getByText('1 A sturdy everyday product ma...')).toBeInTheDocument();
  });

  it("prices lines and the total in INR at the shop's current prices", async () => {
    renderWithShop('/cart', { cart: STORED, mocks: cartMocks(LIVE) });
    const kettleLine = await lineOf('Steel Kettle');
    // The stored price (₹1,000.00) gives way to today's price once the stock check answers.
    expect(await kettleLine.findByText('Price : ₹1,250.00')).toBeInTheDocument();
    expect(kettleLine.getByTestId('line-total')).toHaveTextContent('₹2,500.00');
    const phoneLine = await lineOf('Galaxy Phone');
    expect(phoneLine.getByText('Price : ₹60,000.00')).toBeInTheDocument();
    expect(phoneLine.getByTestId('line-total')).toHaveTextContent('₹60,000.00');
    expect(await screen.findByText('Total : ₹62,500.00')).toBe(total());
  });

  it('says which prices changed since they were added, until the shopper has seen it', async () => {
    const { user } = renderWithShop('/cart', { cart: STORED, mocks: cartMocks(LIVE) });
    const notice = within(
      await screen.findByRole('status', { name: /Prices changed since you added these/ }),
    );
    expect(notice.getByText('Steel Kettle: now ₹1,250.00, was ₹1,000.00')).toBeInTheDocument();
    expect(notice.getByText('Galaxy Phone: now ₹60,000.00, was ₹54,999.00')).toBeInTheDocument();

    await user.click(notice.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('status', { name: /Prices changed/ })).toBeNull();
    const stored = JSON.parse(localStorage.getItem('cart') ?? '[]') as { price: number }[];
    expect(stored.map((item) => item.price)).toEqual([1250, 60000, 1250]);
    expect(screen.getByText('Total : ₹62,500.00')).toBe(total());
  });

  it('+ and − change the quantity, the totals and the stored list', async () => {
    const { user } = renderWithShop('/cart', { cart: STORED, mocks: cartMocks(LIVE) });
    const phoneLine = await lineOf('Galaxy Phone');
    await screen.findByText('Total : ₹62,500.00');

    await user.click(main().getByRole('button', { name: 'One more Galaxy Phone' }));
    expect(phoneLine.getByTestId('line-quantity')).toHaveTextContent('2');
    expect(phoneLine.getByTestId('line-total')).toHaveTextContent('₹1,20,000.00');
    // The total is the server's quote for the new cart, once it answers.
    expect(await screen.findByText('Total : ₹1,22,500.00')).toBe(total());
    expect(storedIds()).toEqual(['p1', 'p1', 'p2', 'p2']);
    expect(main().getByText('You have 4 items in your cart')).toBeInTheDocument();
    expect(screen.getAllByTestId('cart-count')[0]).toHaveTextContent('4');

    await user.click(main().getByRole('button', { name: 'One less Steel Kettle' }));
    const kettleLine = await lineOf('Steel Kettle');
    expect(kettleLine.getByTestId('line-quantity')).toHaveTextContent('1');
    expect(await screen.findByText('Total : ₹1,21,250.00')).toBe(total());
    expect(storedIds()).toEqual(['p1', 'p2', 'p2']);
  });

  it('+ stops at the stock, the last unit added included', async () => {
    const { user } = renderWithShop('/cart', {
      cart: [kettle, kettle],
      mocks: cartMocks([stock(kettle, { quantity: 3 })]),
    });
    const kettleLine = await lineOf('Steel Kettle');
    const more = kettleLine.getByRole('button', { name: 'One more Steel Kettle' });
    await user.click(more);
    expect(kettleLine.getByTestId('line-quantity')).toHaveTextContent('3');
    // Once the stock check has answered (it may come after the click).
    await waitFor(() => expect(more).toBeDisabled());
    expect(kettleLine.queryByRole('alert')).toBeNull();
    await user.click(kettleLine.getByRole('button', { name: 'One less Steel Kettle' }));
    expect(more).toBeEnabled();
  });

  it('− on the last unit takes the line away', async () => {
    const { user } = renderWithShop('/cart', { cart: STORED, mocks: cartMocks(LIVE) });
    await lineOf('Galaxy Phone');
    await user.click(main().getByRole('button', { name: 'One less Galaxy Phone' }));
    expect(main().queryByText('Galaxy Phone')).toBeNull();
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect(storedIds()).toEqual(['p1', 'p1']);
  });

  it('Remove takes every unit of the product out', async () => {
    const { user } = renderWithShop('/cart', { cart: STORED, mocks: cartMocks(LIVE) });
    const kettleLine = await lineOf('Steel Kettle');
    await user.click(kettleLine.getByRole('button', { name: 'Remove' }));
    expect(main().queryByText('Steel Kettle')).toBeNull();
    expect(storedIds()).toEqual(['p2']);
    expect(await screen.findByText('Total : ₹60,000.00')).toBeInTheDocument();
    expect(main().getByText('You have 1 items in your cart')).toBeInTheDocument();

    await user.click(main().getByRole('button', { name: 'Remove' }));
    expect(main().getByText('Your cart is empty')).toBeInTheDocument();
    expect(localStorage.getItem('cart')).toBe('[]');
  });

  it("warns 'Only N left in stock' and blocks paying when the stock is lower", async () => {
    renderWithShop('/cart', {
      auth: storedAuth(),
      cart: [kettle, kettle, kettle, phone],
      mocks: cartMocks([stock(kettle, { quantity: 2 }), stock(phone)]),
    });
    const kettleLine = await lineOf('Steel Kettle');
    expect(await kettleLine.findByText('Only 2 left in stock')).toBeInTheDocument();
    const phoneLine = await lineOf('Galaxy Phone');
    expect(phoneLine.queryByRole('alert')).toBeNull();
    expect(await main().findByRole('button', { name: /^Pay/ })).toBeDisabled();
    expect(
      main().getByText('Adjust the quantities above to what is in stock first.'),
    ).toBeInTheDocument();
  });

  it("says 'Out of stock' for a product sold out, and paying works again once it goes", async () => {
    const { user } = renderWithShop('/cart', {
      auth: storedAuth(),
      cart: [kettle, phone],
      mocks: cartMocks([stock(kettle), stock(phone, { quantity: 0 })]),
    });
    const phoneLine = await lineOf('Galaxy Phone');
    expect(await phoneLine.findByText('Out of stock')).toBeInTheDocument();
    expect(await main().findByRole('button', { name: /^Pay/ })).toBeDisabled();

    await user.click(phoneLine.getByRole('button', { name: 'Remove' }));
    expect(await main().findByRole('button', { name: 'Pay ₹1,000.00' })).toBeEnabled();
    expect(main().queryByText('Out of stock')).toBeNull();
  });

  it('lowering the quantity to what is in stock lifts the warning', async () => {
    const { user } = renderWithShop('/cart', {
      auth: storedAuth(),
      cart: [kettle, kettle, kettle],
      mocks: cartMocks([stock(kettle, { quantity: 2 })]),
    });
    const kettleLine = await lineOf('Steel Kettle');
    await kettleLine.findByText('Only 2 left in stock');
    await user.click(kettleLine.getByRole('button', { name: 'One less Steel Kettle' }));
    expect(kettleLine.queryByText('Only 2 left in stock')).toBeNull();
    expect(await main().findByRole('button', { name: 'Pay ₹2,000.00' })).toBeEnabled();
  });

  it('marks a product the shop no longer sells and blocks paying', async () => {
    renderWithShop('/cart', {
      auth: storedAuth(),
      cart: [kettle, phone],
      mocks: cartMocks([stock(kettle)]),
    });
    const phoneLine = await lineOf('Galaxy Phone');
    expect(await phoneLine.findByText('This product is no longer sold')).toBeInTheDocument();
    expect(await main().findByRole('button', { name: /^Pay/ })).toBeDisabled();
  });

  it("signed out: 'Please login to checkout' goes to /login and remembers the cart", async () => {
    const { user, pathname, router } = renderWithShop('/cart', {
      cart: STORED,
      mocks: cartMocks(LIVE),
    });
    await lineOf('Steel Kettle');
    expect(main().getByRole('heading', { name: 'Hello Guest' })).toBeInTheDocument();
    expect(main().queryByText('Delivery address')).toBeNull();
    expect(main().queryByText('Demo payment, no real money')).toBeNull();
    expect(main().queryByRole('button', { name: /^Pay / })).toBeNull();

    await user.click(main().getByRole('button', { name: 'Please login to checkout' }));
    expect(await main().findByRole('heading', { name: 'Login Form' })).toBeInTheDocument();
    expect(pathname()).toBe('/login');
    expect(router.state.location.state).toBe('/cart');
  });

  it('signed in: shows the delivery address, a link to change it and the ways to pay', async () => {
    const { user } = renderWithShop('/cart', {
      auth: storedAuth(),
      cart: STORED,
      mocks: cartMocks(LIVE),
    });
    await lineOf('Steel Kettle');
    expect(main().getByRole('heading', { name: 'Hello Asha Rao' })).toBeInTheDocument();
    expect(main().getByText('Delivery address')).toBeInTheDocument();
    expect(main().getByText('12 MG Road, Bengaluru')).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Manage addresses' })).toHaveAttribute(
      'href',
      '/dashboard/user/addresses',
    );
    expect(main().getByRole('radiogroup', { name: 'Choose how to pay' })).toBeInTheDocument();
    await user.click(main().getByRole('radio', { name: /^Card/ }));
    expect(main().getByText('Demo payment, no real money')).toBeInTheDocument();
    expect(main().getByText(/Approved: 4242 4242 4242 4242/)).toBeInTheDocument();
    expect(await main().findByRole('button', { name: 'Pay ₹62,500.00' })).toBeEnabled();
    expect(main().queryByRole('button', { name: 'Please login to checkout' })).toBeNull();
  });

  describe('lines of a product with options', () => {
    const kurta = product(3, {
      name: 'Cotton Kurta',
      price: 799,
      options: [{ __typename: 'ProductOption', name: 'Size', values: ['M', 'L'] }],
    });
    const choice = (id: string, size: string, price: number) => ({
      ...kurta,
      variant: { id, sku: `KURTA-${size}`, values: [size], price },
    });
    const live = stock(kurta, {
      variants: [
        { __typename: 'ProductVariant', id: 'v-m', price: 799, quantity: 5, onSale: true },
        { __typename: 'ProductVariant', id: 'v-l', price: 899, quantity: 1, onSale: true },
      ],
    });

    it('shows each variant as a line of its own with its values, SKU and price', async () => {
      const medium = choice('v-m', 'M', 799);
      const large = choice('v-l', 'L', 899);
      const { user } = renderWithShop('/cart', {
        cart: [medium, large, medium],
        mocks: cartMocks([live]),
      });
      expect(await main().findByText('You have 3 items in your cart')).toBeInTheDocument();
      const lines = screen.getAllByTestId('cart-line');
      expect(lines).toHaveLength(2);
      expect(within(lines[0]).getByTestId('line-variant')).toHaveTextContent('M · SKU KURTA-M');
      expect(within(lines[0]).getByTestId('line-quantity')).toHaveTextContent('2');
      expect(within(lines[1]).getByTestId('line-variant')).toHaveTextContent('L · SKU KURTA-L');
      expect(await within(lines[1]).findByTestId('line-total')).toHaveTextContent('₹899.00');
      expect(await screen.findByTestId('cart-total')).toHaveTextContent('₹2,497.00');

      // The large one has 1 left, which the cart holds: no second; the medium, 5, may grow.
      const moreLarge = within(lines[1]).getByRole('button', { name: 'One more Cotton Kurta L' });
      await waitFor(() => expect(moreLarge).toBeDisabled());
      await user.click(within(lines[0]).getByRole('button', { name: 'One more Cotton Kurta M' }));
      expect(within(lines[0]).getByTestId('line-quantity')).toHaveTextContent('3');
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('asks to choose again for an entry stored before the product had options', async () => {
      renderWithShop('/cart', {
        auth: storedAuth(),
        cart: [kurta],
        mocks: cartMocks([live]),
      });
      const line = await lineOf('Cotton Kurta');
      expect(await line.findByRole('alert')).toHaveTextContent(
        'This product now comes in several options: choose yours and remove this line.',
      );
      expect(line.getByRole('link', { name: 'choose yours' })).toHaveAttribute(
        'href',
        '/product/product-3',
      );
      expect(await main().findByRole('button', { name: /^Pay/ })).toBeDisabled();
    });
  });
});
