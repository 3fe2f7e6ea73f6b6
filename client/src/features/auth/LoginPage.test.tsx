import { ACCOUNT_RULES, EMAIL_RULE } from '@shop/form-rules';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoginDocument } from '../../gql/graphql';
import type { LoginMutation, LoginMutationVariables } from '../../gql/graphql';
import {
  graphQLErrorResult,
  meMock,
  MockOf,
  mockOf,
  products,
  SHOPPER,
  storefrontMock,
} from '../../test/fixtures';
import { fillIn, renderWithShop } from '../../test/render';
import { WORDS } from '../../lib/messages';
import { errorOf } from '../../test/field-errors';

const CREDENTIALS = { email: 'asha@example.in', password: 'secret123' };

function loginMock(
  outcome: Pick<MockOf<LoginMutation, LoginMutationVariables>, 'result' | 'error'>,
) {
  return mockOf(LoginDocument, { variables: { input: CREDENTIALS }, ...outcome });
}

const ok = loginMock({
  result: { data: { login: { __typename: 'AuthPayload', token: 'jwt-abc', user: SHOPPER } } },
});

function field(label: RegExp) {
  return within(screen.getByRole('main')).getByLabelText(label);
}

async function logIn(user: ReturnType<typeof renderWithShop>['user']) {
  await fillIn(user, field(/^Email/), CREDENTIALS.email);
  await fillIn(user, field(/^Password/), CREDENTIALS.password);
  await user.click(screen.getByRole('button', { name: 'LOGIN' }));
}

describe('Login page', () => {
  it("shows the 'Login Form' with required email and password", () => {
    renderWithShop('/login');
    expect(screen.getByRole('heading', { name: 'Login Form' })).toBeInTheDocument();
    expect(field(/^Email/)).toHaveAttribute('type', 'email');
    expect(field(/^Email/)).toBeRequired();
    expect(field(/^Password/)).toHaveAttribute('type', 'password');
    expect(field(/^Password/)).toBeRequired();
    expect(document.title).toBe('Login | Bazaar');
  });

  it("'Forgot Password' goes to /forgot-password", async () => {
    const { user, pathname } = renderWithShop('/login');
    await user.click(screen.getByRole('button', { name: 'Forgot Password' }));
    expect(
      await screen.findByRole('heading', { name: 'Forgot your password?' }),
    ).toBeInTheDocument();
    expect(pathname()).toBe('/forgot-password');
  });

  it('stores { user, token } under auth and goes home', async () => {
    const { user, pathname } = renderWithShop('/login', {
      mocks: [ok, storefrontMock({ total: 2, items: products(1, 2) })],
    });
    await logIn(user);
    expect(await screen.findByText('Logged in successfully')).toBeInTheDocument();
    expect(await screen.findByText('Product 2')).toBeInTheDocument();
    expect(pathname()).toBe('/');

    const stored = JSON.parse(localStorage.getItem('auth') ?? 'null');
    expect(stored.token).toBe('jwt-abc');
    expect(stored.user).toMatchObject({
      id: 'u1',
      name: 'Asha Rao',
      email: 'asha@example.in',
      phone: '9876543210',
      address: '12 MG Road, Bengaluru',
      role: 0,
    });
    expect(Object.keys(stored).sort()).toEqual(['token', 'user']);
    // The header now shows the shopper.
    expect(screen.getByRole('button', { name: 'Asha Rao' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('returns to the path a guard saved in the location state', async () => {
    const { user, pathname } = renderWithShop('/login', {
      state: '/dashboard/user',
      mocks: [ok, meMock(SHOPPER)],
    });
    await logIn(user);
    expect(await screen.findByText('asha@example.in')).toBeInTheDocument();
    expect(pathname()).toBe('/dashboard/user');
    expect(screen.getByText('12 MG Road, Bengaluru')).toBeInTheDocument();
  });

  it("returns from the header's Login link to the page it was clicked on, its query kept", async () => {
    const { user, pathname, router } = renderWithShop('/about?from=footer', { mocks: [ok] });
    await user.click(screen.getByRole('link', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Login Form' })).toBeInTheDocument();
    await logIn(user);
    expect(await screen.findByText('Logged in successfully')).toBeInTheDocument();
    expect(pathname()).toBe('/about');
    expect(router.state.location.search).toBe('?from=footer');
  });

  it('goes home rather than to another site, whatever the state says', async () => {
    const { user, pathname } = renderWithShop('/login', {
      state: '//evil.example/steal',
      mocks: [ok, storefrontMock({ total: 2, items: products(1, 2) })],
    });
    await logIn(user);
    expect(await screen.findByText('Logged in successfully')).toBeInTheDocument();
    expect(pathname()).toBe('/');
  });

  it("shows the server's message for a wrong password in the form's alert, naming no field, and stores nothing", async () => {
    const { user, pathname } = renderWithShop('/login', {
      mocks: [loginMock({ result: graphQLErrorResult('Invalid email or password') })],
    });
    await logIn(user);
    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email or password');
    expect(alert.closest('form')).not.toBeNull();
    expect(field(/^Email/)).not.toHaveAttribute('aria-invalid');
    expect(field(/^Password/)).not.toHaveAttribute('aria-invalid');
    expect(localStorage.getItem('auth')).toBeNull();
    expect(pathname()).toBe('/login');
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it("shows 'Something went wrong' when the network fails", async () => {
    const { user } = renderWithShop('/login', {
      mocks: [loginMock({ error: new TypeError('Failed to fetch') })],
    });
    await logIn(user);
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(
      WORDS.somethingWentWrong,
    );
    expect(localStorage.getItem('auth')).toBeNull();
  });

  it('says beside the fields what is missing, without asking the server', async () => {
    const { user } = renderWithShop('/login');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(errorOf(field(/^Email/))).toBe(EMAIL_RULE.required);
    expect(errorOf(field(/^Password/))).toBe(ACCOUNT_RULES.password);
  });
});
