import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DeleteAddressDocument,
  SetDefaultAddressDocument,
  UpdateAddressDocument,
} from '../../gql/graphql';
import type {
  AddAddressMutationVariables,
  DeleteAddressMutationVariables,
  SetDefaultAddressMutationVariables,
  UpdateAddressMutationVariables,
} from '../../gql/graphql';
import {
  addAddressMock,
  AddressFixture,
  HOME,
  myAddressesMock,
  PARENTS,
  pinPlace,
  pinPlaceMock,
} from '../../test/address-fixtures';
import { recording } from '../../test/fixtures';
import { renderAsShopper } from '../../test/render-admin';

const PATH = '/dashboard/user/addresses';

function main() {
  return within(screen.getByRole('main'));
}

/** The address book as a server keeps it: each change is seen by the next MyAddresses. */
function bookServer(initial: AddressFixture[]) {
  const server = { book: initial };
  const adds: AddAddressMutationVariables[] = [];
  const updates: UpdateAddressMutationVariables[] = [];
  const deletes: DeleteAddressMutationVariables[] = [];
  const defaults: SetDefaultAddressMutationVariables[] = [];
  const added: AddressFixture = { ...PARENTS, id: 'a9', name: 'Meera Iyer', isDefault: false };
  const mocks = [
    myAddressesMock(() => server.book),
    addAddressMock({ added }, adds),
    recording(
      UpdateAddressDocument,
      {
        result: ({ id, input }) => {
          const { makeDefault: _default, line2, landmark, ...fields } = input;
          const changed = {
            ...server.book.find((one) => one.id === id)!,
            ...fields,
            line2: line2 ?? '',
            landmark: landmark ?? '',
          };
          server.book = server.book.map((one) => (one.id === id ? changed : one));
          return { data: { updateAddress: changed } };
        },
      },
      updates,
    ),
    recording(
      DeleteAddressDocument,
      {
        result: ({ id }) => {
          server.book = server.book.filter((one) => one.id !== id);
          return { data: { deleteAddress: server.book } };
        },
      },
      deletes,
    ),
    recording(
      SetDefaultAddressDocument,
      {
        result: ({ id }) => {
          server.book = server.book.map((one) => ({ ...one, isDefault: one.id === id }));
          return { data: { setDefaultAddress: server.book } };
        },
      },
      defaults,
    ),
  ];
  for (const mock of mocks) mock.maxUsageCount = Number.POSITIVE_INFINITY;
  return { server, mocks, adds, updates, deletes, defaults, added };
}

const cards = () => screen.findAllByTestId('saved-address');

describe('Address book page', () => {
  it('lists every address, the default marked', async () => {
    const { mocks } = bookServer([HOME, PARENTS]);
    renderAsShopper(PATH, { mocks });
    const [home, parents] = await cards();
    expect(within(home).getByText('Default')).toBeInTheDocument();
    expect(within(home).getByText('Near Cubbon Park')).toBeInTheDocument();
    expect(within(home).getByText('Bengaluru, Karnataka 560001')).toBeInTheDocument();
    expect(within(home).getByText('Mobile: +91 98450 12345')).toBeInTheDocument();
    expect(within(home).queryByRole('button', { name: /the default$/ })).toBeNull();
    expect(within(parents).queryByText('Default')).toBeNull();
    expect(
      within(parents).getByRole('button', { name: /Make the address of Ravi Rao/ }),
    ).toBeEnabled();
  });

  it('says so when the book is empty, and adds the first address', async () => {
    const { mocks, adds, server, added } = bookServer([]);
    const { user } = renderAsShopper(PATH, {
      mocks: [...mocks, pinPlaceMock('400020', pinPlace('400020', 'Mumbai', '27', 'Maharashtra'))],
    });
    expect(
      await main().findByText('No saved addresses yet. Add one to choose it at checkout.'),
    ).toBeInTheDocument();
    await user.click(main().getByRole('button', { name: 'Add an address' }));
    const form = within(main().getByRole('form', { name: 'New address' }));
    await user.type(form.getByLabelText(/^PIN code/), '400020');
    await waitFor(() => expect(form.getByLabelText(/^Town or city/)).toHaveValue('Mumbai'));
    await user.type(form.getByLabelText(/^Full name/), 'Meera Iyer');
    await user.type(form.getByLabelText(/^Mobile number/), '98200 12345');
    await user.type(form.getByLabelText(/^House, building, street/), '42 Marine Drive');
    server.book = [{ ...added, isDefault: true }];
    await user.click(form.getByRole('button', { name: 'Save address' }));

    expect(await screen.findByText('Address added')).toBeInTheDocument();
    expect(adds).toEqual([
      {
        input: {
          name: 'Meera Iyer',
          mobile: '9820012345',
          line1: '42 Marine Drive',
          line2: '',
          landmark: '',
          city: 'Mumbai',
          stateCode: '27',
          pin: '400020',
          makeDefault: null,
        },
      },
    ]);
    const [card] = await cards();
    expect(within(card).getByText('Meera Iyer')).toBeInTheDocument();
  });

  it('edits an address with its fields filled in', async () => {
    const { mocks, updates } = bookServer([HOME, PARENTS]);
    const { user } = renderAsShopper(PATH, { mocks });
    await cards();
    await user.click(main().getByRole('button', { name: /Edit the address of Ravi Rao/ }));
    const form = within(main().getByRole('form', { name: 'Edit the address of Ravi Rao' }));
    expect(form.getByLabelText(/^PIN code/)).toHaveValue('400020');
    await user.clear(form.getByLabelText(/^Landmark/));
    await user.type(form.getByLabelText(/^Landmark/), 'Opposite Marine Lines');
    await user.click(form.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Address saved')).toBeInTheDocument();
    // The address's fields alone, as the server takes them (none of the answer's others).
    expect(updates).toEqual([
      {
        id: PARENTS.id,
        input: {
          name: 'Ravi Rao',
          mobile: '9820012345',
          line1: '42 Marine Drive',
          line2: '',
          landmark: 'Opposite Marine Lines',
          city: 'Mumbai',
          stateCode: '27',
          pin: '400020',
          makeDefault: false,
        },
      },
    ]);
    expect(await main().findByText('Opposite Marine Lines')).toBeInTheDocument();
  });

  it('makes another address the default, and deletes one', async () => {
    const { mocks, defaults, deletes } = bookServer([HOME, PARENTS]);
    const { user } = renderAsShopper(PATH, { mocks });
    await cards();
    await user.click(main().getByRole('button', { name: /Make the address of Ravi Rao/ }));
    expect(await screen.findByText('Default address set')).toBeInTheDocument();
    expect(defaults).toEqual([{ id: PARENTS.id }]);
    await waitFor(async () =>
      expect(within((await cards())[1]).getByText('Default')).toBeInTheDocument(),
    );

    await user.click(main().getByRole('button', { name: /Delete the address of Asha Rao/ }));
    expect(await screen.findByText('Address deleted')).toBeInTheDocument();
    expect(deletes).toEqual([{ id: HOME.id }]);
    await waitFor(async () => expect(await cards()).toHaveLength(1));
  });
});
