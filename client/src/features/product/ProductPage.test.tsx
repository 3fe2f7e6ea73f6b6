import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deliveryAnswer, deliveryCheckMock } from '../../test/delivery-fixtures';
import { product, productDetailsMock, similarProductsMock } from '../../test/fixtures';
import { renderWithShop } from '../../test/render';

const phone = product(1, {
  name: 'Galaxy Phone',
  slug: 'galaxy-phone',
  price: 54999,
  description: 'A phone with a bright screen.\nIts battery lasts two days.',
});
const heading = () => screen.findByRole('heading', { level: 1, name: 'Galaxy Phone' });
const quantityBox = () => screen.getByRole('textbox', { name: 'Quantity' });
const storedCart = () =>
  (JSON.parse(localStorage.getItem('cart') ?? '[]') as { id: string }[]).map((item) => item.id);
const similar = [
  product(2, { name: 'Pixel Phone', price: 64999 }),
  product(3, { name: 'Budget Phone', price: 8999.5 }),
];

describe('Product page', () => {
  it('checks delivery by PIN under the price, and remembers the PIN for the next product', async () => {
    const { user } = renderWithShop('/product/galaxy-phone', {
      mocks: [
        productDetailsMock('galaxy-phone', phone),
        similarProductsMock('p1', similar),
        deliveryCheckMock('800001', deliveryAnswer()),
      ],
    });
    await heading();
    const check = within(screen.getByRole('form', { name: 'Check delivery' }));
    await user.type(check.getByRole('textbox', { name: 'Delivery PIN code' }), '800001{Enter}');
    expect(await screen.findByTestId('delivery-answer')).toHaveTextContent(
      'Delivery by Tue 8 Dec – Fri 11 Dec to Patna, Bihar · Cash on delivery available',
    );
    expect(JSON.parse(localStorage.getItem('deliveryPin') ?? 'null')).toBe('800001');
  });

  it('shows the loading state while the product is on its way', async () => {
    renderWithShop('/product/galaxy-phone', {
      mocks: [productDetailsMock('galaxy-phone', phone, 300), similarProductsMock('p1', similar)],
    });
    expect(screen.getByText('Loading....')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Galaxy Phone' })).toBeNull();
    expect(await heading()).toBeInTheDocument();
    // The similar products load after the product, with a loading state of their own.
    expect(await screen.findByText('Pixel Phone')).toBeInTheDocument();
    // The reviews have a loading state of their own too, which may end after the similar ones.
    await waitFor(() => expect(screen.queryByText('Loading....')).toBeNull());
  });

  it('shows the name, price, stock, description with its line breaks, breadcrumb and similar products with photos', async () => {
    renderWithShop('/product/galaxy-phone', {
      mocks: [productDetailsMock('galaxy-phone', phone), similarProductsMock('p1', similar)],
    });
    expect(await heading()).toBeInTheDocument();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(crumbs.getByRole('link', { name: 'Electronics' })).toHaveAttribute(
      'href',
      '/category/electronics',
    );
    expect(crumbs.getByText('Galaxy Phone')).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByTestId('price-tag')[0]).toHaveTextContent('₹54,999.00');
    expect(screen.getByTestId('stock-message')).toHaveTextContent('In stock');
    expect(screen.getByRole('heading', { name: 'Description' })).toBeInTheDocument();
    const description = screen.getByTestId('product-description');
    // The line break the admin typed stays one (pre-line), not run into the sentence before.
    expect(description.textContent).toBe(
      'A phone with a bright screen.\nIts battery lasts two days.',
    );
    expect(description).toHaveStyle({ whiteSpace: 'pre-line' });
    expect(screen.queryByText('Product Details')).toBeNull();
    expect(screen.getByRole('img', { name: 'Galaxy Phone' })).toHaveAttribute(
      'src',
      '/api/v1/product/product-photo/p1',
    );
    expect(screen.getByRole('button', { name: 'ADD TO CART' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'BUY NOW' })).toBeEnabled();
    expect(document.title).toBe('Galaxy Phone | Bazaar');

    expect(screen.getByRole('heading', { name: 'Similar Products' })).toBeInTheDocument();
    await screen.findByText('Pixel Phone');
    const cards = screen.getAllByTestId('product-card');
    expect(cards).toHaveLength(2);
    const pixel = within(cards[0]);
    expect(pixel.getByRole('img', { name: 'Pixel Phone' })).toHaveAttribute(
      'src',
      '/api/v1/product/product-photo/p2',
    );
    expect(pixel.getByText('₹64,999.00')).toBeInTheDocument();
    expect(pixel.getByText('2 A sturdy everyday product ma...')).toBeInTheDocument();
    expect(pixel.getByRole('link', { name: 'More Details' })).toHaveAttribute(
      'href',
      '/product/product-2',
    );
    expect(within(cards[1]).getByText('₹8,999.50')).toBeInTheDocument();
    expect(screen.queryByText('No Similar Products found')).toBeNull();
  });

  it('says how many are left when few are, and holds the quantity to the stock less the cart', async () => {
    const { user } = renderWithShop('/product/galaxy-phone', {
      mocks: [
        productDetailsMock('galaxy-phone', { ...phone, quantity: 3 }),
        similarProductsMock('p1', []),
      ],
    });
    await heading();
    expect(screen.getByTestId('stock-message')).toHaveTextContent('Only 3 left');
    const more = screen.getByRole('button', { name: 'One more Galaxy Phone' });
    const less = screen.getByRole('button', { name: 'One less Galaxy Phone' });
    expect(less).toBeDisabled();
    await user.click(more);
    await user.click(more);
    expect(quantityBox()).toHaveValue('3');
    expect(more).toBeDisabled();
    // A number typed above the stock is held to it.
    await user.clear(quantityBox());
    await user.type(quantityBox(), '9');
    await user.tab();
    expect(quantityBox()).toHaveValue('3');
    await user.click(less);
    await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    expect(await screen.findByText('2 items added to cart')).toBeInTheDocument();
    expect(storedCart()).toEqual(['p1', 'p1']);
    // One is left to add: the cart holds two of the three.
    expect(screen.getByTestId('in-cart')).toHaveTextContent('2 in your cart · Go to cart');
    expect(quantityBox()).toHaveValue('1');
    expect(screen.getByRole('button', { name: 'One more Galaxy Phone' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    expect(storedCart()).toEqual(['p1', 'p1', 'p1']);
    expect(screen.getByTestId('in-cart')).toHaveTextContent('All 3 in stock are in your cart');
    expect(screen.getByRole('button', { name: 'ADD TO CART' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'BUY NOW' })).toBeDisabled();
  });

  it('buys now: adds the quantity chosen and goes to the cart', async () => {
    const { user, router } = renderWithShop('/product/galaxy-phone', {
      mocks: [productDetailsMock('galaxy-phone', phone), similarProductsMock('p1', [])],
    });
    await heading();
    await user.click(screen.getByRole('button', { name: 'One more Galaxy Phone' }));
    await user.click(screen.getByRole('button', { name: 'BUY NOW' }));
    expect(router.state.location.pathname).toBe('/cart');
    expect(storedCart()).toEqual(['p1', 'p1']);
  });

  it('adds the product to the cart', async () => {
    const { user } = renderWithShop('/product/galaxy-phone', {
      mocks: [productDetailsMock('galaxy-phone', phone), similarProductsMock('p1', [])],
    });
    await user.click(await screen.findByRole('button', { name: 'ADD TO CART' }));
    expect(await screen.findByText('Item added to cart')).toBeInTheDocument();
    expect(storedCart()).toEqual(['p1']);
    expect(screen.getByRole('link', { name: 'Cart 1 item' })).toBeInTheDocument();
  });

  it("says 'No Similar Products found' when there are none", async () => {
    renderWithShop('/product/galaxy-phone', {
      mocks: [productDetailsMock('galaxy-phone', phone), similarProductsMock('p1', [])],
    });
    expect(await screen.findByText('No Similar Products found')).toBeInTheDocument();
    expect(screen.queryAllByTestId('product-card')).toHaveLength(0);
  });

  it('disables ADD TO CART for a product out of stock', async () => {
    renderWithShop('/product/galaxy-phone', {
      mocks: [
        productDetailsMock('galaxy-phone', { ...phone, quantity: 0 }),
        similarProductsMock('p1', []),
      ],
    });
    expect(await screen.findByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ADD TO CART' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'BUY NOW' })).toBeDisabled();
    expect(screen.queryByRole('textbox', { name: 'Quantity' })).toBeNull();
  });

  it('shows the not-found page for an unknown slug', async () => {
    renderWithShop('/product/no-such-thing', {
      mocks: [productDetailsMock('no-such-thing', null)],
    });
    expect(await screen.findByText('Oops ! Page Not Found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).toBeNull();
  });
});
