import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsersService } from '../../src/users/users.service';
import { codesOf, gql } from '../graphql/gql';
import { countQueries } from '../support/query-count';
import { login, Session, startTestApp, TestApp } from '../support/test-app';
import { expectError } from './helpers';

const shopper = {
  name: 'Kavya Rao',
  email: 'kavya@example.in',
  password: 'first-secret',
  phone: '+91 98860 11111',
  address: '7 Residency Road, Bengaluru 560025',
  answer: 'Kho Kho',
};

const MY_ORDERS = '{ myOrders { id } }';

describe('tokens die with the password', () => {
  let test: TestApp;
  /** Two sessions, as on a phone and a laptop, both issued before the change. */
  let phone: Session;
  let laptop: Session;

  beforeEach(async () => {
    test = await startTestApp();
    await test.app.get(UsersService).create(shopper);
    phone = await login(test, shopper.email, shopper.password);
    laptop = await login(test, shopper.email, shopper.password);
    await expectWorks(phone);
  });
  afterEach(() => test.close());

  async function expectWorks(session: Session): Promise<void> {
    await test.http().get('/api/v1/auth/user-auth').set(session.auth).expect(200);
    const result = await gql(test, MY_ORDERS, {}, session);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ myOrders: [] });
  }

  async function expectDead(session: Session): Promise<void> {
    expectError(await test.http().get('/api/v1/auth/user-auth').set(session.auth), 401);
    const result = await gql(test, MY_ORDERS, {}, session);
    expect(codesOf(result)).toEqual(['UNAUTHENTICATED']);
    expect(result.data).toBeNull();
    const me = await gql(test, '{ me { id } }', {}, session);
    expect(me.data).toEqual({ me: null });
  }

  it('after a password reset with the security answer', async () => {
    await test
      .http()
      .post('/api/v1/auth/forgot-password')
      .send({ email: shopper.email, answer: shopper.answer, newPassword: 'second-secret' })
      .expect(200);
    await expectDead(phone);
    await expectDead(laptop);
    await expectWorks(await login(test, shopper.email, 'second-secret'));
  });

  it('after a password change in the profile (REST), this session’s token included', async () => {
    await test
      .http()
      .put('/api/v1/auth/profile')
      .set(laptop.auth)
      .send({ password: 'second-secret' })
      .expect(200);
    await expectDead(phone);
    await expectDead(laptop);
    await expectWorks(await login(test, shopper.email, 'second-secret'));
  });

  it('after a password change in the profile (GraphQL)', async () => {
    const result = await gql(
      test,
      'mutation ($input: ProfileInput!) { updateProfile(input: $input) { id } }',
      { input: { password: 'second-secret' } },
      laptop,
    );
    expect(result.errors).toBeUndefined();
    await expectDead(phone);
    await expectDead(laptop);
    await expectWorks(await login(test, shopper.email, 'second-secret'));
  });

  it('but not after a profile change that keeps the password', async () => {
    await test
      .http()
      .put('/api/v1/auth/profile')
      .set(laptop.auth)
      .send({ name: 'Kavya R.', password: '' })
      .expect(200);
    await expectWorks(phone);
    await expectWorks(laptop);
  });

  it('after signing out everywhere (REST)', async () => {
    const response = await test
      .http()
      .post('/api/v1/auth/sign-out-everywhere')
      .set(laptop.auth)
      .expect(200);
    expect(response.body).toMatchObject({ success: true });
    await expectDead(phone);
    await expectDead(laptop);
    // The password is unchanged: signing in again gives a working token.
    await expectWorks(await login(test, shopper.email, shopper.password));
  });

  it('after signing out everywhere (GraphQL)', async () => {
    const result = await gql(test, 'mutation { signOutEverywhere }', {}, phone);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ signOutEverywhere: true });
    await expectDead(phone);
    await expectDead(laptop);
    await expectWorks(await login(test, shopper.email, shopper.password));
  });

  it('signing out everywhere needs a signed-in user', async () => {
    expectError(await test.http().post('/api/v1/auth/sign-out-everywhere'), 401);
    expect(codesOf(await gql(test, 'mutation { signOutEverywhere }'))).toEqual(['UNAUTHENTICATED']);
  });

  it('checks the token with the one read of the user the guard makes anyway', async () => {
    const { collections } = await countQueries(() =>
      test.http().get('/api/v1/auth/user-auth').set(phone.auth).expect(200),
    );
    expect(collections).toEqual(['users']);
  });
});
