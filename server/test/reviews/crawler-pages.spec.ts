import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config/config';
import { newProduct, newShoppers } from '../support/fixtures';
import { gqlOk } from '../support/gql';
import { TestShop, useTestShop } from '../support/test-app';
import { deliveredTo, review, ReviewView, SET_HIDDEN, WRITE_REVIEW } from './operations';

const HOST = 'shop.test';

interface ProductLd {
  '@type': string;
  aggregateRating?: Record<string, unknown>;
  review?: {
    author: { name: string };
    reviewRating: { ratingValue: number };
    name?: string;
    reviewBody?: string;
    datePublished: string;
  }[];
}

/** The product JSON-LD of a product's page, as crawlers are served it. */
async function productLd(shop: TestShop, slug: string): Promise<ProductLd> {
  const response = await shop
    .http()
    .get(`/product/${slug}`)
    .set('Host', HOST)
    .set('Accept', 'text/html')
    .expect(200);
  const bodies = [
    ...response.text.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
  ].map((match) => JSON.parse(match[1]) as ProductLd);
  const found = bodies.filter((data) => data['@type'] === 'Product');
  expect(found).toHaveLength(1);
  return found[0];
}

describe("a product page's rating and reviews for crawlers", () => {
  const clientDir = mkdtempSync(join(tmpdir(), 'shop-reviews-'));
  writeFileSync(
    join(clientDir, 'index.html'),
    readFileSync(join(repoRoot, 'client', 'index.html'), 'utf8'),
  );
  const shop = useTestShop({ env: { CLIENT_DIR: clientDir }, seed: true });
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

  it('carries no rating before a review', async () => {
    const product = await newProduct(shop, shop.admin);
    const data = await productLd(shop, product.slug);
    expect(data.aggregateRating).toBeUndefined();
    expect(data.review).toBeUndefined();
  });

  it('carries aggregateRating and the 5 most recent visible reviews', async () => {
    const shoppers = await newShoppers(shop, 7);
    const product = await deliveredTo(shop, shoppers);
    const written: ReviewView[] = [];
    for (const [at, shopper] of shoppers.entries()) {
      const { writeReview } = await gqlOk<{ writeReview: ReviewView }>(
        shop,
        WRITE_REVIEW,
        {
          input: review(product._id, at < 4 ? 5 : 3, { title: `Title ${at}`, text: `Text ${at}` }),
        },
        shopper,
      );
      written.push(writeReview);
    }
    // The newest is hidden: it is neither counted nor listed.
    await gqlOk(shop, SET_HIDDEN, { id: written[6].id, hidden: true }, shop.admin);

    const data = await productLd(shop, product.slug);
    // 4 fives and 2 threes: 26 / 6.
    expect(data.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      reviewCount: 6,
      bestRating: 5,
      worstRating: 1,
    });
    expect(data.review!.map((item) => item.name)).toEqual([
      'Title 5',
      'Title 4',
      'Title 3',
      'Title 2',
      'Title 1',
    ]);
    expect(data.review![0]).toMatchObject({
      '@type': 'Review',
      author: { '@type': 'Person', name: written[5].name },
      reviewRating: { '@type': 'Rating', ratingValue: 3, bestRating: 5, worstRating: 1 },
      reviewBody: 'Text 5',
      datePublished: written[5].createdAt.slice(0, 10),
    });
  });
});
