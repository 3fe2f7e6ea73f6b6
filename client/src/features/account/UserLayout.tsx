import { DashboardLayout, DashboardLink } from '../../components/DashboardLayout';
import { WISHLIST } from '../../lib/messages';
import { paths } from '../../lib/routes';

const LINKS: DashboardLink[] = [
  { to: paths.userDashboard, label: 'Dashboard', end: true },
  { to: paths.userProfile, label: 'Profile' },
  { to: paths.userAddresses, label: 'Addresses' },
  { to: paths.userOrders, label: 'Orders' },
  { to: paths.userWishlist, label: WISHLIST.title },
];

/** The user area: its side menu beside the page chosen. */
export default function UserLayout() {
  return <DashboardLayout name="Dashboard" heading="Dashboard" links={LINKS} />;
}
