import type { Catalogue, RatingSummary } from '../catalogue';
import type { ReviewRecord } from './review.schema';

/** A stored review as both APIs show it, with its product's name and slug as they are now. */
export function reviewView(review: ReviewRecord, catalogue: Catalogue) {
  const product = catalogue.productById(String(review.product));
  return {
    id: review._id,
    productId: String(review.product),
    productName: product?.name ?? '',
    productSlug: product?.slug ?? '',
    name: review.name,
    rating: review.rating,
    title: review.title ?? '',
    text: review.text ?? '',
    hidden: review.hidden,
    createdAt: review.createdAt,
    updatedAt: review.updatedAt,
  };
}

/** The number of visible reviews giving each number of stars, 5 stars first. */
export const breakdownOf = (stars: readonly number[]) =>
  [5, 4, 3, 2, 1].map((count) => ({ stars: count, count: stars[count - 1] ?? 0 }));

export const NO_RATING: RatingSummary = { average: 0, count: 0, stars: [0, 0, 0, 0, 0] };

/** A product's rating as the APIs show it: its average and count. */
export const ratingOf = (product: { rating?: RatingSummary }) => {
  const { average, count } = product.rating ?? NO_RATING;
  return { average, count };
};
