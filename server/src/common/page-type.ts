import { Type } from '@nestjs/common';
import { ArgsType, Field, Int, ObjectType } from '@nestjs/graphql';
import { Allow } from 'class-validator';
import { ADMIN_PAGE_SIZE, STOREFRONT_PAGE_SIZE } from '../shared/rules';

/**
 * The GraphQL type of one page of a list (common/pagination.ts `Page`), for any item type:
 * `@ObjectType('ProductPage') class ProductPageType extends PageOf(ProductType) {}`.
 */
export function PageOf<T>(item: Type<T>) {
  @ObjectType({ isAbstract: true })
  abstract class PageType {
    @Field(() => [item]) items: T[];
    @Field(() => Int, { description: 'How many match, over all pages' }) total: number;
    @Field(() => Int) page: number;
    @Field(() => Int) pageSize: number;
    @Field({ description: 'Whether a later page holds more' }) hasMore: boolean;
  }
  return PageType;
}

/**
 * The page number and size a list query takes, its size defaulting to `defaultSize`.
 * Both are checked by pageRequest; `Allow` only keeps the validation pipe from dropping them.
 */
function PageArgs(defaultSize: number) {
  @ArgsType()
  class PageArgsType {
    @Field(() => Int, { defaultValue: 1 }) @Allow() page: number;
    @Field(() => Int, { defaultValue: defaultSize }) @Allow() pageSize: number;
  }
  return PageArgsType;
}

@ArgsType()
export class StorefrontPageArgs extends PageArgs(STOREFRONT_PAGE_SIZE) {}

@ArgsType()
export class AdminPageArgs extends PageArgs(ADMIN_PAGE_SIZE) {}
