import { ArgsType, Field, Float, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { ApiProperty } from '@nestjs/swagger';
import { Allow, IsMongoId } from 'class-validator';
import { OBJECT_ID_PATTERN } from '../common/object-id';
import { Obeys, OptionalText, SPANS_LINES } from '../common/fields';
import { FieldCost } from '../common/graphql/field-cost';
import { SameForEveryViewer } from '../common/graphql/cache-hints';
import { PageOf } from '../common/page-type';
import { REVIEW_RULES } from '../shared/rules';

@ObjectType('ProductRating', { description: "What a product's visible reviews add up to" })
@SameForEveryViewer()
export class ProductRatingType {
  @Field(() => Float, { description: 'Stars, to one decimal; 0 without reviews' })
  average: number;
  @Field(() => Int, { description: 'Visible reviews' }) count: number;
}

@ObjectType('StarCount')
export class StarCountType {
  @Field(() => Int, { description: '1 to 5' }) stars: number;
  @Field(() => Int) count: number;
}

@ObjectType('Review', { description: "A shopper's review of a product they received" })
export class ReviewType {
  @Field(() => ID) id: string;
  @Field(() => ID) productId: string;
  @Field({ description: "The product's name now; '' when it is gone" }) productName: string;
  @Field({ description: "The product's slug now; '' when it is gone" }) productSlug: string;
  @Field({ description: "The reviewer's first name and initial" }) name: string;
  @Field(() => Int, { description: 'Whole stars, 1 to 5' }) rating: number;
  @Field({ description: "'' when none" }) title: string;
  @Field({ description: "'' when none; line breaks kept" }) text: string;
  @Field({ description: 'Hidden by the admin: left out of the list and the rating' })
  hidden: boolean;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
}

@ObjectType('ReviewPage')
export class ReviewPageType extends PageOf(ReviewType) {}

@ObjectType('ProductReviewPage', { description: "A page of a product's visible reviews" })
export class ProductReviewPageType extends PageOf(ReviewType) {
  @Field(() => [StarCountType], {
    description: 'Visible reviews by stars given, 5 stars first, every number of stars listed',
  })
  @FieldCost({ maxItems: 5, free: true })
  breakdown: StarCountType[];
}

@InputType('ReviewInput')
export class ReviewDto {
  @ApiProperty({ pattern: OBJECT_ID_PATTERN.source })
  @Field(() => ID)
  @IsMongoId({ message: 'productId must be a product id' })
  productId: string;

  @ApiProperty({ minimum: REVIEW_RULES.rating.min, maximum: REVIEW_RULES.rating.max })
  @Field(() => Int)
  @Obeys(REVIEW_RULES.rating)
  rating: number;

  @OptionalText(REVIEW_RULES.title.maxLength, 'Lovely colour')
  title?: string | null;

  @OptionalText(REVIEW_RULES.text.maxLength, 'Soft cotton, true to size.', SPANS_LINES)
  text?: string | null;
}

@ArgsType()
export class ReviewedProductArgs {
  // Looked up as given (an unknown id or slug finds no product); Allow keeps them from being dropped.
  @Field(() => ID, { nullable: true }) @Allow() productId?: string | null;
  @Field(() => String, { nullable: true }) @Allow() slug?: string | null;
}
