import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ForgotPasswordDocument } from '../../gql/graphql';
import type { ForgotPasswordMutation, ForgotPasswordMutationVariables } from '../../gql/graphql';
import { graphQLErrorResult, MockOf, mockOf } from '../../test/fixtures';
import { fillIn, renderWithShop } from '../../test/render';
import { WORDS } from '../../lib/messages';

const INPUT = { email: 'asha@example.in', answer: 'Cricket', newPassword: 'newsecret1' };

function resetMock(
  outcome: Pick<
    MockOf<ForgotPasswordMutation, ForgotPasswordMutationVariables>,
    'result' | 'error'
  >,
) {
  return mockOf(ForgotPasswordDocument, { variables: { input: INPUT }, ...outcome });
}

function field(label: RegExp) {
  return within(screen.getByRole('main')).getByLabelText(label);
}

async function reset(user: ReturnType<typeof renderWithShop>['user']) {
  await fillIn(user, field(/^Email/), INPUT.email);
  await fillIn(user, field(/^Favourite sport/), INPUT.answer);
  await fillIn(user, field(/^New password/), INPUT.newPassword);
  await user.click(screen.getByRole('button', { name: 'RESET' }));
}

describe('Reset by security question page', () => {
  it('asks for email, favourite sport answer and new password, all required', () => {
    renderWithShop('/forgot-password/security-question');
    expect(screen.getByRole('heading', { name: 'RESET PASSWORD' })).toBeInTheDocument();
    expect(field(/^Email/)).toHaveAttribute('type', 'email');
    expect(field(/^New password/)).toHaveAttribute('type', 'password');
    for (const label of [/^Email/, /^Favourite sport/, /^New password/]) {
      expect(field(label)).toBeRequired();
    }
  });

  it('resets the password and goes to /login', async () => {
    const { user, pathname } = renderWithShop('/forgot-password/security-question', {
      mocks: [resetMock({ result: { data: { forgotPassword: true } } })],
    });
    await reset(user);
    expect(await screen.findByText('Password reset successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Login Form' })).toBeInTheDocument();
    expect(pathname()).toBe('/login');
  });

  it("shows the server's message for a wrong answer and stays", async () => {
    const { user, pathname } = renderWithShop('/forgot-password/security-question', {
      mocks: [resetMock({ result: graphQLErrorResult('Wrong email or answer') })],
    });
    await reset(user);
    expect(await screen.findByText('Wrong email or answer')).toBeInTheDocument();
    expect(pathname()).toBe('/forgot-password/security-question');
  });

  it("shows 'Something went wrong' when the network fails", async () => {
    const { user, pathname } = renderWithShop('/forgot-password/security-question', {
      mocks: [resetMock({ error: new TypeError('Failed to fetch') })],
    });
    await reset(user);
    expect(await screen.findByText(WORDS.somethingWentWrong)).toBeInTheDocument();
    expect(pathname()).toBe('/forgot-password/security-question');
  });
});
