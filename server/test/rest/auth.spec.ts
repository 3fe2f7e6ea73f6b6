import jwt from 'jsonwebtoken';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, seeded, Session, startTestApp, TestApp } from '../support/test-app';

const PUBLIC_USER_FIELDS = ['_id', 'address', 'createdAt', 'email', 'name', 'phone', 'role'];

function newShopper(email: string) {
  return {
    name: 'Asha Verma',
    email,
    password: 'masala-chai',
    phone: '+91 98450 12345',
    address: '12 MG Road, Bengaluru 560001',
    answer: 'Table Tennis',
  };
}

describe('REST auth: /api/v1/auth', () => {
  let test: TestApp;
  let admin: Session;
  let shopper: Session;

  beforeAll(async () => {
    test = await startTestApp();
    ({ admin, shopper } = await seeded(test));
  });
  afterAll(() => test.close());

  const register = (body: object) => test.http().post('/api/v1/auth/register').send(body);

  describe('register', () => {
    it('creates a shopper and answers 201 with the user minus password and answer', async () => {
      const response = await register(newShopper('Asha.Verma@Example.in')).expect(201);
      expect(response.body).toMatchObject({
        success: true,
        message: 'Registered successfully, please login',
      });
      const user = response.body.user;
      expect(Object.keys(user).sort()).toEqual(PUBLIC_USER_FIELDS);
      expect(user).toMatchObject({
        name: 'Asha Verma',
        email: 'asha.verma@example.in',
        phone: '+91 98450 12345',
        address: '12 MG Road, Bengaluru 560001',
        role: 0,
      });
      expect(Types.ObjectId.isValid(user._id)).toBe(true);
      expect(JSON.stringify(response.body)).not.toMatch(/masala-chai|Table Tennis|"password"/);
    });

    it('lets the new shopper sign in with the password chosen at registration', async () => {
      const session = await login(test, 'asha.verma@example.in', 'masala-chai');
      expect(session.token).toEqual(expect.any(String));
    });

    it('refuses a second account for the same e-mail, in any case, with 409', async () => {
      const before = await test.counts();
      const response = await register(newShopper('ASHA.VERMA@example.in')).expect(409);
      expect(response.body).toEqual({
        success: false,
        message: 'Already registered, please login',
      });
      expect(await test.counts()).toEqual(before);
    });

    it('ignores a role sent in the registration: the account is still a shopper (role 0)', async () => {
      const response = await register({ ...newShopper('would-be-admin@example.in'), role: 1 });
      expect(response.status).toBe(201);
      expect(response.body.user.role).toBe(0);

      const signedIn = await test
        .http()
        .post('/api/v1/auth/login')
        .send({ email: 'would-be-admin@example.in', password: 'masala-chai' })
        .expect(200);
      expect(signedIn.body.user.role).toBe(0);
      await test
        .http()
        .get('/api/v1/auth/admin-auth')
        .set('Authorization', signedIn.body.token)
        .expect(403);
    });

    it('refuses a registration with a missing field with 400 and creates nobody', async () => {
      const before = await test.counts();
      const { answer: _answer, ...withoutAnswer } = newShopper('no-answer@example.in');
      const response = await register(withoutAnswer).expect(400);
      expect(response.body).toEqual({ success: false, message: expect.any(String) });
      expect(await test.counts()).toEqual(before);
    });
  });

  describe('login', () => {
    it('answers 200 with a token and the user minus password and answer', async () => {
      const response = await test
        .http()
        .post('/api/v1/auth/login')
        .send({ email: test.config.shopper.email, password: test.config.shopper.password })
        .expect(200);
      expect(response.body).toMatchObject({
        success: true,
        message: 'Logged in successfully',
        token: expect.any(String),
      });
      expect(response.body.token.split('.')).toHaveLength(3);
      expect(Object.keys(response.body.user).sort()).toEqual(PUBLIC_USER_FIELDS);
      expect(response.body.user).toMatchObject({
        _id: shopper.userId,
        name: 'Priya Sharma',
        email: test.config.shopper.email,
        role: 0,
      });
    });

    it('tells the administrator apart by role 1', async () => {
      const response = await test
        .http()
        .post('/api/v1/auth/login')
        .send({ email: test.config.admin.email, password: test.config.admin.password })
        .expect(200);
      expect(response.body.user).toMatchObject({ _id: admin.userId, role: 1 });
    });

    it('answers an unknown e-mail and a wrong password with the same 401', async () => {
      const unknown = await test
        .http()
        .post('/api/v1/auth/login')
        .send({ email: 'nobody@example.in', password: 'whatever-1' })
        .expect(401);
      const wrong = await test
        .http()
        .post('/api/v1/auth/login')
        .send({ email: test.config.shopper.email, password: 'not-my-password' })
        .expect(401);
      expect(unknown.body).toEqual({ success: false, message: 'Invalid email or password' });
      expect(wrong.body).toEqual(unknown.body);
    });

    it('refuses a login without a password with 400', async () => {
      const response = await test
        .http()
        .post('/api/v1/auth/login')
        .send({ email: test.config.shopper.email })
        .expect(400);
      expect(response.body.success).toBe(false);
      expect(response.body.token).toBeUndefined();
    });
  });

  describe('user-auth and the Authorization header', () => {
    it('says ok to a signed-in shopper sending the bare token', async () => {
      const response = await test
        .http()
        .get('/api/v1/auth/user-auth')
        .set('Authorization', shopper.token)
        .expect(200);
      expect(response.body).toEqual({ ok: true });
    });

    it('says ok to a signed-in shopper sending "Bearer <token>"', async () => {
      const response = await test
        .http()
        .get('/api/v1/auth/user-auth')
        .set('Authorization', `Bearer ${shopper.token}`)
        .expect(200);
      expect(response.body).toEqual({ ok: true });
    });

    it('answers 401 without a token', async () => {
      const response = await test.http().get('/api/v1/auth/user-auth').expect(401);
      expect(response.body).toEqual({ success: false, message: expect.any(String) });
      expect(response.body.ok).toBeUndefined();
    });

    it('answers 401 to a garbage token, bare or after Bearer', async () => {
      for (const header of ['not-a-token', 'Bearer not-a-token', 'Bearer', 'Bearer ']) {
        const response = await test
          .http()
          .get('/api/v1/auth/user-auth')
          .set('Authorization', header);
        expect(response.status, header).toBe(401);
        expect(response.body.success).toBe(false);
      }
    });

    it('answers 401 to a token signed with another secret', async () => {
      const forged = jwt.sign({ sub: admin.userId }, 'someone-elses-secret-that-is-long-enough', {
        algorithm: 'HS256',
      });
      await test.http().get('/api/v1/auth/user-auth').set('Authorization', forged).expect(401);
      await test.http().get('/api/v1/auth/admin-auth').set('Authorization', forged).expect(401);
    });

    it('answers 401 to a well-signed token of a user who does not exist', async () => {
      const orphan = jwt.sign({ sub: new Types.ObjectId().toHexString() }, test.config.jwtSecret, {
        algorithm: 'HS256',
      });
      await test.http().get('/api/v1/auth/user-auth').set('Authorization', orphan).expect(401);
    });

    it('answers 401 to an expired token', async () => {
      const expired = jwt.sign(
        { sub: shopper.userId, exp: Math.floor(Date.now() / 1000) - 60 },
        test.config.jwtSecret,
        { algorithm: 'HS256' },
      );
      await test.http().get('/api/v1/auth/user-auth').set('Authorization', expired).expect(401);
    });
  });

  describe('admin-auth', () => {
    it('says ok to the administrator', async () => {
      const response = await test
        .http()
        .get('/api/v1/auth/admin-auth')
        .set('Authorization', `Bearer ${admin.token}`)
        .expect(200);
      expect(response.body).toEqual({ ok: true });
    });

    it('refuses the shopper with 403', async () => {
      const response = await test
        .http()
        .get('/api/v1/auth/admin-auth')
        .set(shopper.auth)
        .expect(403);
      expect(response.body).toEqual({ success: false, message: expect.any(String) });
      expect(response.body.ok).toBeUndefined();
    });

    it('answers 401 without a token', async () => {
      await test.http().get('/api/v1/auth/admin-auth').expect(401);
    });
  });

  describe('forgot-password', () => {
    const forgot = (body: object) => test.http().post('/api/v1/auth/forgot-password').send(body);

    it('answers a wrong answer and an unknown e-mail with the same 400', async () => {
      const wrongAnswer = await forgot({
        email: test.config.shopper.email,
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
      await login(test, test.config.shopper.email, test.config.shopper.password);
    });

    it('resets the password when the answer matches ignoring case and surrounding spaces', async () => {
      const response = await forgot({
        email: test.config.shopper.email,
        answer: ' CRICKET ',
        newPassword: 'fresh-pass-1',
      }).expect(200);
      expect(response.body).toEqual({ success: true, message: 'Password reset successfully' });

      await login(test, test.config.shopper.email, 'fresh-pass-1');
      await test
        .http()
        .post('/api/v1/auth/login')
        .send({ email: test.config.shopper.email, password: test.config.shopper.password })
        .expect(401);

      // Put the demo password back for the tests after this one.
      await forgot({
        email: test.config.shopper.email,
        answer: 'Cricket',
        newPassword: test.config.shopper.password,
      }).expect(200);
      await login(test, test.config.shopper.email, test.config.shopper.password);
    });

    it('matches a two-word answer whatever its case and spacing', async () => {
      await forgot({
        email: 'asha.verma@example.in',
        answer: '  table   TENNIS ',
        newPassword: 'ginger-chai',
      }).expect(200);
      await login(test, 'asha.verma@example.in', 'ginger-chai');
    });

    it('refuses a new password shorter than 6 characters with 400 and keeps the old one', async () => {
      const response = await forgot({
        email: 'asha.verma@example.in',
        answer: 'table tennis',
        newPassword: 'abc',
      }).expect(400);
      expect(response.body.success).toBe(false);
      await login(test, 'asha.verma@example.in', 'ginger-chai');
    });
  });

  describe('profile', () => {
    let priya: Session;
    const profile = (session: Session | null, body: object) => {
      const request = test.http().put('/api/v1/auth/profile');
      return (session ? request.set(session.auth) : request).send(body);
    };

    beforeAll(async () => {
      await register({ ...newShopper('priya.nair@example.in'), name: 'Priya Nair' }).expect(201);
      priya = await login(test, 'priya.nair@example.in', 'masala-chai');
    });

    it('answers 401 without a token', async () => {
      await profile(null, { name: 'Nobody' }).expect(401);
    });

    it('updates name, phone and address and replies with updatedUser', async () => {
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
        email: 'priya.nair@example.in',
        phone: '+91 90000 11111',
        address: '7 Park Street, Kolkata 700016',
        role: 0,
      });

      const signedIn = await test
        .http()
        .post('/api/v1/auth/login')
        .send({ email: 'priya.nair@example.in', password: 'masala-chai' })
        .expect(200);
      expect(signedIn.body.user).toMatchObject({
        name: 'Priya N. Nair',
        address: '7 Park Street, Kolkata 700016',
      });
    });

    it('keeps the old password when none is given', async () => {
      await profile(priya, { address: '8 Park Street, Kolkata 700016' }).expect(200);
      await login(test, 'priya.nair@example.in', 'masala-chai');
    });

    it('keeps the old password when the password field is left empty', async () => {
      await profile(priya, { name: 'Priya Nair', password: '' }).expect(200);
      await login(test, 'priya.nair@example.in', 'masala-chai');
    });

    it('accepts the same e-mail address the account already has', async () => {
      const response = await profile(priya, {
        email: 'Priya.Nair@example.in',
        name: 'Priya Nair',
      }).expect(200);
      expect(response.body.updatedUser.email).toBe('priya.nair@example.in');
    });

    it('refuses an e-mail change with 400 and changes nothing', async () => {
      const response = await profile(priya, {
        email: 'someone.else@example.in',
        name: 'Changed Name',
      }).expect(400);
      expect(response.body).toMatchObject({ success: false, error: 'Email cannot be changed' });
      expect(response.body.updatedUser).toBeUndefined();
      const signedIn = await test
        .http()
        .post('/api/v1/auth/login')
        .send({ email: 'priya.nair@example.in', password: 'masala-chai' })
        .expect(200);
      expect(signedIn.body.user.name).toBe('Priya Nair');
    });

    it('refuses a password shorter than 6 characters with 400 and an error field', async () => {
      const response = await profile(priya, { password: 'abc' }).expect(400);
      expect(response.body).toMatchObject({ success: false, error: expect.any(String) });
      expect(response.body.error).toMatch(/6/);
      expect(response.body.message).toBe(response.body.error);
      await login(test, 'priya.nair@example.in', 'masala-chai');
    });

    it('changes the password when a long enough one is given', async () => {
      await profile(priya, { password: 'filter-kaapi' }).expect(200);
      // The change ended the session it was made in; the tests after this one use the new one.
      await test.http().get('/api/v1/auth/user-auth').set(priya.auth).expect(401);
      priya = await login(test, 'priya.nair@example.in', 'filter-kaapi');
      await test
        .http()
        .post('/api/v1/auth/login')
        .send({ email: 'priya.nair@example.in', password: 'masala-chai' })
        .expect(401);
    });

    it('cannot make a shopper an administrator', async () => {
      const response = await profile(priya, { role: 1, name: 'Priya Nair' }).expect(200);
      expect(response.body.updatedUser.role).toBe(0);
      await test.http().get('/api/v1/auth/admin-auth').set(priya.auth).expect(403);
    });

    it("changes only the caller's own profile", async () => {
      await profile(priya, { _id: shopper.userId, name: 'Hijacked' }).expect(200);
      const demoShopper = await test
        .http()
        .post('/api/v1/auth/login')
        .send({ email: test.config.shopper.email, password: test.config.shopper.password })
        .expect(200);
      expect(demoShopper.body.user.name).toBe('Priya Sharma');
    });
  });
});
