import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShop } from '../../test/render';

describe('All categories page', () => {
  it('links every category to /category/{slug}', async () => {
    renderWithShop('/categories');
    expect(screen.getByRole('heading', { name: 'All Categories' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    const electronics = await screen.findByRole('link', { name: 'Electronics' });
    expect(main).toContainElement(electronics);
    expect(electronics).toHaveAttribute('href', '/category/electronics');
    expect(screen.getByRole('link', { name: 'Books' })).toHaveAttribute('href', '/category/books');
    expect(screen.getByRole('link', { name: 'Fashion' })).toHaveAttribute(
      'href',
      '/category/fashion',
    );
  });
});
