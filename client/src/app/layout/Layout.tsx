import { Box, Container, Divider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import { TOAST_LIMIT } from '../../lib/notify';
import { Footer } from './Footer';
import { Header } from './Header';

/** The frame of every page: header, the page in the main area with its toasts, footer. */
export function Layout() {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Header />
      <Divider />
      <Container component="main" size="xl" w="100%" py="md" style={{ flex: 1 }}>
        {/* At the bottom, where they cover neither the header nor the cart's count. */}
        <Notifications position="bottom-center" limit={TOAST_LIMIT} />
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Container>
      <Footer />
    </Box>
  );
}
