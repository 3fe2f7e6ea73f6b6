import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { product } from '../../test/fixtures';
import { renderAsShopper } from '../../test/render-admin';
import { renderWithShop } from '../../test/render';
import { ARRIVED, ON_ITS_WAY_MS, PAGE_LOADING } from '../../test/timing';
import {
  removeFromWishlistMock,
  wishlistIdsMock,
  wishlistMock,
} from '../../test/wishlist-fixtures';

const PATH = '/dashboard/user/wishlist';

describe('WishlistPage', () => {
  it('lists the products hearted as cards; a heart pressed again takes one off', async () => {
    const { user } = renderAsShopper(PATH, {
      mocks: [
        wishlistIdsMock(['p2', 'p1']),
        wishlistMock([product(2), product(1)]),
        removeFromWishlistMock('p2', ['p1']),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Wishlist' })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(await main.findAllByTestId('product-card')).toHaveLength(2);
    expect(
      within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('link', {
        name: 'Wishlist',
      }),
    ).toHaveAttribute('aria-current', 'page');

    await user.click(main.getByRole('button', { name: 'Remove Product 2 from wishlist' }));
    expect(await screen.findByText('Removed from your wishlist')).toBeInTheDocument();
    expect(main.getAllByTestId('product-card')).toHaveLength(1);
    expect(main.queryByText('Product 2')).toBeNull();
    expect(main.getByText('Product 1')).toBeInTheDocument();
  });

  it('says when it is empty, with a way to the shop', async () => {
    renderAsShopper(PATH, { mocks: [wishlistMock([])] });
    expect(await screen.findByText(/Your wishlist is empty/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/');
    expect(screen.queryByTestId('product-card')).toBeNull();
  });

  it('shows that it is loading until the products come', async () => {
    renderAsShopper(PATH, {
      mocks: [wishlistIdsMock(['p1']), wishlistMock([product(1)], ON_ITS_WAY_MS)],
    });
    expect(await screen.findByText('Loading....', {}, PAGE_LOADING)).toBeInTheDocument();
    expect(await screen.findByTestId('product-card', {}, ARRIVED)).toBeInTheDocument();
  });

  it('is for signed-in shoppers: a guest is sent to sign in', async () => {
    renderWithShop(PATH);
    expect(await screen.findByText('Redirecting to you in 3 second')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Wishlist' })).toBeNull();
  });
});
