import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { product, storedAuth } from '../test/fixtures';
import { renderWithShop } from '../test/render';
import {
  addToWishlistMock,
  mergeWishlistMock,
  removeFromWishlistMock,
  wishlistIdsMock,
} from '../test/wishlist-fixtures';
import { ProductCard } from './ProductCard';
import { WishlistButton } from './WishlistButton';

const storedWishlist = (): unknown => JSON.parse(localStorage.getItem('wishlist') ?? 'null');

const card = () => within(screen.getByTestId('product-card'));

describe('WishlistButton', () => {
  it("a guest's heart on a card: pressed, named, toasted and kept in the browser, never leaving the page", async () => {
    const { user, pathname } = renderWithShop(<ProductCard product={product(1)} />, {
      path: '/',
    });
    const heart = card().getByRole('button', { name: 'Add Product 1 to wishlist' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');

    await user.click(heart);
    const pressed = card().getByRole('button', { name: 'Remove Product 1 from wishlist' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Added to your wishlist')).toBeInTheDocument();
    expect(storedWishlist()).toEqual(['p1']);
    expect(pathname()).toBe('/');

    await user.click(pressed);
    expect(card().getByRole('button', { name: 'Add Product 1 to wishlist' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(await screen.findByText('Removed from your wishlist')).toBeInTheDocument();
    expect(storedWishlist()).toEqual([]);
  });

  it('works by keyboard: Enter and Space press it', async () => {
    const { user } = renderWithShop(<WishlistButton product={product(2)} />);
    const heart = screen.getByRole('button', { name: 'Add Product 2 to wishlist' });
    heart.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove Product 2 from wishlist' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Add Product 2 to wishlist' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('on the product page, the heart carries the word beside it', () => {
    renderWithShop(<WishlistButton product={product(3)} withLabel />);
    const heart = screen.getByRole('button', { name: 'Add Product 3 to wishlist' });
    expect(heart).toHaveTextContent('Wishlist');
  });

  it("signed in, shows the account's list from the server, and removes there", async () => {
    const { user } = renderWithShop(<ProductCard product={product(1)} />, {
      auth: storedAuth(),
      mocks: [wishlistIdsMock(['p1', 'p4']), removeFromWishlistMock('p1', ['p4'])],
    });
    const heart = await card().findByRole('button', { name: 'Remove Product 1 from wishlist' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await user.click(heart);
    expect(await screen.findByText('Removed from your wishlist')).toBeInTheDocument();
    expect(card().getByRole('button', { name: 'Add Product 1 to wishlist' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(storedWishlist()).toBeNull();
  });

  it("at sign-in, merges the browser's list into the account, then forgets the browser's copy", async () => {
    renderWithShop(<ProductCard product={product(2)} />, {
      auth: storedAuth(),
      wishlist: ['p2', 'p1'],
      mocks: [mergeWishlistMock(['p2', 'p1'], ['p2', 'p1', 'p7'])],
    });
    expect(
      await card().findByRole('button', { name: 'Remove Product 2 from wishlist' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(storedWishlist()).toBeNull());
  });

  it("a refusal by the server leaves the heart as it was and says the server's words", async () => {
    const { user } = renderWithShop(<ProductCard product={product(5)} />, {
      auth: storedAuth(),
      mocks: [
        addToWishlistMock(
          'p5',
          [],
          [
            {
              message:
                'productId: A wishlist holds at most 100 products: remove one to add another',
              extensions: { code: 'BAD_USER_INPUT' },
            },
          ],
        ),
      ],
    });
    await user.click(await card().findByRole('button', { name: 'Add Product 5 to wishlist' }));
    expect(
      await screen.findByText('A wishlist holds at most 100 products: remove one to add another'),
    ).toBeInTheDocument();
    expect(card().getByRole('button', { name: 'Add Product 5 to wishlist' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('signed in, adds on the server with a toast', async () => {
    const { user } = renderWithShop(<ProductCard product={product(6)} />, {
      auth: storedAuth(),
      mocks: [addToWishlistMock('p6', ['p6'])],
    });
    await user.click(await card().findByRole('button', { name: 'Add Product 6 to wishlist' }));
    expect(await screen.findByText('Added to your wishlist')).toBeInTheDocument();
    expect(card().getByRole('button', { name: 'Remove Product 6 from wishlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
