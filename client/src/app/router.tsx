import { lazy, ReactElement, Suspense } from 'react';
import { createBrowserRouter, RouteObject } from 'react-router-dom';
import { RouteGuard } from '../components/RouteGuard';
import CategoriesPage from '../features/catalog/CategoriesPage';
import HomePage from '../features/catalog/HomePage';
import ForgotPasswordPage from '../features/auth/ForgotPasswordPage';
import LoginPage from '../features/auth/LoginPage';
import RegisterPage from '../features/auth/RegisterPage';
import ContactPage from '../features/info/ContactPage';
import { Loading } from '../components/Loading';
import { NotFoundPage } from '../components/NotFoundPage';
import PolicyPage from '../features/info/PolicyPage';
import ProductPage from '../features/product/ProductPage';
import SearchPage from '../features/catalog/SearchPage';
import { paths } from '../lib/routes';
import { Layout } from './layout/Layout';

// Lazy routes, so the home page does not carry their code.
const CategoryPage = lazy(() => import('../features/catalog/CategoryPage'));
const CartPage = lazy(() => import('../features/cart/CartPage'));
const AboutPage = lazy(() => import('../features/info/AboutPage'));
const UserLayout = lazy(() => import('../features/account/UserLayout'));
const UserDashboardPage = lazy(() => import('../features/account/UserDashboardPage'));
const ProfilePage = lazy(() => import('../features/account/ProfilePage'));
const OrdersPage = lazy(() => import('../features/account/OrdersPage'));
const AddressBookPage = lazy(() => import('../features/account/AddressBookPage'));
const AdminLayout = lazy(() => import('../features/admin/AdminLayout'));
const AdminDashboardPage = lazy(() => import('../features/admin/AdminDashboardPage'));
const ManageCategoriesPage = lazy(
  () => import('../features/admin/categories/ManageCategoriesPage'),
);
const CreateProductPage = lazy(() => import('../features/admin/products/CreateProductPage'));
const UpdateProductPage = lazy(() => import('../features/admin/products/UpdateProductPage'));
const AdminProductsPage = lazy(() => import('../features/admin/products/AdminProductsPage'));
const AdminOrdersPage = lazy(() => import('../features/admin/orders/AdminOrdersPage'));
const AdminUsersPage = lazy(() => import('../features/admin/users/AdminUsersPage'));
const PackingSlipPage = lazy(() => import('../features/admin/orders/PackingSlipPage'));

/** The pages in the shop's frame, by path. */
const PAGES = {
  [paths.home]: <HomePage />,
  [paths.product]: <ProductPage />,
  [paths.categories]: <CategoriesPage />,
  [paths.category]: <CategoryPage />,
  [paths.search]: <SearchPage />,
  [paths.cart]: <CartPage />,
  [paths.register]: <RegisterPage />,
  [paths.login]: <LoginPage />,
  [paths.forgotPassword]: <ForgotPasswordPage />,
  [paths.about]: <AboutPage />,
  [paths.contact]: <ContactPage />,
  [paths.policy]: <PolicyPage />,
};

/** One route per page; the page at `index` is its parent's index route. */
function routesOf(pages: Record<string, ReactElement>, index?: string): RouteObject[] {
  return Object.entries(pages).map(([path, element]) =>
    path === index ? { index: true, element } : { path, element },
  );
}

/** A dashboard: its pages by path, in its layout, behind its guard; its own path is its front page. */
function dashboard(
  path: string,
  guard: ReactElement,
  layout: ReactElement,
  pages: Record<string, ReactElement>,
): RouteObject {
  return { path, element: guard, children: [{ element: layout, children: routesOf(pages, path) }] };
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...routesOf(PAGES),
      dashboard(paths.userDashboard, <RouteGuard />, <UserLayout />, {
        [paths.userDashboard]: <UserDashboardPage />,
        [paths.userProfile]: <ProfilePage />,
        [paths.userOrders]: <OrdersPage />,
        [paths.userAddresses]: <AddressBookPage />,
      }),
      dashboard(paths.adminDashboard, <RouteGuard admin />, <AdminLayout />, {
        [paths.adminDashboard]: <AdminDashboardPage />,
        [paths.adminCategories]: <ManageCategoriesPage />,
        [paths.adminCreateProduct]: <CreateProductPage />,
        [paths.adminProduct]: <UpdateProductPage />,
        [paths.adminProducts]: <AdminProductsPage />,
        [paths.adminOrders]: <AdminOrdersPage />,
        [paths.adminUsers]: <AdminUsersPage />,
      }),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  // A page to print: the order's packing slip alone, without the shop's header and footer.
  {
    path: paths.adminPackingSlip,
    element: <RouteGuard admin />,
    children: [
      {
        index: true,
        element: (
          <Suspense fallback={<Loading />}>
            <PackingSlipPage />
          </Suspense>
        ),
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
