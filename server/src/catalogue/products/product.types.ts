import { PageOf } from '../../common/page-type';
import {
  Field,
  Float,
  ID,
  InputType,
  Int,
  ObjectType,
  PartialType,
  registerEnumType,
} from '@nestjs/graphql';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsString,
  ValidateNested,
  IsBoolean,
  IsIn,
  IsMongoId,
  IsNumber,
  IsOptional,
  Min,
} from 'class-validator';
import type { SortOrder } from '../read-model/catalogue';
import { CategoryType } from '../categories/category.types';
import { RupeesFromPaise } from '../../common/fields';
import { SameForEveryViewer } from '../../common/graphql/cache-hints';
import { ProductFormDto } from './product.dto';
import { STOCK_LEVEL, StockLevel } from '../records/stock-levels';
import { AS_A_FULL_PAGE, FieldCost } from '../../common/graphql/field-cost';
import { PHOTO_SOURCES } from '../photos/photo-variants';
import { PRICE_BANDS, SUGGESTED_PRODUCTS, VARIANT_RULES } from '../../shared/rules';
import { ProductOptionType, ProductVariantType } from '../variants/variant.types';

registerEnumType(STOCK_LEVEL, {
  name: 'StockLevel',
  description:
    'OUT_OF_STOCK: no units of any variant; LOW_STOCK: a variant on sale at 0 to the ' +
    'low-stock threshold (LOW_STOCK_THRESHOLD) while others sell; IN_STOCK: every one above',
});

@ObjectType('Product')
@SameForEveryViewer()
export class ProductType {
  @Field(() => ID, { name: 'id' }) _id: string;
  @Field() name: string;
  @Field() slug: string;
  @Field() description: string;
  @Field(() => String, { nullable: true, description: 'The name in Hindi; null while not given' })
  nameHi: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'The description in Hindi; null while not given',
  })
  descriptionHi: string | null;
  @RupeesFromPaise() price: number;
  @Field(() => Int, { description: 'Units in stock' }) quantity: number;
  @Field() shipping: boolean;
  @Field(() => String, { nullable: true, description: 'HSN code for GST; null while not given' })
  hsn: string | null;
  @Field(() => String, {
    nullable: true,
    description: "Its tax class's code; null: the shop's default class",
  })
  taxClass: string | null;
  @Field(() => [ProductOptionType], { description: 'Empty for a product sold one way' })
  @FieldCost({ maxItems: VARIANT_RULES.maxOptions })
  options: ProductOptionType[];
  @Field(() => [ProductVariantType], {
    description: 'At least one; a product sold one way has one, with no values',
  })
  @FieldCost({ maxItems: VARIANT_RULES.maxVariants, free: true })
  variants: ProductVariantType[];
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
  /** Resolved by ProductsResolver. */
  category?: CategoryType;
  photoUrl?: string | null;
  photo?: ProductPhotoType | null;
}

@ObjectType('PhotoSource')
@SameForEveryViewer()
export class PhotoSourceType {
  @Field({ description: 'MIME type, for <source type>' }) type: string;
  @Field({ description: 'URLs with their widths in pixels, for srcset' }) srcSet: string;
}

@ObjectType('ProductPhoto', {
  description: "The photo resized for the storefront, as a <picture>'s sources",
})
@SameForEveryViewer()
export class ProductPhotoType {
  @Field(() => Int, { description: 'Pixels, of the photo as shown' }) width: number;
  @Field(() => Int, { description: 'Pixels, of the photo as shown' }) height: number;
  @Field({ description: 'The fallback format at its largest width, for <img src>' }) src: string;
  @Field(() => [PhotoSourceType], {
    description: 'Best format first; the last is the fallback, for <img srcset>',
  })
  @FieldCost({ maxItems: PHOTO_SOURCES, free: true })
  sources: PhotoSourceType[];
}

/** The catalogue's sort orders by their GraphQL names. */
export const PRODUCT_SORT = {
  NEWEST: 'newest',
  PRICE_ASC: 'price-asc',
  PRICE_DESC: 'price-desc',
  NAME_ASC: 'name-asc',
  TOP_RATED: 'top-rated',
  RELEVANCE: 'relevance',
  DISCOUNT: 'discount',
} as const satisfies Record<string, SortOrder>;

registerEnumType(PRODUCT_SORT, {
  name: 'ProductSort',
  description:
    'RELEVANCE is best match first with a search, newest first without; DISCOUNT is the biggest share off the MRP first; ' +
    'TOP_RATED is the highest average of reviews first, then the most reviews, products without reviews last',
});

@ObjectType('ProductPage')
@SameForEveryViewer()
export class ProductPageType extends PageOf(ProductType) {
  @Field(() => [String], {
    description: "With a search: the products' words it matched (lower case), to highlight",
  })
  matchedWords: string[];

  @Field(() => String, {
    nullable: true,
    description: 'The search as it was understood, when no product matched it as typed',
  })
  correctedSearch: string | null;
}

@ObjectType('CategoryCount')
@SameForEveryViewer()
export class CategoryCountType {
  @Field(() => CategoryType) category: CategoryType;
  @Field(() => Int) count: number;
}

@ObjectType('PriceBandCount')
@SameForEveryViewer()
export class PriceBandCountType {
  @Field() label: string;
  @Field(() => Float, { description: 'Rupees, included' }) min: number;
  @Field(() => Float, { description: 'Rupees, included' }) max: number;
  @Field(() => Int) count: number;
}

@ObjectType('OptionValueCount')
@SameForEveryViewer()
export class OptionValueCountType {
  @Field() value: string;
  @Field(() => Int) count: number;
}

@ObjectType('OptionFacet', { description: 'An option the products sell, each value counted' })
@SameForEveryViewer()
export class OptionFacetType {
  @Field() name: string;
  @Field(() => [OptionValueCountType])
  @FieldCost({ maxItems: VARIANT_RULES.maxValues, free: true })
  values: OptionValueCountType[];
}

@ObjectType('ProductFacets', {
  description:
    'How many products each choice of the filter leaves, counted with the rest of the ' +
    "filter and the search: a category's count ignores the categories chosen, a band's " +
    'the price bounds',
})
@SameForEveryViewer()
export class ProductFacetsType {
  @Field(() => Int, { description: 'Products matching the whole filter' }) total: number;
  @Field(() => Int, { description: 'Products matching the filter that are in stock' })
  inStock: number;
  @Field(() => [CategoryCountType], { description: 'Every category, alphabetical' })
  @FieldCost({ maxItems: AS_A_FULL_PAGE })
  categories: CategoryCountType[];
  @Field(() => [PriceBandCountType], { description: "The storefront's price bands, in order" })
  @FieldCost({ maxItems: PRICE_BANDS.length })
  priceBands: PriceBandCountType[];
  @Field(() => [OptionFacetType], {
    description:
      "Options of the products found (Size: M (12), L (9)); a value's count ignores the " +
      "option's own choice",
  })
  @FieldCost({ maxItems: AS_A_FULL_PAGE, free: true })
  options: OptionFacetType[];
}

@ObjectType('SearchSuggestions')
@SameForEveryViewer()
export class SearchSuggestionsType {
  @Field(() => [ProductType], { description: 'The best matches, at most 6' })
  @FieldCost({ maxItems: SUGGESTED_PRODUCTS })
  products: ProductType[];
  @Field(() => [CategoryType], { description: 'Categories with a word beginning with each word' })
  @FieldCost({ maxItems: AS_A_FULL_PAGE })
  categories: CategoryType[];
}

@InputType('OptionFilterInput')
export class OptionFilterInput {
  @Field() @IsString() name: string;
  @Field(() => [String]) @IsArray() @IsString({ each: true }) values: string[];
}

@InputType('ProductFilter')
export class ProductFilterInput {
  @Field(() => [ID], { nullable: true, description: 'Any of these categories; empty means any' })
  @IsOptional()
  @ArrayMaxSize(100)
  @IsMongoId({ each: true, message: 'categoryIds must hold category ids' })
  categoryIds?: string[];

  @Field(() => Float, { nullable: true })
  @IsOptional()
  @IsNumber()
  @Min(0)
  priceMin?: number;

  @Field(() => Float, { nullable: true })
  @IsOptional()
  @IsNumber()
  @Min(0)
  priceMax?: number;

  @Field(() => Boolean, { nullable: true, description: 'Only products with units in stock' })
  @IsOptional()
  @IsBoolean()
  inStock?: boolean;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Only products listed below their MRP (the deals)',
  })
  @IsOptional()
  @IsBoolean()
  discounted?: boolean;

  @Field(() => [OptionFilterInput], {
    nullable: true,
    description: 'Only products selling a variant with one of the values of each option named',
  })
  @IsOptional()
  @ArrayMaxSize(10)
  @ValidateNested({ each: true })
  @Type(() => OptionFilterInput)
  options?: OptionFilterInput[];

  @Field(() => STOCK_LEVEL, { nullable: true, description: 'Only products at this stock level' })
  @IsOptional()
  @IsIn(Object.values(STOCK_LEVEL))
  stock?: StockLevel;
}

@InputType('ProductChangesInput')
export class ProductChangesInput extends PartialType(ProductFormDto, InputType) {}
