import { describe, expect, it } from 'vitest';
import { badRequestSuite, BadRequest, long } from '../support/bad-requests';
import { Account, expectError, missingId, newShopper, registration } from '../support/fixtures';
import { expectRefused, expectRequestRefused, gql, Variables } from '../support/gql';
import { DEMO_ACCOUNTS } from '../../src/config/config';
import {
  controlCharactersIn,
  CURRENT_PASSWORD,
  fieldFault,
  PASSWORD_TOO_COMMON,
} from '../../src/shared/rules';
import { EMAIL_RULE, PHONE_RULE, PASSWORD_TOO_SHORT } from '../../src/shared/form-rules';
import { useTestShop } from '../support/test-app';
import { REGISTER, restLogin, storedUser, UPDATE_PROFILE, UserView } from './operations';

const newUser = {
  name: 'Ravi Kumar',
  email: 'ravi.kumar@example.in',
  password: 'tulsi-leaf-42',
  phone: '+91 98100 00000',
  address: '7 Residency Road, Bengaluru 560025',
  answer: 'hockey',
};

/** Bad requests to the account calls: each refused with its status and message, changing nothing. */
const CASES: BadRequest[] = [
  {
    name: 'register: number where the name belongs',
    call: 'POST /api/v1/auth/register',
    body: { ...newUser, name: 12345 },
    status: 400,
    message: 'name must be a string',
  },
  {
    name: 'register: email missing',
    call: 'POST /api/v1/auth/register',
    body: { ...newUser, email: undefined },
    status: 400,
    message: 'email must be a string',
  },
  {
    name: 'register: operator object as email',
    call: 'POST /api/v1/auth/register',
    body: { ...newUser, email: { $ne: null } },
    status: 400,
    message: 'email must be a string',
  },
  {
    name: 'register: 10 000-character name',
    call: 'POST /api/v1/auth/register',
    body: { ...newUser, name: long(10_000) },
    status: 400,
    message: 'name must be shorter than or equal to 100 characters',
  },
  {
    name: 'register: 10 000-character address',
    call: 'POST /api/v1/auth/register',
    body: { ...newUser, address: long(10_000) },
    status: 400,
    message: 'address must be shorter than or equal to 500 characters',
  },
  {
    name: 'register: password of 3 characters',
    call: 'POST /api/v1/auth/register',
    body: { ...newUser, password: '123' },
    status: 400,
    message: fieldFault('password', PASSWORD_TOO_SHORT),
  },
  {
    name: 'register: a password among the 100,000 most common',
    call: 'POST /api/v1/auth/register',
    body: { ...newUser, password: 'iloveyou' },
    status: 400,
    message: fieldFault('password', PASSWORD_TOO_COMMON),
  },
  {
    name: 'register: a common password capitalised',
    call: 'POST /api/v1/auth/register',
    body: { ...newUser, password: 'Qwerty123' },
    status: 400,
    message: fieldFault('password', PASSWORD_TOO_COMMON),
  },
  {
    name: 'register: a NUL byte in the name',
    call: 'POST /api/v1/auth/register',
    body: { ...newUser, name: 'Ravi\u0000Kumar' },
    status: 400,
    message: controlCharactersIn('name'),
  },
  {
    name: 'register: an escape (ESC) in the security answer',
    call: 'POST /api/v1/auth/register',
    body: { ...newUser, answer: 'hockey\u001b' },
    status: 400,
    message: controlCharactersIn('answer'),
  },
  {
    name: 'register: an e-mail without a domain',
    call: 'POST /api/v1/auth/register',
    body: { ...newUser, email: 'ravi.kumar@' },
    status: 400,
    message: fieldFault('email', EMAIL_RULE.message),
  },
  {
    name: 'register: a phone of spaces',
    call: 'POST /api/v1/auth/register',
    body: { ...newUser, phone: '   ' },
    status: 400,
    message: fieldFault('phone', PHONE_RULE.required),
  },
  {
    name: 'register: letters in the phone number',
    call: 'POST /api/v1/auth/register',
    body: { ...newUser, phone: 'call me maybe' },
    status: 400,
    message: fieldFault('phone', PHONE_RULE.message),
  },
  {
    name: 'register: an e-mail already registered',
    call: 'POST /api/v1/auth/register',
    body: (ids) => ({ ...newUser, email: ids.shopperEmail.toUpperCase() }),
    status: 409,
    message: 'Already registered, please login',
  },
  {
    name: 'register: a JSON array where the object belongs',
    call: 'POST /api/v1/auth/register',
    body: [newUser],
    status: 400,
    message: 'name must be a string',
  },
  {
    name: 'register: JSON body over 100 kB',
    call: 'POST /api/v1/auth/register',
    body: { ...newUser, name: long(200_000) },
    status: 413,
    message: 'request entity too large',
  },
  {
    name: 'login: operator object as email',
    call: 'POST /api/v1/auth/login',
    body: { email: { $ne: null }, password: 'shopper123' },
    status: 400,
    message: 'email must be a string',
  },
  {
    name: 'login: operator object as password',
    call: 'POST /api/v1/auth/login',
    body: (ids) => ({ email: ids.shopperEmail, password: { $gt: '' } }),
    status: 400,
    message: 'password must be a string',
  },
  {
    name: 'login: password missing',
    call: 'POST /api/v1/auth/login',
    body: (ids) => ({ email: ids.shopperEmail }),
    status: 400,
    message: 'password must be a string',
  },
  {
    name: 'login: malformed JSON',
    call: 'POST /api/v1/auth/login',
    raw: { type: 'application/json', data: '{"email": "shopper@shop.local", "password":' },
    status: 400,
    message: 'Malformed JSON in request body',
  },
  {
    name: 'login: body sent as text/plain',
    call: 'POST /api/v1/auth/login',
    raw: { type: 'text/plain', data: 'email=shopper@shop.local&password=shopper123' },
    status: 400,
    message: 'email must be a string',
  },
  {
    name: 'login: wrong password',
    call: 'POST /api/v1/auth/login',
    body: (ids) => ({ email: ids.shopperEmail, password: 'not-the-password' }),
    status: 401,
    message: 'Invalid email or password',
  },
  {
    name: 'forgot-password: operator object as email',
    call: 'POST /api/v1/auth/forgot-password',
    body: { email: { $ne: null }, answer: 'cricket', newPassword: 'hacked123' },
    status: 400,
    message: 'email must be a string',
    target: 'shopper',
  },
  {
    name: 'forgot-password: array where the answer belongs',
    call: 'POST /api/v1/auth/forgot-password',
    body: (ids) => ({ email: ids.shopperEmail, answer: ['cricket'], newPassword: 'hacked123' }),
    status: 400,
    message: 'answer must be a string',
    target: 'shopper',
  },
  {
    name: 'forgot-password: new password of 3 characters',
    call: 'POST /api/v1/auth/forgot-password',
    body: (ids) => ({ email: ids.shopperEmail, answer: 'cricket', newPassword: '123' }),
    status: 400,
    message: fieldFault('newPassword', PASSWORD_TOO_SHORT),
    target: 'shopper',
  },
  {
    name: 'forgot-password: a new password among the 100,000 most common',
    call: 'POST /api/v1/auth/forgot-password',
    body: (ids) => ({ email: ids.shopperEmail, answer: 'cricket', newPassword: 'password1' }),
    status: 400,
    message: fieldFault('newPassword', PASSWORD_TOO_COMMON),
    target: 'shopper',
  },
  {
    name: 'forgot-password: wrong answer',
    call: 'POST /api/v1/auth/forgot-password',
    body: (ids) => ({ email: ids.shopperEmail, answer: 'chess', newPassword: 'hacked123' }),
    status: 400,
    message: 'Wrong email or answer',
    target: 'shopper',
  },
  {
    name: 'profile: 10 000-character address',
    call: 'PUT /api/v1/auth/profile',
    as: 'shopper',
    body: { address: long(10_000) },
    status: 400,
    message: 'address must be shorter than or equal to 500 characters',
    target: 'shopper',
  },
  {
    name: 'profile: object where the name belongs',
    call: 'PUT /api/v1/auth/profile',
    as: 'shopper',
    body: { name: { first: 'Priya' } },
    status: 400,
    message: 'name must be a string',
    target: 'shopper',
  },
  {
    name: 'profile: e-mail change without the current password',
    call: 'PUT /api/v1/auth/profile',
    as: 'shopper',
    body: { email: 'someone.else@example.in', name: 'Changed Name' },
    status: 400,
    message: CURRENT_PASSWORD.required,
    target: 'shopper',
  },
  {
    name: 'profile: e-mail change with the current password',
    call: 'PUT /api/v1/auth/profile',
    as: 'shopper',
    body: { email: 'someone.else@example.in', currentPassword: DEMO_ACCOUNTS.SHOPPER.password },
    status: 400,
    message: 'Email cannot be changed',
    target: 'shopper',
  },
  {
    name: 'profile: new password without the current one',
    call: 'PUT /api/v1/auth/profile',
    as: 'shopper',
    body: { password: 'taken-over-9', name: 'Changed Name' },
    status: 400,
    message: CURRENT_PASSWORD.required,
    target: 'shopper',
  },
  {
    name: 'profile: new password with a wrong current one',
    call: 'PUT /api/v1/auth/profile',
    as: 'shopper',
    body: { password: 'taken-over-9', currentPassword: 'shopper12', name: 'Changed Name' },
    status: 400,
    message: CURRENT_PASSWORD.wrong,
    target: 'shopper',
  },
  {
    name: 'profile: password of 3 characters',
    call: 'PUT /api/v1/auth/profile',
    as: 'shopper',
    body: { password: 'x9q', currentPassword: DEMO_ACCOUNTS.SHOPPER.password, name: 'Changed' },
    status: 400,
    message: fieldFault('password', PASSWORD_TOO_SHORT),
    target: 'shopper',
  },
  {
    name: 'profile: a password among the 100,000 most common',
    call: 'PUT /api/v1/auth/profile',
    as: 'shopper',
    body: { password: 'sunshine', currentPassword: DEMO_ACCOUNTS.SHOPPER.password },
    status: 400,
    message: fieldFault('password', PASSWORD_TOO_COMMON),
    target: 'shopper',
  },
  {
    name: 'profile: U+0001 in the address',
    call: 'PUT /api/v1/auth/profile',
    as: 'shopper',
    body: { address: '7 Park Street\u0001Kolkata' },
    status: 400,
    message: controlCharactersIn('address'),
    target: 'shopper',
  },
  {
    name: 'profile: no token',
    call: 'PUT /api/v1/auth/profile',
    body: { name: 'Changed Name' },
    status: 401,
    message: 'Please sign in',
  },
  {
    name: 'user-auth: token signed with another secret',
    call: 'GET /api/v1/auth/user-auth',
    as: 'forged',
    status: 401,
    message: 'Please sign in',
  },
  {
    name: 'user-auth: 5 000-character Authorization header',
    call: 'GET /api/v1/auth/user-auth',
    headers: { Authorization: `Bearer ${long(5000, 'x')}` },
    status: 401,
    message: 'Please sign in',
  },
  {
    name: "admin-auth: a shopper's token",
    call: 'GET /api/v1/auth/admin-auth',
    as: 'shopper',
    status: 403,
    message: 'Admins only',
  },
  {
    name: 'login: email nested 5 000 arrays deep',
    call: 'POST /api/v1/auth/login',
    raw: {
      type: 'application/json',
      data: `{"email": ${'['.repeat(5000)}${']'.repeat(5000)}, "password": "shopper123"}`,
    },
    status: 400,
    message: 'Request body is nested more than 32 levels deep',
  },
];

describe('bad requests to the account calls (REST)', () => {
  const { shop, fixtures } = badRequestSuite(CASES);

  it("leaves the shopper's password as it was after every forgot-password and profile case", async () => {
    await restLogin(shop, fixtures().shopperEmail, shop.config.shopper.password).expect(200);
  });
});

describe('unknown fields in valid account requests (REST)', () => {
  const shop = useTestShop();

  it('registers a shopper whatever role or admin flag the body claims', async () => {
    const forgedId = missingId();
    const response = await shop
      .http()
      .post('/api/v1/auth/register')
      .send({ ...newUser, role: 1, isAdmin: true, _id: forgedId, createdAt: '2001-01-01' })
      .expect(201);
    expect(response.body).toMatchObject({ success: true, user: { role: 0 } });
    expect(response.body.user._id).not.toBe(forgedId);
    const stored = await storedUser(shop, newUser.email);
    expect(stored).toMatchObject({ role: 0 });
    expect(stored).not.toHaveProperty('isAdmin');
    expect(String(stored!._id)).not.toBe(forgedId);
    expect(new Date(stored!.createdAt).getFullYear()).toBeGreaterThan(2001);

    const login = await restLogin(shop, newUser.email, newUser.password).expect(200);
    expectError(
      await shop.http().get('/api/v1/auth/admin-auth').set('Authorization', login.body.token),
      403,
    );
  });

  it('keeps a shopper a shopper when the profile update claims role 1', async () => {
    const shopper = await newShopper(shop);
    const response = await shop
      .http()
      .put('/api/v1/auth/profile')
      .set(shopper.auth)
      .send({ name: 'Priya S.', role: 1, isAdmin: true })
      .expect(200);
    expect(response.body.updatedUser).toMatchObject({ name: 'Priya S.', role: 0 });
    const stored = await storedUser(shop, shopper.email);
    expect(stored).toMatchObject({ name: 'Priya S.', role: 0 });
    expect(stored).not.toHaveProperty('isAdmin');
  });

  it('lets a shopper log in with the password exactly as registered, spaces included', async () => {
    const password = '  spaced out  ';
    await shop
      .http()
      .post('/api/v1/auth/register')
      .send({ ...newUser, email: 'spaces@example.in', password })
      .expect(201);
    await restLogin(shop, 'spaces@example.in', password).expect(200);
  });
});

describe('bad input to the account operations (GraphQL)', () => {
  const shop = useTestShop({ seed: true });

  describe('register', () => {
    it('has no way to ask for a role: a role in the input is refused', async () => {
      const before = await shop.counts();
      const result = await gql(shop, REGISTER, {
        input: { ...registration('would-be-admin@example.in'), role: 1 },
      });
      expectRequestRefused(result, 'BAD_USER_INPUT');
      expect(await shop.counts()).toEqual(before);
    });

    it.each<[string, Variables]>([
      ['an e-mail that is not one', { email: 'asha-at-example' }],
      ['a password under 6 characters', { password: 'chai' }],
      ['a password among the 100,000 most common', { password: 'princess' }],
      ['a NUL byte in the name', { name: 'Asha\u0000' }],
      ['a phone with letters', { phone: 'call me maybe' }],
      ['a blank name', { name: '   ' }],
      ['a blank address', { address: '' }],
      ['a blank answer', { answer: ' ' }],
      ['a name over 100 characters', { name: 'A'.repeat(101) }],
    ])('refuses %s with BAD_USER_INPUT and creates nothing', async (_label, change) => {
      const before = await shop.counts();
      expectRefused(
        await gql(shop, REGISTER, { input: registration('new.one@example.in', change) }),
        'BAD_USER_INPUT',
        'register',
      );
      expect(await shop.counts()).toEqual(before);
    });

    it('refuses an input missing a field before running anything', async () => {
      const { phone: _phone, ...input } = registration('no.phone@example.in');
      expectRequestRefused(await gql(shop, REGISTER, { input }), 'BAD_USER_INPUT');
      expect(await storedUser(shop, 'no.phone@example.in')).toBeNull();
    });
  });

  describe('updateProfile', () => {
    const mover = (): Promise<Account> => newShopper(shop);

    it.each<[string, Variables]>([
      ['a password under 6 characters', { password: 'x9q', currentPassword: 'masala-chai' }],
      ['a blank name', { name: '   ' }],
      ['a phone with letters', { phone: 'none' }],
      ['an address over 500 characters', { address: 'x'.repeat(501) }],
    ])('refuses %s with BAD_USER_INPUT and changes nothing', async (_label, input) => {
      const account = await mover();
      const before = await storedUser(shop, account.email);
      expectRefused(
        await gql(shop, UPDATE_PROFILE, { input }, account),
        'BAD_USER_INPUT',
        'updateProfile',
      );
      expect(await storedUser(shop, account.email)).toEqual(before);
    });

    it.each(['name', 'email', 'password', 'phone', 'address'])(
      'never fails inside for an explicit null %s, and stores no null',
      async (field) => {
        const account = await mover();
        const before = await storedUser(shop, account.email);
        const result = await gql<{ updateProfile: UserView }>(
          shop,
          UPDATE_PROFILE,
          { input: { [field]: null } },
          account,
        );
        if (result.errors) {
          expectRefused(result, 'BAD_USER_INPUT', 'updateProfile');
        } else {
          expect(result.data?.updateProfile).toMatchObject({
            id: account.userId,
            name: before?.name,
            phone: before?.phone,
            address: before?.address,
          });
        }
        const after = await storedUser(shop, account.email);
        expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
      },
    );
  });

  describe('users', () => {
    it("refuses a NUL byte in an administrator's users(search:) with BAD_USER_INPUT", async () => {
      const answer = await gql(
        shop,
        'query ($search: String) { users(search: $search) { total } }',
        { search: 'shop\u0000per' },
        shop.admin,
      );
      expectRefused(answer, 'BAD_USER_INPUT', 'users');
    });
  });
});
