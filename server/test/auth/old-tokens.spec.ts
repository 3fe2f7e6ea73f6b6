import { beforeEach, describe, expect, it } from 'vitest';
import { UsersService } from '../../src/users/users.service';
import { codesOf, gql } from '../support/gql';
import { countQueries } from '../support/query-count';
import { login, Session, useTestShop } from '../support/test-app';
import { expectError } from '../support/fixtures';

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
  const shop = useTestShop({ eachTest: true });
  /** Two sessions, as on a phone and a laptop, both issued before the change. */
  let phone: Session;
  let laptop: Session;

  beforeEach(async () => {
    await shop.app.get(UsersService).create(shopper);
    phone = await login(shop, shopper.email, shopper.password);
    laptop = await login(shop, shopper.email, shopper.password);
    await expectWorks(phone);
  });

  async function expectWorks(session: Session): Promise<void> {
    await shop.http().get('/api/v1/auth/user-auth').set(session.auth).expect(200);
    const result = await gql(shop, MY_ORDERS, {}, session);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ myOrders: [] });
  }

  async function expectDead(session: Session): Promise<void> {
    expectError(await shop.http().get('/api/v1/auth/user-auth').set(session.auth), 401);
    const result = await gql(shop, MY_ORDERS, {}, session);
    expect(codesOf(result)).toEqual(['UNAUTHENTICATED']);
    expect(result.data).toBeNull();
    const me = await gql(shop, '{ me { id } }', {}, session);
    expect(me.data).toEqual({ me: null });
  }

  /** Both earlier sessions refused; signing in again with `password` gives a working one. */
  async function expectSignedOutEverywhere(password: string): Promise<void> {
    await expectDead(phone);
    await expectDead(laptop);
    await expectWorks(await login(shop, shopper.email, password));
  }

  it('after a password reset with the security answer', async () => {
    await shop
      .http()
      .post('/api/v1/auth/forgot-password')
      .send({ email: shopper.email, answer: shopper.answer, newPassword: 'second-secret' })
      .expect(200);
    await expectSignedOutEverywhere('second-secret');
  });

  it('after a password change in the profile (REST), this session’s token included', async () => {
    await shop
      .http()
      .put('/api/v1/auth/profile')
      .set(laptop.auth)
      .send({ password: 'second-secret', currentPassword: shopper.password })
      .expect(200);
    await expectSignedOutEverywhere('second-secret');
  });

  it('after a password change in the profile (GraphQL)', async () => {
    const result = await gql(
      shop,
      'mutation ($input: ProfileInput!) { updateProfile(input: $input) { id } }',
      { input: { password: 'second-secret', currentPassword: shopper.password } },
      laptop,
    );
    expect(result.errors).toBeUndefined();
    await expectSignedOutEverywhere('second-secret');
  });

  it('but not after a profile change that keeps the password', async () => {
    await shop
      .http()
      .put('/api/v1/auth/profile')
      .set(laptop.auth)
      .send({ name: 'Kavya R.', password: '' })
      .expect(200);
    await expectWorks(phone);
    await expectWorks(laptop);
  });

  it('after signing out everywhere (REST)', async () => {
    const response = await shop
      .http()
      .post('/api/v1/auth/sign-out-everywhere')
      .set(laptop.auth)
      .expect(200);
    expect(response.body).toMatchObject({ success: true });
    // The password is unchanged: signing in again gives a working token.
    await expectSignedOutEverywhere(shopper.password);
  });

  it('after signing out everywhere (GraphQL)', async () => {
    const result = await gql(shop, 'mutation { signOutEverywhere }', {}, phone);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ signOutEverywhere: true });
    await expectSignedOutEverywhere(shopper.password);
  });

  it('signing out everywhere needs a signed-in user', async () => {
    expectError(await shop.http().post('/api/v1/auth/sign-out-everywhere'), 401);
    expect(codesOf(await gql(shop, 'mutation { signOutEverywhere }'))).toEqual(['UNAUTHENTICATED']);
  });

  it('checks the token with the one read of the user the guard makes anyway', async () => {
    const { collections } = await countQueries(() =>
      shop.http().get('/api/v1/auth/user-auth').set(phone.auth).expect(200),
    );
    expect(collections).toEqual(['users']);
  });
});
