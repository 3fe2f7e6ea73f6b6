import { ServerError } from '@apollo/client/errors';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD } from '@shop/rules';
import { ACCOUNT_RULES, PHONE_RULE, PASSWORD_TOO_SHORT } from '@shop/form-rules';
import { UpdateProfileDocument } from '../../gql/graphql';
import type {
  ProfileInput,
  UpdateProfileMutation,
  UpdateProfileMutationVariables,
} from '../../gql/graphql';
import { graphQLErrorResult, MockOf, mockOf, SHOPPER } from '../../test/fixtures';
import { renderAsShopper } from '../../test/render-admin';
import { WORDS } from '../../lib/messages';
import { errorOf } from '../../test/field-errors';

const PATH = '/dashboard/user/profile';

/** The mobile as typed; it goes after the fixed +91, as the server keeps phones. */
const TYPED_PHONE = '9000012345';

const CHANGED = {
  name: 'Asha R. Menon',
  password: null,
  currentPassword: null,
  phone: '+91 90000 12345',
  address: '7 Residency Road, Bengaluru',
};

function updateMock(
  input: ProfileInput,
  outcome: Pick<MockOf<UpdateProfileMutation, UpdateProfileMutationVariables>, 'result' | 'error'>,
) {
  return mockOf(UpdateProfileDocument, { variables: { input }, ...outcome });
}

/** The user as the server answers after the change (no password, ever). */
const SAVED = { ...SHOPPER, name: CHANGED.name, phone: CHANGED.phone, address: CHANGED.address };

const updated = updateMock(CHANGED, { result: { data: { updateProfile: SAVED } } });

function main() {
  return within(screen.getByRole('main'));
}

function field(label: RegExp) {
  return main().getByLabelText(label);
}

type User = ReturnType<typeof renderAsShopper>['user'];

async function change(user: User) {
  await user.clear(field(/^Name/));
  await user.type(field(/^Name/), CHANGED.name);
  await user.clear(field(/^Phone/));
  await user.type(field(/^Phone/), TYPED_PHONE);
  await user.clear(field(/^Address/));
  await user.type(field(/^Address/), CHANGED.address);
  await user.click(main().getByRole('button', { name: 'Update' }));
}

describe('Profile page', () => {
  it('shows Your Profile prefilled from the stored auth, the email read-only', async () => {
    renderAsShopper(PATH);
    expect(await main().findByRole('heading', { name: 'Your Profile' })).toBeInTheDocument();
    expect(field(/^Name/)).toHaveValue('Asha Rao');
    expect(field(/^Email/)).toHaveValue('asha@example.in');
    expect(field(/^Email/)).toHaveAttribute('readonly');
    expect(field(/^Email/)).toBeDisabled();
    expect(field(/^Password/)).toHaveValue('');
    expect(field(/^Current password/)).toHaveValue('');
    // The account's 9876543210, after the fixed +91.
    expect(field(/^Phone/)).toHaveValue('98765 43210');
    expect(field(/^Address/)).toHaveValue('12 MG Road, Bengaluru');
    expect(document.title).toBe('Your Profile | Bazaar');
  });

  it("saves, says 'Profile updated successfully' and replaces the stored user", async () => {
    const { user } = renderAsShopper(PATH, { mocks: [updated] });
    await main().findByRole('heading', { name: 'Your Profile' });
    await change(user);

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem('auth') ?? 'null');
    expect(stored.token).toBe('token-123');
    expect(stored.user).toMatchObject({
      id: 'u1',
      name: 'Asha R. Menon',
      email: 'asha@example.in',
      phone: '+91 90000 12345',
      address: '7 Residency Road, Bengaluru',
      role: 0,
    });
    // The header menu shows the new name at once.
    expect(screen.getAllByRole('button', { name: 'Asha R. Menon' }).length).toBeGreaterThan(0);
    expect(field(/^Name/)).toHaveValue('Asha R. Menon');
  });

  it('sends a new password with the current one, then signs out, since that ends every session', async () => {
    const withPassword = updateMock(
      { ...CHANGED, password: 'n3w-secret', currentPassword: 'old-secret-1' },
      { result: { data: { updateProfile: SAVED } } },
    );
    const { user } = renderAsShopper(PATH, { mocks: [withPassword] });
    await main().findByRole('heading', { name: 'Your Profile' });
    await user.type(field(/^Password/), 'n3w-secret');
    await user.type(field(/^Current password/), 'old-secret-1');
    await change(user);

    expect(await screen.findByText('Password changed, please login again')).toBeInTheDocument();
    expect(localStorage.getItem('auth')).toBeNull();
    expect(await main().findByRole('heading', { name: 'Login Form' })).toBeInTheDocument();
  });

  it('asks for the current password before sending a new one, and sends nothing without it', async () => {
    // No answer is mocked: a request sent would fail the test with 'Something went wrong'.
    const { user } = renderAsShopper(PATH, { mocks: [] });
    await main().findByRole('heading', { name: 'Your Profile' });
    await user.type(field(/^Password/), 'n3w-secret');
    await change(user);

    expect(await main().findByText(CURRENT_PASSWORD.required)).toBeInTheDocument();
    expect(field(/^Current password/)).toHaveAccessibleDescription(
      expect.stringContaining(CURRENT_PASSWORD.required),
    );
    expect(screen.queryByText(WORDS.somethingWentWrong)).toBeNull();
    expect(JSON.parse(localStorage.getItem('auth') ?? 'null').user.name).toBe('Asha Rao');
  });

  it('shows a wrong current password under its field and stays signed in', async () => {
    const refused = updateMock(
      { ...CHANGED, password: 'n3w-secret', currentPassword: 'not-my-password' },
      { result: graphQLErrorResult(CURRENT_PASSWORD.wrong) },
    );
    const { user } = renderAsShopper(PATH, { mocks: [refused] });
    await main().findByRole('heading', { name: 'Your Profile' });
    await user.type(field(/^Password/), 'n3w-secret');
    await user.type(field(/^Current password/), 'not-my-password');
    await change(user);

    expect(await main().findByText(CURRENT_PASSWORD.wrong)).toBeInTheDocument();
    expect(field(/^Current password/)).toHaveAccessibleDescription(
      expect.stringContaining(CURRENT_PASSWORD.wrong),
    );
    expect(screen.queryByText('Password changed, please login again')).toBeNull();
    expect(JSON.parse(localStorage.getItem('auth') ?? 'null').token).toBe('token-123');
    expect(main().getByRole('heading', { name: 'Your Profile' })).toBeInTheDocument();
  });

  it("shows the server's refusal beside the field it names and keeps the stored user", async () => {
    const refused = updateMock(CHANGED, {
      result: graphQLErrorResult(`phone: ${PHONE_RULE.message}`, 'BAD_USER_INPUT'),
    });
    const { user } = renderAsShopper(PATH, { mocks: [refused] });
    await main().findByRole('heading', { name: 'Your Profile' });
    await change(user);

    await waitFor(() => expect(errorOf(field(/^Phone/))).toBe(PHONE_RULE.message));
    await waitFor(() => expect(field(/^Phone/)).toHaveFocus());
    expect(screen.queryByText('Profile updated successfully')).toBeNull();
    expect(JSON.parse(localStorage.getItem('auth') ?? 'null').user.name).toBe('Asha Rao');
  });

  it("shows 'Something went wrong' when the server fails", async () => {
    const failed = updateMock(CHANGED, {
      error: new ServerError('Response not successful: Received status code 500', {
        response: new Response('oops', { status: 500 }),
        bodyText: 'oops',
      }),
    });
    const { user } = renderAsShopper(PATH, { mocks: [failed] });
    await main().findByRole('heading', { name: 'Your Profile' });
    await change(user);

    expect(await screen.findByText(WORDS.somethingWentWrong)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('auth') ?? 'null').user.name).toBe('Asha Rao');
  });

  it("shows 'Something went wrong' when the network is down", async () => {
    const offline = updateMock(CHANGED, { error: new TypeError('Failed to fetch') });
    const { user } = renderAsShopper(PATH, { mocks: [offline] });
    await main().findByRole('heading', { name: 'Your Profile' });
    await change(user);

    expect(await screen.findByText(WORDS.somethingWentWrong)).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch')).toBeNull();
  });

  it('says beside the fields what to correct before sending anything', async () => {
    const { user } = renderAsShopper(PATH, { mocks: [] });
    await main().findByRole('heading', { name: 'Your Profile' });
    await user.clear(field(/^Name/));
    await user.type(field(/^Password/), 'abc');
    await user.clear(field(/^Phone/));
    await user.type(field(/^Phone/), '12345');
    await user.click(main().getByRole('button', { name: 'Update' }));

    expect(errorOf(field(/^Name/))).toBe(ACCOUNT_RULES.name);
    expect(errorOf(field(/^Password/))).toBe(PASSWORD_TOO_SHORT);
    expect(errorOf(field(/^Phone/))).toBe(PHONE_RULE.mobile);
    await waitFor(() => expect(field(/^Name/)).toHaveFocus());
  });
});
