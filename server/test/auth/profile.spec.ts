import { describe, expect, it } from 'vitest';
import {
  controlCharactersIn,
  CURRENT_PASSWORD,
  fieldFault,
  PASSWORD_TOO_COMMON,
} from '../../src/shared/rules';
import { Account, newShopper } from '../support/fixtures';
import { expectRefused, gql, gqlOk } from '../support/gql';
import { login, Session, useTestShop } from '../support/test-app';
import {
  gqlLogin,
  ME,
  PUBLIC_USER_FIELDS,
  restLogin,
  storedUser,
  UPDATE_PROFILE,
  UserView,
} from './operations';

describe("a user's own profile", () => {
  const shop = useTestShop({ seed: true });

  describe('REST: PUT /api/v1/auth/profile', () => {
    const profile = (session: Session | null, body: object) => {
      const request = shop.http().put('/api/v1/auth/profile');
      return (session ? request.set(session.auth) : request).send(body);
    };
    /** A shopper of its own named Priya Nair, password 'masala-chai'. */
    const priyaNair = () => newShopper(shop, { name: 'Priya Nair' });

    it('answers 401 without a token', async () => {
      await profile(null, { name: 'Nobody' }).expect(401);
    });

    it('updates name, phone and address and replies with updatedUser', async () => {
      const priya = await priyaNair();
      const response = await profile(priya, {
        name: 'Priya N. Nair',
        phone: '+91 90000 11111',
        address: '7 Park Street, Kolkata 700016',
      }).expect(200);
      expect(response.body.success).toBe(true);
      expect(Object.keys(response.body.updatedUser).sort()).toEqual(PUBLIC_USER_FIELDS);
      expect(response.body.updatedUser).toMatchObject({
        _id: priya.userId,
        name: 'Priya N. Nair',
        email: priya.email,
        phone: '+91 90000 11111',
        address: '7 Park Street, Kolkata 700016',
        role: 0,
      });

      const signedIn = await restLogin(shop, priya.email, 'masala-chai').expect(200);
      expect(signedIn.body.user).toMatchObject({
        name: 'Priya N. Nair',
        address: '7 Park Street, Kolkata 700016',
      });
    });

    it('keeps the old password when none is given', async () => {
      const priya = await priyaNair();
      await profile(priya, { address: '8 Park Street, Kolkata 700016' }).expect(200);
      await login(shop, priya.email, 'masala-chai');
    });

    it('keeps the old password when the password field is left empty', async () => {
      const priya = await priyaNair();
      await profile(priya, { name: 'Priya Nair', password: '' }).expect(200);
      await login(shop, priya.email, 'masala-chai');
    });

    it('accepts the same e-mail address the account already has', async () => {
      const priya = await priyaNair();
      const response = await profile(priya, {
        email: priya.email.toUpperCase(),
        name: 'Priya Nair',
      }).expect(200);
      expect(response.body.updatedUser.email).toBe(priya.email);
    });

    it('refuses an e-mail change with 400 and changes nothing', async () => {
      const priya = await priyaNair();
      const response = await profile(priya, {
        email: 'someone.else@example.in',
        name: 'Changed Name',
        currentPassword: 'masala-chai',
      }).expect(400);
      expect(response.body).toMatchObject({ success: false, error: 'Email cannot be changed' });
      expect(response.body.updatedUser).toBeUndefined();
      const signedIn = await restLogin(shop, priya.email, 'masala-chai').expect(200);
      expect(signedIn.body.user.name).toBe('Priya Nair');
    });

    it('refuses a password shorter than 6 characters with 400 and an error field', async () => {
      const priya = await priyaNair();
      const response = await profile(priya, {
        password: 'x9q',
        currentPassword: 'masala-chai',
      }).expect(400);
      expect(response.body).toMatchObject({ success: false, error: expect.any(String) });
      expect(response.body.error).toMatch(/6/);
      expect(response.body.message).toBe(response.body.error);
      await login(shop, priya.email, 'masala-chai');
    });

    it('changes the password when a long enough one is given with the current one', async () => {
      const priya = await priyaNair();
      await profile(priya, { password: 'filter-kaapi', currentPassword: 'masala-chai' }).expect(
        200,
      );
      // The change ended the session it was made in.
      await shop.http().get('/api/v1/auth/user-auth').set(priya.auth).expect(401);
      await login(shop, priya.email, 'filter-kaapi');
      await restLogin(shop, priya.email, 'masala-chai').expect(401);
    });

    it.each([
      ['without the current password', {}, CURRENT_PASSWORD.required],
      ['with an empty current password', { currentPassword: '' }, CURRENT_PASSWORD.required],
      ['with a wrong current password', { currentPassword: 'masala-cha' }, CURRENT_PASSWORD.wrong],
    ])(
      'refuses a new password %s with 400 naming it, and changes nothing (a token is not enough)',
      async (_case, given, message) => {
        const priya = await priyaNair();
        const before = await storedUser(shop, priya.email);
        const response = await profile(priya, {
          password: 'stolen-token-1',
          name: 'Taken Over',
          ...given,
        }).expect(400);
        expect(response.body).toEqual({ success: false, message, error: message });
        expect(await storedUser(shop, priya.email)).toEqual(before);
        // The session it was tried in still works, and the password is as it was.
        await shop.http().get('/api/v1/auth/user-auth').set(priya.auth).expect(200);
        await login(shop, priya.email, 'masala-chai');
        await restLogin(shop, priya.email, 'stolen-token-1').expect(401);
      },
    );

    it('refuses an e-mail change without the current password, naming it', async () => {
      const priya = await priyaNair();
      const response = await profile(priya, { email: 'someone.else@example.in' }).expect(400);
      expect(response.body.error).toBe(CURRENT_PASSWORD.required);
      expect(await storedUser(shop, 'someone.else@example.in')).toBeNull();
    });

    it('refuses a new password among the 100,000 most common, naming why', async () => {
      const priya = await priyaNair();
      const response = await profile(priya, {
        password: 'iloveyou',
        currentPassword: 'masala-chai',
      }).expect(400);
      expect(response.body.message).toBe(fieldFault('password', PASSWORD_TOO_COMMON));
      await login(shop, priya.email, 'masala-chai');
    });

    it('keeps tab and line breaks in an address, which may span lines, but no other control character', async () => {
      const priya = await priyaNair();
      const address = '7 Park Street\nKolkata 700016';
      const saved = await profile(priya, { address }).expect(200);
      expect(saved.body.updatedUser.address).toBe(address);
      const refused = await profile(priya, { name: 'Priya\u0000Nair' }).expect(400);
      expect(refused.body.message).toBe(controlCharactersIn('name'));
    });

    it('cannot make a shopper an administrator', async () => {
      const priya = await priyaNair();
      const response = await profile(priya, { role: 1, name: 'Priya Nair' }).expect(200);
      expect(response.body.updatedUser.role).toBe(0);
      await shop.http().get('/api/v1/auth/admin-auth').set(priya.auth).expect(403);
    });

    it("changes only the caller's own profile", async () => {
      const priya = await priyaNair();
      await profile(priya, { _id: shop.shopper.userId, name: 'Hijacked' }).expect(200);
      const { email, password } = shop.config.shopper;
      const demoShopper = await restLogin(shop, email, password).expect(200);
      expect(demoShopper.body.user.name).toBe('Priya Sharma');
    });
  });

  describe('GraphQL: updateProfile', () => {
    /** A shopper of its own, password 'masala-chai'. */
    const mover = (): Promise<Account> => newShopper(shop);

    it('refuses a request with no token with UNAUTHENTICATED and changes nothing', async () => {
      const { email } = await mover();
      const before = await storedUser(shop, email);
      expectRefused(
        await gql(shop, UPDATE_PROFILE, { input: { name: 'Someone Else' } }),
        'UNAUTHENTICATED',
        'updateProfile',
      );
      expect(await storedUser(shop, email)).toEqual(before);
    });

    it('changes name, phone and address of the signed-in user', async () => {
      const account = await mover();
      const { updateProfile } = await gqlOk<{ updateProfile: UserView }>(
        shop,
        UPDATE_PROFILE,
        {
          input: {
            name: '  Asha V. ',
            phone: '+91 80 2222 3333',
            address: '7 Park Street, Kolkata 700016',
          },
        },
        account,
      );
      expect(updateProfile).toMatchObject({
        id: account.userId,
        name: 'Asha V.',
        email: account.email,
        phone: '+91 80 2222 3333',
        address: '7 Park Street, Kolkata 700016',
        role: 0,
      });
      const { me } = await gqlOk<{ me: UserView }>(shop, ME, {}, account);
      expect(me).toEqual(updateProfile);
    });

    it('accepts the unchanged e-mail but refuses another one with BAD_USER_INPUT', async () => {
      const account = await mover();
      await gqlOk(shop, UPDATE_PROFILE, { input: { email: account.email.toUpperCase() } }, account);
      const error = expectRefused(
        await gql(
          shop,
          UPDATE_PROFILE,
          { input: { email: 'elsewhere@example.in', currentPassword: account.password } },
          account,
        ),
        'BAD_USER_INPUT',
        'updateProfile',
      );
      expect(error.message).toBe('Email cannot be changed');
      expect(await storedUser(shop, 'elsewhere@example.in')).toBeNull();
    });

    it('changes the password given the current one, and the new one then logs in', async () => {
      const account = await mover();
      await gqlOk(
        shop,
        UPDATE_PROFILE,
        { input: { password: 'filter-coffee', currentPassword: account.password } },
        account,
      );
      const relogin = await gqlLogin(shop, account.email, 'filter-coffee');
      expect(relogin.errors).toBeUndefined();
      expectRefused(await gqlLogin(shop, account.email, 'masala-chai'), 'UNAUTHENTICATED', 'login');
      // The change ended the session it was made in.
      expect((await gqlOk<{ me: UserView | null }>(shop, ME, {}, account)).me).toBeNull();
    });

    it.each([
      ['without the current password', {}, CURRENT_PASSWORD.required],
      ['with a null current password', { currentPassword: null }, CURRENT_PASSWORD.required],
      ['with a wrong current password', { currentPassword: 'not-mine-1' }, CURRENT_PASSWORD.wrong],
    ])(
      'refuses a new password %s with BAD_USER_INPUT naming it, and changes nothing',
      async (_case, given, message) => {
        const account = await mover();
        const before = await storedUser(shop, account.email);
        const error = expectRefused(
          await gql(
            shop,
            UPDATE_PROFILE,
            { input: { password: 'stolen-token-1', name: 'Taken Over', ...given } },
            account,
          ),
          'BAD_USER_INPUT',
          'updateProfile',
        );
        expect(error.message).toBe(message);
        expect(await storedUser(shop, account.email)).toEqual(before);
        expect((await gqlOk<{ me: UserView | null }>(shop, ME, {}, account)).me).not.toBeNull();
      },
    );

    it('changes the name, phone and address without the current password', async () => {
      const account = await mover();
      const { updateProfile } = await gqlOk<{ updateProfile: UserView }>(
        shop,
        UPDATE_PROFILE,
        { input: { name: 'Only A Name', password: '' } },
        account,
      );
      expect(updateProfile.name).toBe('Only A Name');
    });

    it('changes only the signed-in user', async () => {
      const account = await mover();
      await gqlOk(shop, UPDATE_PROFILE, { input: { name: 'Someone Else' } }, account);
      const { me } = await gqlOk<{ me: UserView }>(shop, ME, {}, shop.shopper);
      expect(me.name).toBe('Priya Sharma');
    });
  });

  describe('guessing the current password with a token', () => {
    const limited = useTestShop({ env: { AUTH_FAILURES_PER_ACCOUNT_AND_ADDRESS: '2' } });

    it('counts each wrong one as a failed sign-in: past the limit, 429, and the login too', async () => {
      const priya = await newShopper(limited);
      const guess = (currentPassword: string) =>
        limited
          .http()
          .put('/api/v1/auth/profile')
          .set(priya.auth)
          .send({ password: 'stolen-token-1', currentPassword });
      await guess('guess-one').expect(400);
      await guess('guess-two').expect(400);
      const refused = await guess('masala-chai').expect(429);
      expect(refused.body.message).toMatch(/^Too many failed attempts/);
      await restLogin(limited, priya.email, 'masala-chai').expect(429);
    });
  });
});
