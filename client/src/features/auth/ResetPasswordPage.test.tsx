import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResetPasswordDocument } from '../../gql/graphql';
import type { ResetPasswordMutation, ResetPasswordMutationVariables } from '../../gql/graphql';
import { graphQLErrorResult, MockOf, mockOf } from '../../test/fixtures';
import { fillIn, renderWithShop } from '../../test/render';
import { passwordChanged } from './ResetPasswordPage';

const TOKEN = `${'a'.repeat(24)}.${'b'.repeat(43)}`;
const NEW_PASSWORD = 'neem-tree-1987';

type ResetMock = MockOf<ResetPasswordMutation, ResetPasswordMutationVariables>;

const resetMock = (result: ResetMock['result']) =>
  mockOf(ResetPasswordDocument, {
    variables: { input: { token: TOKEN, newPassword: NEW_PASSWORD } },
    result,
  });

const main = () => within(screen.getByRole('main'));

async function choose(user: ReturnType<typeof renderWithShop>['user'], again = NEW_PASSWORD) {
  await fillIn(user, main().getByLabelText(/^New password\W*$/), NEW_PASSWORD);
  await fillIn(user, main().getByLabelText(/^New password again/), again);
  await user.click(main().getByRole('button', { name: 'Set new password' }));
}

describe('Reset password page (an e-mailed link opens it)', () => {
  it("sets the new password with the link's token and goes to /login", async () => {
    const { user, pathname } = renderWithShop(`/reset-password?token=${TOKEN}`, {
      mocks: [resetMock({ data: { resetPassword: true } })],
    });
    await choose(user);
    expect(await screen.findByText(passwordChanged())).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Login Form' })).toBeInTheDocument();
    expect(pathname()).toBe('/login');
  });

  it('asks for the same password twice before sending it', async () => {
    const { user, pathname } = renderWithShop(`/reset-password?token=${TOKEN}`);
    await choose(user, 'something-else-2');
    expect(await main().findByText('The two passwords are not the same')).toBeInTheDocument();
    expect(pathname()).toBe('/reset-password');
  });

  it('says when the link no longer works, with a way to ask for a new one', async () => {
    const refusal =
      'token: This link no longer works: it has expired, was used, or a newer one was sent';
    const { user } = renderWithShop(`/reset-password?token=${TOKEN}`, {
      mocks: [resetMock(graphQLErrorResult(refusal, 'BAD_USER_INPUT'))],
    });
    await choose(user);
    const alert = await main().findByRole('alert');
    expect(alert).toHaveTextContent(
      'This link no longer works: it has expired, was used, or a newer one was sent',
    );
    expect(within(alert).getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('shows a refused password beside its field', async () => {
    const common =
      'This password is among the 100,000 most common, so easily guessed: please choose another';
    const { user } = renderWithShop(`/reset-password?token=${TOKEN}`, {
      mocks: [resetMock(graphQLErrorResult(common, 'BAD_USER_INPUT'))],
    });
    await choose(user);
    expect(await main().findByText(common)).toBeInTheDocument();
    expect(main().getByLabelText(/^New password\W*$/)).toHaveAccessibleDescription(common);
  });

  it('says a link without its token is not complete', () => {
    renderWithShop('/reset-password');
    expect(main().getByRole('alert')).toHaveTextContent('This link is not complete');
  });
});
