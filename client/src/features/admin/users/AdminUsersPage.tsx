import { Alert, Badge, Group, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ADMIN_PAGE_SIZE } from '@shop/rules';
import { useState } from 'react';
import { isAdmin } from '../../../session/auth';
import { Loading } from '../../../components/Loading';
import { Page } from '../../../components/Page';
import { Pager } from '../../../components/Pager';
import { useAdminUsersQuery } from '../../../gql/hooks';
import { formatDate } from '../../../lib/dates';

export default function AdminUsersPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const { data, loading, error } = useAdminUsersQuery({
    variables: { page, pageSize: ADMIN_PAGE_SIZE, search: debounced || null },
    fetchPolicy: 'cache-and-network',
  });
  const users = data?.users;

  return (
    <Page title="All Users">
      <Group justify="space-between" mb="md">
        <Title order={2}>All Users</Title>
        <TextInput
          aria-label="Search users"
          placeholder="Search by name or email"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
      </Group>
      {loading && !data && <Loading />}
      {error && !data && <Alert color="red">Users could not be loaded.</Alert>}
      {users && users.items.length === 0 && <Text>No users match.</Text>}
      {users && users.items.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Phone</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Joined</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.items.map((user) => (
                <Table.Tr key={user.id} data-testid="user-row">
                  <Table.Td>{user.name}</Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>{user.phone}</Table.Td>
                  <Table.Td>{user.address}</Table.Td>
                  <Table.Td>
                    {isAdmin(user) ? <Badge>Admin</Badge> : <Badge variant="light">Shopper</Badge>}
                  </Table.Td>
                  <Table.Td>{formatDate(user.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {users && (
        <Pager total={users.total} pageSize={ADMIN_PAGE_SIZE} page={page} onChange={setPage} />
      )}
    </Page>
  );
}
