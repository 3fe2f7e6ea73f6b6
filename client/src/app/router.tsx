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
import { Layout } from './layout/Layout';

// Lazy routes (SPEC.md section 2), so the home page does not carry their code.
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
      { path: '/', element: <HomePage /> },
      { path: '/product/:slug', element: <ProductPage /> },
      { path: '/categories', element: <CategoriesPage /> },
      { path: '/category/:slug', element: <CategoryPage /> },
      { path: '/search', element: <SearchPage /> },
      { path: '/cart', element: <CartPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/policy', element: <PolicyPage /> },
      {
        path: '/dashboard/user',
        element: <RouteGuard />,
        children: [
          {
            element: <UserLayout />,
            children: [
              { index: true, element: <UserDashboardPage /> },
              { path: 'profile', element: <ProfilePage /> },
              { path: 'orders', element: <OrdersPage /> },
            ],
          },
        ],
      },
      {
        path: '/dashboard/admin',
        element: <RouteGuard admin />,
        children: [
          {
            element: <AdminLayout />,
            children: [
              { index: true, element: <AdminDashboardPage /> },
              { path: 'create-category', element: <ManageCategoriesPage /> },
              { path: 'create-product', element: <CreateProductPage /> },
              { path: 'product/:slug', element: <UpdateProductPage /> },
              { path: 'products', element: <AdminProductsPage /> },
              { path: 'orders', element: <AdminOrdersPage /> },
              { path: 'users', element: <AdminUsersPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
