import { DashboardCard } from '../../components/DashboardCard';
import { useAuth } from '../../session/auth';

export default function AdminDashboardPage() {
  const admin = useAuth().auth?.user;
  return (
    <DashboardCard
      title="Admin dashboard"
      heading="Admin Panel"
      lines={[
        `Admin Name : ${admin?.name ?? ''}`,
        `Admin Email : ${admin?.email ?? ''}`,
        `Admin Contact : ${admin?.phone ?? ''}`,
        `Admin Address : ${admin?.address ?? ''}`,
      ]}
    />
  );
}
