import jwt from 'jsonwebtoken';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seeded, Session, startTestApp, TestApp } from '../support/test-app';
import { expectRefused, expectRequestRefused, gql, gqlOk, Variables } from '../support/gql';

const USER_FIELDS = 'id name email phone address role createdAt';

interface UserView {
  id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  role: number;
  createdAt: string;
}

const REGISTER = `mutation ($input: RegisterInput!) { register(input: $input) { ${USER_FIELDS} } }`;
const LOGIN = `mutation ($input: LoginInput!) { login(input: $input) { token user { ${USER_FIELDS} } } }`;
const FORGOT = 'mutation ($input: ForgotPasswordInput!) { forgotPassword(input: $input) }';
const UPDATE_PROFILE = `mutation ($input: ProfileInput!) { updateProfile(input: $input) { ${USER_FIELDS} } }`;
const ME = `{ me { ${USER_FIELDS} } }`;

const newShopper = (email: string) => ({
  name: 'Asha Verma',
  email,
  password: 'masala-chai',
  phone: '+91 98450 12345',
  address: '12 MG Road, Bengaluru 560001',
  answer: 'Table Tennis',
});

const sessionOf = (token: string, userId = ''): Session => ({
  token,
  userId,
  auth: { Authorization: token },
});

describe('GraphQL auth: register, login, forgotPassword, me, updateProfile, users', () => {
  let test: TestApp;
  let admin: Session;
  let shopper: Session;

  beforeAll(async () => {
    test = await startTestApp();
    ({ admin, shopper } = await seeded(test));
  });
  afterAll(() => test.close());

  const login = (email: string, password: string) =>
    gql<{ login: { token: string; user: UserView } }>(test, LOGIN, { input: { email, password } });
  const storedUser = (email: string) => test.connection.collection('users').findOne({ email });

  describe('the User type', () => {
    it('has no password or answer field', async () => {
      const { __type } = await gqlOk<{ __type: { fields: { name: string }[] } }>(
        test,
        '{ __type(name: "User") { fields { name } } }',
      );
      const fields = __type.fields.map((field) => field.name).sort();
      expect(fields).toEqual(['address', 'createdAt', 'email', 'id', 'name', 'phone', 'role']);
      expect(fields).not.toContain('password');
      expect(fields).not.toContain('answer');
    });

    it.each(['password', 'answer'])('refuses a query asking for a user\'s "%s"', async (field) => {
      const error = expectRequestRefused(
        await gql(test, `{ me { id ${field} } }`, {}, shopper),
        'GRAPHQL_VALIDATION_FAILED',
      );
      expect(error.message).toBe(`Cannot query field "${field}" on type "User".`);
    });

    it('never sends a hash in any user-returning answer', async () => {
      const answers = [
        await gql(test, ME, {}, shopper),
        await login(test.config.shopper.email, test.config.shopper.password),
        await gql(test, `{ users(pageSize: 50) { items { ${USER_FIELDS} } } }`, {}, admin),
      ];
      for (const answer of answers) {
        expect(answer.errors).toBeUndefined();
        expect(JSON.stringify(answer.body)).not.toMatch(/\$2[aby]\$|password|answer|cricket/i);
      }
    });
  });

  describe('register', () => {
    it('creates a shopper and returns it, e-mail lower-cased, secrets hashed', async () => {
      const { register } = await gqlOk<{ register: UserView }>(test, REGISTER, {
        input: newShopper('Asha.Verma@Example.in'),
      });
      expect(register).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: 'Asha Verma',
        email: 'asha.verma@example.in',
        phone: '+91 98450 12345',
        address: '12 MG Road, Bengaluru 560001',
        role: 0,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const stored = await storedUser('asha.verma@example.in');
      expect(String(stored?._id)).toBe(register.id);
      expect(stored?.password).toMatch(/^\$2[aby]\$/);
      expect(stored?.answer).toMatch(/^\$2[aby]\$/);
    });

    it('lets the new shopper log in with the chosen password', async () => {
      const result = await login('asha.verma@example.in', 'masala-chai');
      expect(result.errors).toBeUndefined();
      expect(result.data?.login.user).toMatchObject({ email: 'asha.verma@example.in', role: 0 });
    });

    it('refuses a second account for the same e-mail, in any case, with CONFLICT', async () => {
      const before = await test.counts();
      const error = expectRefused(
        await gql(test, REGISTER, { input: newShopper('ASHA.VERMA@example.in') }),
        'CONFLICT',
        'register',
      );
      expect(error.message).toBe('Already registered, please login');
      expect(await test.counts()).toEqual(before);
    });

    it('has no way to ask for a role: a role in the input is refused', async () => {
      const before = await test.counts();
      const result = await gql(test, REGISTER, {
        input: { ...newShopper('would-be-admin@example.in'), role: 1 },
      });
      expectRequestRefused(result, 'BAD_USER_INPUT');
      expect(await test.counts()).toEqual(before);
    });

    it.each<[string, Variables]>([
      ['an e-mail that is not one', { email: 'asha-at-example' }],
      ['a password under 6 characters', { password: 'chai' }],
      ['a phone with letters', { phone: 'call me maybe' }],
      ['a blank name', { name: '   ' }],
      ['a blank address', { address: '' }],
      ['a blank answer', { answer: ' ' }],
      ['a name over 100 characters', { name: 'A'.repeat(101) }],
    ])('refuses %s with BAD_USER_INPUT and creates nothing', async (_label, change) => {
      const before = await test.counts();
      expectRefused(
        await gql(test, REGISTER, { input: { ...newShopper('new.one@example.in'), ...change } }),
        'BAD_USER_INPUT',
        'register',
      );
      expect(await test.counts()).toEqual(before);
    });

    it('refuses an input missing a field before running anything', async () => {
      const { phone: _phone, ...input } = newShopper('no.phone@example.in');
      expectRequestRefused(await gql(test, REGISTER, { input }), 'BAD_USER_INPUT');
      expect(await storedUser('no.phone@example.in')).toBeNull();
    });
  });

  describe('login', () => {
    it('returns the user and a token that signs requests in', async () => {
      const result = await login(test.config.shopper.email, test.config.shopper.password);
      expect(result.errors).toBeUndefined();
      const { token, user } = result.data!.login;
      expect(user).toMatchObject({
        id: shopper.userId,
        name: 'Priya Sharma',
        email: 'shopper@shop.local',
        role: 0,
      });
      expect((jwt.decode(token) as { sub: string }).sub).toBe(shopper.userId);
      const me = await gqlOk<{ me: UserView }>(test, ME, {}, sessionOf(token));
      expect(me.me.id).toBe(shopper.userId);
    });

    it('gives the admin role 1', async () => {
      const result = await login(test.config.admin.email, test.config.admin.password);
      expect(result.data?.login.user).toMatchObject({ id: admin.userId, role: 1 });
    });

    it('refuses a wrong password and an unknown e-mail alike, with UNAUTHENTICATED', async () => {
      const wrong = expectRefused(
        await login(test.config.shopper.email, 'not-the-password'),
        'UNAUTHENTICATED',
        'login',
      );
      const unknown = expectRefused(
        await login('nobody@example.in', 'whatever1'),
        'UNAUTHENTICATED',
        'login',
      );
      expect(wrong.message).toBe('Invalid email or password');
      expect(unknown.message).toBe(wrong.message);
    });

    it('refuses an e-mail that is not one with BAD_USER_INPUT', async () => {
      expectRefused(await login('priya', 'shopper123'), 'BAD_USER_INPUT', 'login');
    });
  });

  describe('me', () => {
    it('is the signed-in user', async () => {
      const { me } = await gqlOk<{ me: UserView }>(test, ME, {}, shopper);
      expect(me).toMatchObject({
        id: shopper.userId,
        name: 'Priya Sharma',
        email: 'shopper@shop.local',
        address: '42 Marine Drive, Mumbai 400020',
        role: 0,
      });
    });

    it('accepts "Bearer <token>" too', async () => {
      const { me } = await gqlOk<{ me: UserView }>(
        test,
        ME,
        {},
        {
          ...admin,
          auth: { Authorization: `Bearer ${admin.token}` },
        },
      );
      expect(me.id).toBe(admin.userId);
    });

    it('is null, without an error, with no token, a garbage token or a forged one', async () => {
      const forged = jwt.sign({ sub: admin.userId }, 'another-secret-that-is-long-enough-to-use');
      for (const session of [null, sessionOf('garbage'), sessionOf(forged)]) {
        const result = await gql(test, ME, {}, session);
        expect(result.errors).toBeUndefined();
        expect(result.data).toEqual({ me: null });
      }
    });

    it('is null for a token of a user that no longer exists', async () => {
      const token = jwt.sign({ sub: new Types.ObjectId().toHexString() }, test.config.jwtSecret);
      const result = await gql(test, ME, {}, sessionOf(token));
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ me: null });
    });
  });

  describe('forgotPassword', () => {
    const email = 'forgetful@example.in';
    beforeAll(async () => {
      await gqlOk(test, REGISTER, { input: newShopper(email) });
    });

    it('refuses a wrong answer with BAD_USER_INPUT and keeps the password', async () => {
      const error = expectRefused(
        await gql(test, FORGOT, {
          input: { email, answer: 'badminton', newPassword: 'new-secret' },
        }),
        'BAD_USER_INPUT',
        'forgotPassword',
      );
      expect(error.message).toBe('Wrong email or answer');
      expect((await login(email, 'masala-chai')).errors).toBeUndefined();
      expectRefused(await login(email, 'new-secret'), 'UNAUTHENTICATED', 'login');
    });

    it('refuses an unknown e-mail with the same words', async () => {
      const error = expectRefused(
        await gql(test, FORGOT, {
          input: { email: 'nobody@example.in', answer: 'Table Tennis', newPassword: 'new-secret' },
        }),
        'BAD_USER_INPUT',
        'forgotPassword',
      );
      expect(error.message).toBe('Wrong email or answer');
    });

    it('refuses a new password under 6 characters with BAD_USER_INPUT', async () => {
      expectRefused(
        await gql(test, FORGOT, { input: { email, answer: 'Table Tennis', newPassword: 'abc' } }),
        'BAD_USER_INPUT',
        'forgotPassword',
      );
      expect((await login(email, 'masala-chai')).errors).toBeUndefined();
    });

    it('sets the new password given the answer, in any case and spacing', async () => {
      const result = await gqlOk<{ forgotPassword: boolean }>(test, FORGOT, {
        input: { email, answer: '  table   TENNIS ', newPassword: 'new-secret' },
      });
      expect(result.forgotPassword).toBe(true);
      expect((await login(email, 'new-secret')).data?.login.user.email).toBe(email);
      expectRefused(await login(email, 'masala-chai'), 'UNAUTHENTICATED', 'login');
    });
  });

  describe('updateProfile', () => {
    const email = 'mover@example.in';
    let mover: Session;
    beforeAll(async () => {
      const { register } = await gqlOk<{ register: UserView }>(test, REGISTER, {
        input: newShopper(email),
      });
      const result = await login(email, 'masala-chai');
      mover = sessionOf(result.data!.login.token, register.id);
    });

    it('refuses a request with no token with UNAUTHENTICATED and changes nothing', async () => {
      const before = await storedUser(email);
      expectRefused(
        await gql(test, UPDATE_PROFILE, { input: { name: 'Someone Else' } }),
        'UNAUTHENTICATED',
        'updateProfile',
      );
      expect(await storedUser(email)).toEqual(before);
    });

    it('changes name, phone and address of the signed-in user', async () => {
      const { updateProfile } = await gqlOk<{ updateProfile: UserView }>(
        test,
        UPDATE_PROFILE,
        {
          input: {
            name: '  Asha V. ',
            phone: '+91 80 2222 3333',
            address: '7 Park Street, Kolkata 700016',
          },
        },
        mover,
      );
      expect(updateProfile).toMatchObject({
        id: mover.userId,
        name: 'Asha V.',
        email,
        phone: '+91 80 2222 3333',
        address: '7 Park Street, Kolkata 700016',
        role: 0,
      });
      const { me } = await gqlOk<{ me: UserView }>(test, ME, {}, mover);
      expect(me).toEqual(updateProfile);
    });

    it('accepts the unchanged e-mail but refuses another one with BAD_USER_INPUT', async () => {
      await gqlOk(test, UPDATE_PROFILE, { input: { email: 'MOVER@example.in' } }, mover);
      const error = expectRefused(
        await gql(test, UPDATE_PROFILE, { input: { email: 'elsewhere@example.in' } }, mover),
        'BAD_USER_INPUT',
        'updateProfile',
      );
      expect(error.message).toBe('Email cannot be changed');
      expect(await storedUser('elsewhere@example.in')).toBeNull();
    });

    it('changes the password, which then logs in', async () => {
      await gqlOk(test, UPDATE_PROFILE, { input: { password: 'filter-coffee' } }, mover);
      const relogin = await login(email, 'filter-coffee');
      expect(relogin.errors).toBeUndefined();
      expectRefused(await login(email, 'masala-chai'), 'UNAUTHENTICATED', 'login');
      // The change ended the session it was made in; the tests after this one use the new one.
      expect((await gqlOk<{ me: UserView | null }>(test, ME, {}, mover)).me).toBeNull();
      mover = sessionOf(relogin.data!.login.token, mover.userId);
    });

    it.each<[string, Variables]>([
      ['a password under 6 characters', { password: 'abc' }],
      ['a blank name', { name: '   ' }],
      ['a phone with letters', { phone: 'none' }],
      ['an address over 500 characters', { address: 'x'.repeat(501) }],
    ])('refuses %s with BAD_USER_INPUT and changes nothing', async (_label, input) => {
      const before = await storedUser(email);
      expectRefused(
        await gql(test, UPDATE_PROFILE, { input }, mover),
        'BAD_USER_INPUT',
        'updateProfile',
      );
      expect(await storedUser(email)).toEqual(before);
    });

    it.each(['name', 'email', 'password', 'phone', 'address'])(
      'never fails inside for an explicit null %s, and stores no null',
      async (field) => {
        const before = await storedUser(email);
        try {
          const result = await gql<{ updateProfile: UserView }>(
            test,
            UPDATE_PROFILE,
            { input: { [field]: null } },
            mover,
          );
          if (result.errors) {
            expectRefused(result, 'BAD_USER_INPUT', 'updateProfile');
          } else {
            expect(result.data?.updateProfile).toMatchObject({
              id: mover.userId,
              name: before?.name,
              phone: before?.phone,
              address: before?.address,
            });
          }
          const after = await storedUser(email);
          expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
        } finally {
          // Whatever happened, the next tests start from the account as it was.
          await test.connection.collection('users').replaceOne({ _id: before!._id }, before!);
        }
      },
    );

    it('changes only the signed-in user', async () => {
      const { me } = await gqlOk<{ me: UserView }>(test, ME, {}, shopper);
      expect(me.name).toBe('Priya Sharma');
    });
  });

  describe('users (admins only)', () => {
    const USERS = `
      query ($page: Int! = 1, $pageSize: Int! = 20, $search: String) {
        users(page: $page, pageSize: $pageSize, search: $search) {
          total page pageSize hasMore items { ${USER_FIELDS} }
        }
      }
    `;
    interface UserPage {
      users: { total: number; page: number; pageSize: number; hasMore: boolean; items: UserView[] };
    }
    beforeAll(async () => {
      for (const name of ['Ravi Kumar', 'Meera Nair', 'Arjun Singh']) {
        const email = `${name.toLowerCase().replace(' ', '.')}@example.in`;
        if (!(await storedUser(email)))
          await gqlOk(test, REGISTER, { input: { ...newShopper(email), name } });
      }
    });

    it('refuses a request with no token with UNAUTHENTICATED', async () => {
      expectRefused(await gql(test, USERS), 'UNAUTHENTICATED', 'users');
    });

    it("refuses the shopper's token with FORBIDDEN", async () => {
      const error = expectRefused(await gql(test, USERS, {}, shopper), 'FORBIDDEN', 'users');
      expect(error.message).toBe('Admins only');
    });

    it('lists every user, newest first, in pages', async () => {
      const stored = await test.connection
        .collection('users')
        .find()
        .sort({ createdAt: -1, _id: -1 })
        .toArray();
      const all = await gqlOk<UserPage>(test, USERS, { pageSize: 50 }, admin);
      expect(all.users.total).toBe(stored.length);
      expect(all.users.items.map((user) => user.id)).toEqual(stored.map((u) => String(u._id)));

      const first = await gqlOk<UserPage>(test, USERS, { pageSize: 2 }, admin);
      const second = await gqlOk<UserPage>(test, USERS, { pageSize: 2, page: 2 }, admin);
      expect(first.users).toMatchObject({
        total: stored.length,
        page: 1,
        pageSize: 2,
        hasMore: true,
      });
      expect([...first.users.items, ...second.users.items].map((user) => user.id)).toEqual(
        stored.slice(0, 4).map((user) => String(user._id)),
      );
    });

    it('searches names and e-mails, ignoring case, literally', async () => {
      const byName = await gqlOk<UserPage>(test, USERS, { search: 'PRIYA' }, admin);
      expect(byName.users.items.map((user) => user.email)).toEqual(['shopper@shop.local']);
      const byEmail = await gqlOk<UserPage>(test, USERS, { search: '@shop.local' }, admin);
      expect(byEmail.users.items.map((user) => user.email).sort()).toEqual([
        'admin@shop.local',
        'shopper@shop.local',
      ]);
      const pattern = await gqlOk<UserPage>(test, USERS, { search: '.*' }, admin);
      expect(pattern.users).toMatchObject({ total: 0, items: [] });
    });

    it('refuses pageSize 51 with BAD_USER_INPUT', async () => {
      expectRefused(await gql(test, USERS, { pageSize: 51 }, admin), 'BAD_USER_INPUT', 'users');
    });
  });
});
