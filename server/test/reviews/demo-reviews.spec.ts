import { describe, expect, it } from 'vitest';
import { slugify } from '../../src/common/text';
import { SeedService } from '../../src/seed/seed.service';
import { DEMO_REVIEWS } from '../../src/seed/demo-reviews';
import { gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';
import { PRODUCT_REVIEWS, ratingOf, ReviewPageView, SET_HIDDEN } from './operations';

const KURTA = 'Cotton Kurta Set for Men';

describe("the demo shop's reviews", () => {
  const shop = useTestShop({ seed: true });
  const reviewsOf = async (slug: string) =>
    (await gqlOk<{ productReviews: ReviewPageView }>(shop, PRODUCT_REVIEWS, { slug }))
      .productReviews;

  it('rates a few products, newest review first', async () => {
    for (const [name, reviews] of Object.entries(DEMO_REVIEWS)) {
      const sum = reviews.reduce((total, review) => total + review.rating, 0);
      expect(await ratingOf(shop, slugify(name))).toEqual({
        average: Math.round((sum / reviews.length) * 10) / 10,
        count: reviews.length,
      });
    }
    const page = await reviewsOf(slugify(KURTA));
    expect(page.items.map((review) => review.name)).toEqual(
      [...DEMO_REVIEWS[KURTA]].sort((a, b) => a.daysAgo - b.daysAgo).map((review) => review.author),
    );
  });

  it('seeding again adds nothing, and a review the admin hid stays hidden', async () => {
    const before = await reviewsOf(slugify(KURTA));
    const count = await shop.connection.collection('reviews').countDocuments();
    await gqlOk(shop, SET_HIDDEN, { id: before.items[0].id, hidden: true }, shop.admin);
    await shop.app.get(SeedService).seed();
    expect(await shop.connection.collection('reviews').countDocuments()).toBe(count);
    const after = await reviewsOf(slugify(KURTA));
    expect(after.total).toBe(before.total - 1);
    expect((await ratingOf(shop, slugify(KURTA))).count).toBe(before.total - 1);
  });
});
