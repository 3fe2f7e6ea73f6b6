// What other modules may use of reviews (the boundary lint holds them to this file).
export { ReviewsModule } from './reviews.module';
export { Reviews, displayNameOf } from './reviews.service';
export type { DemoReview } from './reviews.service';
export { Review, ProductReviews } from './review.schema';
