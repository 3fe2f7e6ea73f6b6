import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { missingId } from '../support/fixtures';
import { expectRefused, gql, gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';
import { gqlLogin, ME, PUBLIC_USER_FIELDS, restLogin, sessionOf, UserView } from './operations';

describe('signing in, and the token on later requests', () => {
  const shop = useTestShop({ seed: true });

  const userAuth = () => shop.http().get('/api/v1/auth/user-auth');
  const adminAuth = () => shop.http().get('/api/v1/auth/admin-auth');

  describe('REST: POST /api/v1/auth/login', () => {
    it('answers 200 with a token and the user minus password and answer', async () => {
      const { email, password } = shop.config.shopper;
      const response = await restLogin(shop, email, password).expect(200);
      expect(response.body).toMatchObject({
        success: true,
        message: 'Logged in successfully',
        token: expect.any(String),
      });
      expect(response.body.token.split('.')).toHaveLength(3);
      expect(Object.keys(response.body.user).sort()).toEqual(PUBLIC_USER_FIELDS);
      expect(response.body.user).toMatchObject({
        _id: shop.shopper.userId,
        name: 'Priya Sharma',
        email,
        role: 0,
      });
    });

    it('tells the administrator apart by role 1', async () => {
      const { email, password } = shop.config.admin;
      const response = await restLogin(shop, email, password).expect(200);
      expect(response.body.user).toMatchObject({ _id: shop.admin.userId, role: 1 });
    });

    it('answers an unknown e-mail and a wrong password with the same 401', async () => {
      const unknown = await restLogin(shop, 'nobody@example.in', 'whatever-1').expect(401);
      const wrong = await restLogin(shop, shop.config.shopper.email, 'not-my-password').expect(401);
      expect(unknown.body).toEqual({ success: false, message: 'Invalid email or password' });
      expect(wrong.body).toEqual(unknown.body);
    });

    it('refuses a login without a password with 400', async () => {
      const response = await shop
        .http()
        .post('/api/v1/auth/login')
        .send({ email: shop.config.shopper.email })
        .expect(400);
      expect(response.body.success).toBe(false);
      expect(response.body.token).toBeUndefined();
    });
  });

  describe('REST: user-auth and the Authorization header', () => {
    it('says ok to a signed-in shopper sending the bare token', async () => {
      const response = await userAuth().set('Authorization', shop.shopper.token).expect(200);
      expect(response.body).toEqual({ ok: true });
    });

    it('says ok to a signed-in shopper sending "Bearer <token>"', async () => {
      const response = await userAuth()
        .set('Authorization', `Bearer ${shop.shopper.token}`)
        .expect(200);
      expect(response.body).toEqual({ ok: true });
    });

    it('answers 401 without a token', async () => {
      const response = await userAuth().expect(401);
      expect(response.body).toEqual({ success: false, message: expect.any(String) });
      expect(response.body.ok).toBeUndefined();
    });

    it('answers 401 to a garbage token, bare or after Bearer', async () => {
      for (const header of ['not-a-token', 'Bearer not-a-token', 'Bearer', 'Bearer ']) {
        const response = await userAuth().set('Authorization', header);
        expect(response.status, header).toBe(401);
        expect(response.body.success).toBe(false);
      }
    });

    it('answers 401 to a token signed with another secret', async () => {
      const forged = jwt.sign(
        { sub: shop.admin.userId },
        'someone-elses-secret-that-is-long-enough',
        { algorithm: 'HS256' },
      );
      await userAuth().set('Authorization', forged).expect(401);
      await adminAuth().set('Authorization', forged).expect(401);
    });

    it('answers 401 to a well-signed token of a user who does not exist', async () => {
      const orphan = jwt.sign({ sub: missingId() }, shop.config.jwtSecret, { algorithm: 'HS256' });
      await userAuth().set('Authorization', orphan).expect(401);
    });

    it('answers 401 to an expired token', async () => {
      const expired = jwt.sign(
        { sub: shop.shopper.userId, exp: Math.floor(Date.now() / 1000) - 60 },
        shop.config.jwtSecret,
        { algorithm: 'HS256' },
      );
      await userAuth().set('Authorization', expired).expect(401);
    });
  });

  describe('REST: admin-auth', () => {
    it('says ok to the administrator', async () => {
      const response = await adminAuth()
        .set('Authorization', `Bearer ${shop.admin.token}`)
        .expect(200);
      expect(response.body).toEqual({ ok: true });
    });

    it('refuses the shopper with 403', async () => {
      const response = await adminAuth().set(shop.shopper.auth).expect(403);
      expect(response.body).toEqual({ success: false, message: expect.any(String) });
      expect(response.body.ok).toBeUndefined();
    });

    it('answers 401 without a token', async () => {
      await adminAuth().expect(401);
    });
  });

  describe('GraphQL: login', () => {
    it('returns the user and a token that signs requests in', async () => {
      const result = await gqlLogin(shop, shop.config.shopper.email, shop.config.shopper.password);
      expect(result.errors).toBeUndefined();
      const { token, user } = result.data!.login;
      expect(user).toMatchObject({
        id: shop.shopper.userId,
        name: 'Priya Sharma',
        email: 'shopper@shop.local',
        role: 0,
      });
      expect((jwt.decode(token) as { sub: string }).sub).toBe(shop.shopper.userId);
      const me = await gqlOk<{ me: UserView }>(shop, ME, {}, sessionOf(token));
      expect(me.me.id).toBe(shop.shopper.userId);
    });

    it('gives the admin role 1', async () => {
      const result = await gqlLogin(shop, shop.config.admin.email, shop.config.admin.password);
      expect(result.data?.login.user).toMatchObject({ id: shop.admin.userId, role: 1 });
    });

    it('refuses a wrong password and an unknown e-mail alike, with UNAUTHENTICATED', async () => {
      const wrong = expectRefused(
        await gqlLogin(shop, shop.config.shopper.email, 'not-the-password'),
        'UNAUTHENTICATED',
        'login',
      );
      const unknown = expectRefused(
        await gqlLogin(shop, 'nobody@example.in', 'whatever1'),
        'UNAUTHENTICATED',
        'login',
      );
      expect(wrong.message).toBe('Invalid email or password');
      expect(unknown.message).toBe(wrong.message);
    });

    it('refuses an e-mail that is not one with BAD_USER_INPUT', async () => {
      expectRefused(await gqlLogin(shop, 'priya', 'shopper123'), 'BAD_USER_INPUT', 'login');
    });
  });

  describe('GraphQL: me', () => {
    it('is the signed-in user', async () => {
      const { me } = await gqlOk<{ me: UserView }>(shop, ME, {}, shop.shopper);
      expect(me).toMatchObject({
        id: shop.shopper.userId,
        name: 'Priya Sharma',
        email: 'shopper@shop.local',
        address: '42 Marine Drive, Mumbai, Maharashtra 400020',
        role: 0,
      });
    });

    it('accepts "Bearer <token>" too', async () => {
      const bearer = { ...shop.admin, auth: { Authorization: `Bearer ${shop.admin.token}` } };
      const { me } = await gqlOk<{ me: UserView }>(shop, ME, {}, bearer);
      expect(me.id).toBe(shop.admin.userId);
    });

    it('is null, without an error, with no token, a garbage token or a forged one', async () => {
      const forged = jwt.sign(
        { sub: shop.admin.userId },
        'another-secret-that-is-long-enough-to-use',
      );
      for (const session of [null, sessionOf('garbage'), sessionOf(forged)]) {
        const result = await gql(shop, ME, {}, session);
        expect(result.errors).toBeUndefined();
        expect(result.data).toEqual({ me: null });
      }
    });

    it('is null for a token of a user that no longer exists', async () => {
      const token = jwt.sign({ sub: missingId() }, shop.config.jwtSecret);
      const result = await gql(shop, ME, {}, sessionOf(token));
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ me: null });
    });
  });
});
