import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WORDS } from '../lib/messages';
import { meMock, SHOPPER, storedAuth } from '../test/fixtures';
import { renderWithShop } from '../test/render';
import { tokenRefused } from './auth';

const signedOut = async () => {
  expect(await screen.findByText(WORDS.sessionEnded)).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: SHOPPER.name })).toBeNull();
  expect(localStorage.getItem('auth')).toBeNull();
};

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('the session', () => {
  it('ends with a word when the shop opens on a token the server no longer takes', async () => {
    renderWithShop('/about', { auth: storedAuth(SHOPPER), mocks: [meMock(null)] });
    // The name shows from storage until the server has answered.
    expect(screen.getByRole('button', { name: SHOPPER.name })).toBeInTheDocument();
    await signedOut();
  });

  it('is asked about again when the tab comes back into view', async () => {
    renderWithShop('/about', {
      auth: storedAuth(SHOPPER),
      mocks: [meMock(SHOPPER), meMock(null)],
    });
    await settle();
    expect(screen.getByRole('button', { name: SHOPPER.name })).toBeInTheDocument();
    expect(localStorage.getItem('auth')).not.toBeNull();

    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await signedOut();
  });

  it('stays when the server cannot be asked (offline): nothing is known', async () => {
    renderWithShop('/about', {
      auth: storedAuth(SHOPPER),
      mocks: [
        {
          ...meMock(SHOPPER),
          result: undefined,
          error: new TypeError('Failed to fetch'),
        },
      ],
    });
    await settle();
    expect(screen.getByRole('button', { name: SHOPPER.name })).toBeInTheDocument();
    expect(screen.queryByText(WORDS.sessionEnded)).toBeNull();
  });

  it("ends when any request's token is refused, but only if it is still this session's", async () => {
    renderWithShop('/about', { auth: storedAuth(SHOPPER, 'token-now') });
    await settle();
    act(() => tokenRefused('token-before'));
    await settle();
    expect(screen.getByRole('button', { name: SHOPPER.name })).toBeInTheDocument();
    expect(screen.queryByText(WORDS.sessionEnded)).toBeNull();

    act(() => tokenRefused('token-now'));
    await signedOut();
  });
});
