import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { ApolloProvider } from '@apollo/client/react';
import { I18nProvider, useLingui } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { Fragment, ReactNode, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createApolloClient } from '../lib/apollo';
import { firstLanguage, i18n, switchLanguage } from '../lib/i18n';
import { AuthProvider, storedToken, tokenRefused } from '../session/auth';
import { CartProvider } from '../session/cart';
import { WishlistProvider } from '../session/wishlist';
import { createRouter } from './router';
import { theme } from './theme';

/**
 * The language a visit opens in, loaded before the first page is drawn: a Hindi visit waits
 * for its catalogue rather than flashing English first, and opens in English if it cannot be
 * fetched.
 */
export const openInFirstLanguage = (): Promise<void> =>
  switchLanguage(firstLanguage()).catch(() => switchLanguage('en'));

function Redrawn({ children }: { children: ReactNode }) {
  const { i18n: active } = useLingui();
  return <Fragment key={active.locale}>{children}</Fragment>;
}

/**
 * The storefront's language around `children`, which are drawn again from scratch when the
 * shopper chooses another: every text, date and amount follows it, whether written in a
 * component or worked out in a helper it calls. The cart, the session and the data already
 * fetched are above, and stay as they are.
 */
export function InLanguage({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <Redrawn>{children}</Redrawn>
    </I18nProvider>
  );
}

export function App() {
  const [client] = useState(() => createApolloClient(storedToken, tokenRefused));
  const [router] = useState(createRouter);
  return (
    <MantineProvider theme={theme}>
      <ApolloProvider client={client}>
        <AuthProvider>
          <CartProvider>
            <WishlistProvider>
              <InLanguage>
                <RouterProvider router={router} />
              </InLanguage>
            </WishlistProvider>
          </CartProvider>
        </AuthProvider>
      </ApolloProvider>
    </MantineProvider>
  );
}
