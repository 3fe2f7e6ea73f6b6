import { ArgsType, Field, ID, InputType, Int } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsMongoId,
  IsObject,
  IsOptional,
  ValidateNested,
} from 'class-validator';
import { Obeys } from '../common/fields';
import { OBJECT_ID_PATTERN } from '../common/object-id';
import { MAX_ORDER_LINES, ORDER_RULES } from '../shared/rules';

/** A line of a cart: what checkout buys, what the cart keeps on the account. */
@InputType('CheckoutLineInput')
export class CheckoutLineDto {
  @ApiProperty({ pattern: OBJECT_ID_PATTERN.source })
  @Field(() => ID)
  @IsMongoId({ message: 'productId must be a product id' })
  productId: string;

  @ApiPropertyOptional({
    pattern: OBJECT_ID_PATTERN.source,
    description: 'The variant chosen; may be left out for a product sold one way',
  })
  @Field(() => ID, { nullable: true })
  @IsOptional()
  @IsMongoId({ message: 'variantId must be a variant id' })
  variantId?: string | null;

  @ApiProperty({ minimum: ORDER_RULES.lineQuantity.min, maximum: ORDER_RULES.lineQuantity.max })
  @Field(() => Int)
  @Obeys(ORDER_RULES.lineQuantity)
  quantity: number;
}

/** A whole cart: REST's body, GraphQL's `lines` argument. */
@ArgsType()
export class CartLinesDto {
  @ApiProperty({ type: [CheckoutLineDto], maxItems: MAX_ORDER_LINES })
  @Field(() => [CheckoutLineDto])
  @ArrayMaxSize(MAX_ORDER_LINES, { message: ORDER_RULES.tooManyLines })
  @IsObject({ each: true, message: 'Each line must be an object' })
  @ValidateNested({ each: true })
  @Type(() => CheckoutLineDto)
  // Last, so checked and named first: a text where the list belongs is told so.
  @IsArray({ message: 'lines must be a list' })
  lines: CheckoutLineDto[];
}
