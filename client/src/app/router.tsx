import { lazy, ReactElement, Suspense } from 'react';
import { createBrowserRouter, RouteObject } from 'react-router-dom';
import { RouteGuard } from '../components/RouteGuard';
import HomePage from '../features/catalog/HomePage';
import { NotFoundPage } from '../components/NotFoundPage';
import { Loading } from '../components/Loading';
import { paths } from '../lib/routes';
import { Layout } from './layout/Layout';
import { lazyPage } from './lazy-page';

// Lazy routes, so the home page (the only page in the first download) does not carry their code.
const ProductPage = lazyPage(() => import('../features/product/ProductPage'));
const SearchPage = lazyPage(() => import('../features/catalog/SearchPage'));
const CategoriesPage = lazyPage(() => import('../features/catalog/CategoriesPage'));
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'));
const RegisterPage = lazyPage(() => import('../features/auth/RegisterPage'));
const ForgotPasswordPage = lazyPage(() => import('../features/auth/ForgotPasswordPage'));
const SecurityQuestionResetPage = lazyPage(
  () => import('../features/auth/SecurityQuestionResetPage'),
);
const ResetPasswordPage = lazyPage(() => import('../features/auth/ResetPasswordPage'));
const ContactPage = lazyPage(() => import('../features/info/ContactPage'));
const PolicyPage = lazyPage(() => import('../features/info/PolicyPage'));
const CategoryPage = lazy(() => import('../features/catalog/CategoryPage'));
const DealsPage = lazy(() => import('../features/catalog/DealsPage'));
const CollectionPage = lazy(() => import('../features/catalog/CollectionPage'));
const CartPage = lazy(() => import('../features/cart/CartPage'));
const AboutPage = lazy(() => import('../features/info/AboutPage'));
const UserLayout = lazy(() => import('../features/account/UserLayout'));
const UserDashboardPage = lazy(() => import('../features/account/UserDashboardPage'));
const ProfilePage = lazy(() => import('../features/account/ProfilePage'));
const OrdersPage = lazy(() => import('../features/account/OrdersPage'));
const OrderPage = lazy(() => import('../features/account/OrderPage'));
const OrderConfirmedPage = lazy(() => import('../features/account/OrderConfirmedPage'));
const PayPage = lazy(() => import('../features/account/PayPage'));
const AddressBookPage = lazy(() => import('../features/account/AddressBookPage'));
const WishlistPage = lazy(() => import('../features/account/WishlistPage'));
const AdminLayout = lazy(() => import('../features/admin/AdminLayout'));
const AdminDashboardPage = lazy(() => import('../features/admin/AdminDashboardPage'));
const ManageCategoriesPage = lazy(
  () => import('../features/admin/categories/ManageCategoriesPage'),
);
const CreateProductPage = lazy(() => import('../features/admin/products/CreateProductPage'));
const UpdateProductPage = lazy(() => import('../features/admin/products/UpdateProductPage'));
const AdminProductsPage = lazy(() => import('../features/admin/products/AdminProductsPage'));
const AdminOrdersPage = lazy(() => import('../features/admin/orders/AdminOrdersPage'));
const AdminOrderPage = lazy(() => import('../features/admin/orders/AdminOrderPage'));
const AdminUsersPage = lazy(() => import('../features/admin/users/AdminUsersPage'));
const AdminReviewsPage = lazy(() => import('../features/admin/reviews/AdminReviewsPage'));
const DeliverySettingsPage = lazy(() => import('../features/admin/settings/DeliverySettingsPage'));
const PaymentSettingsPage = lazy(() => import('../features/admin/settings/PaymentSettingsPage'));
const TaxSettingsPage = lazy(() => import('../features/admin/tax/TaxSettingsPage'));
const ReturnPolicyPage = lazy(() => import('../features/admin/settings/ReturnPolicyPage'));
const CouponsPage = lazy(() => import('../features/admin/offers/CouponsPage'));
const OffersPage = lazy(() => import('../features/admin/offers/OffersPage'));
const HomeBannersPage = lazy(() => import('../features/admin/settings/HomeBannersPage'));
const NotificationSettingsPage = lazy(
  () => import('../features/admin/settings/NotificationSettingsPage'),
);
const PackingSlipPage = lazy(() => import('../features/admin/orders/PackingSlipPage'));

/** The pages in the shop's frame, by path. */
const PAGES = {
  [paths.home]: <HomePage />,
  [paths.product]: <ProductPage />,
  [paths.categories]: <CategoriesPage />,
  [paths.category]: <CategoryPage />,
  [paths.search]: <SearchPage />,
  [paths.deals]: <DealsPage />,
  [paths.collection]: <CollectionPage />,
  [paths.cart]: <CartPage />,
  [paths.register]: <RegisterPage />,
  [paths.login]: <LoginPage />,
  [paths.forgotPassword]: <ForgotPasswordPage />,
  [paths.securityQuestionReset]: <SecurityQuestionResetPage />,
  [paths.resetPassword]: <ResetPasswordPage />,
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
        [paths.userOrder]: <OrderPage />,
        [paths.userAddresses]: <AddressBookPage />,
        [paths.userWishlist]: <WishlistPage />,
      }),
      // Signed in, in the shop's frame rather than the dashboard's: the end of a checkout.
      {
        path: paths.orderConfirmed,
        element: <RouteGuard />,
        children: [{ index: true, element: <OrderConfirmedPage /> }],
      },
      // Signed in, in the shop's frame too: an order waiting for its payment.
      {
        path: paths.payOrder,
        element: <RouteGuard />,
        children: [{ index: true, element: <PayPage /> }],
      },
      dashboard(paths.adminDashboard, <RouteGuard admin />, <AdminLayout />, {
        [paths.adminDashboard]: <AdminDashboardPage />,
        [paths.adminCategories]: <ManageCategoriesPage />,
        [paths.adminCreateProduct]: <CreateProductPage />,
        [paths.adminProduct]: <UpdateProductPage />,
        [paths.adminProducts]: <AdminProductsPage />,
        [paths.adminOrders]: <AdminOrdersPage />,
        [paths.adminOrder]: <AdminOrderPage />,
        [paths.adminUsers]: <AdminUsersPage />,
        [paths.adminReviews]: <AdminReviewsPage />,
        [paths.adminDelivery]: <DeliverySettingsPage />,
        [paths.adminPayments]: <PaymentSettingsPage />,
        [paths.adminTax]: <TaxSettingsPage />,
        [paths.adminReturns]: <ReturnPolicyPage />,
        [paths.adminCoupons]: <CouponsPage />,
        [paths.adminOffers]: <OffersPage />,
        [paths.adminBanners]: <HomeBannersPage />,
        [paths.adminNotifications]: <NotificationSettingsPage />,
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

/**
 * The pages a shopper most often opens from the home page (a product, a search, the
 * categories), fetched once the browser is idle after the first page: the first download stays
 * small, and the next page rarely waits for its code.
 */
export function prefetchLikelyPages(): void {
  const fetchAll = () =>
    void Promise.all([ProductPage, SearchPage, CategoriesPage].map((page) => page.preload())).catch(
      () => undefined,
    );
  if ('requestIdleCallback' in window) window.requestIdleCallback(fetchAll, { timeout: 5_000 });
  else setTimeout(fetchAll, 2_000);
}

/** Every page of the storefront's frame fetched ahead: the tests render them at once, as a shopper
 * sees them once prefetched. */
export const preloadStorefrontPages = () =>
  Promise.all(
    [
      ProductPage,
      SearchPage,
      CategoriesPage,
      LoginPage,
      RegisterPage,
      ForgotPasswordPage,
      SecurityQuestionResetPage,
      ResetPasswordPage,
      ContactPage,
      PolicyPage,
    ].map((page) => page.preload()),
  );
