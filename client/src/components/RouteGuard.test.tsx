import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginDocument, MeDocument } from '../gql/graphql';
import {
  ADMIN,
  meMock,
  mockOf,
  products,
  SHOPPER,
  storedAuth,
  storefrontMock,
} from '../test/fixtures';
import { fillIn, renderWithShop } from '../test/render';

function tick() {
  act(() => {
    vi.advanceTimersByTime(1000);
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('RouteGuard', () => {
  it('without a token counts down from 3, then goes to /login keeping the path', () => {
    vi.useFakeTimers();
    const { router } = renderWithShop('/dashboard/user');
    const status = () => within(screen.getByRole('main')).getByRole('status');
    expect(status()).toHaveTextContent('Redirecting to you in 3 second');
    tick();
    expect(status()).toHaveTextContent('Redirecting to you in 2 second');
    tick();
    expect(status()).toHaveTextContent('Redirecting to you in 1 second');
    expect(router.state.location.pathname).toBe('/dashboard/user');
    tick();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toBe('/dashboard/user');
    expect(screen.getByRole('heading', { name: 'Login Form' })).toBeInTheDocument();
    expect(screen.queryByText(/Redirecting to you in/)).toBeNull();
  });

  it('after the redirect, logging in returns to the guarded page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, router } = renderWithShop('/dashboard/user/profile', {
      user: { advanceTimers: vi.advanceTimersByTime },
      mocks: [
        mockOf(LoginDocument, {
          variables: { input: { email: 'asha@example.in', password: 'secret123' } },
          result: {
            data: { login: { __typename: 'AuthPayload', token: 'jwt-abc', user: SHOPPER } },
          },
        }),
        meMock(SHOPPER),
      ],
    });
    tick();
    tick();
    tick();
    expect(await screen.findByRole('heading', { name: 'Login Form' })).toBeInTheDocument();
    expect(router.state.location.state).toBe('/dashboard/user/profile');

    const main = within(screen.getByRole('main'));
    await fillIn(user, main.getByLabelText(/^Email/), 'asha@example.in');
    await fillIn(user, main.getByLabelText(/^Password/), 'secret123');
    await user.click(main.getByRole('button', { name: 'LOGIN' }));
    expect(await screen.findByText('Logged in successfully')).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/user/profile'), {
      timeout: 5000,
    });
  });

  it('with a token checks with the server, then shows the nested page', async () => {
    renderWithShop('/dashboard/user', {
      auth: storedAuth(SHOPPER),
      mocks: [meMock(SHOPPER, 200)],
    });
    expect(screen.getByText('Checking...')).toBeInTheDocument();
    expect(screen.queryByText(/Redirecting to you in/)).toBeNull();
    expect(await screen.findByText('asha@example.in')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Asha Rao' })).toBeInTheDocument();
    expect(screen.getByText('12 MG Road, Bengaluru')).toBeInTheDocument();
    expect(screen.getByText('9876543210')).toBeInTheDocument();
    expect(screen.queryByText('Checking...')).toBeNull();
  });

  it('with a token the server no longer accepts shows the countdown', async () => {
    renderWithShop('/dashboard/user', { auth: storedAuth(SHOPPER), mocks: [meMock(null)] });
    expect(await within(await screen.findByRole('main')).findByRole('status')).toHaveTextContent(
      /^Redirecting to you in \d second$/,
    );
    expect(screen.queryByText('asha@example.in')).toBeNull();
  });

  it('shows the countdown when the check fails', async () => {
    renderWithShop('/dashboard/user', {
      auth: storedAuth(SHOPPER),
      mocks: [mockOf(MeDocument, { error: new TypeError('Failed to fetch') })],
    });
    expect(await within(await screen.findByRole('main')).findByRole('status')).toHaveTextContent(
      /^Redirecting to you in \d second$/,
    );
    expect(screen.queryByText('asha@example.in')).toBeNull();
  });

  it('counts a signed-in shopper down away from the admin area, then goes to /', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderWithShop('/dashboard/admin', {
      auth: storedAuth(SHOPPER),
      mocks: [meMock(SHOPPER), storefrontMock({ total: 2, items: products(1, 2) })],
    });
    const status = await within(await screen.findByRole('main')).findByRole('status');
    expect(status).toHaveTextContent('Redirecting to you in 3 second');
    expect(screen.queryByRole('heading', { name: 'Admin Panel' })).toBeNull();
    tick();
    expect(status).toHaveTextContent('Redirecting to you in 2 second');
    tick();
    expect(status).toHaveTextContent('Redirecting to you in 1 second');
    expect(router.state.location.pathname).toBe('/dashboard/admin');
    tick();
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('Product 2')).toBeInTheDocument();
    expect(screen.queryByText(/Redirecting to you in/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Admin Panel' })).toBeNull();
  });

  it('shows the admin dashboard to an administrator', async () => {
    renderWithShop('/dashboard/admin', { auth: storedAuth(ADMIN), mocks: [meMock(ADMIN)] });
    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
    expect(screen.getByText('Signed in as Vikram Admin')).toBeInTheDocument();
  });

  it('without a token the admin guard also counts down to /login', () => {
    vi.useFakeTimers();
    const { router } = renderWithShop('/dashboard/admin');
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent(
      'Redirecting to you in 3 second',
    );
    tick();
    tick();
    tick();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toBe('/dashboard/admin');
  });
});
