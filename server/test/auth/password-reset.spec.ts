import { describe, expect, it } from 'vitest';
import { newShopper } from '../support/fixtures';
import { expectRefused, gql, gqlOk } from '../support/gql';
import { login, useTestShop } from '../support/test-app';
import { FORGOT, gqlLogin, restLogin } from './operations';

describe('resetting a forgotten password with the security answer', () => {
  const shop = useTestShop({ seed: true });

  describe('REST: POST /api/v1/auth/forgot-password', () => {
    const forgot = (body: object) => shop.http().post('/api/v1/auth/forgot-password').send(body);

    it('answers a wrong answer and an unknown e-mail with the same 400', async () => {
      const wrongAnswer = await forgot({
        email: shop.config.shopper.email,
        answer: 'kabaddi',
        newPassword: 'new-password-1',
      }).expect(400);
      const unknownEmail = await forgot({
        email: 'nobody@example.in',
        answer: 'cricket',
        newPassword: 'new-password-1',
      }).expect(400);
      expect(wrongAnswer.body).toEqual({ success: false, message: 'Wrong email or answer' });
      expect(unknownEmail.body).toEqual(wrongAnswer.body);
      await login(shop, shop.config.shopper.email, shop.config.shopper.password);
    });

    it('resets the password when the answer matches ignoring case and surrounding spaces', async () => {
      const { email, password } = await newShopper(shop, { answer: 'cricket' });
      const response = await forgot({
        email,
        answer: ' CRICKET ',
        newPassword: 'fresh-pass-1',
      }).expect(200);
      expect(response.body).toEqual({ success: true, message: 'Password reset successfully' });

      await login(shop, email, 'fresh-pass-1');
      await restLogin(shop, email, password).expect(401);

      // And back again, with the answer in yet another case.
      await forgot({ email, answer: 'Cricket', newPassword: password }).expect(200);
      await login(shop, email, password);
    });

    it('matches a two-word answer whatever its case and spacing', async () => {
      const { email } = await newShopper(shop, { answer: 'Table Tennis' });
      await forgot({ email, answer: '  table   TENNIS ', newPassword: 'ginger-chai' }).expect(200);
      await login(shop, email, 'ginger-chai');
    });

    it('refuses a new password shorter than 6 characters with 400 and keeps the old one', async () => {
      const { email, password } = await newShopper(shop, { answer: 'Table Tennis' });
      const response = await forgot({
        email,
        answer: 'table tennis',
        newPassword: 'abc',
      }).expect(400);
      expect(response.body.success).toBe(false);
      await login(shop, email, password);
    });
  });

  describe('GraphQL: forgotPassword', () => {
    /** A shopper of its own, password 'masala-chai', answer 'Table Tennis'. */
    const forgetful = async () => (await newShopper(shop, { answer: 'Table Tennis' })).email;

    it('refuses a wrong answer with BAD_USER_INPUT and keeps the password', async () => {
      const email = await forgetful();
      const error = expectRefused(
        await gql(shop, FORGOT, {
          input: { email, answer: 'badminton', newPassword: 'new-secret' },
        }),
        'BAD_USER_INPUT',
        'forgotPassword',
      );
      expect(error.message).toBe('Wrong email or answer');
      expect((await gqlLogin(shop, email, 'masala-chai')).errors).toBeUndefined();
      expectRefused(await gqlLogin(shop, email, 'new-secret'), 'UNAUTHENTICATED', 'login');
    });

    it('refuses an unknown e-mail with the same words', async () => {
      const error = expectRefused(
        await gql(shop, FORGOT, {
          input: { email: 'nobody@example.in', answer: 'Table Tennis', newPassword: 'new-secret' },
        }),
        'BAD_USER_INPUT',
        'forgotPassword',
      );
      expect(error.message).toBe('Wrong email or answer');
    });

    it('refuses a new password under 6 characters with BAD_USER_INPUT', async () => {
      const email = await forgetful();
      expectRefused(
        await gql(shop, FORGOT, { input: { email, answer: 'Table Tennis', newPassword: 'abc' } }),
        'BAD_USER_INPUT',
        'forgotPassword',
      );
      expect((await gqlLogin(shop, email, 'masala-chai')).errors).toBeUndefined();
    });

    it('sets the new password given the answer, in any case and spacing', async () => {
      const email = await forgetful();
      const result = await gqlOk<{ forgotPassword: boolean }>(shop, FORGOT, {
        input: { email, answer: '  table   TENNIS ', newPassword: 'new-secret' },
      });
      expect(result.forgotPassword).toBe(true);
      expect((await gqlLogin(shop, email, 'new-secret')).data?.login.user.email).toBe(email);
      expectRefused(await gqlLogin(shop, email, 'masala-chai'), 'UNAUTHENTICATED', 'login');
    });
  });
});
