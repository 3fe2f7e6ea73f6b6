import { Types } from 'mongoose';
import type { Response } from 'supertest';
import { describe, expect, it } from 'vitest';
import { MAX_WISHLIST, WISHLIST_RULES } from '../../src/shared/rules';
import { Account, expectError, missingId, newProduct, newShopper } from '../support/fixtures';
import { expectRefused, gql, GqlResult, gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';
import type { TestShop } from '../support/test-app';

const WISHLIST = 'query { wishlist { id name slug price photoUrl } }';
const ADD = 'mutation ($productId: ID!) { addToWishlist(productId: $productId) }';
const REMOVE = 'mutation ($productId: ID!) { removeFromWishlist(productId: $productId) }';
const MERGE = 'mutation ($productIds: [ID!]!) { mergeWishlist(productIds: $productIds) }';

interface Listed {
  id: string;
  name: string;
}

const restList = (shop: TestShop, who: Account) =>
  shop.http().get('/api/v1/wishlist').set(who.auth);
const restAdd = (shop: TestShop, who: Account, productId: string) =>
  shop.http().put(`/api/v1/wishlist/${productId}`).set(who.auth);
const restRemove = (shop: TestShop, who: Account, productId: string) =>
  shop.http().delete(`/api/v1/wishlist/${productId}`).set(who.auth);
const restMerge = (shop: TestShop, who: Account, productIds: unknown) =>
  shop.http().post('/api/v1/wishlist/merge').set(who.auth).send({ productIds });

const gqlAdd = (shop: TestShop, who: Account, productId: string) =>
  gql<{ addToWishlist: string[] }>(shop, ADD, { productId }, who);

async function gqlIds(shop: TestShop, who: Account): Promise<string[]> {
  const { wishlist } = await gqlOk<{ wishlist: Listed[] }>(shop, WISHLIST, {}, who);
  return wishlist.map((product) => product.id);
}

describe('the wishlist', () => {
  const shop = useTestShop({ seed: true });

  /** Ids of `count` products of the shop, the seeded ones first, more made when needed. */
  async function productIds(count: number): Promise<string[]> {
    const stored = await shop.connection
      .collection('products')
      .find({}, { projection: { _id: 1 } })
      .limit(count)
      .toArray();
    const ids = stored.map((product) => String(product._id));
    const category = ids.length < count ? (await newProduct(shop, shop.admin)).category : '';
    while (ids.length < count) {
      ids.push((await newProduct(shop, shop.admin, { category }))._id);
    }
    return ids;
  }

  const stored = async (who: Account) =>
    (await shop.connection
      .collection('wishlists')
      .findOne({ _id: new Types.ObjectId(who.userId) })) as {
      productIds: string[];
      version: number;
    } | null;

  /** A shopper whose wishlist holds these ids (added oldest first, so newest first is reversed). */
  async function shopperHolding(ids: readonly string[]): Promise<Account> {
    const who = await newShopper(shop);
    for (const id of ids) await restAdd(shop, who, id).expect(200);
    return who;
  }

  describe('REST: /api/v1/wishlist', () => {
    it('answers 401 without a token, on every call', async () => {
      const [id] = await productIds(1);
      await shop.http().get('/api/v1/wishlist').expect(401);
      await shop.http().put(`/api/v1/wishlist/${id}`).expect(401);
      await shop.http().delete(`/api/v1/wishlist/${id}`).expect(401);
      await shop
        .http()
        .post('/api/v1/wishlist/merge')
        .send({ productIds: [id] })
        .expect(401);
    });

    it('is empty for a new shopper; adds newest first, once each; lists the products in rupees', async () => {
      const asha = await newShopper(shop);
      expect((await restList(shop, asha).expect(200)).body).toEqual({
        success: true,
        products: [],
      });
      const [first, second] = await productIds(2);

      const added = await restAdd(shop, asha, first).expect(200);
      expect(added.body).toEqual({
        success: true,
        message: 'Added to your wishlist',
        productIds: [first],
      });
      expect((await restAdd(shop, asha, second).expect(200)).body.productIds).toEqual([
        second,
        first,
      ]);
      // Adding one held keeps it once, where it is.
      expect((await restAdd(shop, asha, first).expect(200)).body.productIds).toEqual([
        second,
        first,
      ]);

      const listed = await restList(shop, asha).expect(200);
      expect(listed.body.products.map((product: { _id: string }) => product._id)).toEqual([
        second,
        first,
      ]);
      const product = await shop.http().get(`/api/v1/product/product-list/1`);
      expect(product.status).toBe(200);
      const shown = listed.body.products[0];
      expect(shown).toMatchObject({
        _id: second,
        name: expect.any(String),
        slug: expect.any(String),
      });
      expect(shown).not.toHaveProperty('variants');
      expect(typeof shown.price).toBe('number');
    });

    it('removes a product; removing one not held changes nothing and is no fault', async () => {
      const [first, second] = await productIds(2);
      const asha = await shopperHolding([first, second]);
      const removed = await restRemove(shop, asha, first).expect(200);
      expect(removed.body).toEqual({
        success: true,
        message: 'Removed from your wishlist',
        productIds: [second],
      });
      expect((await restRemove(shop, asha, first).expect(200)).body.productIds).toEqual([second]);
      expect((await restRemove(shop, asha, missingId()).expect(200)).body.productIds).toEqual([
        second,
      ]);
    });

    it('refuses an unknown or malformed product id with a 400 naming productId, changing nothing', async () => {
      const [held] = await productIds(1);
      const asha = await shopperHolding([held]);
      const before = await stored(asha);
      for (const bad of [missingId(), 'not-an-id', '1234']) {
        expectError(await restAdd(shop, asha, bad), 400, WISHLIST_RULES.unknownProduct);
      }
      expectError(await restRemove(shop, asha, 'not-an-id'), 400, WISHLIST_RULES.unknownProduct);
      expect(await stored(asha)).toEqual(before);
    });

    it('merges a list: its products on top in its order, unknown ids dropped silently', async () => {
      const [a, b, c] = await productIds(3);
      const asha = await shopperHolding([a]);
      const merged = await restMerge(shop, asha, [b, missingId(), 'junk', a, c]).expect(200);
      expect(merged.body).toEqual({
        success: true,
        message: 'Wishlist merged',
        productIds: [b, a, c],
      });
      expect((await restMerge(shop, asha, []).expect(200)).body.productIds).toEqual([b, a, c]);
    });

    it('refuses a merge that is not a list of texts, or too long, naming productIds', async () => {
      const asha = await newShopper(shop);
      for (const bad of ['abc', [1, 2], null, { 0: 'x' }]) {
        expectError(await restMerge(shop, asha, bad), 400, /^productIds: /);
      }
      const tooMany = Array.from({ length: MAX_WISHLIST + 1 }, () => missingId());
      expectError(await restMerge(shop, asha, tooMany), 400, WISHLIST_RULES.mergeTooMany);
      expect(await stored(asha)).toBeNull();
    });

    it('is documented in the OpenAPI document', async () => {
      const docs = await shop.http().get('/api/docs/openapi.json').expect(200);
      const paths = docs.body.paths as Record<string, Record<string, unknown>>;
      expect(Object.keys(paths['/api/v1/wishlist'])).toEqual(['get']);
      expect(Object.keys(paths['/api/v1/wishlist/{productId}']).sort()).toEqual(['delete', 'put']);
      expect(Object.keys(paths['/api/v1/wishlist/merge'])).toEqual(['post']);
    });
  });

  describe('GraphQL', () => {
    it('answers UNAUTHENTICATED without a token, on every field', async () => {
      const [id] = await productIds(1);
      expectRefused(await gql(shop, WISHLIST), 'UNAUTHENTICATED', 'wishlist');
      expectRefused(await gql(shop, ADD, { productId: id }), 'UNAUTHENTICATED', 'addToWishlist');
      expectRefused(
        await gql(shop, REMOVE, { productId: id }),
        'UNAUTHENTICATED',
        'removeFromWishlist',
      );
      expectRefused(
        await gql(shop, MERGE, { productIds: [id] }),
        'UNAUTHENTICATED',
        'mergeWishlist',
      );
    });

    it('adds, lists the products as the catalogue has them, and removes', async () => {
      const [first, second] = await productIds(2);
      const asha = await newShopper(shop);
      expect(await gqlIds(shop, asha)).toEqual([]);
      expect(
        (await gqlOk<{ addToWishlist: string[] }>(shop, ADD, { productId: first }, asha))
          .addToWishlist,
      ).toEqual([first]);
      const { addToWishlist } = await gqlOk<{ addToWishlist: string[] }>(
        shop,
        ADD,
        { productId: second },
        asha,
      );
      expect(addToWishlist).toEqual([second, first]);
      const { wishlist } = await gqlOk<{ wishlist: (Listed & { slug: string; price: number })[] }>(
        shop,
        WISHLIST,
        {},
        asha,
      );
      expect(wishlist.map((product) => product.id)).toEqual([second, first]);
      expect(wishlist[0]).toMatchObject({ name: expect.any(String), slug: expect.any(String) });
      // The same products REST lists.
      const rest = await restList(shop, asha).expect(200);
      expect(rest.body.products.map((product: Listed) => product.name)).toEqual(
        wishlist.map((product) => product.name),
      );

      const { removeFromWishlist } = await gqlOk<{ removeFromWishlist: string[] }>(
        shop,
        REMOVE,
        { productId: second },
        asha,
      );
      expect(removeFromWishlist).toEqual([first]);
      const again = await gqlOk<{ removeFromWishlist: string[] }>(
        shop,
        REMOVE,
        { productId: second },
        asha,
      );
      expect(again.removeFromWishlist).toEqual([first]);
    });

    it('refuses an unknown or malformed product id with BAD_USER_INPUT naming productId, changing nothing', async () => {
      const [held] = await productIds(1);
      const asha = await shopperHolding([held]);
      const before = await stored(asha);
      for (const bad of [missingId(), 'not-an-id']) {
        const error = expectRefused(
          await gqlAdd(shop, asha, bad),
          'BAD_USER_INPUT',
          'addToWishlist',
        );
        expect(error.message).toBe(WISHLIST_RULES.unknownProduct);
      }
      expectRefused(
        await gql(shop, REMOVE, { productId: 'nope' }, asha),
        'BAD_USER_INPUT',
        'removeFromWishlist',
      );
      const tooMany = Array.from({ length: MAX_WISHLIST + 1 }, () => missingId());
      const error = expectRefused(
        await gql(shop, MERGE, { productIds: tooMany }, asha),
        'BAD_USER_INPUT',
        'mergeWishlist',
      );
      expect(error.message).toBe(WISHLIST_RULES.mergeTooMany);
      expect(await stored(asha)).toEqual(before);
    });

    it('merges the browser list at sign-in: unknown ids dropped, the newest kept at the cap', async () => {
      const ids = await productIds(MAX_WISHLIST + 5);
      const held = ids.slice(0, MAX_WISHLIST - 2);
      const asha = await newShopper(shop);
      // Straight to the database: 98 held, oldest last.
      await shop.connection
        .collection('wishlists')
        .insertOne({ _id: new Types.ObjectId(asha.userId) as never, productIds: held, version: 1 });
      const browser = [
        ids[MAX_WISHLIST + 4],
        missingId(),
        ids[MAX_WISHLIST + 3],
        ids[0],
        ids[MAX_WISHLIST + 2],
      ];
      const { mergeWishlist } = await gqlOk<{ mergeWishlist: string[] }>(
        shop,
        MERGE,
        { productIds: browser },
        asha,
      );
      expect(mergeWishlist).toHaveLength(MAX_WISHLIST);
      expect(mergeWishlist.slice(0, 5)).toEqual([
        ids[MAX_WISHLIST + 4],
        ids[MAX_WISHLIST + 3],
        ids[0],
        ids[MAX_WISHLIST + 2],
        ids[1],
      ]);
      // The oldest held fell off the end; none is there twice.
      expect(new Set(mergeWishlist).size).toBe(MAX_WISHLIST);
      expect(mergeWishlist).not.toContain(held[held.length - 1]);
      expect(await gqlIds(shop, asha)).toEqual(mergeWishlist);
    });
  });

  describe(`at most ${MAX_WISHLIST} products`, () => {
    it('refuses the next on both APIs with a 400 naming productId, changing nothing', async () => {
      const ids = await productIds(MAX_WISHLIST + 1);
      const asha = await newShopper(shop);
      await restMerge(shop, asha, ids.slice(0, MAX_WISHLIST)).expect(200);
      const before = await stored(asha);
      expect(before?.productIds).toHaveLength(MAX_WISHLIST);

      expectError(await restAdd(shop, asha, ids[MAX_WISHLIST]), 400, WISHLIST_RULES.tooMany);
      const error = expectRefused(
        await gqlAdd(shop, asha, ids[MAX_WISHLIST]),
        'BAD_USER_INPUT',
        'addToWishlist',
      );
      expect(error.message).toBe(WISHLIST_RULES.tooMany);
      expect(error.message).toMatch(/^productId: A wishlist holds at most 100 products/);
      expect(await stored(asha)).toEqual(before);
      // One held may still be added again (it stays once), and one removed makes room.
      await restAdd(shop, asha, ids[0]).expect(200);
      await restRemove(shop, asha, ids[0]).expect(200);
      await restAdd(shop, asha, ids[MAX_WISHLIST]).expect(200);
    });

    it('holds when many are added at once at the cap: each written up to it, none lost', async () => {
      const room = 3;
      const tries = 10;
      const ids = await productIds(MAX_WISHLIST - room + tries);
      const asha = await newShopper(shop);
      await restMerge(shop, asha, ids.slice(0, MAX_WISHLIST - room)).expect(200);
      const extra = ids.slice(MAX_WISHLIST - room);
      const answers = await Promise.all(
        extra.map((id, at) => (at % 2 === 0 ? restAdd(shop, asha, id) : gqlAdd(shop, asha, id))),
      );
      const added = answers.flatMap((answer, at) => {
        if (at % 2 === 0) {
          if (answer.status === 200) return [extra[at]];
          expectError(answer as unknown as Response, 400, WISHLIST_RULES.tooMany);
          return [];
        }
        const { data, errors } = answer as GqlResult<{ addToWishlist: string[] }>;
        if (data?.addToWishlist) return [extra[at]];
        expect(errors?.map((one) => one.message)).toEqual([WISHLIST_RULES.tooMany]);
        return [];
      });
      expect(added).toHaveLength(room);
      const held = await gqlIds(shop, asha);
      expect(held).toHaveLength(MAX_WISHLIST);
      for (const id of added) expect(held).toContain(id);
    });
  });

  describe('at once, and products deleted', () => {
    it('loses none of 30 adds at once on both APIs', async () => {
      const ids = await productIds(30);
      const asha = await newShopper(shop);
      const answers = await Promise.all(
        ids.map((id, at) => (at % 2 === 0 ? restAdd(shop, asha, id) : gqlAdd(shop, asha, id))),
      );
      for (const [at, answer] of answers.entries()) {
        if (at % 2 === 0) expect((answer as unknown as Response).status).toBe(200);
        else expect((answer as GqlResult<unknown>).errors).toBeUndefined();
      }
      const held = await gqlIds(shop, asha);
      expect([...held].sort()).toEqual([...ids].sort());
      expect((await stored(asha))?.version).toBe(30);
    });

    it('loses none when adds and removes of one shopper run at once', async () => {
      const ids = await productIds(12);
      const asha = await shopperHolding(ids.slice(0, 6));
      await Promise.all([
        ...ids.slice(0, 6).map((id) => restRemove(shop, asha, id).expect(200)),
        ...ids.slice(6).map((id) => restAdd(shop, asha, id).expect(200)),
      ]);
      expect([...(await gqlIds(shop, asha))].sort()).toEqual([...ids.slice(6)].sort());
    });

    it('leaves out products deleted since, on both APIs, and drops them at the next write', async () => {
      const [kept] = await productIds(1);
      const doomed = await newProduct(shop, shop.admin);
      const asha = await shopperHolding([kept, doomed._id]);
      await shop
        .http()
        .delete(`/api/v1/product/delete-product/${doomed._id}`)
        .set(shop.admin.auth)
        .expect(200);
      expect(await gqlIds(shop, asha)).toEqual([kept]);
      const rest = await restList(shop, asha).expect(200);
      expect(rest.body.products.map((product: { _id: string }) => product._id)).toEqual([kept]);
      // A deleted product can no longer be added, and may still be taken off.
      expectError(await restAdd(shop, asha, doomed._id), 400, WISHLIST_RULES.unknownProduct);
      expect((await restRemove(shop, asha, doomed._id).expect(200)).body.productIds).toEqual([
        kept,
      ]);
      expect((await stored(asha))?.productIds).toEqual([kept]);
    });
  });
});
