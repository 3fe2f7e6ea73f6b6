import { describe, expect, it } from 'vitest';
import { newCategory, newProduct, newShoppers, placeOrder } from '../support/fixtures';
import { gqlOk } from '../support/gql';
import { useTestShop } from '../support/test-app';
import { deliver, review, WRITE_REVIEW } from './operations';

const TOP_RATED = `
  query TopRated($categoryIds: [ID!]) {
    products(filter: { categoryIds: $categoryIds }, sort: TOP_RATED) {
      items { name rating { average count } }
    }
  }
`;

describe("the 'Top rated' sort", () => {
  const shop = useTestShop({ seed: true });

  it('puts the highest average first, then the most reviews, products without reviews last', async () => {
    const category = await newCategory(shop, shop.admin);
    const make = (name: string) =>
      newProduct(shop, shop.admin, { name, category: category._id, quantity: 100 });
    // Made oldest to newest: the unrated ones come last, newest first among them.
    const unrated = await make(`Unrated ${category.slug}`);
    const good = await make(`Good ${category.slug}`);
    const best = await make(`Best ${category.slug}`);
    const popular = await make(`Popular ${category.slug}`);
    const unratedToo = await make(`Unrated too ${category.slug}`);
    const shoppers = await newShoppers(shop, 3);
    const rate = async (productId: string, stars: number[]) => {
      for (const [at, rating] of stars.entries()) {
        const order = await placeOrder(shop, shoppers[at], productId);
        await deliver(shop, order._id);
        await gqlOk(shop, WRITE_REVIEW, { input: review(productId, rating) }, shoppers[at]);
      }
    };
    await rate(good._id, [4]);
    await rate(best._id, [5]);
    // As high as `best`, with more reviews.
    await rate(popular._id, [5, 5]);

    const { products } = await gqlOk<{
      products: { items: { name: string; rating: { average: number; count: number } }[] };
    }>(shop, TOP_RATED, { categoryIds: [category._id] });
    expect(products.items.map((item) => item.name)).toEqual(
      [popular, best, good, unratedToo, unrated].map((product) => product.name),
    );
    expect(products.items[0].rating).toEqual({ average: 5, count: 2 });

    const rest = await shop
      .http()
      .post('/api/v1/product/product-filters?sort=top-rated')
      .send({ checked: [category._id], radio: [] })
      .expect(200);
    expect(rest.body.products.map((item: { name: string }) => item.name)).toEqual(
      products.items.map((item) => item.name),
    );

    // A first review moves a product among the rated ones.
    await rate(unrated._id, [3]);
    const again = await gqlOk<{ products: { items: { name: string }[] } }>(shop, TOP_RATED, {
      categoryIds: [category._id],
    });
    expect(again.products.items.map((item) => item.name)).toEqual(
      [popular, best, good, unrated, unratedToo].map((product) => product.name),
    );
  });
});
