import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isValidElement, ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouteObject, RouterProvider } from 'react-router-dom';
import { AuthProvider, StoredAuth } from '../session/auth';
import { CartProduct, CartProvider } from '../session/cart';
import { WishlistProvider } from '../session/wishlist';
import { InLanguage } from '../app/App';
import { Layout } from '../app/layout/Layout';
import { routes as appRoutes } from '../app/router';
import {
  CategoriesDocument,
  HomeBannersDocument,
  MeDocument,
  WishlistIdsDocument,
  ProductReviewsDocument,
} from '../gql/graphql';
import { createCache } from '../lib/apollo';
import { STORAGE_KEYS } from '../lib/storage';
import { categoriesMock, homeBannersMock, meAlways, Mock } from './fixtures';
import { wishlistIdsMock } from './wishlist-fixtures';
import { productReviewsMock } from './review-fixtures';

export interface ShopRenderOptions {
  /**
   * Apollo mocks; a categories mock for the header, no home banners and no product reviews
   * are added unless given.
   */
  mocks?: Mock[];
  /** The first location, e.g. '/product/phone' (default '/'). */
  path?: string;
  /** Location state of the first entry, e.g. the path a guard saved for after login. */
  state?: unknown;
  /**
   * Stored under 'auth' before the providers start, as a returning shopper would have it. The
   * server takes its token (a `me` answering its user, every time) unless `mocks` say otherwise.
   */
  auth?: StoredAuth;
  /** Stored under 'cart' before the providers start. */
  cart?: CartProduct[];
  /** A guest's wishlist, stored under 'wishlist' before the providers start. */
  wishlist?: string[];
  /** Options for userEvent.setup(), e.g. { advanceTimers: vi.advanceTimersByTime }. */
  user?: Parameters<typeof userEvent.setup>[0];
}

export type ShopRenderResult = RenderResult & {
  router: ReturnType<typeof createMemoryRouter>;
  user: ReturnType<typeof userEvent.setup>;
  /** Where the router is now. */
  pathname(): string;
};

/**
 * Renders the shop as the browser would: Mantine, Apollo (mocked, with the app's cache and its
 * type policies), auth, cart and wishlist providers, and a memory router with the app's routes,
 * so every page comes with its Layout (header, toasts, footer).
 *
 * Pass a path ('/search?q=x') to render a real route, or an element to render it inside
 * the Layout at `options.path`.
 */
export function renderWithShop(
  target: ReactElement | string = '/',
  options: ShopRenderOptions = {},
): ShopRenderResult {
  const path = typeof target === 'string' ? target : (options.path ?? '/');
  const routes: RouteObject[] = isValidElement(target)
    ? [{ element: <Layout />, children: [{ path: '*', element: target }] }]
    : appRoutes;

  if (options.auth) localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify(options.auth));
  if (options.cart) localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(options.cart));
  if (options.wishlist) {
    localStorage.setItem(STORAGE_KEYS.wishlist, JSON.stringify(options.wishlist));
  }

  const mocks = options.mocks ?? [];
  const given = (query: unknown) => mocks.some((mock) => mock.request.query === query);
  const allMocks = [
    ...(given(CategoriesDocument) ? [] : [categoriesMock()]),
    // A returning shopper's token, still taken by the server whenever the shop asks.
    ...(options.auth && !given(MeDocument)
      ? [meAlways({ __typename: 'User', ...options.auth.user })]
      : []),
    // The signed-in shopper's wishlist, asked once when the shop opens: empty unless given.
    ...(options.auth && !given(WishlistIdsDocument) ? [wishlistIdsMock([])] : []),
    ...(given(HomeBannersDocument) ? [] : [homeBannersMock()]),
    // A product page's reviews: none, unless given.
    ...(given(ProductReviewsDocument) ? [] : [productReviewsMock()]),
    ...mocks,
  ];

  // Toasts live in a module-level store; start every test without the last one's.
  notifications.clean();
  notifications.cleanQueue();

  const router = createMemoryRouter(routes, {
    initialEntries: [
      { pathname: path.split('?')[0], search: searchOf(path), state: options.state },
    ],
  });
  const user = userEvent.setup(options.user);
  const result = render(
    <MantineProvider env="test">
      <MockedProvider mocks={allMocks} cache={createCache()}>
        <AuthProvider>
          <CartProvider>
            <WishlistProvider>
              <InLanguage>
                <RouterProvider router={router} />
              </InLanguage>
            </WishlistProvider>
          </CartProvider>
        </AuthProvider>
      </MockedProvider>
    </MantineProvider>,
  );
  return { ...result, router, user, pathname: () => router.state.location.pathname };
}

function searchOf(path: string): string {
  const index = path.indexOf('?');
  return index < 0 ? '' : path.slice(index);
}

/** Types a whole value at once (a paste), which is quicker than key by key in long forms. */
export async function fillIn(
  user: ShopRenderResult['user'],
  input: HTMLElement,
  value: string,
): Promise<void> {
  await user.click(input);
  await user.paste(value);
}

/** Mantine and the storefront's language: what a component rendered alone needs. */
export function ShopFrame({ children }: { children: ReactNode }) {
  return (
    <MantineProvider>
      <InLanguage>{children}</InLanguage>
    </MantineProvider>
  );
}

/**
 * Renders a shared component by itself, in Mantine only (no router, Apollo or header), for
 * what it alone does: the keyboard reaches it first.
 */
export function renderAlone(element: ReactElement) {
  const result = render(element, { wrapper: ShopFrame });
  return { ...result, user: userEvent.setup() };
}
