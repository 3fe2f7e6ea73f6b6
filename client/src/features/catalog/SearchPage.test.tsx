import { screen, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { product, products, searchMock, storefrontErrorMock } from '../../test/fixtures';
import { renderWithShop } from '../../test/render';

describe('Search page', () => {
  it('shows the loading state, then the results', async () => {
    renderWithShop('/search?q=phone', {
      mocks: [{ ...searchMock('phone', products(1, 2)), delay: 300 }],
    });
    expect(screen.getByRole('heading', { name: 'Results for “phone”' })).toBeInTheDocument();
    expect(screen.getByText('Loading....')).toBeInTheDocument();
    expect(screen.queryByTestId('search-count')).toBeNull();
    expect(await screen.findByText('2 products found')).toBeInTheDocument();
    expect(screen.queryByText('Loading....')).toBeNull();
  });

  it("shows 'N products found' and cards as on home", async () => {
    renderWithShop('/search?q=phone', {
      mocks: [
        searchMock('phone', [product(1, { name: 'Galaxy Phone', price: 54999 }), product(2)]),
      ],
    });
    expect(await screen.findByTestId('search-count')).toHaveTextContent('2 products found');
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
    renderWithShop('/search?q=product', {
      mocks: [searchMock('product', products(1, 6), 15)],
    });
    expect(await screen.findByText('15 products found')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Load more products' })).toBeInTheDocument();
  });

  it("shows 'No products found' when nothing matches", async () => {
    renderWithShop('/search?q=unicorn', { mocks: [searchMock('unicorn', [])] });
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(screen.queryAllByTestId('product-card')).toHaveLength(0);
  });

  it("shows 'No products found' without a keyword and asks the server nothing", () => {
    renderWithShop('/search');
    expect(screen.getByText('No products found')).toBeInTheDocument();
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
    const { user } = renderWithShop('/search?q=product', {
      mocks: [
        searchMock('product', products(1, 6), 15),
        storefrontErrorMock({ search: 'product', page: 2 }),
      ],
    });
    await screen.findByText('15 products found');
    await user.click(screen.getByRole('button', { name: 'Load more products' }));
    expect(await screen.findByRole('button', { name: 'Load more products' })).toBeEnabled();
    expect(screen.getAllByTestId('product-card')).toHaveLength(6);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(unhandled).toEqual([]);
  });

  it('still reads the words of an old ?keyword= link', async () => {
    renderWithShop('/search?keyword=phone', { mocks: [searchMock('phone', products(1, 2))] });
    expect(await screen.findByText('2 products found')).toBeInTheDocument();
    expect(document.title).toBe('Search: phone | Bazaar');
  });

  it('says which search it shows when the server corrected it, and marks the matched words', async () => {
    renderWithShop('/search?q=fone', {
      mocks: [
        searchMock(
          'fone',
          [
            product(1, {
              name: 'Galaxy Phone',
              description: 'A phone with a bright screen and a long battery.',
            }),
            product(2, { name: 'Desk Lamp' }),
          ],
          2,
          { correctedSearch: 'phone', matchedWords: ['phone'] },
        ),
      ],
    });
    expect(await screen.findByTestId('search-correction')).toHaveTextContent(
      'Showing results for phone',
    );
    expect(within(screen.getByTestId('search-correction')).getByText('phone').tagName).toBe(
      'STRONG',
    );
    const [galaxy, lamp] = screen.getAllByTestId('product-card');
    const marked = galaxy.querySelectorAll('mark');
    expect([...marked].map((mark) => mark.textContent)).toEqual(['Phone', 'phone']);
    // The words around a match stay as they were.
    expect(galaxy).toHaveTextContent('Galaxy Phone');
    expect(galaxy).toHaveTextContent('A phone with a bright screen and a long battery....');
    expect(lamp.querySelector('mark')).toBeNull();
  });

  it('shows no correction and marks nothing when the server says neither', async () => {
    renderWithShop('/search?q=phone', {
      mocks: [searchMock('phone', [product(1, { name: 'Galaxy Phone' })])],
    });
    expect(await screen.findByText('1 product found')).toBeInTheDocument();
    expect(screen.queryByTestId('search-correction')).toBeNull();
    expect(screen.getByTestId('product-card').querySelector('mark')).toBeNull();
  });

  it('puts best match first, and sorts by the order chosen in the URL and the request', async () => {
    const { user, router } = renderWithShop('/search?q=phone', {
      mocks: [
        searchMock('phone', products(1, 2)),
        searchMock('phone', [product(9, { name: 'Costly Phone' }), ...products(1, 2)], 3, {
          sort: 'PRICE_DESC',
        }),
      ],
    });
    await screen.findByText('2 products found');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('RELEVANCE');
    expect(within(sort).getByRole('option', { name: 'Best match' })).toBeInTheDocument();

    await user.selectOptions(sort, 'Price high to low');
    expect(router.state.location.search).toBe('?q=phone&sort=price-desc');
    expect(await screen.findByText('3 products found')).toBeInTheDocument();
    expect(
      within(screen.getAllByTestId('product-card')[0]).getByText('Costly Phone'),
    ).toBeVisible();
  });

  it('filters the results, keeping the words', async () => {
    const { user, router } = renderWithShop('/search?q=phone&price=0-1000', {
      mocks: [
        searchMock('phone', products(1, 3), 3, {
          filter: { priceMin: 0, priceMax: 1000 },
          facets: { categories: { books: 0, electronics: 3, fashion: 0 } },
        }),
        searchMock('phone', products(1, 2), 2, {
          filter: { categoryIds: ['c1'], priceMin: 0, priceMax: 1000 },
        }),
      ],
    });
    expect(await screen.findByText('3 products found')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Rs. 0 to 1000' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Books' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Electronics' }));
    expect(router.state.location.search).toBe('?q=phone&category=electronics&price=0-1000');
    expect(await screen.findByText('2 products found')).toBeInTheDocument();
  });
});
