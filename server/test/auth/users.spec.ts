import { beforeAll, describe, expect, it } from 'vitest';
import { newShopper } from '../support/fixtures';
import type { Session } from '../support/test-app';
import { expectRefused, expectRequestRefused, gql, gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';
import {
  gqlLogin,
  ME,
  PUBLIC_USER_FIELDS,
  restLogin,
  sessionOf,
  USER_FIELDS,
  UserView,
} from './operations';

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

describe('users as GraphQL shows them', () => {
  const shop = useTestShop({ seed: true });

  describe('the User type', () => {
    it('has no password or answer field', async () => {
      const { __type } = await gqlOk<{ __type: { fields: { name: string }[] } }>(
        shop,
        '{ __type(name: "User") { fields { name } } }',
      );
      const fields = __type.fields.map((field) => field.name).sort();
      expect(fields).toEqual([
        'address',
        'createdAt',
        'email',
        'id',
        'language',
        'name',
        'phone',
        'role',
      ]);
      expect(fields).not.toContain('password');
      expect(fields).not.toContain('answer');
    });

    it.each(['password', 'answer'])('refuses a query asking for a user\'s "%s"', async (field) => {
      const error = expectRequestRefused(
        await gql(shop, `{ me { id ${field} } }`, {}, shop.shopper),
        'GRAPHQL_VALIDATION_FAILED',
      );
      expect(error.message).toBe(`Cannot query field "${field}" on type "User".`);
    });

    it('never sends a hash in any user-returning answer', async () => {
      const answers = [
        await gql(shop, ME, {}, shop.shopper),
        await gqlLogin(shop, shop.config.shopper.email, shop.config.shopper.password),
        await gql(shop, `{ users(pageSize: 50) { items { ${USER_FIELDS} } } }`, {}, shop.admin),
      ];
      for (const answer of answers) {
        expect(answer.errors).toBeUndefined();
        expect(JSON.stringify(answer.body)).not.toMatch(/\$2[aby]\$|password|answer|cricket/i);
      }
    });
  });

  describe('users (admins only)', () => {
    beforeAll(async () => {
      // Three more shoppers, so that the list has pages of two.
      for (const name of ['Ravi Kumar', 'Meera Nair', 'Arjun Singh']) {
        await newShopper(shop, { name });
      }
    });

    it('refuses a request with no token with UNAUTHENTICATED', async () => {
      expectRefused(await gql(shop, USERS), 'UNAUTHENTICATED', 'users');
    });

    it("refuses the shopper's token with FORBIDDEN", async () => {
      const error = expectRefused(await gql(shop, USERS, {}, shop.shopper), 'FORBIDDEN', 'users');
      expect(error.message).toBe('Admins only');
    });

    it('lists every user, newest first, in pages', async () => {
      const stored = await shop.connection
        .collection('users')
        .find()
        .sort({ createdAt: -1, _id: -1 })
        .toArray();
      const all = await gqlOk<UserPage>(shop, USERS, { pageSize: 50 }, shop.admin);
      expect(all.users.total).toBe(stored.length);
      expect(all.users.items.map((user) => user.id)).toEqual(stored.map((u) => String(u._id)));

      const first = await gqlOk<UserPage>(shop, USERS, { pageSize: 2 }, shop.admin);
      const second = await gqlOk<UserPage>(shop, USERS, { pageSize: 2, page: 2 }, shop.admin);
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
      const byName = await gqlOk<UserPage>(shop, USERS, { search: 'PRIYA' }, shop.admin);
      expect(byName.users.items.map((user) => user.email)).toEqual(['shopper@shop.local']);
      const byEmail = await gqlOk<UserPage>(shop, USERS, { search: '@shop.local' }, shop.admin);
      expect(byEmail.users.items.map((user) => user.email).sort()).toEqual([
        'admin@shop.local',
        'shopper@shop.local',
      ]);
      const pattern = await gqlOk<UserPage>(shop, USERS, { search: '.*' }, shop.admin);
      expect(pattern.users).toMatchObject({ total: 0, items: [] });
    });

    it('refuses pageSize 51 with BAD_USER_INPUT', async () => {
      expectRefused(
        await gql(shop, USERS, { pageSize: 51 }, shop.admin),
        'BAD_USER_INPUT',
        'users',
      );
    });
  });

  describe('the storefront language a user chose', () => {
    const CHOOSE = 'mutation ($language: Language!) { chooseLanguage(language: $language) { id } }';
    const LANGUAGE = '{ me { language } }';
    const languageOf = async (session: Session) =>
      (await gqlOk<{ me: { language: string | null } }>(shop, LANGUAGE, {}, session)).me.language;

    it('is null until chosen, then follows the account to a new sign-in', async () => {
      const account = await newShopper(shop);
      expect(await languageOf(account)).toBeNull();

      await gqlOk(shop, CHOOSE, { language: 'hi' }, account);
      const again = await gqlLogin(shop, account.email, account.password);
      expect(await languageOf(sessionOf(again.body.data!.login.token))).toBe('hi');
      const stored = await shop.connection.collection('users').findOne({ email: account.email });
      expect(stored?.language).toBe('hi');

      await gqlOk(shop, CHOOSE, { language: 'en' }, account);
      expect(await languageOf(account)).toBe('en');
    });

    it("leaves the REST contract's user as it was", async () => {
      const account = await newShopper(shop);
      await gqlOk(shop, CHOOSE, { language: 'hi' }, account);
      const response = await restLogin(shop, account.email, account.password);
      expect(Object.keys(response.body.user).sort()).toEqual(PUBLIC_USER_FIELDS);
    });

    it('refuses a language the shop does not speak, and changes nothing', async () => {
      const account = await newShopper(shop);
      await gqlOk(shop, CHOOSE, { language: 'hi' }, account);
      expectRequestRefused(await gql(shop, CHOOSE, { language: 'fr' }, account), 'BAD_USER_INPUT');
      expect(await languageOf(account)).toBe('hi');
    });

    it('refuses a request with no token with UNAUTHENTICATED', async () => {
      expectRefused(
        await gql(shop, CHOOSE, { language: 'hi' }),
        'UNAUTHENTICATED',
        'chooseLanguage',
      );
    });
  });
});
