import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { ApolloProvider } from '@apollo/client/react';
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createApolloClient } from '../lib/apollo';
import { AuthProvider, storedToken, tokenRefused } from '../session/auth';
import { CartProvider } from '../session/cart';
import { WishlistProvider } from '../session/wishlist';
import { createRouter } from './router';
import { theme } from './theme';

export function App() {
  const [client] = useState(() => createApolloClient(storedToken, tokenRefused));
  const [router] = useState(createRouter);
  return (
    <MantineProvider theme={theme}>
      <ApolloProvider client={client}>
        <AuthProvider>
          <CartProvider>
            <WishlistProvider>
              <RouterProvider router={router} />
            </WishlistProvider>
          </CartProvider>
        </AuthProvider>
      </ApolloProvider>
    </MantineProvider>
  );
}
