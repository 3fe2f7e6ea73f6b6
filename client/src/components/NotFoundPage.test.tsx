import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storefrontMock, products } from '../test/fixtures';
import { renderWithShop } from '../test/render';

describe('Not found page', () => {
  it("shows '404', 'Oops ! Page Not Found' and a 'Go Back' link to /", () => {
    renderWithShop('/no/such/page');
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Oops ! Page Not Found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Page not found | Bazaar');
  });

  it('Go Back leads to the home page', async () => {
    const { user, pathname } = renderWithShop('/missing', {
      mocks: [storefrontMock({ total: 2, items: products(1, 2) })],
    });
    await user.click(screen.getByRole('link', { name: 'Go Back' }));
    expect(pathname()).toBe('/');
    expect(await screen.findByText('Product 2')).toBeInTheDocument();
    expect(screen.queryByText('Oops ! Page Not Found')).toBeNull();
  });
});
