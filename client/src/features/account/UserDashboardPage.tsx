import { useLingui } from '@lingui/react/macro';
import { DashboardCard } from '../../components/DashboardCard';
import { useAuth } from '../../session/auth';

export default function UserDashboardPage() {
  const { t } = useLingui();
  const user = useAuth().auth?.user;
  return (
    <DashboardCard
      title={t`Dashboard`}
      heading={user?.name}
      lines={[user?.email ?? '', user?.address ?? '', user?.phone ?? '']}
    />
  );
}
