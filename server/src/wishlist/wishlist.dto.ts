import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString } from 'class-validator';
import { OBJECT_ID_PATTERN } from '../common/object-id';
import { MAX_WISHLIST, WISHLIST_RULES } from '../shared/rules';

/** A browser's wishlist to merge into the account at sign-in, newest first. */
export class MergeWishlistDto {
  @ApiProperty({
    type: [String],
    maxItems: MAX_WISHLIST,
    items: { type: 'string', pattern: OBJECT_ID_PATTERN.source },
    description: 'Product ids, newest first; ids of no product are dropped',
  })
  @IsString({ each: true, message: WISHLIST_RULES.mergeNotIds })
  @ArrayMaxSize(MAX_WISHLIST, { message: WISHLIST_RULES.mergeTooMany })
  // Last, so checked and named first: a text where the list belongs is told so.
  @IsArray({ message: WISHLIST_RULES.mergeNotIds })
  productIds: string[];
}
