import { STOREFRONT_PAGE_SIZE } from '@shop/rules';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { StorefrontDocument } from '../../gql/graphql';
import {
  mockOf,
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

describe('Home page', () => {
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

    expect(screen.getAllByRole('img', { name: /Festive sale|New arrivals/ })).toHaveLength(2);
    expect(screen.getByText('Filter By Category')).toBeInTheDocument();
    expect(screen.getByText('Filter By Price')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'RESET FILTERS' })).toBeInTheDocument();
    // Everything is shown: no load-more button.
    expect(screen.queryByRole('button', { name: 'Click here for Loadmore' })).toBeNull();
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
    const more = screen.getByRole('button', { name: 'Click here for Loadmore' });
    await user.click(more);
    expect(await screen.findByText('Product 12')).toBeInTheDocument();

    const grid = screen.getAllByTestId('product-card');
    expect(grid).toHaveLength(12);
    // Page 2 comes after page 1, in order.
    expect(within(grid[0]).getByText('Smart TV 55 inch')).toBeInTheDocument();
    expect(within(grid[6]).getByText('Product 7')).toBeInTheDocument();
    expect(within(grid[11]).getByText('Product 12')).toBeInTheDocument();
    // 12 of 13 shown: the button stays.
    expect(screen.getByRole('button', { name: 'Click here for Loadmore' })).toBeEnabled();
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
    await user.click(screen.getByRole('button', { name: 'Click here for Loadmore' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Click here for Loadmore' })).toBeNull();
    expect(screen.getAllByTestId('product-card')).toHaveLength(6);

    // Leaving the page stops the request in flight; the page logs that, which is expected here.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    onTestFinished(() => logged.mockRestore());
    unmount();
    await waitFor(() => expect(logged).toHaveBeenCalled());
  });

  it('a failed load more stops the loading indicator and keeps the list', async () => {
    const { user } = renderWithShop('/', {
      mocks: [
        storefrontMock({ total: 13, items: firstPage }),
        mockOf(StorefrontDocument, {
          variables: { page: 2, pageSize: STOREFRONT_PAGE_SIZE, filter: null },
          error: new TypeError('Failed to fetch'),
        }),
      ],
    });
    await cards();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    onTestFinished(() => logged.mockRestore());
    await user.click(screen.getByRole('button', { name: 'Click here for Loadmore' }));
    // The failure is only logged, the products shown stay...
    await waitFor(() => expect(logged).toHaveBeenCalledWith(expect.any(TypeError)));
    // ...and the loading indicator stops.
    expect(await screen.findByRole('button', { name: 'Click here for Loadmore' })).toBeEnabled();
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
    await user.click(screen.getByRole('button', { name: 'Click here for Loadmore' }));
    await screen.findByText('Product 12');
    expect(screen.getAllByTestId('product-card')).toHaveLength(12);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Loadmore|Loading\.\.\./ })).toBeNull(),
    );
  });

  it('shows an alert and no cards when the products cannot be loaded', async () => {
    renderWithShop('/', { mocks: [storefrontErrorMock()] });
    expect(await screen.findByText('Products could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Please try again in a moment.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('product-card')).toHaveLength(0);
    expect(screen.queryByText('Loading....')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Click here for Loadmore' })).toBeNull();
  });

  it('filters by category with a query for the checked category ids', async () => {
    const { user } = renderWithShop('/', {
      mocks: [
        storefrontMock({ total: 20, items: firstPage }),
        storefrontMock({
          filter: { categoryIds: ['c2'] },
          total: 1,
          items: [product(40, { name: 'Indian History' })],
        }),
        storefrontMock({
          filter: { categoryIds: ['c2', 'c3'] },
          total: 2,
          items: [product(40, { name: 'Indian History' }), product(41, { name: 'Kurta' })],
        }),
      ],
    });
    await cards();
    await user.click(screen.getByRole('checkbox', { name: 'Books' }));
    expect(await screen.findByText('Indian History')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(1);
    expect(screen.queryByText('Smart TV 55 inch')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Click here for Loadmore' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Fashion' }));
    expect(await screen.findByText('Kurta')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card')).toHaveLength(2);
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
    expect(screen.queryByRole('button', { name: 'Click here for Loadmore' })).toBeNull();
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
    expect(screen.getByRole('button', { name: 'Click here for Loadmore' })).toBeInTheDocument();
  });
});
