import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { products, SHOPPER, storedAuth, storefrontMock } from '../../test/fixtures';
import { renderWithShop } from '../../test/render';
import { meAlways } from '../../test/fixtures';
import { adminProductsMock, renderAsAdmin } from '../../test/render-admin';
import { newShopStats, shopStatsMock } from '../../test/stats-fixtures';

/** Lets the guard's 'Redirecting to you in N second' countdown run out. */
async function waitOutCountdown() {
  // The header's search box has a status of its own; the countdown is the page's.
  await within(screen.getByRole('main')).findByRole('status');
  act(() => {
    vi.advanceTimersByTime(3000);
  });
}

afterEach(() => {
  vi.useRealTimers();
});

function menu() {
  return within(screen.getByRole('navigation', { name: 'Admin Panel' }));
}

describe('Admin area', () => {
  it("shows the 'Admin Panel' menu with its links", async () => {
    renderAsAdmin('/dashboard/admin');
    expect(await screen.findByRole('navigation', { name: 'Admin Panel' })).toBeInTheDocument();
    const links = menu()
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Admin Panel', '/dashboard/admin'],
      ['Create Category', '/dashboard/admin/create-category'],
      ['Create Product', '/dashboard/admin/create-product'],
      ['Products', '/dashboard/admin/products'],
      ['Orders', '/dashboard/admin/orders'],
      ['Users', '/dashboard/admin/users'],
      ['Reviews', '/dashboard/admin/reviews'],
      ['Delivery', '/dashboard/admin/delivery'],
      ['Payments', '/dashboard/admin/payments'],
      ['Tax (GST)', '/dashboard/admin/tax'],
      ['Returns', '/dashboard/admin/returns'],
      ['Coupons', '/dashboard/admin/coupons'],
      ['Offers', '/dashboard/admin/offers'],
      ['Banners', '/dashboard/admin/banners'],
      ['E-mails', '/dashboard/admin/notifications'],
    ]);
    expect(menu().getByRole('link', { name: 'Admin Panel' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('names the admin signed in, small, above the figures of the dashboard', async () => {
    renderAsAdmin('/dashboard/admin', { mocks: [shopStatsMock(newShopStats)] });
    const main = within(screen.getByRole('main'));
    expect(await main.findByText('Signed in as Vikram Admin')).toBeInTheDocument();
    expect(await main.findAllByTestId('revenue-card')).toHaveLength(3);
    // The admin's contact details are the profile's business, not the shop's home.
    expect(main.queryByText(/admin@example\.in|9123456780/)).toBeNull();
  });

  it('a menu link opens its page and is marked current; Admin Panel returns', async () => {
    const { user, pathname } = renderAsAdmin('/dashboard/admin', {
      mocks: [adminProductsMock(products(1, 2), 2), shopStatsMock(newShopStats)],
    });
    await screen.findByRole('navigation', { name: 'Admin Panel' });
    await user.click(menu().getByRole('link', { name: 'Products' }));
    expect(await screen.findByRole('heading', { name: 'All Products List' })).toBeInTheDocument();
    expect(pathname()).toBe('/dashboard/admin/products');
    expect(menu().getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
    expect(menu().getByRole('link', { name: 'Admin Panel' })).not.toHaveAttribute('aria-current');

    await user.click(menu().getByRole('link', { name: 'Admin Panel' }));
    expect(await screen.findByText('Signed in as Vikram Admin')).toBeInTheDocument();
    expect(pathname()).toBe('/dashboard/admin');
  });

  it('a shopper opening /dashboard/admin is sent home after the countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { pathname } = renderWithShop('/dashboard/admin', {
      auth: storedAuth(SHOPPER),
      mocks: [meAlways(SHOPPER), storefrontMock({ total: 1, items: products(1, 1) })],
    });
    await waitOutCountdown();
    expect(await screen.findByText('Product 1')).toBeInTheDocument();
    expect(pathname()).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Admin Panel' })).toBeNull();
  });

  it('a stored admin role is not enough: the server decides', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The stored user claims role 1, but the server says this token is a shopper's.
    const { pathname } = renderWithShop('/dashboard/admin', {
      auth: storedAuth({ ...SHOPPER, role: 1 }),
      mocks: [meAlways(SHOPPER), storefrontMock({ total: 1, items: products(1, 1) })],
    });
    await waitOutCountdown();
    expect(await screen.findByText('Product 1')).toBeInTheDocument();
    expect(pathname()).toBe('/');
    expect(screen.queryByText(/Signed in as/)).toBeNull();
  });
});
