import { Box, Container, Divider } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import { Footer } from './Footer';
import { Header } from './Header';

const Toasts = lazy(() => import('./Toasts'));

/** The frame of every page: header, the page in the main area with its toasts, footer. */
export function Layout() {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Header />
      <Divider />
      <Container component="main" size="xl" w="100%" py="md" style={{ flex: 1 }}>
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Container>
      <Footer />
    </Box>
  );
}
