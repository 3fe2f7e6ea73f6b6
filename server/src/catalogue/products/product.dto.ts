import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsMongoId, IsOptional, IsString } from 'class-validator';
import {
  Obeys,
  OptionalText,
  RequiredText,
  Rupees,
  SPANS_LINES,
  toNumber,
} from '../../common/fields';
import { OBJECT_ID_PATTERN } from '../../common/object-id';
import { PRODUCT_RULES } from '../../shared/rules';

/** Shipping arrives as 0/1 from the form, or as a boolean from JSON clients. */
const toShippingFlag = () =>
  Transform(({ value }) => {
    if (value === '1' || value === 1 || value === 'true' || value === true) return true;
    if (value === '0' || value === 0 || value === 'false' || value === false) return false;
    return value;
  });

@InputType('ProductInput')
export class ProductFormDto {
  @RequiredText(PRODUCT_RULES.name, 'boAt Rockerz 450') name: string;

  @RequiredText(PRODUCT_RULES.description) description: string;

  /** Shown on Hindi pages in place of the name; empty for none. */
  @OptionalText(PRODUCT_RULES.name.maxLength, 'बोट रॉकर्ज़ 450') nameHi?: string | null;

  /** Shown on Hindi pages in place of the description; empty for none. */
  @OptionalText(PRODUCT_RULES.description.maxLength, undefined, SPANS_LINES)
  descriptionHi?: string | null;

  @Rupees(PRODUCT_RULES.price, 1499) price: number;

  @ApiProperty({
    minimum: PRODUCT_RULES.quantity.min,
    maximum: PRODUCT_RULES.quantity.max,
    example: 25,
  })
  @Field(() => Int, { description: 'Units in stock' })
  @toNumber()
  @IsInt({ message: PRODUCT_RULES.quantity.message })
  @Obeys(PRODUCT_RULES.quantity)
  quantity: number;

  @ApiProperty({ description: 'Category id', pattern: OBJECT_ID_PATTERN.source })
  @Field(() => ID)
  @IsMongoId({ message: 'category must be a valid category id' })
  category: string;

  @ApiPropertyOptional({ enum: [0, 1], description: '1 when the product ships, 0 when not' })
  @Field(() => Boolean, { nullable: true })
  @toShippingFlag()
  @IsOptional()
  @IsBoolean({ message: 'shipping must be 0 or 1' })
  shipping?: boolean;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    description: 'HSN code for GST, 4, 6 or 8 digits; empty for none',
    example: '6109',
  })
  @Field(() => String, {
    nullable: true,
    description: 'HSN code, 4, 6 or 8 digits; empty for none',
  })
  @IsOptional()
  @IsString({ message: 'hsn must be a text' })
  hsn?: string | null;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    description: "Its tax class's code; empty for the shop's default class",
    example: 'apparel',
  })
  @Field(() => String, { nullable: true, description: "Its tax class's code; empty: the default" })
  @IsOptional()
  @IsString({ message: 'taxClass must be a text' })
  taxClass?: string | null;

  /** Documents the multipart file field; the file itself arrives through multer. */
  @ApiPropertyOptional({
    type: 'string',
    format: 'binary',
    description: 'JPEG, PNG, WebP or GIF under 1 MB',
  })
  photo?: unknown;
}

/** REST: every field optional; GraphQL has its own partial input in product.types.ts. */
export class ProductUpdateDto extends PartialType(ProductFormDto) {}
