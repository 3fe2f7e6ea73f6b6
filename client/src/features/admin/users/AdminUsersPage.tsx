import { Badge, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ADMIN_PAGE_SIZE } from '@shop/rules';
import { isAdmin } from '../../../session/auth';
import { ListPage } from '../../../components/ListPage';
import { LoadStatus } from '../../../components/LoadStatus';
import { Pager } from '../../../components/Pager';
import { TableHead } from '../../../components/TableHead';
import { useAdminUsersQuery } from '../../../gql/admin-hooks';
import { formatDate } from '../../../lib/dates';
import { usePagedFilter } from '../../../lib/use-paged-filter';

const COLUMNS = ['Name', 'Email', 'Phone', 'Address', 'Role', 'Joined'];

export default function AdminUsersPage() {
  const { page, setPage, filter: search, setFilter: setSearch } = usePagedFilter('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = useAdminUsersQuery({
    variables: { page, pageSize: ADMIN_PAGE_SIZE, search: debounced || null },
    fetchPolicy: 'cache-and-network',
  });
  const users = query.data?.users;

  return (
    <ListPage
      title="All Users"
      filter={
        <TextInput
          aria-label="Search users"
          placeholder="Search by name or email"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      }
    >
      <LoadStatus of={query} failure="Users could not be loaded." />
      {users && users.items.length === 0 && <Text>No users match.</Text>}
      {users && users.items.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <TableHead columns={COLUMNS} />
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
    </ListPage>
  );
}
