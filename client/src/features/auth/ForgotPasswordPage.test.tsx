import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordResetWaysDocument, SendPasswordResetLinkDocument } from '../../gql/graphql';
import type {
  SendPasswordResetLinkMutation,
  SendPasswordResetLinkMutationVariables,
} from '../../gql/graphql';
import { graphQLErrorResult, MockOf, mockOf } from '../../test/fixtures';
import { fillIn, renderWithShop } from '../../test/render';

const EMAIL = 'asha@example.in';
const ON_ITS_WAY =
  'If an account uses this address, an e-mail with a link to reset its password is on its way';

const waysMock = (link: boolean, securityQuestion: boolean) =>
  mockOf(PasswordResetWaysDocument, {
    result: {
      data: {
        passwordResetWays: {
          __typename: 'PasswordResetWays',
          link,
          linkMinutes: 30,
          securityQuestion,
        },
      },
    },
  });

type SendMock = MockOf<SendPasswordResetLinkMutation, SendPasswordResetLinkMutationVariables>;

const sendMock = (result: SendMock['result']) =>
  mockOf(SendPasswordResetLinkDocument, { variables: { input: { email: EMAIL } }, result });

const main = () => within(screen.getByRole('main'));

describe('Forgot password page', () => {
  it("e-mails a link and shows the server's answer, whoever the address belongs to", async () => {
    const { user } = renderWithShop('/forgot-password', {
      mocks: [waysMock(true, false), sendMock({ data: { sendPasswordResetLink: ON_ITS_WAY } })],
    });
    expect(main().getByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(await main().findByText(/it works for 30 minutes\.$/)).toBeInTheDocument();
    const email = main().getByLabelText(/^Email/);
    expect(email).toBeRequired();
    await fillIn(user, email, EMAIL);
    await user.click(main().getByRole('button', { name: 'Email me a link' }));
    const status = await main().findByRole('status');
    expect(status).toHaveTextContent(`${ON_ITS_WAY}.`);
    expect(main().getByRole('button', { name: 'Send another link' })).toBeInTheDocument();
    // The security question is off in this shop: no way to it.
    expect(main().queryByRole('link', { name: /security question/ })).toBeNull();
  });

  it('leads to the security question where the shop still takes it', async () => {
    const { user, pathname } = renderWithShop('/forgot-password', {
      mocks: [waysMock(true, true)],
    });
    await user.click(
      await main().findByRole('link', { name: 'Answer your security question instead' }),
    );
    expect(pathname()).toBe('/forgot-password/security-question');
    expect(await screen.findByRole('heading', { name: 'RESET PASSWORD' })).toBeInTheDocument();
  });

  it('says so when the shop cannot e-mail, and where to go instead', async () => {
    renderWithShop('/forgot-password', { mocks: [waysMock(false, false)] });
    const status = await main().findByRole('status');
    expect(status).toHaveTextContent('This shop cannot e-mail a reset link right now');
    expect(within(status).getByRole('link', { name: 'contact us' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });

  it('toasts a refusal (too many links) and stays', async () => {
    const tooMany = 'Too many password reset links asked for, please try again in 60 minutes';
    const { user, pathname } = renderWithShop('/forgot-password', {
      mocks: [waysMock(true, false), sendMock(graphQLErrorResult(tooMany, 'TOO_MANY_REQUESTS'))],
    });
    await fillIn(user, main().getByLabelText(/^Email/), EMAIL);
    await user.click(main().getByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByText(tooMany)).toBeInTheDocument();
    expect(main().queryByRole('status')).toBeNull();
    expect(pathname()).toBe('/forgot-password');
  });
});
