import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  categoryPageMock,
  product,
  products,
  storefrontMock,
} from '../../test/fixtures';
import { renderWithShop } from '../../test/render';
import { ARRIVED, ON_ITS_WAY_MS } from '../../test/timing';

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
    expect(await screen.findByRole('heading', { name: 'Books' })).toBeInTheDocument();
    // The heading can come before the products, whose answer the mock holds back.
    expect(await screen.findByText('2 products found')).toBeInTheDocument();
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
    expect(await screen.findByText('8 products found')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'Load more products' }));
    expect(await screen.findByText('Product 8')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(8);
  });

  it("says 'No products found' and shows no cards for an empty category", async () => {
    renderWithShop('/category/books', {
      mocks: [
        categoryPageMock('books', books),
        storefrontMock({ filter: { categoryIds: ['c2'] }, total: 0, items: [] }),
      ],
    });
    expect(await screen.findByText('No products found')).toBeInTheDocument();
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

  it('filters the category by price and sorts it, in the URL and in the request', async () => {
    const { user, router } = renderWithShop('/category/books', {
      mocks: [
        categoryPageMock('books', books),
        storefrontMock({ filter: { categoryIds: ['c2'] }, total: 8, items: products(1, 6) }),
        storefrontMock({
          filter: { categoryIds: ['c2'], priceMin: 1001, priceMax: 3000 },
          total: 2,
          items: [product(1, { name: 'Godan', price: 1299 }), product(2, { name: 'Gitanjali' })],
        }),
        storefrontMock({
          filter: { categoryIds: ['c2'], priceMin: 1001, priceMax: 3000 },
          sort: 'NAME_ASC',
          total: 2,
          items: [product(2, { name: 'Gitanjali' }), product(1, { name: 'Godan', price: 1299 })],
        }),
      ],
    });
    expect(await screen.findByText('8 products found')).toBeInTheDocument();
    // The page is the category's own: no category choices.
    expect(screen.queryByText('Filter By Category')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Books' })).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Rs. 1001 to 3000' }));
    expect(router.state.location.pathname).toBe('/category/books');
    expect(router.state.location.search).toBe('?price=1001-3000');
    expect(await screen.findByText('2 products found')).toBeInTheDocument();
    expect(within(screen.getAllByTestId('product-card')[0]).getByText('Godan')).toBeVisible();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name A-Z');
    expect(router.state.location.search).toBe('?price=1001-3000&sort=name-asc');
    await waitFor(() =>
      expect(within(screen.getAllByTestId('product-card')[0]).getByText('Gitanjali')).toBeVisible(),
    );
  });

  it("asks for the page's own category, whatever categories the URL names", async () => {
    renderWithShop('/category/books?category=fashion&stock=in&sort=price-asc', {
      mocks: [
        categoryPageMock('books', books),
        storefrontMock({
          filter: { categoryIds: ['c2'], inStock: true },
          sort: 'PRICE_ASC',
          total: 1,
          items: [product(1, { name: 'Godan' })],
        }),
      ],
    });
    expect(await screen.findByText('Godan')).toBeInTheDocument();
    expect(screen.getByText('1 product found')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('PRICE_ASC');
  });

  it('shows no count while the products of a view are on their way', async () => {
    const { user } = renderWithShop('/category/books', {
      mocks: [
        categoryPageMock('books', books),
        storefrontMock({
          filter: { categoryIds: ['c2'] },
          total: 8,
          items: products(1, 6),
          delay: ON_ITS_WAY_MS,
        }),
        storefrontMock({
          filter: { categoryIds: ['c2'], inStock: true },
          total: 7,
          items: products(1, 6),
          delay: ON_ITS_WAY_MS,
        }),
      ],
    });
    // The category is known, its products are not yet: no 'No products found'.
    expect(await screen.findByRole('heading', { name: 'Books' })).toBeInTheDocument();
    expect(screen.getByText('Loading....')).toBeInTheDocument();
    expect(screen.queryByText(/results? found/)).toBeNull();
    expect(await screen.findByText('8 products found', {}, ARRIVED)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    expect(await screen.findByText('Loading....')).toBeInTheDocument();
    expect(screen.queryByText(/results? found/)).toBeNull();
    expect(await screen.findByText('7 products found', {}, ARRIVED)).toBeInTheDocument();
  });
});
