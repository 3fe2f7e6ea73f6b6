import { Body, Controller, Delete, Get, HttpCode, Param, Put, Query } from '@nestjs/common';
import { ApiBody, ApiParam, ApiProperty, ApiQuery, ApiTags } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { AdminOnly, CurrentUser, SignedIn } from '../../auth';
import { Catalogue } from '../../catalogue';
import { ApiAnswer, ApiErrors, IdParam } from '../../common/rest-v1/api-responses';
import {
  count,
  listOf,
  nullable,
  shapeOf,
  succeeded,
  text,
  time,
} from '../../common/rest-v1/answers';
import { ObjectIdPipe } from '../../common/object-id';
import { pageRequest } from '../../common/pagination';
import { badInput } from '../../common/shop-error';
import { ADMIN_PAGE_SIZE, REVIEW_RULES } from '../../shared/rules';
import type { PublicUser } from '../../users';
import { breakdownOf, ratingOf, reviewView } from '../review-views';
import { NO_SUCH_PRODUCT, Reviews } from '../reviews.service';
import { ReviewDto } from '../reviews.types';

export class ReviewHiddenDto {
  @ApiProperty({ description: 'true: hidden from the storefront and the rating' })
  @IsBoolean({ message: 'hidden must be true or false' })
  hidden: boolean;
}

const REVIEW = shapeOf({
  id: text,
  productId: text,
  productName: text,
  productSlug: text,
  name: text,
  rating: { type: 'integer', minimum: 1, maximum: 5 },
  title: text,
  text,
  hidden: { type: 'boolean' },
  createdAt: time,
  updatedAt: time,
});

const PAGE = {
  total: count,
  page: count,
  pageSize: count,
  hasMore: { type: 'boolean' },
};

/** A page number from the query: 1 when left out. */
function pageNumber(value: string | undefined): number {
  if (value === undefined) return 1;
  const page = Number(value);
  if (!/^[0-9]+$/.test(value)) throw badInput('Page must be a whole number from 1');
  return page;
}

/**
 * Reviews and ratings on REST, beside GraphQL's calls; the rules are Reviews' (a review only
 * of a product delivered to you, one per product, written again to edit).
 */
@ApiTags('reviews')
@Controller('api/v1/reviews')
export class ReviewsController {
  constructor(
    private readonly reviews: Reviews,
    private readonly catalogue: Catalogue,
  ) {}

  @Get('product/:productId')
  @IdParam('productId', 'Product id')
  @ApiQuery({ name: 'page', required: false, schema: { type: 'integer', minimum: 1 } })
  @ApiAnswer(
    200,
    `The product's visible reviews, newest first, ${REVIEW_RULES.pageSize} a page`,
    succeeded({
      rating: shapeOf({ average: { type: 'number' }, count }),
      breakdown: listOf(shapeOf({ stars: count, count })),
      reviews: listOf(REVIEW),
      ...PAGE,
    }),
  )
  async forProduct(
    @Param('productId', ObjectIdPipe) productId: string,
    @Query('page') page?: string,
  ) {
    const product = this.reviews.shownProduct({ productId });
    if (!product) throw badInput(NO_SUCH_PRODUCT);
    const request = pageRequest(pageNumber(page), REVIEW_RULES.pageSize);
    const { items, stars, ...found } = await this.reviews.forProduct(product, request);
    return {
      success: true,
      rating: ratingOf(product),
      breakdown: breakdownOf(stars),
      reviews: items.map((review) => reviewView(review, this.catalogue)),
      ...found,
    };
  }

  @Get('mine/:productId')
  @SignedIn()
  @IdParam('productId', 'Product id')
  @ApiAnswer(200, 'Your review of the product; null: none', succeeded({ review: nullable(REVIEW) }))
  async mine(
    @CurrentUser() viewer: PublicUser,
    @Param('productId', ObjectIdPipe) productId: string,
  ) {
    const review = await this.reviews.mine(viewer, productId);
    return { success: true, review: review && reviewView(review, this.catalogue) };
  }

  @Put()
  @SignedIn()
  @HttpCode(200)
  @ApiAnswer(200, 'Written, or edited if you had reviewed it', succeeded({ review: REVIEW }))
  async write(@CurrentUser() viewer: PublicUser, @Body() body: ReviewDto) {
    const review = await this.reviews.write(viewer, body);
    return { success: true, message: 'Review saved', review: reviewView(review, this.catalogue) };
  }

  @Delete('mine/:productId')
  @SignedIn()
  @IdParam('productId', 'Product id')
  @ApiAnswer(
    200,
    'Deleted; deleted false when there was none',
    succeeded({ deleted: { type: 'boolean' } }),
  )
  async deleteMine(
    @CurrentUser() viewer: PublicUser,
    @Param('productId', ObjectIdPipe) productId: string,
  ) {
    return { success: true, deleted: await this.reviews.deleteMine(viewer, productId) };
  }

  @Get()
  @AdminOnly()
  @ApiQuery({ name: 'page', required: false, schema: { type: 'integer', minimum: 1 } })
  @ApiQuery({ name: 'hidden', required: false, schema: { type: 'boolean' } })
  @ApiAnswer(
    200,
    `Every review, newest first, ${ADMIN_PAGE_SIZE} a page; hidden=true or false: only those`,
    succeeded({ reviews: listOf(REVIEW), ...PAGE }),
  )
  async list(@Query('page') page?: string, @Query('hidden') hidden?: string) {
    if (hidden !== undefined && hidden !== 'true' && hidden !== 'false') {
      throw badInput('hidden must be true or false');
    }
    const request = pageRequest(pageNumber(page), ADMIN_PAGE_SIZE);
    const which = hidden === undefined ? undefined : hidden === 'true';
    const { items, ...found } = await this.reviews.list(request, which);
    return {
      success: true,
      reviews: items.map((review) => reviewView(review, this.catalogue)),
      ...found,
    };
  }

  @Put(':reviewId/hidden')
  @AdminOnly()
  @HttpCode(200)
  @ApiParam({
    name: 'reviewId',
    description: 'Review id: <product id>.<shopper id>',
    schema: { type: 'string', pattern: '^[0-9a-fA-F]{24}\\.[0-9a-fA-F]{24}$' },
  })
  @ApiBody({ type: ReviewHiddenDto })
  @ApiAnswer(200, 'Hidden or shown; the rating follows', succeeded({ review: REVIEW }))
  @ApiErrors(404)
  async setHidden(@Param('reviewId') id: string, @Body() body: ReviewHiddenDto) {
    const review = await this.reviews.setHidden(id, body.hidden);
    return { success: true, review: reviewView(review, this.catalogue) };
  }
}
