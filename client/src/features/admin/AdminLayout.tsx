import { DashboardLayout, DashboardLink } from '../../components/DashboardLayout';
import { paths } from '../../lib/routes';

const LINKS: DashboardLink[] = [
  { to: paths.adminDashboard, label: 'Admin Panel', end: true, bold: true },
  { to: paths.adminCategories, label: 'Create Category' },
  { to: paths.adminCreateProduct, label: 'Create Product' },
  { to: paths.adminProducts, label: 'Products' },
  { to: paths.adminOrders, label: 'Orders' },
  { to: paths.adminUsers, label: 'Users' },
  { to: paths.adminReviews, label: 'Reviews' },
  { to: paths.adminDelivery, label: 'Delivery' },
  { to: paths.adminPayments, label: 'Payments' },
  { to: paths.adminTax, label: 'Tax (GST)' },
  { to: paths.adminReturns, label: 'Returns' },
  { to: paths.adminCoupons, label: 'Coupons' },
  { to: paths.adminOffers, label: 'Offers' },
  { to: paths.adminBanners, label: 'Banners' },
  { to: paths.adminNotifications, label: 'E-mails' },
];

/** The admin area: the 'Admin Panel' menu beside the page chosen. */
export default function AdminLayout() {
  return <DashboardLayout name="Admin Panel" links={LINKS} />;
}
