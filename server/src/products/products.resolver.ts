import {
  Args,
  Context,
  ID,
  Int,
  Mutation,
  Parent,
  Query,
  ResolveField,
  Resolver,
} from '@nestjs/graphql';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import { AdminOnly } from '../auth/auth.guards';
import { CategoryType } from '../categories/category.types';
import { StorefrontPageArgs } from '../common/page-type';
import { pageRequest } from '../common/pagination';
import type { Loaders } from '../lookups/loaders';
import { readUpload } from '../graphql/upload';
import { ProductFormDto } from './product.dto';
import { boundsInPaise, priceInPaise } from './product-prices';
import {
  ProductChangesInput,
  ProductFilterInput,
  ProductPageType,
  ProductType,
} from './product.types';
import { MAX_RELATED, ProductRecord, ProductsService, RELATED_LIMIT } from './products.service';

@Resolver(() => ProductType)
export class ProductsResolver {
  constructor(private readonly service: ProductsService) {}

  @Query(() => ProductPageType, { description: 'Newest first; at most 50 a page' })
  products(
    @Args() { page, pageSize }: StorefrontPageArgs,
    @Args('filter', { type: () => ProductFilterInput, nullable: true }) filter?: ProductFilterInput,
    @Args('search', { type: () => String, nullable: true }) search?: string,
  ) {
    return this.service.page(pageRequest(page, pageSize), {
      ...(filter && boundsInPaise(filter)),
      search: search ?? undefined,
    });
  }

  @Query(() => ProductType, { nullable: true })
  product(@Args('slug') slug: string) {
    return this.service.findBySlug(slug);
  }

  @Query(() => [ProductType], {
    description: 'The products with these ids that still exist, e.g. to check a cart',
  })
  productsByIds(@Args('ids', { type: () => [ID] }) ids: string[]) {
    return this.service.findByIdStrings(ids);
  }

  @Query(() => [ProductType], { description: 'Other products of the same category' })
  relatedProducts(
    @Args('productId', { type: () => ID }) productId: string,
    @Args('limit', { type: () => Int, defaultValue: RELATED_LIMIT }) limit: number,
  ) {
    return this.service.related(productId, Math.min(Math.max(limit, 1), MAX_RELATED));
  }

  @Mutation(() => ProductType)
  @AdminOnly()
  async createProduct(
    @Args('input') input: ProductFormDto,
    @Args('photo', { type: () => GraphQLUpload, nullable: true })
    photo?: Promise<FileUpload> | null,
  ) {
    return this.service.create(
      priceInPaise({ ...input, shipping: input.shipping ?? false }),
      await readUpload(photo),
    );
  }

  @Mutation(() => ProductType)
  @AdminOnly()
  async updateProduct(
    @Args('id', { type: () => ID }) id: string,
    @Args('input') input: ProductChangesInput,
    @Args('photo', { type: () => GraphQLUpload, nullable: true })
    photo?: Promise<FileUpload> | null,
  ) {
    return this.service.update(id, priceInPaise(input), await readUpload(photo));
  }

  @Mutation(() => ProductType)
  @AdminOnly()
  deleteProduct(@Args('id', { type: () => ID }) id: string) {
    return this.service.delete(id);
  }

  @ResolveField(() => CategoryType, { nullable: true })
  category(@Parent() product: ProductRecord, @Context('loaders') loaders: Loaders) {
    return loaders.category.load(String(product.category));
  }

  @ResolveField(() => String, {
    nullable: true,
    description: 'Changes whenever the photo does, so it can be cached for good',
  })
  photoUrl(@Parent() product: ProductRecord) {
    return product.photoHash
      ? `/api/v1/product/product-photo/${product._id}?v=${product.photoHash}`
      : null;
  }
}
