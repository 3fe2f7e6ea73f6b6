import { ServerError } from '@apollo/client/errors';
import { MIN_PASSWORD_LENGTH } from '@shop/rules';
import { EMAIL_RULE, PHONE_RULE, PASSWORD_TOO_SHORT } from '@shop/form-rules';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoginDocument, RegisterDocument } from '../../gql/graphql';
import type { RegisterMutation, RegisterMutationVariables } from '../../gql/graphql';
import { graphQLErrorResult, MockOf, mockOf, SHOPPER } from '../../test/fixtures';
import { fillIn, renderWithShop } from '../../test/render';
import { WORDS } from '../../lib/messages';
import { errorOf, expectNoError } from '../../test/field-errors';
import { registeredPleaseLogIn, welcomeOf } from './RegisterPage';

const INPUT = {
  name: 'Asha Rao',
  email: 'asha@example.in',
  password: 'secret123',
  phone: '9876543210',
  address: '12 MG Road, Bengaluru',
  answer: 'Cricket',
};

function registerMock(
  outcome: Pick<MockOf<RegisterMutation, RegisterMutationVariables>, 'result' | 'error'>,
) {
  // The mobile typed as 10 digits goes as the server keeps phones, after the fixed +91.
  const input = { ...INPUT, phone: '+91 98765 43210' };
  return mockOf(RegisterDocument, { variables: { input }, ...outcome });
}

const ok = registerMock({
  result: { data: { register: { __typename: 'User', id: 'u1', name: 'Asha Rao' } } },
});

/** The first sign-in of the account just made, with the e-mail and password typed. */
function signInMock(outcome: { result?: unknown; error?: Error }) {
  return mockOf(LoginDocument, {
    variables: { input: { email: INPUT.email, password: INPUT.password } },
    ...(outcome as object),
  });
}

const signedIn = signInMock({
  result: { data: { login: { __typename: 'AuthPayload', token: 'jwt-new', user: SHOPPER } } },
});

function field(label: RegExp) {
  return within(screen.getByRole('main')).getByLabelText(label);
}

async function fillAndSubmit(user: ReturnType<typeof renderWithShop>['user']) {
  await fillIn(user, field(/^Name/), INPUT.name);
  await fillIn(user, field(/^Email/), INPUT.email);
  await fillIn(user, field(/^Password/), INPUT.password);
  await fillIn(user, field(/^Phone/), INPUT.phone);
  await fillIn(user, field(/^Address/), INPUT.address);
  await fillIn(user, field(/^Favourite sport/), INPUT.answer);
  await user.click(screen.getByRole('button', { name: 'REGISTER' }));
}

describe('Register page', () => {
  it("shows the 'Register Form' with its fields, input types and required marks", () => {
    renderWithShop('/register');
    expect(screen.getByRole('heading', { name: 'Register Form' })).toBeInTheDocument();
    expect(field(/^Email/)).toHaveAttribute('type', 'email');
    expect(field(/^Phone/)).toHaveAttribute('type', 'tel');
    expect(field(/^Password/)).toHaveAttribute('type', 'password');
    expect(field(/^Password/)).toHaveAttribute('minlength', String(MIN_PASSWORD_LENGTH));
    for (const label of [
      /^Name/,
      /^Email/,
      /^Password/,
      /^Phone/,
      /^Address/,
      /^Favourite sport/,
    ]) {
      expect(field(label)).toBeRequired();
      expect(field(label)).toHaveValue('');
    }
    expect(document.title).toBe('Register | Bazaar');
  });

  it('registers, signs the new shopper in and returns to the page they came from', async () => {
    const { user, pathname } = renderWithShop('/register', {
      state: '/about?from=footer',
      mocks: [ok, signedIn],
    });
    await fillAndSubmit(user);
    expect(await screen.findByText(welcomeOf('Asha Rao'))).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Asha Rao' })).toBeInTheDocument();
    expect(pathname()).toBe('/about');
    expect(JSON.parse(localStorage.getItem('auth') ?? 'null')).toMatchObject({
      token: 'jwt-new',
      user: { email: 'asha@example.in' },
    });
  });

  it('registers and goes home when it came from nowhere in particular', async () => {
    const { user, pathname } = renderWithShop('/register', { mocks: [ok, signedIn] });
    await fillAndSubmit(user);
    expect(await screen.findByText(welcomeOf('Asha Rao'))).toBeInTheDocument();
    expect(pathname()).toBe('/');
  });

  it('registers, and leaves signing in to the login form when that sign-in does not go through', async () => {
    const { user, pathname } = renderWithShop('/register', {
      state: '/cart',
      mocks: [ok, signInMock({ result: graphQLErrorResult('Too many failed attempts') })],
    });
    await fillAndSubmit(user);
    expect(await screen.findByText(registeredPleaseLogIn())).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Login Form' })).toBeInTheDocument();
    expect(pathname()).toBe('/login');
    expect(localStorage.getItem('auth')).toBeNull();
  });

  it("shows the server's message in the form when registration is refused and stays", async () => {
    const { user, pathname } = renderWithShop('/register', {
      mocks: [registerMock({ result: graphQLErrorResult('Already registered, please login') })],
    });
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Already registered, please login');
    expect(pathname()).toBe('/register');
    expect(field(/^Name/)).toHaveValue('Asha Rao');
  });

  it("shows 'Something went wrong' when the server answers with an HTTP error", async () => {
    const { user, pathname } = renderWithShop('/register', {
      mocks: [
        registerMock({
          error: new ServerError('Response not successful: Received status code 500', {
            response: new Response('oops', { status: 500 }),
            bodyText: 'oops',
          }),
        }),
      ],
    });
    await fillAndSubmit(user);
    expect(await screen.findByText(WORDS.somethingWentWrong)).toBeInTheDocument();
    expect(pathname()).toBe('/register');
  });

  it("shows 'Something went wrong' when the network fails", async () => {
    const { user, pathname } = renderWithShop('/register', {
      mocks: [registerMock({ error: new TypeError('Failed to fetch') })],
    });
    await fillAndSubmit(user);
    expect(await screen.findByText(WORDS.somethingWentWrong)).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch')).toBeNull();
    expect(pathname()).toBe('/register');
  });

  describe('errors beside the fields', () => {
    it('checks every field on submit, shows each error beside its field and focuses the first', async () => {
      const { user } = renderWithShop('/register');
      await fillIn(user, field(/^Name/), INPUT.name);
      await fillIn(user, field(/^Email/), 'asha@example');
      await fillIn(user, field(/^Password/), 'abc');
      await user.click(screen.getByRole('button', { name: 'REGISTER' }));

      expect(errorOf(field(/^Email/))).toBe(EMAIL_RULE.message);
      expect(errorOf(field(/^Password/))).toBe(PASSWORD_TOO_SHORT);
      expect(errorOf(field(/^Phone/))).toBe(PHONE_RULE.required);
      expectNoError(field(/^Name/));
      await waitFor(() => expect(field(/^Email/)).toHaveFocus());
    });

    it('checks a field again as it is corrected, once it has shown an error', async () => {
      const { user } = renderWithShop('/register');
      await user.click(screen.getByRole('button', { name: 'REGISTER' }));
      expect(errorOf(field(/^Email/))).toBe(EMAIL_RULE.required);
      await user.type(field(/^Email/), 'asha@');
      expect(errorOf(field(/^Email/))).toBe(EMAIL_RULE.message);
      await user.type(field(/^Email/), 'example.in');
      expectNoError(field(/^Email/));
    });

    it('shows the server refusing the e-mail beside the e-mail field, and focuses it', async () => {
      const refusal = `email: ${EMAIL_RULE.message}`;
      const { user } = renderWithShop('/register', {
        mocks: [registerMock({ result: graphQLErrorResult(refusal, 'BAD_USER_INPUT') })],
      });
      await fillAndSubmit(user);
      await waitFor(() => expect(errorOf(field(/^Email/))).toBe(EMAIL_RULE.message));
      expect(screen.queryByRole('alert')).toBeNull();
      await waitFor(() => expect(field(/^Email/)).toHaveFocus());
    });

    it('shows the mobile after a fixed +91, taking a pasted number with its +91', async () => {
      const { user } = renderWithShop('/register');
      await fillIn(user, field(/^Phone/), '+91 98765 43210');
      expect(field(/^Phone/)).toHaveValue('98765 43210');
      expect(within(screen.getByRole('main')).getByText('+91')).toBeInTheDocument();
    });
  });
});
