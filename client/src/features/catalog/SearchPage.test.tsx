import { screen, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { SearchProductsDocument } from '../../gql/graphql';
import { mockOf, product, products, searchMock } from '../../test/fixtures';
import { renderWithShop } from '../../test/render';
import { SEARCH_PAGE_SIZE } from './SearchPage';

describe('Search page', () => {
  it('shows the loading state, then the results', async () => {
    renderWithShop('/search?keyword=phone', {
      mocks: [{ ...searchMock('phone', products(1, 2)), delay: 300 }],
    });
    expect(screen.getByRole('heading', { name: 'Search Results' })).toBeInTheDocument();
    expect(screen.getByText('Loading....')).toBeInTheDocument();
    expect(screen.queryByTestId('search-count')).toBeNull();
    expect(await screen.findByText('Found 2 Results')).toBeInTheDocument();
    expect(screen.queryByText('Loading....')).toBeNull();
  });

  it("shows 'Found N Results' and cards as on home", async () => {
    renderWithShop('/search?keyword=phone', {
      mocks: [
        searchMock('phone', [product(1, { name: 'Galaxy Phone', price: 54999 }), product(2)]),
      ],
    });
    expect(await screen.findByTestId('search-count')).toHaveTextContent('Found 2 Results');
    const cards = screen.getAllByTestId('product-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]);
    expect(first.getByText('Galaxy Phone')).toBeInTheDocument();
    expect(first.getByText('₹54,999.00')).toBeInTheDocument();
    expect(
      first.getByText('1 A sturdy everyday product made with care for Indian homes,...'),
    ).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'More Details' })).toHaveAttribute(
      'href',
      '/product/product-1',
    );
    expect(first.getByRole('button', { name: 'ADD TO CART' })).toBeInTheDocument();
    expect(document.title).toBe('Search: phone | Bazaar');
  });

  it('counts the total, not just the first page', async () => {
    renderWithShop('/search?keyword=product', {
      mocks: [searchMock('product', products(1, 12), 15)],
    });
    expect(await screen.findByText('Found 15 Results')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(12);
    expect(screen.getByRole('button', { name: 'Click here for Loadmore' })).toBeInTheDocument();
  });

  it("shows 'No Products Found' when nothing matches", async () => {
    renderWithShop('/search?keyword=unicorn', { mocks: [searchMock('unicorn', [])] });
    expect(await screen.findByText('No Products Found')).toBeInTheDocument();
    expect(screen.queryAllByTestId('product-card')).toHaveLength(0);
  });

  it("shows 'No Products Found' without a keyword and asks the server nothing", () => {
    renderWithShop('/search');
    expect(screen.getByText('No Products Found')).toBeInTheDocument();
    expect(screen.queryByText('Loading....')).toBeNull();
  });

  it('a failed load more stops the loading indicator and keeps the results', async () => {
    // Only logged: an uncaught rejection from the click handler would be a bug.
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    onTestFinished(() => {
      process.off('unhandledRejection', onUnhandled);
    });
    const { user } = renderWithShop('/search?keyword=product', {
      mocks: [
        searchMock('product', products(1, 12), 15),
        mockOf(SearchProductsDocument, {
          variables: { search: 'product', page: 2, pageSize: SEARCH_PAGE_SIZE },
          error: new TypeError('Failed to fetch'),
        }),
      ],
    });
    await screen.findByText('Found 15 Results');
    await user.click(screen.getByRole('button', { name: 'Click here for Loadmore' }));
    expect(await screen.findByRole('button', { name: 'Click here for Loadmore' })).toBeEnabled();
    expect(screen.getAllByTestId('product-card')).toHaveLength(12);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(unhandled).toEqual([]);
  });
});
