import { ADMIN_PAGE_SIZE } from '@shop/rules';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminUsersDocument } from '../../../gql/graphql';
import type { AdminUsersQuery, AdminUsersQueryVariables } from '../../../gql/graphql';
import { Answer, mockOf } from '../../../test/fixtures';
import { renderAsAdmin } from '../../../test/render-admin';

const PATH = '/dashboard/admin/users';

type UserFixture = Answer<AdminUsersQuery['users']['items'][number]>;

function person(n: number, overrides: Partial<UserFixture> = {}): UserFixture {
  return {
    __typename: 'User',
    // Not 'u9' and the like: the signed-in admin's own id would be overwritten in the cache.
    id: `user-${n}`,
    name: `Shopper ${n}`,
    email: `shopper${n}@example.in`,
    phone: `98765${String(n).padStart(5, '0')}`,
    address: `${n} Brigade Road, Bengaluru`,
    role: 0,
    createdAt: '2024-03-05T12:00:00.000Z',
    ...overrides,
  };
}

const PEOPLE = [
  person(1, { name: 'Vikram Admin', email: 'admin@example.in', role: 1 }),
  person(2, { name: 'Asha Rao', email: 'asha@example.in', createdAt: '2024-01-15T12:00:00.000Z' }),
  person(3, { name: 'Ravi Kumar', email: 'ravi@example.in' }),
];

/** Users as the server answers: search on name or email, newest first, a page at a time. */
function usersMock(all: UserFixture[], calls: AdminUsersQueryVariables[]) {
  return mockOf(AdminUsersDocument, {
    variables: () => true,
    result: (variables) => {
      calls.push(variables);
      const term = variables.search?.toLowerCase();
      const matching = term
        ? all.filter((u) => u.name.toLowerCase().includes(term) || u.email.includes(term))
        : all;
      const { page, pageSize } = variables;
      const items = matching.slice((page - 1) * pageSize, page * pageSize);
      return { data: { users: { __typename: 'UserPage', total: matching.length, items } } };
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

function main() {
  return within(screen.getByRole('main'));
}

function rows(): string[][] {
  return screen.getAllByTestId('user-row').map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent ?? ''),
  );
}

function renderUsers(all: UserFixture[], calls: AdminUsersQueryVariables[]) {
  return renderAsAdmin(PATH, {
    mocks: [usersMock(all, calls)],
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('All Users (admin)', () => {
  it('lists users: name, email, phone, address, role and joined date', async () => {
    const calls: AdminUsersQueryVariables[] = [];
    renderUsers(PEOPLE, calls);
    expect(await main().findByRole('heading', { name: 'All Users' })).toBeInTheDocument();
    await screen.findAllByTestId('user-row');

    const headers = main()
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'Email', 'Phone', 'Address', 'Role', 'Joined']);
    expect(rows()).toEqual([
      [
        'Vikram Admin',
        'admin@example.in',
        '9876500001',
        '1 Brigade Road, Bengaluru',
        'Admin',
        '5 Mar 2024',
      ],
      [
        'Asha Rao',
        'asha@example.in',
        '9876500002',
        '2 Brigade Road, Bengaluru',
        'Shopper',
        '15 Jan 2024',
      ],
      [
        'Ravi Kumar',
        'ravi@example.in',
        '9876500003',
        '3 Brigade Road, Bengaluru',
        'Shopper',
        '5 Mar 2024',
      ],
    ]);
    expect(calls[0]).toEqual({ page: 1, pageSize: ADMIN_PAGE_SIZE, search: null });
    expect(document.title).toBe('All Users | Bazaar');
  });

  it('marks roles with Admin and Shopper badges', async () => {
    renderUsers(PEOPLE, []);
    const [admin, asha] = await screen.findAllByTestId('user-row');
    expect(within(admin).getByText('Admin')).toHaveClass('mantine-Badge-label');
    expect(within(asha).getByText('Shopper')).toHaveClass('mantine-Badge-label');
  });

  it('searches by name or email once typing pauses for 300 ms', async () => {
    const calls: AdminUsersQueryVariables[] = [];
    renderUsers(PEOPLE, calls);
    await screen.findAllByTestId('user-row');
    expect(calls).toHaveLength(1);

    // A fake clock from here, so "pauses" means exactly what the test says.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const box = main().getByRole('textbox', { name: 'Search users' });
    for (const typed of ['a', 'as', 'ash', '  asha '])
      fireEvent.change(box, { target: { value: typed } });
    expect(box).toHaveValue('  asha ');
    await act(() => vi.advanceTimersByTimeAsync(299));
    // Still within the pause: nothing asked yet, however many keys were pressed.
    expect(calls).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(1));
    // Let the mock link answer (it waits 20-50 ms), then go back to the real clock.
    await act(() => vi.advanceTimersByTimeAsync(100));
    vi.useRealTimers();

    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(1));
    expect(rows()[0][0]).toBe('Asha Rao');
    // One search, trimmed, from page 1; none for the keys pressed on the way.
    expect(calls.slice(1)).toEqual([{ page: 1, pageSize: ADMIN_PAGE_SIZE, search: 'asha' }]);
  });

  it('finds users by email too, and says so when none match', async () => {
    const calls: AdminUsersQueryVariables[] = [];
    const { user } = renderUsers(PEOPLE, calls);
    await screen.findAllByTestId('user-row');
    await user.type(main().getByRole('textbox', { name: 'Search users' }), 'ravi@');
    await waitFor(() => expect(calls.at(-1)?.search).toBe('ravi@'));
    await waitFor(() => expect(rows().map((row) => row[0])).toEqual(['Ravi Kumar']));

    await user.clear(main().getByRole('textbox', { name: 'Search users' }));
    await user.type(main().getByRole('textbox', { name: 'Search users' }), 'nobody');
    expect(await main().findByText('No users match.')).toBeInTheDocument();
    expect(screen.queryByTestId('user-row')).toBeNull();
  });

  it('clearing the search lists everyone again', async () => {
    const calls: AdminUsersQueryVariables[] = [];
    const { user } = renderUsers(PEOPLE, calls);
    await screen.findAllByTestId('user-row');
    const box = main().getByRole('textbox', { name: 'Search users' });
    await user.type(box, 'asha');
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(1));
    await user.clear(box);
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(3));
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({ page: 1, pageSize: ADMIN_PAGE_SIZE, search: null }),
    );
  });

  it('pages through more users than a page holds', async () => {
    const many = Array.from({ length: 2 * ADMIN_PAGE_SIZE + 5 }, (_, i) => person(i + 1));
    const calls: AdminUsersQueryVariables[] = [];
    const { user } = renderUsers(many, calls);
    expect(await screen.findAllByTestId('user-row')).toHaveLength(ADMIN_PAGE_SIZE);
    await user.click(main().getByRole('button', { name: '3' }));

    await main().findByText(`Shopper ${2 * ADMIN_PAGE_SIZE + 1}`);
    expect(screen.getAllByTestId('user-row')).toHaveLength(5);
    expect(calls.at(-1)).toEqual({ page: 3, pageSize: ADMIN_PAGE_SIZE, search: null });
  });

  it('shows an error when the users cannot be loaded', async () => {
    const failing = mockOf(AdminUsersDocument, {
      variables: () => true,
      error: new TypeError('Failed to fetch'),
    });
    renderAsAdmin(PATH, { mocks: [failing] });
    expect(await main().findByText('Users could not be loaded.')).toBeInTheDocument();
  });
});
