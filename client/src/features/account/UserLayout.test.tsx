import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { myOrdersMock } from '../../test/order-fixtures';
import { renderWithShop } from '../../test/render';
import { renderAsShopper } from '../../test/render-admin';

function menu() {
  return within(screen.getByRole('navigation', { name: 'Dashboard' }));
}

describe('User area', () => {
  it('shows the side menu Dashboard, Profile, Addresses, Orders, Wishlist beside the dashboard', async () => {
    renderAsShopper('/dashboard/user');
    expect(await screen.findByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
    const links = menu()
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/dashboard/user'],
      ['Profile', '/dashboard/user/profile'],
      ['Addresses', '/dashboard/user/addresses'],
      ['Orders', '/dashboard/user/orders'],
      ['Wishlist', '/dashboard/user/wishlist'],
    ]);
    expect(menu().getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    // The dashboard itself: name, email, address and mobile number.
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('heading', { name: 'Asha Rao' })).toBeInTheDocument();
    expect(main.getByText('asha@example.in')).toBeInTheDocument();
    expect(main.getByText('12 MG Road, Bengaluru')).toBeInTheDocument();
    expect(main.getByText('9876543210')).toBeInTheDocument();
  });

  it('the menu leads to the profile and the orders', async () => {
    const { user, pathname } = renderAsShopper('/dashboard/user', {
      mocks: [myOrdersMock([])],
    });
    await screen.findByRole('navigation', { name: 'Dashboard' });

    await user.click(menu().getByRole('link', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { name: 'Your Profile' })).toBeInTheDocument();
    expect(pathname()).toBe('/dashboard/user/profile');
    expect(menu().getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');

    await user.click(menu().getByRole('link', { name: 'Orders' }));
    expect(await screen.findByRole('heading', { name: 'All Orders' })).toBeInTheDocument();
    expect(pathname()).toBe('/dashboard/user/orders');
  });

  it('without a sign-in, counts down to the login instead', async () => {
    renderWithShop('/dashboard/user');
    expect(await screen.findByText('Redirecting to you in 3 second')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).toBeNull();
  });
});
