import { Args, ID, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { AdminOnly, CurrentUser, SignedIn } from '../auth';
import { Catalogue, ProductRecord, ProductType } from '../catalogue';
import { AdminPageArgs } from '../common/page-type';
import { pageRequest } from '../common/pagination';
import { badInput } from '../common/shop-error';
import { REVIEW_RULES } from '../shared/rules';
import type { PublicUser } from '../users';
import { breakdownOf, ratingOf, reviewView } from './review-views';
import { NO_SUCH_PRODUCT, Reviews } from './reviews.service';
import {
  ProductRatingType,
  ProductReviewPageType,
  ReviewDto,
  ReviewedProductArgs,
  ReviewPageType,
  ReviewType,
} from './reviews.types';

/** Reviews and ratings on GraphQL; the rules are Reviews'. */
@Resolver(() => ReviewType)
export class ReviewsResolver {
  constructor(
    private readonly shopReviews: Reviews,
    private readonly catalogue: Catalogue,
  ) {}

  @Query(() => ProductReviewPageType, {
    description: "A product's visible reviews, newest first, by its id or its slug",
  })
  async productReviews(
    @Args() by: ReviewedProductArgs,
    @Args('page', { type: () => Int, defaultValue: 1 }) page: number,
    @Args('pageSize', { type: () => Int, defaultValue: REVIEW_RULES.pageSize }) pageSize: number,
  ) {
    const request = pageRequest(page, pageSize);
    const product = this.shopReviews.shownProduct(by);
    if (!product) throw badInput(NO_SUCH_PRODUCT);
    const found = await this.shopReviews.forProduct(product, request);
    return {
      ...found,
      items: found.items.map((review) => reviewView(review, this.catalogue)),
      breakdown: breakdownOf(found.stars),
    };
  }

  @Query(() => ReviewType, {
    nullable: true,
    description: "The signed-in shopper's review of the product (hidden or not); null: none",
  })
  @SignedIn()
  async myReview(
    @CurrentUser() viewer: PublicUser,
    @Args('productId', { type: () => ID }) productId: string,
  ) {
    const review = await this.shopReviews.mine(viewer, productId);
    return review && reviewView(review, this.catalogue);
  }

  @Query(() => Boolean, {
    description: 'Whether the signed-in shopper may review the product: it was delivered to them',
  })
  @SignedIn()
  mayReview(
    @CurrentUser() viewer: PublicUser,
    @Args('productId', { type: () => ID }) productId: string,
  ) {
    return this.shopReviews.mayReview(viewer, productId);
  }

  @Mutation(() => ReviewType, {
    description: 'Writes or edits your review of a product delivered to you',
  })
  @SignedIn()
  async writeReview(@CurrentUser() viewer: PublicUser, @Args('input') input: ReviewDto) {
    return reviewView(await this.shopReviews.write(viewer, input), this.catalogue);
  }

  @Mutation(() => Boolean, { description: 'Deletes your review of a product; false: none' })
  @SignedIn()
  deleteMyReview(
    @CurrentUser() viewer: PublicUser,
    @Args('productId', { type: () => ID }) productId: string,
  ) {
    return this.shopReviews.deleteMine(viewer, productId);
  }

  @Query(() => ReviewPageType, {
    description: 'Every review, newest first; hidden: only the hidden (true) or shown (false)',
  })
  @AdminOnly()
  async reviews(
    @Args() { page, pageSize }: AdminPageArgs,
    @Args('hidden', { type: () => Boolean, nullable: true }) hidden?: boolean | null,
  ) {
    const found = await this.shopReviews.list(pageRequest(page, pageSize), hidden ?? undefined);
    return { ...found, items: found.items.map((review) => reviewView(review, this.catalogue)) };
  }

  @Mutation(() => ReviewType, {
    description: 'Hides a review, or shows it again; the rating follows',
  })
  @AdminOnly()
  async setReviewHidden(
    @Args('id', { type: () => ID }) id: string,
    @Args('hidden') hidden: boolean,
  ) {
    return reviewView(await this.shopReviews.setHidden(id, hidden), this.catalogue);
  }
}

/** A product's rating, beside its other fields. */
@Resolver(() => ProductType)
export class ProductRatingResolver {
  @ResolveField(() => ProductRatingType, {
    description: 'Average stars and count of its visible reviews',
  })
  rating(@Parent() product: ProductRecord) {
    return ratingOf(product);
  }
}
