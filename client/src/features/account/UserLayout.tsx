import { useLingui } from '@lingui/react/macro';
import { DashboardLayout, DashboardLink } from '../../components/DashboardLayout';
import { WISHLIST } from '../../lib/messages';
import { paths } from '../../lib/routes';

/** The user area: its side menu beside the page chosen. */
export default function UserLayout() {
  const { t } = useLingui();
  const links: DashboardLink[] = [
    { to: paths.userDashboard, label: t`Dashboard`, end: true },
    { to: paths.userProfile, label: t`Profile` },
    { to: paths.userAddresses, label: t`Addresses` },
    { to: paths.userOrders, label: t`Orders` },
    { to: paths.userWishlist, label: WISHLIST.title },
  ];
  return <DashboardLayout name={t`Dashboard`} heading={t`Dashboard`} links={links} />;
}
