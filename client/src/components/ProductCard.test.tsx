import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { product } from '../test/fixtures';
import { renderWithShop } from '../test/render';
import { ProductCard } from './ProductCard';

function storedCart(): { id: string; name: string }[] {
  return JSON.parse(localStorage.getItem('cart') ?? '[]');
}

describe('ProductCard', () => {
  it('shows photo, name, INR price, a 60-character excerpt and both buttons', () => {
    renderWithShop(<ProductCard product={product(3, { price: 99999.9 })} />);
    const card = within(screen.getByTestId('product-card'));
    expect(card.getByRole('img', { name: 'Product 3' })).toHaveAttribute(
      'src',
      '/api/v1/product/product-photo/p3',
    );
    expect(card.getByText('Product 3')).toBeInTheDocument();
    expect(card.getByText('₹99,999.90')).toBeInTheDocument();
    expect(
      card.getByText('3 A sturdy everyday product made with care for Indian homes,...'),
    ).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'More Details' })).toHaveAttribute(
      'href',
      '/product/product-3',
    );
    expect(card.getByRole('button', { name: 'ADD TO CART' })).toBeEnabled();
    expect(card.queryByText('Out of stock')).toBeNull();
  });

  it('lists a product with options from its lowest price, MRP struck through, and leads to the choice', () => {
    const kurta = product(5, {
      name: 'Cotton Kurta',
      slug: 'cotton-kurta',
      price: 899,
      listedPrice: 799,
      listedMrp: 1299,
      discountPercent: 38,
      pricesVary: true,
      options: [{ __typename: 'ProductOption', name: 'Size', values: ['M', 'L'] }],
    });
    renderWithShop(<ProductCard product={kurta} />);
    const card = within(screen.getByTestId('product-card'));
    expect(card.getByTestId('price-tag')).toHaveTextContent('from ₹799.00 MRP ₹1,299.00 38% off');
    expect(card.getByText('₹1,299.00').closest('s')).not.toBeNull();
    expect(card.queryByRole('button', { name: 'ADD TO CART' })).toBeNull();
    expect(card.getByRole('link', { name: 'CHOOSE OPTIONS of Cotton Kurta' })).toHaveAttribute(
      'href',
      '/product/cotton-kurta',
    );
  });

  it('marks a product with quantity 0 out of stock and disables ADD TO CART', async () => {
    const { user } = renderWithShop(<ProductCard product={product(4, { quantity: 0 })} />);
    const card = within(screen.getByTestId('product-card'));
    expect(card.getByText('Out of stock')).toBeInTheDocument();
    const add = card.getByRole('button', { name: 'ADD TO CART' });
    expect(add).toBeDisabled();
    await user.click(add);
    expect(localStorage.getItem('cart')).toBeNull();
    expect(screen.queryByText('Item added to cart')).toBeNull();
  });

  it('adds to the cart: toast, stored cart and badge grow, duplicates allowed', async () => {
    const { user } = renderWithShop(<ProductCard product={product(5)} />);
    const add = screen.getByRole('button', { name: 'ADD TO CART' });

    await user.click(add);
    expect(await screen.findByText('Item added to cart')).toBeInTheDocument();
    expect(storedCart().map((item) => item.id)).toEqual(['p5']);
    expect(screen.getByRole('link', { name: 'Cart 1 item' })).toBeInTheDocument();

    await user.click(add);
    expect(storedCart().map((item) => item.id)).toEqual(['p5', 'p5']);
    expect(storedCart()[1].name).toBe('Product 5');
    expect(screen.getByRole('link', { name: 'Cart 2 items' })).toBeInTheDocument();
  });

  it('appends to a cart restored from storage', async () => {
    const { user } = renderWithShop(<ProductCard product={product(6)} />, {
      cart: [product(1), product(2)],
    });
    expect(screen.getByRole('link', { name: 'Cart 2 items' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    expect(storedCart().map((item) => item.id)).toEqual(['p1', 'p2', 'p6']);
    expect(screen.getByRole('link', { name: 'Cart 3 items' })).toBeInTheDocument();
  });

  it('in compact form (similar products) keeps the photo, cuts at the given length and has no cart button or heart', () => {
    renderWithShop(<ProductCard product={product(7)} excerptLength={30} compact />);
    const card = within(screen.getByTestId('product-card'));
    expect(card.getByText('7 A sturdy everyday product ma...')).toBeInTheDocument();
    expect(card.getByRole('img', { name: 'Product 7' })).toHaveAttribute(
      'src',
      '/api/v1/product/product-photo/p7',
    );
    expect(card.queryByRole('button', { name: 'ADD TO CART' })).toBeNull();
    expect(card.queryByRole('button', { name: /wishlist/ })).toBeNull();
    expect(card.getByRole('link', { name: 'More Details' })).toHaveAttribute(
      'href',
      '/product/product-7',
    );
  });

  it('marks the words given in the name and the excerpt, whatever their case', () => {
    renderWithShop(
      <ProductCard
        product={product(8, {
          name: 'Steel Kettle',
          description: 'A kettle of steel, 1.5 litres.',
        })}
        highlight={['kettle', 'steel']}
      />,
    );
    const card = screen.getByTestId('product-card');
    expect([...card.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'Steel',
      'Kettle',
      'kettle',
      'steel',
    ]);
    expect(card).toHaveTextContent('Steel Kettle');
    expect(card).toHaveTextContent('A kettle of steel, 1.5 litres....');
  });

  it('marks nothing without words to mark', () => {
    renderWithShop(<ProductCard product={product(8, { name: 'Steel Kettle' })} />);
    expect(screen.getByTestId('product-card').querySelector('mark')).toBeNull();
    expect(screen.getByText('Steel Kettle')).toBeInTheDocument();
  });

  it('shows the stars, average and count once the product has a review, read out as a sentence', () => {
    const rated = product(9, { rating: { __typename: 'ProductRating', average: 4.25, count: 12 } });
    renderWithShop(
      <>
        <ProductCard product={rated} />
        <ProductCard product={product(10)} />
      </>,
    );
    const [first, second] = screen.getAllByTestId('product-card');
    expect(
      within(first).getByRole('img', { name: 'Rated 4.3 out of 5 by 12 shoppers' }),
    ).toHaveTextContent('4.3 (12)');
    expect(within(second).queryByTestId('rating-stars')).toBeNull();
  });
});
