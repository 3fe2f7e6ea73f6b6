import { lazy } from 'react';
import { createBrowserRouter, RouteObject } from 'react-router-dom';
import { RouteGuard } from '../components/RouteGuard';
import CategoriesPage from '../features/catalog/CategoriesPage';
import HomePage from '../features/catalog/HomePage';
import ForgotPasswordPage from '../features/auth/ForgotPasswordPage';
import LoginPage from '../features/auth/LoginPage';
import RegisterPage from '../features/auth/RegisterPage';
import ContactPage from '../features/info/ContactPage';
import { NotFoundPage } from '../components/NotFoundPage';
import PolicyPage from '../features/info/PolicyPage';
import ProductPage from '../features/product/ProductPage';
import SearchPage from '../features/search/SearchPage';
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

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.product, element: <ProductPage /> },
      { path: paths.categories, element: <CategoriesPage /> },
      { path: paths.category, element: <CategoryPage /> },
      { path: paths.search, element: <SearchPage /> },
      { path: paths.cart, element: <CartPage /> },
      { path: paths.register, element: <RegisterPage /> },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
      { path: paths.about, element: <AboutPage /> },
      { path: paths.contact, element: <ContactPage /> },
      { path: paths.policy, element: <PolicyPage /> },
      {
        path: paths.userDashboard,
        element: <RouteGuard />,
        children: [
          {
            element: <UserLayout />,
            children: [
              { index: true, element: <UserDashboardPage /> },
              { path: paths.userProfile, element: <ProfilePage /> },
              { path: paths.userOrders, element: <OrdersPage /> },
            ],
          },
        ],
      },
      {
        path: paths.adminDashboard,
        element: <RouteGuard admin />,
        children: [
          {
            element: <AdminLayout />,
            children: [
              { index: true, element: <AdminDashboardPage /> },
              { path: paths.adminCategories, element: <ManageCategoriesPage /> },
              { path: paths.adminCreateProduct, element: <CreateProductPage /> },
              { path: paths.adminProduct, element: <UpdateProductPage /> },
              { path: paths.adminProducts, element: <AdminProductsPage /> },
              { path: paths.adminOrders, element: <AdminOrdersPage /> },
              { path: paths.adminUsers, element: <AdminUsersPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
