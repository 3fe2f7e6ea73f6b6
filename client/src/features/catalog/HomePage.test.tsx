import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  homeBanner,
  homeBannersMock,
  product,
  products,
  storefrontErrorMock,
  storefrontMock,
} from '../../test/fixtures';
import { renderWithShop } from '../../test/render';

const firstPage = [product(1, { name: 'Smart TV 55 inch', price: 123456 }), ...products(2, 6)];

async function cards() {
  await screen.findByText('Smart TV 55 inch');
  return screen.getAllByTestId('product-card');
}

/** The list with only the Books category (id c2) ticked: one product. */
const booksMock = () =>
  storefrontMock({
    filter: { categoryIds: ['c2'] },
    total: 1,
    items: [product(40, { name: 'Indian History' })],
  });

describe('Home page', () => {
  it('shows the banners the admin set, each button a link to where it leads', async () => {
    const banners = [
      homeBanner('b1', 'Festive Sale'),
      homeBanner('b2', 'Headphones', {
        kind: 'SEARCH',
        category: null,
        search: 'noise cancelling',
      }),
      homeBanner('b3', 'Our picks', { kind: 'PRODUCTS', category: null }),
      homeBanner('b4', 'Rs 100 off', { kind: 'COUPON', category: null, coupon: 'FIRST100' }),
    ];
    const { user } = renderWithShop('/', {
      mocks: [homeBannersMock(banners), storefrontMock({ total: 6, items: firstPage })],
    });
    const offers = await screen.findByRole('region', { name: 'Offers' });
    const headings = within(offers).getAllByRole('heading');
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Festive Sale',
      'Headphones',
      'Our picks',
      'Rs 100 off',
    ]);
    const links = within(offers).getAllByRole('link', { name: 'Shop now' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/category/electronics',
      '/search?q=noise%20cancelling',
      '/collection/b3',
      '/cart?coupon=FIRST100',
    ]);
    // Each button says which banner it belongs to, and wears the banner's colours.
    expect(links[0]).toHaveAccessibleDescription('Festive Sale');
    expect(headings[0].closest('li')).toHaveStyle({ background: '#7a1f1f', color: '#ffffff' });
    expect(within(offers).getByText('Festive Sale, this week only')).toBeInTheDocument();

    // Reached by keyboard, like any link.
    await user.tab();
    for (let step = 0; step < 30 && document.activeElement !== links[0]; step += 1)
      await user.tab();
    expect(links[0]).toHaveFocus();
  });

  it('shows no banner area when the admin set none', async () => {
    renderWithShop('/', { mocks: [storefrontMock({ total: 6, items: firstPage })] });
    await cards();
    expect(screen.queryByRole('region', { name: 'Offers' })).toBeNull();
  });

  it('shows the loading state before the products arrive', async () => {
    renderWithShop('/', { mocks: [storefrontMock({ total: 6, items: firstPage })] });
    expect(screen.getByRole('heading', { name: 'All Products' })).toBeInTheDocument();
    expect(screen.getByText('Loading....')).toBeInTheDocument();
    expect(screen.queryAllByTestId('product-card')).toHaveLength(0);
    expect(await cards()).toHaveLength(6);
    expect(screen.queryByText('Loading....')).not.toBeInTheDocument();
  });

  it('shows banners, filters and six cards with name, INR price, excerpt and buttons', async () => {
    renderWithShop('/', { mocks: [storefrontMock({ total: 6, items: firstPage })] });
    const grid = await cards();
    expect(grid).toHaveLength(6);

    const first = within(grid[0]);
    expect(first.getByText('Smart TV 55 inch')).toBeInTheDocument();
    expect(first.getByText('₹1,23,456.00')).toBeInTheDocument();
    expect(
      first.getByText('1 A sturdy everyday product made with care for Indian homes,...'),
    ).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'More Details' })).toHaveAttribute(
      'href',
      '/product/product-1',
    );
    expect(first.getByRole('button', { name: 'ADD TO CART' })).toBeEnabled();
    expect(first.getByRole('img', { name: 'Smart TV 55 inch' })).toHaveAttribute(
      'src',
      '/api/v1/product/product-photo/p1',
    );

    const second = within(grid[1]);
    expect(second.getByText('Product 2')).toBeInTheDocument();
    expect(second.getByText('₹2,000.50')).toBeInTheDocument();

    expect(screen.getByText('Filter By Category')).toBeInTheDocument();
    expect(screen.getByText('Filter By Price')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'RESET FILTERS' })).toBeInTheDocument();
    // Everything is shown: no load-more button.
    expect(screen.queryByRole('button', { name: 'Load more products' })).toBeNull();
    expect(document.title).toBe('Bazaar - Shop now');
  });

  it('offers load more while fewer are shown than the total, and appends page 2', async () => {
    const { user } = renderWithShop('/', {
      mocks: [
        storefrontMock({ total: 13, items: firstPage }),
        storefrontMock({ page: 2, total: 13, items: products(7, 12) }),
      ],
    });
    expect(await cards()).toHaveLength(6);
    const more = screen.getByRole('button', { name: 'Load more products' });
    await user.click(more);
    expect(await screen.findByText('Product 12')).toBeInTheDocument();

    const grid = screen.getAllByTestId('product-card');
    expect(grid).toHaveLength(12);
    // Page 2 comes after page 1, in order.
    expect(within(grid[0]).getByText('Smart TV 55 inch')).toBeInTheDocument();
    expect(within(grid[6]).getByText('Product 7')).toBeInTheDocument();
    expect(within(grid[11]).getByText('Product 12')).toBeInTheDocument();
    // 12 of 13 shown: the button stays.
    expect(screen.getByRole('button', { name: 'Load more products' })).toBeEnabled();
  });

  it("reads 'Loading...' and cannot be pressed while the next page is on its way", async () => {
    const { user, unmount } = renderWithShop('/', {
      mocks: [
        storefrontMock({ total: 13, items: firstPage }),
        // Never answers, so the button stays in its loading state.
        storefrontMock({ page: 2, total: 13, items: [], delay: Number.POSITIVE_INFINITY }),
      ],
    });
    await cards();
    await user.click(screen.getByRole('button', { name: 'Load more products' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Load more products' })).toBeNull();
    expect(screen.getAllByTestId('product-card')).toHaveLength(6);

    // Leaving the page stops the request in flight; the page logs that, which is expected here.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    onTestFinished(() => logged.mockRestore());
    unmount();
    await waitFor(() => expect(logged).toHaveBeenCalled());
  });

  it('a failed load more stops the loading indicator and keeps the list', async () => {
    const { user } = renderWithShop('/', {
      mocks: [storefrontMock({ total: 13, items: firstPage }), storefrontErrorMock({ page: 2 })],
    });
    await cards();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    onTestFinished(() => logged.mockRestore());
    await user.click(screen.getByRole('button', { name: 'Load more products' }));
    // The failure is only logged, the products shown stay...
    await waitFor(() => expect(logged).toHaveBeenCalledWith(expect.any(TypeError)));
    // ...and the loading indicator stops.
    expect(await screen.findByRole('button', { name: 'Load more products' })).toBeEnabled();
    expect(screen.getAllByTestId('product-card')).toHaveLength(6);
    expect(screen.queryByText('Products could not be loaded')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hides load more once every product is shown', async () => {
    const { user } = renderWithShop('/', {
      mocks: [
        storefrontMock({ total: 12, items: firstPage }),
        storefrontMock({ page: 2, total: 12, items: products(7, 12) }),
      ],
    });
    await cards();
    await user.click(screen.getByRole('button', { name: 'Load more products' }));
    await screen.findByText('Product 12');
    expect(screen.getAllByTestId('product-card')).toHaveLength(12);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Load more products|Loading\.\.\./ })).toBeNull(),
    );
  });

  it('shows an alert and no cards when the products cannot be loaded', async () => {
    renderWithShop('/', { mocks: [storefrontErrorMock()] });
    expect(await screen.findByText('Products could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Please try again in a moment.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('product-card')).toHaveLength(0);
    expect(screen.queryByText('Loading....')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more products' })).toBeNull();
  });

  it('filters by category with a query for the checked category ids', async () => {
    const { user } = renderWithShop('/', {
      mocks: [
        storefrontMock({ total: 20, items: firstPage }),
        booksMock(),
        storefrontMock({
          filter: { categoryIds: ['c2', 'c3'] },
          total: 2,
          items: [product(40, { name: 'Indian History' }), product(41, { name: 'Kurta' })],
        }),
      ],
    });
    await cards();
    expect(screen.getByRole('heading', { name: 'All Products' })).toBeInTheDocument();
    expect(screen.getByTestId('open-filters')).toHaveTextContent(/^Filters$/);
    await user.click(screen.getByRole('checkbox', { name: 'Books' }));
    expect(await screen.findByText('Indian History')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(1);
    expect(screen.queryByText('Smart TV 55 inch')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more products' })).toBeNull();
    // The heading names the view, and the phone's Filters button counts what is on.
    expect(screen.getByRole('heading', { name: 'Books' })).toBeInTheDocument();
    expect(screen.getByTestId('open-filters')).toHaveTextContent('Filters (1)');

    await user.click(screen.getByRole('checkbox', { name: 'Fashion' }));
    expect(await screen.findByText('Kurta')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Books and Fashion' })).toBeInTheDocument();
  });

  it('on a phone, offers the filters in a drawer that says how many products they leave', async () => {
    const { user } = renderWithShop('/', {
      mocks: [
        storefrontMock({ total: 20, items: firstPage }),
        booksMock(),
        storefrontMock({
          filter: { categoryIds: ['c2'] },
          total: 1,
          items: [product(40, { name: 'Indian History' })],
        }),
      ],
    });
    await cards();
    await user.click(screen.getByTestId('open-filters'));
    const drawer = within(await screen.findByRole('dialog', { name: 'Filters' }));
    expect(drawer.getByRole('button', { name: 'Show 20 products' })).toBeInTheDocument();
    await user.click(drawer.getByRole('checkbox', { name: 'Books' }));
    await user.click(await drawer.findByRole('button', { name: 'Show 1 product' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Indian History')).toBeInTheDocument();
  });

  it('filters by price with the bounds of the chosen band', async () => {
    const { user } = renderWithShop('/', {
      mocks: [
        storefrontMock({ total: 20, items: firstPage }),
        storefrontMock({
          filter: { priceMin: 1001, priceMax: 3000 },
          total: 2,
          items: [product(1, { price: 1500 }), product(2)],
        }),
        storefrontMock({
          filter: { categoryIds: ['c1'], priceMin: 1001, priceMax: 3000 },
          total: 1,
          items: [product(2)],
        }),
      ],
    });
    await cards();
    await user.click(screen.getByRole('radio', { name: 'Rs. 1001 to 3000' }));
    expect(await screen.findByText('₹1,500.00')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(2);

    // Category and price together.
    await user.click(screen.getByRole('checkbox', { name: 'Electronics' }));
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(1));
    expect(screen.getByText('Product 2')).toBeInTheDocument();
  });

  it('lists every price band', async () => {
    renderWithShop('/', { mocks: [storefrontMock({ total: 6, items: firstPage })] });
    await cards();
    expect(screen.getAllByRole('radio')).toHaveLength(8);
    for (const band of [
      'All Prices',
      'Rs. 0 to 1000',
      'Rs. 1001 to 3000',
      'Rs. 3001 to 7000',
      'Rs. 7001 to 15,000',
      'Rs. 15001 to 20,000',
      'Rs. 20001 to 50,000',
      'Above Rs. 50,000',
    ]) {
      expect(screen.getByRole('radio', { name: band })).toBeInTheDocument();
    }
  });

  it('shows the empty state when the filters match nothing', async () => {
    const { user } = renderWithShop('/', {
      mocks: [
        storefrontMock({ total: 20, items: firstPage }),
        storefrontMock({ filter: { priceMin: 50001, priceMax: 200000 }, total: 0, items: [] }),
      ],
    });
    await cards();
    await user.click(screen.getByRole('radio', { name: 'Above Rs. 50,000' }));
    expect(await screen.findByText('No products match these filters.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('product-card')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Load more products' })).toBeNull();
  });

  it('RESET FILTERS clears the checkboxes and the radio and shows the plain list again', async () => {
    const { user } = renderWithShop('/', {
      mocks: [
        storefrontMock({ total: 20, items: firstPage }),
        storefrontMock({
          filter: { categoryIds: ['c2'], priceMin: 0, priceMax: 1000 },
          total: 1,
          items: [product(40, { name: 'Pocket Dictionary', price: 250 })],
        }),
        storefrontMock({
          filter: { categoryIds: ['c2'] },
          total: 1,
          items: [product(40, { name: 'Pocket Dictionary', price: 250 })],
        }),
      ],
    });
    await cards();
    await user.click(screen.getByRole('checkbox', { name: 'Books' }));
    await user.click(screen.getByRole('radio', { name: 'Rs. 0 to 1000' }));
    expect(await screen.findByText('₹250.00')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Books' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Rs. 0 to 1000' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'RESET FILTERS' }));
    expect(await screen.findByText('Smart TV 55 inch')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(6);
    expect(screen.queryByText('Pocket Dictionary')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Books' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Rs. 0 to 1000' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Load more products' })).toBeInTheDocument();
  });
});

describe('Home page filters', () => {
  /**
   * The text a choice's aria-describedby points at. Read from the DOM rather than with
   * toHaveAccessibleDescription, whose jsdom computation drops the space before the hidden
   * ' products'.
   */
  const countOf = (choice: HTMLElement) =>
    (choice.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim();

  it('shows beside each choice how many products it would leave', async () => {
    renderWithShop('/', {
      mocks: [
        storefrontMock({
          total: 20,
          items: firstPage,
          facets: {
            categories: { books: 4, electronics: 16, fashion: 0 },
            priceBands: [20, 2, 7, 0, 5, 3, 2, 1],
            inStock: 18,
          },
        }),
      ],
    });
    await cards();
    const books = screen.getByRole('checkbox', { name: 'Books' });
    expect(countOf(books)).toBe('4 products');
    expect(books).toBeEnabled();
    expect(countOf(screen.getByRole('checkbox', { name: 'Electronics' }))).toBe('16 products');
    expect(countOf(screen.getByRole('radio', { name: 'Rs. 1001 to 3000' }))).toBe('7 products');
    expect(countOf(screen.getByRole('checkbox', { name: 'In stock only' }))).toBe('18 products');
    // 3 categories, 8 bands and the stock choice, each with its count.
    const counts = screen.getAllByTestId('facet-count');
    expect(counts).toHaveLength(12);
    expect(counts.map((count) => count.textContent)).toEqual(
      expect.arrayContaining(['0 products', '4 products', '16 products', '18 products']),
    );

    // A choice that would leave nothing cannot be chosen.
    const fashion = screen.getByRole('checkbox', { name: 'Fashion' });
    expect(countOf(fashion)).toBe('0 products');
    expect(fashion).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Rs. 3001 to 7000' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Rs. 7001 to 15,000' })).toBeEnabled();
  });

  it('keeps a chosen choice that leaves nothing enabled, so it can be undone', async () => {
    const { user, router } = renderWithShop('/?category=fashion', {
      mocks: [
        storefrontMock({
          filter: { categoryIds: ['c3'] },
          total: 0,
          items: [],
          facets: { categories: { books: 0, electronics: 6, fashion: 0 } },
        }),
        storefrontMock({ total: 6, items: firstPage }),
      ],
    });
    expect(await screen.findByText('No products match these filters.')).toBeInTheDocument();
    const fashion = screen.getByRole('checkbox', { name: 'Fashion' });
    expect(fashion).toBeChecked();
    expect(countOf(fashion)).toBe('0 products');
    expect(fashion).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Books' })).toBeDisabled();

    await user.click(fashion);
    expect(await screen.findByText('Smart TV 55 inch')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('checkbox', { name: 'Fashion' })).not.toBeChecked();
  });

  it('filters by option values with their counts, kept in the URL', async () => {
    const sizes = { name: 'Size', values: { M: 12, L: 9, XXL: 0 } };
    const { user, router } = renderWithShop('/', {
      mocks: [
        storefrontMock({ total: 20, items: firstPage, facets: { options: [sizes] } }),
        storefrontMock({
          filter: { options: [{ name: 'Size', values: ['M'] }] },
          total: 12,
          items: firstPage,
          facets: { options: [sizes] },
        }),
        storefrontMock({
          filter: { options: [{ name: 'Size', values: ['M', 'L'] }] },
          total: 6,
          items: [product(9, { name: 'Cotton Kurta' })],
          facets: { options: [sizes] },
        }),
      ],
    });
    await cards();
    const group = screen.getByRole('group', { name: 'Filter By Size' });
    const medium = within(group).getByRole('checkbox', { name: 'M' });
    expect(countOf(medium)).toBe('12 products');
    expect(within(group).getByRole('checkbox', { name: 'XXL' })).toBeDisabled();

    await user.click(medium);
    await waitFor(() => expect(router.state.location.search).toBe('?opt.Size=M'));
    await user.click(within(group).getByRole('checkbox', { name: 'L' }));
    expect(await screen.findByText('Cotton Kurta')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?opt.Size=M&opt.Size=L');
    expect(within(group).getByRole('checkbox', { name: 'L' })).toBeChecked();
  });

  it('puts a chosen category in the URL and asks for its id', async () => {
    const { user, router } = renderWithShop('/', {
      mocks: [storefrontMock({ total: 20, items: firstPage }), booksMock()],
    });
    await cards();
    await user.click(screen.getByRole('checkbox', { name: 'Books' }));
    expect(router.state.location.search).toBe('?category=books');
    expect(await screen.findByText('Indian History')).toBeInTheDocument();
  });

  it('sorts by the order chosen, in the URL and in the request', async () => {
    const { user, router } = renderWithShop('/', {
      mocks: [
        storefrontMock({ total: 20, items: firstPage }),
        storefrontMock({
          sort: 'PRICE_ASC',
          total: 20,
          items: [product(50, { name: 'Clay Cup', price: 49 }), ...products(1, 5)],
        }),
      ],
    });
    await cards();
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('NEWEST');
    // Best match is for searches only.
    expect(within(sort).queryByRole('option', { name: 'Best match' })).toBeNull();

    await user.selectOptions(sort, 'Price low to high');
    expect(router.state.location.search).toBe('?sort=price-asc');
    expect(await screen.findByText('Clay Cup')).toBeInTheDocument();
    expect(within(screen.getAllByTestId('product-card')[0]).getByText('₹49.00')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('PRICE_ASC');
  });

  it('asks for products in stock only when that box is checked', async () => {
    const { user, router } = renderWithShop('/', {
      mocks: [
        storefrontMock({ total: 20, items: firstPage }),
        storefrontMock({
          filter: { inStock: true },
          total: 1,
          items: [product(60, { name: 'Brass Lamp' })],
        }),
      ],
    });
    await cards();
    await user.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    expect(router.state.location.search).toBe('?stock=in');
    expect(await screen.findByText('Brass Lamp')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
  });

  it('shows a view restored from its URL: every choice, and every page it showed', async () => {
    const filter = { categoryIds: ['c2'], priceMin: 1001, priceMax: 3000, inStock: true };
    const { user, router } = renderWithShop(
      '/?category=books&price=1001-3000&stock=in&sort=price-desc&page=2',
      {
        mocks: [
          // Two pages in one request.
          storefrontMock({
            filter,
            sort: 'PRICE_DESC',
            pageSize: 12,
            total: 14,
            items: [product(1, { name: 'Smart TV 55 inch' }), ...products(2, 12)],
          }),
          // Load more then asks for the third page of six.
          storefrontMock({
            filter,
            sort: 'PRICE_DESC',
            page: 3,
            total: 14,
            items: products(13, 14),
          }),
        ],
      },
    );
    expect(await cards()).toHaveLength(12);
    expect(screen.getByRole('checkbox', { name: 'Books' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Electronics' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Rs. 1001 to 3000' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('PRICE_DESC');

    await user.click(screen.getByRole('button', { name: 'Load more products' }));
    expect(await screen.findByText('Product 14')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(14);
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('3');
  });

  it('load more replaces the history entry; a new filter adds one from page 1', async () => {
    const { user, router } = renderWithShop('/', {
      mocks: [
        storefrontMock({ total: 13, items: firstPage }),
        storefrontMock({ page: 2, total: 13, items: products(7, 12) }),
        booksMock(),
      ],
    });
    await cards();
    await user.click(screen.getByRole('button', { name: 'Load more products' }));
    await screen.findByText('Product 12');
    expect(router.state.location.search).toBe('?page=2');
    expect(router.state.historyAction).toBe('REPLACE');

    await user.click(screen.getByRole('checkbox', { name: 'Books' }));
    expect(router.state.location.search).toBe('?category=books');
    expect(router.state.historyAction).toBe('PUSH');
    expect(await screen.findByText('Indian History')).toBeInTheDocument();

    // Back returns to both pages as they were, from the cache: no request is mocked for them.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?page=2');
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(12));
    expect(screen.getByRole('checkbox', { name: 'Books' })).not.toBeChecked();
  });
});
