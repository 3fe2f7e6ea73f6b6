import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, products, searchMock, SHOPPER, storedAuth } from './fixtures';
import { renderWithShop } from './render';

// Every route shows the header; the contact page asks the server nothing else.
const PAGE = '/contact';

function cartLink() {
  return screen.getByRole('link', { name: /^Cart \d+ items?$/ });
}

describe('Header', () => {
  it('links the brand home and lists the categories from the server in the Categories menu', async () => {
    const { user } = renderWithShop(PAGE);
    expect(screen.getByRole('link', { name: /Bazaar/ })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');

    await user.click(screen.getByRole('button', { name: 'Categories' }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')).toHaveLength(4));
    const entries = within(menu).getAllByRole('menuitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'All Categories',
      'Electronics',
      'Books',
      'Fashion',
    ]);
    expect(entries.map((entry) => entry.getAttribute('href'))).toEqual([
      '/categories',
      '/category/electronics',
      '/category/books',
      '/category/fashion',
    ]);
  });

  it('shows a cart badge of 0 for an empty cart', () => {
    renderWithShop(PAGE);
    expect(cartLink()).toHaveAccessibleName('Cart 0 items');
    expect(cartLink()).toHaveAttribute('href', '/cart');
    expect(within(cartLink()).getByTestId('cart-count')).toHaveTextContent(/^0$/);
  });

  it('counts the entries of the stored cart, duplicates included', () => {
    const [first, second] = products(1, 2);
    renderWithShop(PAGE, { cart: [first, second, first] });
    expect(cartLink()).toHaveAccessibleName('Cart 3 items');
    expect(within(cartLink()).getByTestId('cart-count')).toHaveTextContent(/^3$/);
  });

  it('keeps the cart badge outside the burger menu, with no second cart link inside it', async () => {
    const [first, second] = products(1, 2);
    const { user } = renderWithShop(PAGE, { cart: [first, second] });
    const burger = screen.getByRole('button', { name: 'Menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('phone-menu')).toBeNull();
    expect(within(cartLink()).getByTestId('cart-count')).toHaveTextContent(/^2$/);

    await user.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    const phoneMenu = screen.getByTestId('phone-menu');
    expect(within(phoneMenu).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(within(phoneMenu).queryByRole('link', { name: /Cart/ })).toBeNull();
    expect(within(phoneMenu).queryByTestId('cart-count')).toBeNull();
    expect(screen.getAllByRole('link', { name: /Cart/ })).toEqual([cartLink()]);
    expect(screen.getAllByTestId('cart-count')).toHaveLength(1);
  });

  it('keeps the search box in view outside the phone menu, and closes the menu on Escape', async () => {
    const { user } = renderWithShop(PAGE);
    const burger = screen.getByRole('button', { name: 'Menu' });
    await user.click(burger);
    const phoneMenu = screen.getByTestId('phone-menu');
    expect(within(phoneMenu).queryByRole('combobox', { name: 'Search' })).toBeNull();
    expect(screen.getAllByRole('combobox', { name: 'Search' })).toHaveLength(1);

    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('phone-menu')).toBeNull();
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(burger).toHaveFocus();
  });

  it('shows Register and Login when signed out', () => {
    renderWithShop(PAGE);
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByTestId('user-menu')).toBeNull();
  });

  it("shows the shopper's name with Dashboard to /dashboard/user and no Register/Login", async () => {
    const { user } = renderWithShop(PAGE, { auth: storedAuth(SHOPPER) });
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Asha Rao' }));
    expect(await screen.findByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard/user',
    );
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('sends an administrator (role 1) to /dashboard/admin', async () => {
    const { user } = renderWithShop(PAGE, { auth: storedAuth(ADMIN) });
    await user.click(screen.getByRole('button', { name: 'Vikram Admin' }));
    expect(await screen.findByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard/admin',
    );
  });

  it('logs out: removes the stored auth, says so and goes to /login', async () => {
    const { user, pathname } = renderWithShop(PAGE, { auth: storedAuth(SHOPPER) });
    expect(localStorage.getItem('auth')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Asha Rao' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(localStorage.getItem('auth')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Login Form' })).toBeInTheDocument();
    expect(pathname()).toBe('/login');
    expect(screen.getByRole('link', { name: 'Register' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Asha Rao' })).toBeNull();
  });

  it('submits a search: goes to /search with the words and shows the results', async () => {
    const { user, router } = renderWithShop(PAGE, {
      mocks: [searchMock('phone', products(1, 2))],
    });
    await user.type(screen.getByRole('combobox', { name: 'Search' }), '  phone {Enter}');
    expect(await screen.findByText('2 products found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=phone');
  });

  it('shows the footer links', () => {
    renderWithShop(PAGE);
    expect(screen.getByText('All Rights Reserved © Bazaar')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(screen.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/policy');
  });
});
