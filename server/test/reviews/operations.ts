import { expect } from 'vitest';
import { newProduct, placeOrder, ProductReply } from '../support/fixtures';
import { gqlOk } from '../support/gql';
import type { Session, TestShop } from '../support/test-app';

export const REVIEW_FIELDS = `
  id productId productName productSlug name rating title text hidden createdAt updatedAt
`;

export const WRITE_REVIEW = `
  mutation Write($input: ReviewInput!) { writeReview(input: $input) { ${REVIEW_FIELDS} } }
`;

export const PRODUCT_REVIEWS = `
  query Reviews($productId: ID, $slug: String, $page: Int! = 1) {
    productReviews(productId: $productId, slug: $slug, page: $page) {
      items { ${REVIEW_FIELDS} } total page pageSize hasMore breakdown { stars count }
    }
  }
`;

export const MY_REVIEW = `
  query Mine($productId: ID!) { myReview(productId: $productId) { ${REVIEW_FIELDS} } }
`;

export const MAY_REVIEW = `
  query May($productId: ID!) { mayReview(productId: $productId) }
`;

export const DELETE_MY_REVIEW = `
  mutation Delete($productId: ID!) { deleteMyReview(productId: $productId) }
`;

export const ADMIN_REVIEWS = `
  query AdminReviews($page: Int! = 1, $hidden: Boolean) {
    reviews(page: $page, hidden: $hidden) { items { ${REVIEW_FIELDS} } total hasMore }
  }
`;

export const SET_HIDDEN = `
  mutation Hide($id: ID!, $hidden: Boolean!) {
    setReviewHidden(id: $id, hidden: $hidden) { ${REVIEW_FIELDS} }
  }
`;

export const PRODUCT_RATING = `
  query Rated($slug: String!) { product(slug: $slug) { id rating { average count } } }
`;

export interface ReviewView {
  id: string;
  productId: string;
  productName: string;
  productSlug: string;
  name: string;
  rating: number;
  title: string;
  text: string;
  hidden: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ReviewPageView {
  items: ReviewView[];
  total: number;
  page: number;
  pageSize: number;
  hasMore: boolean;
  breakdown: { stars: number; count: number }[];
}

/** Moves an order as the admin does over REST, up to Delivered. */
export async function deliver(shop: TestShop, orderId: string): Promise<void> {
  for (const status of ['Processing', 'Shipped', 'Delivered']) {
    const response = await shop
      .http()
      .put(`/api/v1/auth/order-status/${orderId}`)
      .set(shop.admin.auth)
      .send({ status });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  }
}

/** A new product the shoppers have each ordered and received. */
export async function deliveredTo(shop: TestShop, shoppers: Session[]): Promise<ProductReply> {
  const product = await newProduct(shop, shop.admin, { quantity: 1000 });
  for (const shopper of shoppers)
    await deliver(shop, (await placeOrder(shop, shopper, product._id))._id);
  return product;
}

export async function ratingOf(shop: TestShop, slug: string) {
  const { product } = await gqlOk<{ product: { rating: { average: number; count: number } } }>(
    shop,
    PRODUCT_RATING,
    { slug },
  );
  return product.rating;
}

export const review = (productId: string, rating: number, extra: Record<string, unknown> = {}) => ({
  productId,
  rating,
  ...extra,
});
