import { describe, expect, it, vi } from 'vitest';
import { DatabaseEngine } from '../../src/database/database-engine';
import { Types } from 'mongoose';
import { MAX_ADDRESSES } from '../../src/shared/rules';
import { Account, expectError, missingId, newShopper } from '../support/fixtures';
import type { Response } from 'supertest';
import { expectRefused, gql, GqlResult, gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';
import { ME, restLogin, UPDATE_PROFILE, UserView } from '../auth/operations';
import {
  AddressView,
  bengaluru,
  defaultsOf,
  DELETE_ADDRESS,
  gqlAdd,
  mumbai,
  myAddresses,
  RestAddress,
  restAdd,
  restAddresses,
  SET_DEFAULT,
  UPDATE_ADDRESS,
} from './operations';

describe('the address book', () => {
  const shop = useTestShop({ seed: true });
  const storedBook = async (account: Account) =>
    (await shop.connection
      .collection('users')
      .findOne({ _id: new Types.ObjectId(account.userId) }))!.addresses as unknown[] | undefined;

  describe('REST: /api/v1/auth/addresses', () => {
    it('answers 401 without a token', async () => {
      await shop.http().get('/api/v1/auth/addresses').expect(401);
      await shop.http().post('/api/v1/auth/addresses').send(bengaluru()).expect(401);
    });

    it('is empty for a new shopper, adds an address with its mobile and state normalised', async () => {
      const asha = await newShopper(shop);
      const empty = await restAddresses(shop, asha).expect(200);
      expect(empty.body).toEqual({ success: true, addresses: [] });

      const added = await restAdd(
        shop,
        asha,
        bengaluru({ mobile: '+91 98450-12345', pin: ' 560 001 ', stateCode: 'karnataka' }),
      ).expect(201);
      expect(added.body).toEqual({
        success: true,
        message: 'Address added',
        address: {
          _id: expect.stringMatching(/^[0-9a-f]{24}$/),
          name: 'Asha Verma',
          mobile: '9845012345',
          line1: '12 MG Road',
          line2: 'Shanthala Nagar',
          landmark: 'Near Cubbon Park',
          city: 'Bengaluru',
          stateCode: '29',
          state: 'Karnataka',
          pin: '560001',
          isDefault: true,
        },
      });
      const listed = await restAddresses(shop, asha).expect(200);
      expect(listed.body.addresses).toEqual([added.body.address]);
    });

    it.each([
      ['+91 98450 12345'],
      ['919845012345'],
      ['09845012345'],
      ['098450-12345'],
      ['9845012345'],
    ])('takes the mobile %s as its 10 digits', async (mobile) => {
      const asha = await newShopper(shop);
      const added = await restAdd(shop, asha, bengaluru({ mobile })).expect(201);
      expect(added.body.address.mobile).toBe('9845012345');
    });

    it('writes over an address, makes another the default, deletes one', async () => {
      const asha = await newShopper(shop);
      const home = (await restAdd(shop, asha, bengaluru()).expect(201)).body.address as RestAddress;
      const office = (await restAdd(shop, asha, mumbai()).expect(201)).body.address as RestAddress;
      expect([home.isDefault, office.isDefault]).toEqual([true, false]);

      const saved = await shop
        .http()
        .put(`/api/v1/auth/addresses/${office._id}`)
        .set(asha.auth)
        .send(mumbai({ line1: '43 Marine Drive', landmark: 'Opposite Marine Lines' }))
        .expect(200);
      expect(saved.body.address).toMatchObject({
        _id: office._id,
        line1: '43 Marine Drive',
        landmark: 'Opposite Marine Lines',
        line2: '',
        isDefault: false,
      });

      const made = await shop
        .http()
        .put(`/api/v1/auth/addresses/${office._id}/default`)
        .set(asha.auth)
        .expect(200);
      expect(defaultsOf(made.body.addresses)).toEqual(['Rahul Mehta']);

      const deleted = await shop
        .http()
        .delete(`/api/v1/auth/addresses/${home._id}`)
        .set(asha.auth)
        .expect(200);
      expect(deleted.body.addresses.map((one: RestAddress) => one._id)).toEqual([office._id]);
    });

    it('answers 404 for an address not in the book (another shopper’s too), changing nothing', async () => {
      const [asha, ravi] = [await newShopper(shop), await newShopper(shop)];
      const own = (await restAdd(shop, ravi, bengaluru()).expect(201)).body.address as RestAddress;
      await restAdd(shop, asha, mumbai()).expect(201);
      const before = await storedBook(asha);
      for (const id of [own._id, missingId()]) {
        const path = `/api/v1/auth/addresses/${id}`;
        expectError(
          await shop.http().put(path).set(asha.auth).send(bengaluru()),
          404,
          'This address is not in your address book',
        );
        expectError(await shop.http().delete(path).set(asha.auth), 404);
        expectError(await shop.http().put(`${path}/default`).set(asha.auth), 404);
      }
      expect(await storedBook(asha)).toEqual(before);
      expect((await restAddresses(shop, ravi)).body.addresses).toEqual([own]);
    });
  });

  describe('GraphQL: myAddresses, addAddress, updateAddress, deleteAddress, setDefaultAddress', () => {
    it('refuses a signed-out caller with UNAUTHENTICATED', async () => {
      expectRefused(await gql(shop, '{ myAddresses { id } }'), 'UNAUTHENTICATED', 'myAddresses');
    });

    it('adds, lists, writes over and deletes', async () => {
      const asha = await newShopper(shop);
      expect(await myAddresses(shop, asha)).toEqual([]);
      const home = await gqlAdd(shop, asha, bengaluru({ line2: null, landmark: null }));
      expect(home).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: 'Asha Verma',
        mobile: '9845012345',
        line1: '12 MG Road',
        line2: '',
        landmark: '',
        city: 'Bengaluru',
        stateCode: '29',
        state: 'Karnataka',
        pin: '560001',
        isDefault: true,
      });
      const { updateAddress } = await gqlOk<{ updateAddress: AddressView }>(
        shop,
        UPDATE_ADDRESS,
        { id: home.id, input: bengaluru({ name: 'Asha V.', pin: '560025' }) },
        asha,
      );
      expect(updateAddress).toMatchObject({ id: home.id, name: 'Asha V.', pin: '560025' });
      expect(await myAddresses(shop, asha)).toEqual([updateAddress]);
      const { deleteAddress } = await gqlOk<{ deleteAddress: AddressView[] }>(
        shop,
        DELETE_ADDRESS,
        { id: home.id },
        asha,
      );
      expect(deleteAddress).toEqual([]);
    });

    it('refuses an address not in the book with NOT_FOUND', async () => {
      const asha = await newShopper(shop);
      for (const [query, variables] of [
        [UPDATE_ADDRESS, { id: missingId(), input: bengaluru() }],
        [DELETE_ADDRESS, { id: missingId() }],
        [SET_DEFAULT, { id: 'not-an-id' }],
      ] as const) {
        const answer = await gql(shop, query, variables, asha);
        expectRefused(answer, 'NOT_FOUND');
      }
    });
  });

  describe('the default address', () => {
    /** Three addresses added over `api`, the first one the default. */
    async function threeAddresses(asha: Account) {
      const first = await gqlAdd(shop, asha, bengaluru({ name: 'First' }));
      const second = await gqlAdd(shop, asha, mumbai({ name: 'Second' }));
      const third = await gqlAdd(shop, asha, mumbai({ name: 'Third' }));
      return { first, second, third };
    }

    it('is the first address added, and stays so as others are added', async () => {
      const asha = await newShopper(shop);
      await threeAddresses(asha);
      expect(defaultsOf(await myAddresses(shop, asha))).toEqual(['First']);
    });

    it('moves to the address made the default, on both APIs, the other losing it', async () => {
      const asha = await newShopper(shop);
      const { second, third } = await threeAddresses(asha);
      const { setDefaultAddress } = await gqlOk<{ setDefaultAddress: AddressView[] }>(
        shop,
        SET_DEFAULT,
        { id: third.id },
        asha,
      );
      expect(defaultsOf(setDefaultAddress)).toEqual(['Third']);
      const rest = await shop
        .http()
        .put(`/api/v1/auth/addresses/${second.id}/default`)
        .set(asha.auth)
        .expect(200);
      expect(defaultsOf(rest.body.addresses)).toEqual(['Second']);
      expect(defaultsOf(await myAddresses(shop, asha))).toEqual(['Second']);
    });

    it('goes to an address added with makeDefault', async () => {
      const asha = await newShopper(shop);
      await threeAddresses(asha);
      await restAdd(shop, asha, bengaluru({ name: 'Fourth', makeDefault: true })).expect(201);
      expect(defaultsOf(await myAddresses(shop, asha))).toEqual(['Fourth']);
    });

    it('passes to the next address when the default is deleted (to the first when it was the last)', async () => {
      const asha = await newShopper(shop);
      const { first, third } = await threeAddresses(asha);
      await shop.http().delete(`/api/v1/auth/addresses/${first.id}`).set(asha.auth).expect(200);
      expect(defaultsOf(await myAddresses(shop, asha))).toEqual(['Second']);

      await gqlOk(shop, SET_DEFAULT, { id: third.id }, asha);
      const { deleteAddress } = await gqlOk<{ deleteAddress: AddressView[] }>(
        shop,
        DELETE_ADDRESS,
        { id: third.id },
        asha,
      );
      expect(defaultsOf(deleteAddress)).toEqual(['Second']);
    });

    it('is not lost by deleting an address that is not the default', async () => {
      const asha = await newShopper(shop);
      const { second } = await threeAddresses(asha);
      await gqlOk(shop, DELETE_ADDRESS, { id: second.id }, asha);
      expect(defaultsOf(await myAddresses(shop, asha))).toEqual(['First']);
    });
  });

  describe('the account’s single address text (REST contract)', () => {
    it('reads as stored for a shopper without an address book, and round-trips as before', async () => {
      const asha = await newShopper(shop, { address: '7 Park Street, Kolkata 700016' });
      const signedIn = await restLogin(shop, asha.email, asha.password).expect(200);
      expect(signedIn.body.user.address).toBe('7 Park Street, Kolkata 700016');
      const saved = await shop
        .http()
        .put('/api/v1/auth/profile')
        .set(asha.auth)
        .send({ address: '8 Park Street, Kolkata 700016' })
        .expect(200);
      expect(saved.body.updatedUser.address).toBe('8 Park Street, Kolkata 700016');
      const { me } = await gqlOk<{ me: UserView }>(shop, ME, {}, asha);
      expect(me.address).toBe('8 Park Street, Kolkata 700016');
      expect(await storedBook(asha)).toBeUndefined();
    });

    it('reads as the default address on one line once the book has one, on both APIs', async () => {
      const asha = await newShopper(shop, { address: '7 Park Street, Kolkata 700016' });
      await gqlAdd(shop, asha, bengaluru());
      const home = 'Near Cubbon Park';
      const oneLine = `12 MG Road, Shanthala Nagar, ${home}, Bengaluru, Karnataka 560001`;
      expect((await restLogin(shop, asha.email, asha.password)).body.user.address).toBe(oneLine);
      expect((await gqlOk<{ me: UserView }>(shop, ME, {}, asha)).me.address).toBe(oneLine);

      const other = await gqlAdd(shop, asha, mumbai());
      await gqlOk(shop, SET_DEFAULT, { id: other.id }, asha);
      const { me } = await gqlOk<{ me: UserView }>(shop, ME, {}, asha);
      expect(me.address).toBe('42 Marine Drive, Mumbai, Maharashtra 400020');
    });

    it('is still written by the profile, and read again once the book is empty', async () => {
      const asha = await newShopper(shop, { address: '7 Park Street, Kolkata 700016' });
      const home = await gqlAdd(shop, asha, mumbai());
      const { updateProfile } = await gqlOk<{ updateProfile: UserView }>(
        shop,
        UPDATE_PROFILE,
        { input: { address: '9 Park Street, Kolkata 700016' } },
        asha,
      );
      // The default still reads first; the text is kept as written.
      expect(updateProfile.address).toBe('42 Marine Drive, Mumbai, Maharashtra 400020');
      const stored = await shop.connection
        .collection('users')
        .findOne({ _id: new Types.ObjectId(asha.userId) });
      expect(stored!.address).toBe('9 Park Street, Kolkata 700016');

      await gqlOk(shop, DELETE_ADDRESS, { id: home.id }, asha);
      const { me } = await gqlOk<{ me: UserView }>(shop, ME, {}, asha);
      expect(me.address).toBe('9 Park Street, Kolkata 700016');
    });

    it('keeps the address book when the profile changes at the same moment', async () => {
      const asha = await newShopper(shop);
      await Promise.all([
        gqlAdd(shop, asha, bengaluru({ name: 'One' })),
        gqlOk(shop, UPDATE_PROFILE, { input: { name: 'Asha Verma Rao' } }, asha),
        gqlAdd(shop, asha, mumbai({ name: 'Two' })),
        gqlOk(shop, UPDATE_PROFILE, { input: { phone: '+91 90000 11111' } }, asha),
      ]);
      const book = await myAddresses(shop, asha);
      expect(book.map((one) => one.name).sort()).toEqual(['One', 'Two']);
      const { me } = await gqlOk<{ me: UserView }>(shop, ME, {}, asha);
      expect(me).toMatchObject({ name: 'Asha Verma Rao', phone: '+91 90000 11111' });
    });
  });

  describe(`at most ${MAX_ADDRESSES} addresses`, () => {
    /** A shopper whose book holds `count` addresses, written straight to the database. */
    async function shopperWith(count: number): Promise<Account> {
      const asha = await newShopper(shop);
      for (let at = 0; at < count; at += 1) {
        await restAdd(shop, asha, bengaluru({ name: `Address ${at + 1}` })).expect(201);
      }
      return asha;
    }

    it('refuses the next one on both APIs with a 400 naming the book, changing nothing', async () => {
      const asha = await shopperWith(MAX_ADDRESSES);
      const before = await storedBook(asha);
      expect(before).toHaveLength(MAX_ADDRESSES);
      const message = `addresses: An address book holds at most ${MAX_ADDRESSES} addresses: delete one to add another`;
      expectError(await restAdd(shop, asha, mumbai()), 400, message);
      const answer = await gql(
        shop,
        'mutation ($input: AddressInput!) { addAddress(input: $input) { id } }',
        { input: mumbai() },
        asha,
      );
      expect(expectRefused(answer, 'BAD_USER_INPUT', 'addAddress').message).toBe(message);
      expect(await storedBook(asha)).toEqual(before);
    });

    it('holds when many are added at once: every one written up to the cap, none lost', async () => {
      const room = 3;
      const asha = await shopperWith(MAX_ADDRESSES - room);
      const tries = 8;
      const answers = await Promise.all(
        Array.from({ length: tries }, (_, at) =>
          at % 2 === 0
            ? restAdd(shop, asha, mumbai({ name: `At once ${at}` }))
            : gql(
                shop,
                'mutation ($input: AddressInput!) { addAddress(input: $input) { name } }',
                { input: mumbai({ name: `At once ${at}` }) },
                asha,
              ),
        ),
      );
      const message = `addresses: An address book holds at most ${MAX_ADDRESSES} addresses: delete one to add another`;
      const added = answers.flatMap((answer, at) => {
        if (at % 2 === 0) {
          if (answer.status === 201) return [`At once ${at}`];
          expectError(answer as unknown as Response, 400, message);
          return [];
        }
        const { data, errors } = answer as GqlResult<{ addAddress: { name: string } }>;
        if (data?.addAddress) return [data.addAddress.name];
        expect(errors?.map((error) => error.message)).toEqual([message]);
        return [];
      });
      expect(added).toHaveLength(room);
      const book = await myAddresses(shop, asha);
      expect(book).toHaveLength(MAX_ADDRESSES);
      expect(
        book
          .map((one) => one.name)
          .filter((name) => name.startsWith('At once'))
          .sort(),
      ).toEqual([...added].sort());
      expect(defaultsOf(book)).toEqual(['Address 1']);
    });

    it.each([
      ['as the engine found serves it', false],
      ['the MongoDB way (one conditional update)', true],
    ])(
      'works a change out again on the book another instance wrote meanwhile, %s',
      async (_way, mongodbWay) => {
        const asha = await newShopper(shop);
        await gqlAdd(shop, asha, bengaluru({ name: 'Mine' }));
        const engine = shop.app.get(DatabaseEngine);
        const writer = mongodbWay ? new DatabaseEngine(false) : engine;
        const write = writer.updateIf.bind(writer);
        let raced = false;
        const racing = vi
          .spyOn(engine, 'updateIf')
          .mockImplementation(async (model, id, condition, update) => {
            if (!raced) {
              raced = true;
              // Another instance adds an address between this one's read and its write.
              const theirs = { ...(await myAddresses(shop, asha))[0], name: 'Theirs' };
              const { id: _id, ...fields } = theirs;
              await shop.connection
                .collection('users')
                .updateOne({ _id: new Types.ObjectId(asha.userId) }, {
                  $push: { addresses: { ...fields, _id: new Types.ObjectId(), isDefault: false } },
                  $inc: { addressBookVersion: 1 },
                } as never);
            }
            return write(model, id, condition, update);
          });
        try {
          await gqlAdd(shop, asha, mumbai({ name: 'Also mine' }));
        } finally {
          racing.mockRestore();
        }
        expect(raced).toBe(true);
        const book = await myAddresses(shop, asha);
        expect(book.map((one) => one.name)).toEqual(['Mine', 'Theirs', 'Also mine']);
        expect(defaultsOf(book)).toEqual(['Mine']);
      },
    );

    it('loses none of several adds at once below the cap', async () => {
      const asha = await newShopper(shop);
      await Promise.all(
        Array.from({ length: 6 }, (_, at) =>
          restAdd(shop, asha, bengaluru({ name: `Parallel ${at}` })).expect(201),
        ),
      );
      const book = await myAddresses(shop, asha);
      expect(book).toHaveLength(6);
      expect(defaultsOf(book)).toHaveLength(1);
    });
  });
});
