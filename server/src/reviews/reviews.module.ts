import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CatalogueModule } from '../catalogue';
import { OrdersModule } from '../orders';
import { ReviewsController } from './rest-v1/reviews.controller';
import { ProductReviews, ProductReviewsSchema, Review, ReviewSchema } from './review.schema';
import { ProductRatingResolver, ReviewsResolver } from './reviews.resolver';
import { Reviews } from './reviews.service';

/** Reviews and ratings of products, by shoppers who received them. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Review.name, schema: ReviewSchema },
      { name: ProductReviews.name, schema: ProductReviewsSchema },
    ]),
    CatalogueModule,
    OrdersModule,
  ],
  controllers: [ReviewsController],
  providers: [Reviews, ReviewsResolver, ProductRatingResolver],
  exports: [Reviews],
})
export class ReviewsModule {}
