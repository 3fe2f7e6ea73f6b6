import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { REVIEW_RULES } from '../../src/shared/rules';
import {
  expectError,
  missingId,
  newProduct,
  newShopper,
  newShoppers,
  placeOrder,
} from '../support/fixtures';
import { expectAdminOnly, expectRefused, gql, gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';
import {
  ADMIN_REVIEWS,
  DELETE_MY_REVIEW,
  deliver,
  deliveredTo,
  MAY_REVIEW,
  MY_REVIEW,
  PRODUCT_REVIEWS,
  ratingOf,
  review,
  ReviewPageView,
  ReviewView,
  SET_HIDDEN,
  WRITE_REVIEW,
} from './operations';

describe('reviews and ratings', () => {
  const shop = useTestShop({ seed: true });

  const write = (session: { auth: { Authorization: string } }, input: Record<string, unknown>) =>
    gql<{ writeReview: ReviewView }>(shop, WRITE_REVIEW, { input }, session as never);
  const reviewsOf = async (productId: string, page = 1) =>
    (await gqlOk<{ productReviews: ReviewPageView }>(shop, PRODUCT_REVIEWS, { productId, page }))
      .productReviews;
  const storedReviews = () => shop.connection.collection('reviews').countDocuments();

  describe('GraphQL', () => {
    it('takes a review only once the product has been delivered to the shopper', async () => {
      const asha = await newShopper(shop, { name: 'Asha Verma' });
      const product = await newProduct(shop, shop.admin);
      const before = await storedReviews();
      // Never ordered.
      let refused = expectRefused(
        await write(asha, review(product._id, 5)),
        'BAD_USER_INPUT',
        'writeReview',
      );
      expect(refused.message).toBe(REVIEW_RULES.notDelivered);
      // Ordered, not delivered yet.
      const order = await placeOrder(shop, asha, product._id);
      refused = expectRefused(
        await write(asha, review(product._id, 5)),
        'BAD_USER_INPUT',
        'writeReview',
      );
      expect(refused.message).toBe(REVIEW_RULES.notDelivered);
      expect(await storedReviews()).toBe(before);
      expect(await ratingOf(shop, product.slug)).toEqual({ average: 0, count: 0 });
      const may = async () =>
        (await gqlOk<{ mayReview: boolean }>(shop, MAY_REVIEW, { productId: product._id }, asha))
          .mayReview;
      expect(await may()).toBe(false);

      await deliver(shop, order._id);
      expect(await may()).toBe(true);
      const written = await write(
        asha,
        review(product._id, 4, { title: 'Lovely', text: 'Bright.\nHeavy.' }),
      );
      expect(written.errors).toBeUndefined();
      expect(written.data!.writeReview).toMatchObject({
        productId: product._id,
        productName: product.name,
        name: 'Asha V.',
        rating: 4,
        title: 'Lovely',
        text: 'Bright.\nHeavy.',
        hidden: false,
      });
      expect(await ratingOf(shop, product.slug)).toEqual({ average: 4, count: 1 });
      const page = await reviewsOf(product._id);
      expect(page).toMatchObject({ total: 1, page: 1, hasMore: false });
      expect(page.items.map((item) => item.rating)).toEqual([4]);
      expect(page.breakdown).toEqual([
        { stars: 5, count: 0 },
        { stars: 4, count: 1 },
        { stars: 3, count: 0 },
        { stars: 2, count: 0 },
        { stars: 1, count: 0 },
      ]);
      const mine = await gqlOk<{ myReview: ReviewView }>(
        shop,
        MY_REVIEW,
        { productId: product._id },
        asha,
      );
      expect(mine.myReview.id).toBe(written.data!.writeReview.id);
    });

    it('keeps one review per product and shopper: writing again edits it', async () => {
      const ravi = await newShopper(shop);
      const product = await deliveredTo(shop, [ravi]);
      const first = (await write(ravi, review(product._id, 2, { title: 'Meh' }))).data!.writeReview;
      const second = (await write(ravi, review(product._id, 5, { text: 'Grew on me' }))).data!
        .writeReview;
      expect(second.id).toBe(first.id);
      expect(second).toMatchObject({ rating: 5, title: '', text: 'Grew on me' });
      expect(second.createdAt).toBe(first.createdAt);
      expect(await ratingOf(shop, product.slug)).toEqual({ average: 5, count: 1 });
      expect((await reviewsOf(product._id)).total).toBe(1);
    });

    it('leaves exactly one review after ten writes at once by one shopper', async () => {
      const meera = await newShopper(shop);
      const product = await deliveredTo(shop, [meera]);
      const answers = await Promise.all(
        [1, 2, 3, 4, 5, 1, 2, 3, 4, 5].map((stars) => write(meera, review(product._id, stars))),
      );
      for (const answer of answers) expect(answer.errors).toBeUndefined();
      const page = await reviewsOf(product._id);
      expect(page.total).toBe(1);
      const stored = await shop.connection
        .collection('reviews')
        .find({ product: new Types.ObjectId(product._id) })
        .toArray();
      expect(stored).toHaveLength(1);
      expect(await ratingOf(shop, product.slug)).toEqual({
        average: stored[0].rating,
        count: 1,
      });
    });

    it('gives the exact average when many shoppers review at once', async () => {
      const shoppers = await newShoppers(shop, 8);
      const product = await deliveredTo(shop, shoppers);
      const stars = [5, 4, 4, 3, 5, 2, 5, 1];
      await Promise.all(
        shoppers.map(async (shopper, at) =>
          expect((await write(shopper, review(product._id, stars[at]))).errors).toBeUndefined(),
        ),
      );
      const exact = Math.round((stars.reduce((a, b) => a + b, 0) / stars.length) * 10) / 10;
      expect(await ratingOf(shop, product.slug)).toEqual({ average: exact, count: 8 });
      const first = await reviewsOf(product._id);
      expect(first).toMatchObject({ total: 8, pageSize: REVIEW_RULES.pageSize, hasMore: true });
      expect(first.breakdown.map((row) => row.count)).toEqual([3, 2, 1, 1, 1]);
      const times = first.items.map((item) => Date.parse(item.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const second = await reviewsOf(product._id, 2);
      expect(second).toMatchObject({ page: 2, hasMore: false });
      expect(second.items).toHaveLength(3);
    });

    it('leaves hidden reviews out of the list and the average, and back in when shown', async () => {
      const [kiran, dev] = await newShoppers(shop, 2);
      const product = await deliveredTo(shop, [kiran, dev]);
      const low = (await write(kiran, review(product._id, 1, { title: 'Spam spam' }))).data!
        .writeReview;
      await write(dev, review(product._id, 5));
      expect(await ratingOf(shop, product.slug)).toEqual({ average: 3, count: 2 });

      const hidden = await gqlOk<{ setReviewHidden: ReviewView }>(
        shop,
        SET_HIDDEN,
        { id: low.id, hidden: true },
        shop.admin,
      );
      expect(hidden.setReviewHidden.hidden).toBe(true);
      expect(await ratingOf(shop, product.slug)).toEqual({ average: 5, count: 1 });
      const page = await reviewsOf(product._id);
      expect(page.items.map((item) => item.id)).not.toContain(low.id);
      expect(page.breakdown.find((row) => row.stars === 1)!.count).toBe(0);
      const onlyHidden = await gqlOk<{ reviews: { items: ReviewView[] } }>(
        shop,
        ADMIN_REVIEWS,
        { hidden: true },
        shop.admin,
      );
      expect(onlyHidden.reviews.items.map((item) => item.id)).toContain(low.id);
      // Its writer still sees it; editing it does not show it again.
      await write(kiran, review(product._id, 2));
      expect(await ratingOf(shop, product.slug)).toEqual({ average: 5, count: 1 });

      await gqlOk(shop, SET_HIDDEN, { id: low.id, hidden: false }, shop.admin);
      expect(await ratingOf(shop, product.slug)).toEqual({ average: 3.5, count: 2 });
    });

    it('deletes the shopper’s own review, and the rating follows', async () => {
      const tara = await newShopper(shop);
      const product = await deliveredTo(shop, [tara]);
      await write(tara, review(product._id, 3));
      const deleted = await gqlOk<{ deleteMyReview: boolean }>(
        shop,
        DELETE_MY_REVIEW,
        { productId: product._id },
        tara,
      );
      expect(deleted.deleteMyReview).toBe(true);
      expect(await ratingOf(shop, product.slug)).toEqual({ average: 0, count: 0 });
      const again = await gqlOk<{ deleteMyReview: boolean }>(
        shop,
        DELETE_MY_REVIEW,
        { productId: product._id },
        tara,
      );
      expect(again.deleteMyReview).toBe(false);
    });

    it('refuses bad input, changing nothing', async () => {
      const neel = await newShopper(shop);
      const product = await deliveredTo(shop, [neel]);
      const before = await storedReviews();
      const cases: [Record<string, unknown>, RegExp][] = [
        [review(product._id, 0), /^rating: /],
        [review(product._id, 6), /^rating: /],
        // GraphQL's Int refuses it before the rule does, naming the field too.
        [review(product._id, 3.5), /rating/],
        [review(product._id, 4, { title: 'x'.repeat(101) }), /^title/],
        [review(product._id, 4, { text: 'x'.repeat(2001) }), /^text/],
        [review(product._id, 4, { title: 'Bell\u0007' }), /^title must not contain control/],
        [
          review(product._id, 4, { text: 'Tab\tand\nlines fine, bell not\u0007' }),
          /^text must not/,
        ],
        [review('nope', 4), /^productId/],
        [review(missingId(), 4), /^productId: No such product/],
      ];
      for (const [input, message] of cases) {
        const answer = await write(neel, input);
        expect(answer.errors?.[0]?.extensions?.code, JSON.stringify(input)).toBe('BAD_USER_INPUT');
        expect(answer.errors![0].message).toMatch(message);
      }
      expect(await storedReviews()).toBe(before);
      expect(await ratingOf(shop, product.slug)).toEqual({ average: 0, count: 0 });
      const signedOut = await write(null as never, review(product._id, 4));
      expect(signedOut.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });

    it('keeps the admin’s calls to the admin', async () => {
      await expectAdminOnly(shop, ADMIN_REVIEWS, {}, 'reviews');
      await expectAdminOnly(shop, SET_HIDDEN, { id: 'a.b', hidden: true }, 'setReviewHidden');
    });
  });

  describe('REST: /api/v1/reviews', () => {
    it('writes, lists, edits and hides as GraphQL does', async () => {
      const [ila, om] = await newShoppers(shop, 2);
      const product = await newProduct(shop, shop.admin);
      const before = await storedReviews();
      const put = (session: { auth: { Authorization: string } }, body: object) =>
        shop.http().put('/api/v1/reviews').set(session.auth).send(body);

      await shop.http().put('/api/v1/reviews').send(review(product._id, 5)).expect(401);
      const order = await placeOrder(shop, ila, product._id);
      expectError(await put(ila, review(product._id, 5)), 400, REVIEW_RULES.notDelivered);
      expectError(await put(om, review(product._id, 5)), 400, REVIEW_RULES.notDelivered);
      expect(await storedReviews()).toBe(before);
      await deliver(shop, order._id);
      expectError(await put(ila, review(product._id, 9)), 400, /rating/);

      const written = await put(ila, review(product._id, 3, { title: 'Fine' })).expect(200);
      expect(written.body.review).toMatchObject({ rating: 3, title: 'Fine', hidden: false });
      const edited = await put(ila, review(product._id, 4)).expect(200);
      expect(edited.body.review.id).toBe(written.body.review.id);

      const list = await shop.http().get(`/api/v1/reviews/product/${product._id}`).expect(200);
      expect(list.body).toMatchObject({
        success: true,
        rating: { average: 4, count: 1 },
        total: 1,
        hasMore: false,
      });
      expect(list.body.reviews).toHaveLength(1);
      expect(list.body.breakdown[1]).toEqual({ stars: 4, count: 1 });
      const mine = await shop
        .http()
        .get(`/api/v1/reviews/mine/${product._id}`)
        .set(ila.auth)
        .expect(200);
      expect(mine.body.review.rating).toBe(4);
      const card = await shop.http().get(`/api/v1/product/get-product/${product.slug}`).expect(200);
      expect(card.body.product.rating).toMatchObject({ average: 4, count: 1 });

      const id = written.body.review.id as string;
      await shop.http().put(`/api/v1/reviews/${id}/hidden`).send({ hidden: true }).expect(401);
      await shop
        .http()
        .put(`/api/v1/reviews/${id}/hidden`)
        .set(ila.auth)
        .send({ hidden: true })
        .expect(403);
      await shop.http().get('/api/v1/reviews').set(ila.auth).expect(403);
      expect((await shop.http().get(`/api/v1/reviews/product/${product._id}`)).body.total).toBe(1);
      await shop
        .http()
        .put(`/api/v1/reviews/${id}/hidden`)
        .set(shop.admin.auth)
        .send({ hidden: true })
        .expect(200);
      const after = await shop.http().get(`/api/v1/reviews/product/${product._id}`).expect(200);
      expect(after.body).toMatchObject({ rating: { average: 0, count: 0 }, total: 0 });
      const admin = await shop
        .http()
        .get('/api/v1/reviews?hidden=true')
        .set(shop.admin.auth)
        .expect(200);
      expect(admin.body.reviews.map((item: ReviewView) => item.id)).toContain(id);
      await shop
        .http()
        .put('/api/v1/reviews/missing.review/hidden')
        .set(shop.admin.auth)
        .send({ hidden: true })
        .expect(404);

      const deleted = await shop
        .http()
        .delete(`/api/v1/reviews/mine/${product._id}`)
        .set(ila.auth)
        .expect(200);
      expect(deleted.body.deleted).toBe(true);
    });
  });
});
