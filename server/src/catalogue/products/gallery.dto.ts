import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsString, MaxLength } from 'class-validator';
import { PlainText } from '../../common/fields';
import { PRODUCT_PHOTO_RULES } from '../../shared/rules';

/** REST: the product's photos in a new order, by hash. */
export class PhotoOrderDto {
  @ApiProperty({
    type: [String],
    maxItems: PRODUCT_PHOTO_RULES.maxPhotos,
    description: "Every photo's hash once, the first the card's",
  })
  @IsArray({ message: PRODUCT_PHOTO_RULES.order })
  @ArrayMaxSize(PRODUCT_PHOTO_RULES.maxPhotos, { message: PRODUCT_PHOTO_RULES.order })
  @IsString({ each: true, message: PRODUCT_PHOTO_RULES.order })
  order: string[];
}

/** REST: a photo's alt text; '' for none. */
export class PhotoAltDto {
  @ApiProperty({ maxLength: PRODUCT_PHOTO_RULES.alt.maxLength, example: 'The kettle from above' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(PRODUCT_PHOTO_RULES.alt.maxLength, { message: PRODUCT_PHOTO_RULES.alt.message })
  @PlainText()
  // Last, so checked first: the message of a missing or non-text alt is this one.
  @IsString({ message: PRODUCT_PHOTO_RULES.alt.required })
  alt: string;
}
