import { Card, Stack, Text, Title } from '@mantine/core';
import { useAuth } from '../../session/auth';
import { Page } from '../../components/Page';

export default function UserDashboardPage() {
  const { auth } = useAuth();
  const user = auth?.user;
  return (
    <Page title="Dashboard">
      <Card withBorder p="lg" maw={640}>
        <Stack gap={4}>
          <Title order={3}>{user?.name}</Title>
          <Text>{user?.email}</Text>
          <Text>{user?.address}</Text>
          <Text>{user?.phone}</Text>
        </Stack>
      </Card>
    </Page>
  );
}
