import { DashboardCard } from '../../components/DashboardCard';
import { useAuth } from '../../session/auth';

export default function UserDashboardPage() {
  const user = useAuth().auth?.user;
  return (
    <DashboardCard
      title="Dashboard"
      heading={user?.name}
      lines={[user?.email ?? '', user?.address ?? '', user?.phone ?? '']}
    />
  );
}
