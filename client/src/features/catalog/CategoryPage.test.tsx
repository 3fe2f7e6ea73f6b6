import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  categoryPageMock,
  product,
  products,
  storefrontMock,
} from '../../test/fixtures';
import { renderWithShop } from '../../test/render';

const books = CATEGORIES[1];

describe('Category page', () => {
  it("shows 'Loading....', then the category's products and their count", async () => {
    renderWithShop('/category/books', {
      mocks: [
        categoryPageMock('books', books),
        storefrontMock({
          filter: { categoryIds: ['c2'] },
          total: 2,
          items: [product(1, { name: 'Godan', price: 299 }), product(2, { name: 'Gitanjali' })],
        }),
      ],
    });
    expect(screen.getByText('Loading....')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Category - Books' })).toBeInTheDocument();
    expect(screen.getByText('2 results found')).toBeInTheDocument();
    const cards = screen.getAllByTestId('product-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('Godan')).toBeInTheDocument();
    expect(within(cards[0]).getByText('₹299.00')).toBeInTheDocument();
    expect(within(cards[1]).getByText('Gitanjali')).toBeInTheDocument();
    expect(screen.queryByText('Loading....')).toBeNull();
    expect(document.title).toBe('Books | Bazaar');
  });

  it('offers load more when the category has more than one page', async () => {
    const { user } = renderWithShop('/category/books', {
      mocks: [
        categoryPageMock('books', books),
        storefrontMock({ filter: { categoryIds: ['c2'] }, total: 8, items: products(1, 6) }),
        storefrontMock({
          filter: { categoryIds: ['c2'] },
          page: 2,
          total: 8,
          items: products(7, 8),
        }),
      ],
    });
    expect(await screen.findByText('8 results found')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'Click here for Loadmore' }));
    expect(await screen.findByText('Product 8')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(8);
  });

  it("says '0 results found' and shows no cards for an empty category", async () => {
    renderWithShop('/category/books', {
      mocks: [
        categoryPageMock('books', books),
        storefrontMock({ filter: { categoryIds: ['c2'] }, total: 0, items: [] }),
      ],
    });
    expect(await screen.findByText('0 results found')).toBeInTheDocument();
    expect(screen.queryAllByTestId('product-card')).toHaveLength(0);
  });

  it('shows the 404 page for an unknown slug', async () => {
    renderWithShop('/category/no-such-category', {
      mocks: [categoryPageMock('no-such-category', null)],
    });
    expect(await screen.findByText('Oops ! Page Not Found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.queryByText(/results? found/)).toBeNull();
  });
});
