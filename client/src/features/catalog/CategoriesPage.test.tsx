import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CategoriesDocument } from '../../gql/graphql';
import { mockOf } from '../../test/fixtures';
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

  it('says so when the categories cannot be loaded', async () => {
    renderWithShop('/categories', {
      mocks: [mockOf(CategoriesDocument, { error: new TypeError('Failed to fetch') })],
    });
    expect(await screen.findByText('Categories could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Electronics' })).not.toBeInTheDocument();
  });
});
