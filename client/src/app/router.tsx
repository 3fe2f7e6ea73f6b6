import { lazy, ReactElement, Suspense } from 'react';
import { createBrowserRouter, RouteObject } from 'react-router-dom';
import { RouteGuard } from '../components/RouteGuard';
import HomePage from '../features/catalog/HomePage';
import { NotFoundPage } from '../components/NotFoundPage';
import { Loading } from '../components/Loading';
import { paths } from '../lib/routes';
import { Layout } from './layout/Layout';
import { withPageTexts } from '../lib/i18n';
import { lazyPage } from './lazy-page';

// Lazy routes, so the home page (the only page in the first download) does not carry their code.
const ProductPage = lazyPage(() => withPageTexts(import('../features/product/ProductPage')));
const SearchPage = lazyPage(() => withPageTexts(import('../features/catalog/SearchPage')));
const CategoriesPage = lazyPage(() => withPageTexts(import('../features/catalog/CategoriesPage')));
const LoginPage = lazyPage(() => withPageTexts(import('../features/auth/LoginPage')));
const RegisterPage = lazyPage(() => withPageTexts(import('../features/auth/RegisterPage')));
const ForgotPasswordPage = lazyPage(() =>
  withPageTexts(import('../features/auth/ForgotPasswordPage')),
);
const SecurityQuestionResetPage = lazyPage(() =>
  withPageTexts(import('../features/auth/SecurityQuestionResetPage')),
);
const ResetPasswordPage = lazyPage(() =>
  withPageTexts(import('../features/auth/ResetPasswordPage')),
);
const ContactPage = lazyPage(() => withPageTexts(import('../features/info/ContactPage')));
const PolicyPage = lazyPage(() => withPageTexts(import('../features/info/PolicyPage')));
const CategoryPage = lazy(() => withPageTexts(import('../features/catalog/CategoryPage')));
const DealsPage = lazy(() => withPageTexts(import('../features/catalog/DealsPage')));
const CollectionPage = lazy(() => withPageTexts(import('../features/catalog/CollectionPage')));
const CartPage = lazy(() => withPageTexts(import('../features/cart/CartPage')));
const AboutPage = lazy(() => withPageTexts(import('../features/info/AboutPage')));
const UserLayout = lazy(() => withPageTexts(import('../features/account/UserLayout')));
const UserDashboardPage = lazy(() =>
  withPageTexts(import('../features/account/UserDashboardPage')),
);
const ProfilePage = lazy(() => withPageTexts(import('../features/account/ProfilePage')));
const OrdersPage = lazy(() => withPageTexts(import('../features/account/OrdersPage')));
const OrderPage = lazy(() => withPageTexts(import('../features/account/OrderPage')));
const OrderConfirmedPage = lazy(() =>
  withPageTexts(import('../features/account/OrderConfirmedPage')),
);
const PayPage = lazy(() => withPageTexts(import('../features/account/PayPage')));
const AddressBookPage = lazy(() => withPageTexts(import('../features/account/AddressBookPage')));
const WishlistPage = lazy(() => withPageTexts(import('../features/account/WishlistPage')));
const AdminLayout = lazy(() => withPageTexts(import('../features/admin/AdminLayout')));
const AdminDashboardPage = lazy(() =>
  withPageTexts(import('../features/admin/AdminDashboardPage')),
);
const ManageCategoriesPage = lazy(() =>
  withPageTexts(import('../features/admin/categories/ManageCategoriesPage')),
);
const CreateProductPage = lazy(() =>
  withPageTexts(import('../features/admin/products/CreateProductPage')),
);
const UpdateProductPage = lazy(() =>
  withPageTexts(import('../features/admin/products/UpdateProductPage')),
);
const AdminProductsPage = lazy(() =>
  withPageTexts(import('../features/admin/products/AdminProductsPage')),
);
const AdminOrdersPage = lazy(() =>
  withPageTexts(import('../features/admin/orders/AdminOrdersPage')),
);
const AdminOrderPage = lazy(() => withPageTexts(import('../features/admin/orders/AdminOrderPage')));
const AdminUsersPage = lazy(() => withPageTexts(import('../features/admin/users/AdminUsersPage')));
const AdminReviewsPage = lazy(() =>
  withPageTexts(import('../features/admin/reviews/AdminReviewsPage')),
);
const DeliverySettingsPage = lazy(() =>
  withPageTexts(import('../features/admin/settings/DeliverySettingsPage')),
);
const PaymentSettingsPage = lazy(() =>
  withPageTexts(import('../features/admin/settings/PaymentSettingsPage')),
);
const TaxSettingsPage = lazy(() => withPageTexts(import('../features/admin/tax/TaxSettingsPage')));
const ReturnPolicyPage = lazy(() =>
  withPageTexts(import('../features/admin/settings/ReturnPolicyPage')),
);
const CouponsPage = lazy(() => withPageTexts(import('../features/admin/offers/CouponsPage')));
const OffersPage = lazy(() => withPageTexts(import('../features/admin/offers/OffersPage')));
const HomeBannersPage = lazy(() =>
  withPageTexts(import('../features/admin/settings/HomeBannersPage')),
);
const NotificationSettingsPage = lazy(() =>
  withPageTexts(import('../features/admin/settings/NotificationSettingsPage')),
);
const PackingSlipPage = lazy(() =>
  withPageTexts(import('../features/admin/orders/PackingSlipPage')),
);

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
