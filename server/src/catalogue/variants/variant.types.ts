import { Field, Float, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsMongoId,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { RupeesFromPaise } from '../../common/fields';
import { FieldCost } from '../../common/graphql/field-cost';
import { SameForEveryViewer } from '../../common/graphql/cache-hints';
import { PRODUCT_RULES, VARIANT_RULES } from '../../shared/rules';

@ObjectType('ProductOption', { description: 'Size, Colour, Storage...: values in shop order' })
@SameForEveryViewer()
export class ProductOptionType {
  @Field() name: string;
  @Field(() => [String])
  @FieldCost({ maxItems: VARIANT_RULES.maxValues, free: true })
  values: string[];
}

@ObjectType('ProductVariant', {
  description: 'One combination of option values, with its own SKU, price and stock',
})
@SameForEveryViewer()
export class ProductVariantType {
  @Field(() => ID, { name: 'id' }) _id: string;
  @Field() sku: string;
  @Field(() => [String], { description: "One value of each option, in the options' order" })
  @FieldCost({ maxItems: VARIANT_RULES.maxOptions, free: true })
  values: string[];
  @RupeesFromPaise() price: number;
  @RupeesFromPaise('Maximum retail price, in rupees; null when none is printed', true)
  mrp: number | null;
  @Field(() => Int, { description: 'Units in stock' }) quantity: number;
  @Field({ description: 'False for a combination shown but not sold now' }) onSale: boolean;
  @Field(() => String, {
    nullable: true,
    description: "Content hash of the product photo showing it; null: the product's",
  })
  photoHash: string | null;
}

@InputType('ProductOptionInput')
export class ProductOptionDto {
  @ApiProperty({ example: 'Size', maxLength: VARIANT_RULES.maxLabel })
  @Field()
  @IsString()
  @MaxLength(VARIANT_RULES.maxLabel, { message: VARIANT_RULES.optionName })
  name: string;

  @ApiProperty({ type: [String], example: ['S', 'M', 'L'], maxItems: VARIANT_RULES.maxValues })
  @Field(() => [String])
  @IsArray()
  @ArrayMaxSize(VARIANT_RULES.maxValues, { message: VARIANT_RULES.tooManyValues })
  @IsString({ each: true })
  values: string[];
}

@InputType('ProductVariantInput')
export class ProductVariantDto {
  @ApiPropertyOptional({ description: 'A variant the product has, kept; left out: a new one' })
  @Field(() => ID, { nullable: true })
  @IsOptional()
  @IsMongoId({ message: 'id must be a variant id' })
  id?: string;

  @ApiProperty({ example: 'KURTA-M-BLUE', pattern: VARIANT_RULES.sku.pattern.source })
  @Field()
  @IsString()
  sku: string;

  @ApiProperty({ type: [String], example: ['M', 'Blue'] })
  @Field(() => [String], { description: "One value of each option, in the options' order" })
  @IsArray()
  @ArrayMaxSize(VARIANT_RULES.maxOptions, { message: VARIANT_RULES.values })
  @IsString({ each: true })
  values: string[];

  // Bounds on money and stock are checked with the rest of the grid (checkedGrid), which names
  // the variant: variants[2].price.
  @ApiProperty({ minimum: PRODUCT_RULES.price.min, maximum: PRODUCT_RULES.price.max, example: 799 })
  @Field(() => Float, { description: 'Rupees' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'price must be a number' })
  price: number;

  @ApiPropertyOptional({ type: 'number', nullable: true, minimum: PRODUCT_RULES.price.min })
  @Field(() => Float, { nullable: true, description: 'Maximum retail price in rupees' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'mrp must be a number' })
  mrp?: number | null;

  @ApiProperty({ minimum: PRODUCT_RULES.quantity.min, maximum: PRODUCT_RULES.quantity.max })
  @Field(() => Int, { description: 'Units in stock' })
  @IsInt({ message: PRODUCT_RULES.quantity.message })
  quantity: number;

  @ApiPropertyOptional({ default: true })
  @Field(() => Boolean, { nullable: true, description: 'Sold now; true when left out' })
  @IsOptional()
  @IsBoolean({ message: 'onSale must be true or false' })
  onSale?: boolean;

  @ApiPropertyOptional({ nullable: true, description: 'One of the product photos, by hash' })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  photoHash?: string | null;
}

@InputType('ProductVariantsInput')
export class ProductVariantsDto {
  @ApiProperty({ type: [ProductOptionDto], maxItems: VARIANT_RULES.maxOptions })
  @Field(() => [ProductOptionDto])
  @IsArray()
  @ArrayMaxSize(VARIANT_RULES.maxOptions, { message: `options: ${VARIANT_RULES.tooManyOptions}` })
  @IsObject({ each: true, message: 'options: each option must be an object' })
  @ValidateNested({ each: true })
  @Type(() => ProductOptionDto)
  options: ProductOptionDto[];

  @ApiProperty({ type: [ProductVariantDto], minItems: 1, maxItems: VARIANT_RULES.maxVariants })
  @Field(() => [ProductVariantDto])
  @IsArray()
  @ArrayMinSize(1, { message: `variants: ${VARIANT_RULES.noVariant}` })
  @ArrayMaxSize(VARIANT_RULES.maxVariants, {
    message: `variants: ${VARIANT_RULES.tooManyVariants}`,
  })
  @IsObject({ each: true, message: 'variants: each variant must be an object' })
  @ValidateNested({ each: true })
  @Type(() => ProductVariantDto)
  variants: ProductVariantDto[];
}
