import { Card, Stack, Text, Title } from '@mantine/core';
import { useAuth } from '../../session/auth';
import { Page } from '../../components/Page';

export default function AdminDashboardPage() {
  const { auth } = useAuth();
  const admin = auth?.user;
  return (
    <Page title="Admin dashboard">
      <Card withBorder p="lg" maw={640}>
        <Stack gap={4}>
          <Title order={3}>Admin Panel</Title>
          <Text>Admin Name : {admin?.name}</Text>
          <Text>Admin Email : {admin?.email}</Text>
          <Text>Admin Contact : {admin?.phone}</Text>
          <Text>Admin Address : {admin?.address}</Text>
        </Stack>
      </Card>
    </Page>
  );
}
