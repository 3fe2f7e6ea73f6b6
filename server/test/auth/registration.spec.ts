import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { registration, uniqueTag } from '../support/fixtures';
import { expectRefused, gql, gqlOk } from '../support/gql';
import { login, useTestShop } from '../support/test-app';
import { gqlLogin, PUBLIC_USER_FIELDS, REGISTER, storedUser, UserView } from './operations';

/** An e-mail address no other test uses, in the case given. */
const emailOf = (name: string) => `${name}.${uniqueTag()}@Example.in`;

describe('registration', () => {
  const shop = useTestShop();

  const register = (body: object) => shop.http().post('/api/v1/auth/register').send(body);

  describe('REST: POST /api/v1/auth/register', () => {
    it('creates a shopper and answers 201 with the user minus password and answer', async () => {
      const email = emailOf('Asha.Verma');
      const response = await register(registration(email)).expect(201);
      expect(response.body).toMatchObject({
        success: true,
        message: 'Registered successfully, please login',
      });
      const user = response.body.user;
      expect(Object.keys(user).sort()).toEqual(PUBLIC_USER_FIELDS);
      expect(user).toMatchObject({
        name: 'Asha Verma',
        email: email.toLowerCase(),
        phone: '+91 98450 12345',
        address: '12 MG Road, Bengaluru 560001',
        role: 0,
      });
      expect(Types.ObjectId.isValid(user._id)).toBe(true);
      expect(JSON.stringify(response.body)).not.toMatch(/masala-chai|Table Tennis|"password"/);
    });

    it('lets the new shopper sign in with the password chosen at registration', async () => {
      const email = emailOf('Asha.Verma');
      await register(registration(email)).expect(201);
      const session = await login(shop, email.toLowerCase(), 'masala-chai');
      expect(session.token).toEqual(expect.any(String));
    });

    it('refuses a second account for the same e-mail, in any case, with 409', async () => {
      const email = emailOf('asha.verma');
      await register(registration(email)).expect(201);
      const before = await shop.counts();
      const response = await register(registration(email.toUpperCase())).expect(409);
      expect(response.body).toEqual({
        success: false,
        message: 'Already registered, please login',
      });
      expect(await shop.counts()).toEqual(before);
    });

    it('ignores a role sent in the registration: the account is still a shopper (role 0)', async () => {
      const email = emailOf('would-be-admin').toLowerCase();
      const response = await register({ ...registration(email), role: 1 });
      expect(response.status).toBe(201);
      expect(response.body.user.role).toBe(0);

      const signedIn = await shop
        .http()
        .post('/api/v1/auth/login')
        .send({ email, password: 'masala-chai' })
        .expect(200);
      expect(signedIn.body.user.role).toBe(0);
      await shop
        .http()
        .get('/api/v1/auth/admin-auth')
        .set('Authorization', signedIn.body.token)
        .expect(403);
    });

    it('refuses a registration with a missing field with 400 and creates nobody', async () => {
      const before = await shop.counts();
      const { answer: _answer, ...withoutAnswer } = registration(emailOf('no-answer'));
      const response = await register(withoutAnswer).expect(400);
      expect(response.body).toEqual({ success: false, message: expect.any(String) });
      expect(await shop.counts()).toEqual(before);
    });
  });

  describe('GraphQL: register', () => {
    it('creates a shopper and returns it, e-mail lower-cased, secrets hashed', async () => {
      const email = emailOf('Asha.Verma');
      const { register } = await gqlOk<{ register: UserView }>(shop, REGISTER, {
        input: registration(email),
      });
      expect(register).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: 'Asha Verma',
        email: email.toLowerCase(),
        phone: '+91 98450 12345',
        address: '12 MG Road, Bengaluru 560001',
        role: 0,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const stored = await storedUser(shop, email.toLowerCase());
      expect(String(stored?._id)).toBe(register.id);
      expect(stored?.password).toMatch(/^\$2[aby]\$/);
      expect(stored?.answer).toMatch(/^\$2[aby]\$/);
    });

    it('lets the new shopper log in with the chosen password', async () => {
      const email = emailOf('asha.verma').toLowerCase();
      await gqlOk(shop, REGISTER, { input: registration(email) });
      const result = await gqlLogin(shop, email, 'masala-chai');
      expect(result.errors).toBeUndefined();
      expect(result.data?.login.user).toMatchObject({ email, role: 0 });
    });

    it('refuses a second account for the same e-mail, in any case, with CONFLICT', async () => {
      const email = emailOf('asha.verma');
      await gqlOk(shop, REGISTER, { input: registration(email) });
      const before = await shop.counts();
      const error = expectRefused(
        await gql(shop, REGISTER, { input: registration(email.toUpperCase()) }),
        'CONFLICT',
        'register',
      );
      expect(error.message).toBe('Already registered, please login');
      expect(await shop.counts()).toEqual(before);
    });
  });
});
