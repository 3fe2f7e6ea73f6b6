import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsMongoId, IsNumber, IsOptional } from 'class-validator';
import { OBJECT_ID_PATTERN } from '../../../common/object-id';

/**
 * REST v1 compatibility layer: the storefront's filter as the first clients send it, named
 * after their form controls (`checked` category boxes, a `radio` price band). The shop's own
 * filter is ProductFilter (product-reads.service.ts), which the controller builds from this.
 */
export class ProductFiltersDto {
  @ApiPropertyOptional({
    type: [String],
    items: { type: 'string', pattern: OBJECT_ID_PATTERN.source },
    description: 'Category ids; empty means any',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsMongoId({ each: true, message: 'checked must hold category ids' })
  checked?: string[];

  @ApiPropertyOptional({
    type: [Number],
    example: [1001, 3000],
    description: '[min, max] rupees; empty means any',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(2)
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { each: true, message: 'radio must hold two prices' },
  )
  radio?: number[];
}
