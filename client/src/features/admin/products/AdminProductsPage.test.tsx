import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminProductsDocument } from '../../../gql/graphql';
import { mockOf, product, products } from '../../../test/fixtures';
import { adminProductMock, adminProductsMock, renderAsAdmin } from '../../../test/render-admin';
import { ADMIN_PRODUCTS_PAGE_SIZE } from './AdminProductsPage';

const PATH = '/dashboard/admin/products';

function main() {
  return within(screen.getByRole('main'));
}

describe('All Products List (admin)', () => {
  it("shows cards with photo, name, a 60-character excerpt + '...' and the update hint", async () => {
    renderAsAdmin(PATH, { mocks: [adminProductsMock(products(1, 3), 3)] });
    expect(await main().findByRole('heading', { name: 'All Products List' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('admin-product');
    expect(cards).toHaveLength(3);

    const first = within(cards[0]);
    expect(first.getByText('Product 1')).toBeInTheDocument();
    expect(
      first.getByText('1 A sturdy everyday product made with care for Indian homes,...'),
    ).toBeInTheDocument();
    expect(first.getByText('Click anywhere to update it')).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'Product 1' })).toHaveAttribute(
      'src',
      '/api/v1/product/product-photo/p1',
    );
    expect(cards.map((card) => card.getAttribute('href'))).toEqual([
      '/dashboard/admin/product/product-1',
      '/dashboard/admin/product/product-2',
      '/dashboard/admin/product/product-3',
    ]);
  });

  it("adds '...' even to a short description", async () => {
    const short = product(1, { description: 'Small.' });
    renderAsAdmin(PATH, { mocks: [adminProductsMock([short], 1)] });
    const card = within(await screen.findByTestId('admin-product'));
    expect(card.getByText('Small....')).toBeInTheDocument();
  });

  it('a card opens the update form of its product', async () => {
    const phone = { ...product(2, { name: 'Galaxy Phone', slug: 'galaxy-phone' }), shipping: true };
    const { user, pathname } = renderAsAdmin(PATH, {
      mocks: [adminProductsMock([phone], 1), adminProductMock('galaxy-phone', phone)],
    });
    await user.click(await screen.findByText('Click anywhere to update it'));
    expect(await main().findByRole('heading', { name: 'Update Product' })).toBeInTheDocument();
    expect(pathname()).toBe('/dashboard/admin/product/galaxy-phone');
  });

  it('loads more when there are more products than shown', async () => {
    const { user } = renderAsAdmin(PATH, {
      mocks: [adminProductsMock(products(1, 12), 14), adminProductsMock(products(13, 14), 14, 2)],
    });
    expect(await screen.findAllByTestId('admin-product')).toHaveLength(12);
    await user.click(main().getByRole('button', { name: 'Load more' }));

    expect(await main().findByText('Product 14')).toBeInTheDocument();
    expect(screen.getAllByTestId('admin-product')).toHaveLength(14);
    expect(main().queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows no load-more button when everything is shown', async () => {
    renderAsAdmin(PATH, { mocks: [adminProductsMock(products(1, 2), 2)] });
    expect(await screen.findAllByTestId('admin-product')).toHaveLength(2);
    expect(main().queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when the list cannot be loaded', async () => {
    const failing = mockOf(AdminProductsDocument, {
      variables: { page: 1, pageSize: ADMIN_PRODUCTS_PAGE_SIZE },
      error: new TypeError('Failed to fetch'),
    });
    renderAsAdmin(PATH, { mocks: [failing] });
    expect(await main().findByText('Products could not be loaded.')).toBeInTheDocument();
  });
});
