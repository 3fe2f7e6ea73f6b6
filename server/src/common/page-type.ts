import { Type } from '@nestjs/common';
import { Field, Int, ObjectType } from '@nestjs/graphql';

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
