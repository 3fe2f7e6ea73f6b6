import { PageOf } from '../common/page-type';
import { Field, Float, ID, InputType, Int, ObjectType, PartialType } from '@nestjs/graphql';
import { ArrayMaxSize, IsMongoId, IsNumber, IsOptional, Min } from 'class-validator';
import { CategoryType } from '../categories/category.types';
import { RupeesFromPaise } from '../common/fields';
import { SameForEveryViewer } from '../graphql/cache-hints';
import { ProductFormDto } from './product.dto';

@ObjectType('Product')
@SameForEveryViewer()
export class ProductType {
  @Field(() => ID, { name: 'id' }) _id: string;
  @Field() name: string;
  @Field() slug: string;
  @Field() description: string;
  @RupeesFromPaise() price: number;
  @Field(() => Int, { description: 'Units in stock' }) quantity: number;
  @Field() shipping: boolean;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
  /** Resolved by ProductsResolver. */
  category?: CategoryType;
  photoUrl?: string | null;
}

@ObjectType('ProductPage')
@SameForEveryViewer()
export class ProductPageType extends PageOf(ProductType) {}

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
}

@InputType('ProductChangesInput')
export class ProductChangesInput extends PartialType(ProductFormDto, InputType) {}
