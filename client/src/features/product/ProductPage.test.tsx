import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deliveryAnswer, deliveryCheckMock } from '../../test/delivery-fixtures';
import { product, productDetailsMock, similarProductsMock } from '../../test/fixtures';
import { renderWithShop } from '../../test/render';

const phone = product(1, {
  name: 'Galaxy Phone',
  slug: 'galaxy-phone',
  price: 54999,
  description: 'A phone with a bright screen and a battery that lasts two days.',
});
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
    await screen.findByRole('heading', { name: 'Product Details' });
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
    expect(screen.queryByText('Product Details')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Product Details' })).toBeInTheDocument();
    // The similar products load after the product, with a loading state of their own.
    expect(await screen.findByText('Pixel Phone')).toBeInTheDocument();
    // The reviews have a loading state of their own too, which may end after the similar ones.
    await waitFor(() => expect(screen.queryByText('Loading....')).toBeNull());
  });

  it('shows the details and similar products with 30-character excerpts', async () => {
    renderWithShop('/product/galaxy-phone', {
      mocks: [productDetailsMock('galaxy-phone', phone), similarProductsMock('p1', similar)],
    });
    expect(await screen.findByRole('heading', { name: 'Product Details' })).toBeInTheDocument();
    expect(screen.getByText('Name :').parentElement).toHaveTextContent('Name : Galaxy Phone');
    expect(screen.getByText('Description :').parentElement).toHaveTextContent(
      'Description : A phone with a bright screen and a battery that lasts two days.',
    );
    expect(screen.getByText('Price :').parentElement).toHaveTextContent('Price : ₹54,999.00');
    expect(screen.getByText('Category :').parentElement).toHaveTextContent(
      'Category : Electronics',
    );
    expect(screen.getByRole('img', { name: 'Galaxy Phone' })).toHaveAttribute(
      'src',
      '/api/v1/product/product-photo/p1',
    );
    expect(screen.getByRole('button', { name: 'ADD TO CART' })).toBeEnabled();
    expect(document.title).toBe('Galaxy Phone | Bazaar');

    expect(screen.getByRole('heading', { name: 'Similar Products' })).toBeInTheDocument();
    await screen.findByText('Pixel Phone');
    const cards = screen.getAllByTestId('product-card');
    expect(cards).toHaveLength(2);
    const pixel = within(cards[0]);
    expect(pixel.getByText('₹64,999.00')).toBeInTheDocument();
    expect(pixel.getByText('2 A sturdy everyday product ma...')).toBeInTheDocument();
    expect(pixel.getByRole('link', { name: 'More Details' })).toHaveAttribute(
      'href',
      '/product/product-2',
    );
    expect(within(cards[1]).getByText('₹8,999.50')).toBeInTheDocument();
    expect(screen.queryByText('No Similar Products found')).toBeNull();
  });

  it('adds the product to the cart', async () => {
    const { user } = renderWithShop('/product/galaxy-phone', {
      mocks: [productDetailsMock('galaxy-phone', phone), similarProductsMock('p1', [])],
    });
    await user.click(await screen.findByRole('button', { name: 'ADD TO CART' }));
    expect(await screen.findByText('Item added to cart')).toBeInTheDocument();
    const cart = JSON.parse(localStorage.getItem('cart') ?? '[]') as { id: string }[];
    expect(cart.map((item) => item.id)).toEqual(['p1']);
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
  });

  it('shows the not-found page for an unknown slug', async () => {
    renderWithShop('/product/no-such-thing', {
      mocks: [productDetailsMock('no-such-thing', null)],
    });
    expect(await screen.findByText('Oops ! Page Not Found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.queryByText('Product Details')).toBeNull();
  });
});
