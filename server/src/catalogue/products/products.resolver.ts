import { Args, ID, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import { AdminOnly } from '../../auth';
import { CategoryType } from '../categories/category.types';
import { StorefrontPageArgs } from '../../common/page-type';
import { pageRequest } from '../../common/pagination';
import { readUpload } from '../../common/graphql/upload';
import { PHOTO_UPLOAD_LIMIT } from '../photos/photo-rules';
import { ProductFormDto } from './product.dto';
import { boundsInPaise, priceInPaise } from './product-prices';
import {
  PRODUCT_SORT,
  ProductChangesInput,
  ProductFacetsType,
  ProductFilterInput,
  ProductPageType,
  ProductPhotoType,
  ProductType,
  SearchSuggestionsType,
} from './product.types';
import type { SortOrder } from '../read-model/catalogue';
import { firstPhoto } from '../records/gallery';
import { pictureOf } from './gallery.types';
import { STOCK_LEVEL } from '../records/stock-levels';
import {
  MAX_LOOKUP_IDS,
  MAX_RELATED,
  ProductFilter,
  ProductReads,
  RELATED_LIMIT,
} from './product-reads.service';
import { ProductWrites } from './product-writes.service';
import type { ProductRecord } from '../records/product.schema';
import { CategoriesService } from '../categories/categories.service';
import { atMost, FieldCost } from '../../common/graphql/field-cost';

function filterOf(filter?: ProductFilterInput | null, search?: string | null): ProductFilter {
  return { ...(filter && boundsInPaise(filter)), search: search ?? undefined };
}

@Resolver(() => ProductType)
export class ProductsResolver {
  constructor(
    private readonly reads: ProductReads,
    private readonly writes: ProductWrites,
    private readonly categories: CategoriesService,
  ) {}

  @Query(() => ProductPageType, {
    description:
      'At most 50 a page; best match first with a search, newest first without, unless sorted',
  })
  products(
    @Args() { page, pageSize }: StorefrontPageArgs,
    @Args('filter', { type: () => ProductFilterInput, nullable: true }) filter?: ProductFilterInput,
    @Args('search', {
      type: () => String,
      nullable: true,
      description: 'Words in names and descriptions; prefixes match, typos are forgiven',
    })
    search?: string,
    @Args('sort', { type: () => PRODUCT_SORT, nullable: true }) sort?: SortOrder,
  ) {
    return this.reads.page(
      pageRequest(page, pageSize),
      filterOf(filter, search),
      sort ?? undefined,
    );
  }

  @Query(() => ProductFacetsType, {
    description: 'The counts beside the filter; ask it in the same operation as the page',
  })
  productFacets(
    @Args('filter', { type: () => ProductFilterInput, nullable: true }) filter?: ProductFilterInput,
    @Args('search', { type: () => String, nullable: true }) search?: string,
  ) {
    return this.reads.facets(filterOf(filter, search));
  }

  @Query(() => SearchSuggestionsType, {
    description: 'What to offer while a search is typed; nothing before 2 characters',
  })
  @FieldCost({ searches: true })
  searchSuggestions(@Args('text') text: string) {
    return this.reads.suggestions(text);
  }

  @Query(() => ProductType, { nullable: true })
  product(@Args('slug') slug: string) {
    return this.reads.findBySlug(slug);
  }

  @Query(() => [ProductType], {
    description: 'The products with these ids that still exist, e.g. to check a cart',
  })
  @FieldCost({ maxItems: (args) => atMost((args.ids as unknown[]).length, MAX_LOOKUP_IDS) })
  productsByIds(@Args('ids', { type: () => [ID] }) ids: string[]) {
    return this.reads.findByIdStrings(ids);
  }

  @Query(() => [ProductType], { description: 'Other products of the same category' })
  @FieldCost({ maxItems: (args) => atMost(args.limit, MAX_RELATED) })
  relatedProducts(
    @Args('productId', { type: () => ID }) productId: string,
    @Args('limit', { type: () => Int, defaultValue: RELATED_LIMIT }) limit: number,
  ) {
    return this.reads.related(productId, Math.min(Math.max(limit, 1), MAX_RELATED));
  }

  @Mutation(() => ProductType)
  @AdminOnly()
  async createProduct(
    @Args('input') input: ProductFormDto,
    @Args('photo', { type: () => GraphQLUpload, nullable: true })
    photo?: Promise<FileUpload> | null,
  ) {
    const upload = await readUpload(photo, PHOTO_UPLOAD_LIMIT);
    return this.writes.create(
      priceInPaise({ ...input, shipping: input.shipping ?? false }),
      upload ? [upload] : [],
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
    return this.writes.update(id, priceInPaise(input), await readUpload(photo, PHOTO_UPLOAD_LIMIT));
  }

  @Mutation(() => ProductType)
  @AdminOnly()
  deleteProduct(@Args('id', { type: () => ID }) id: string) {
    return this.writes.delete(id);
  }

  @ResolveField(() => CategoryType, { nullable: true })
  category(@Parent() product: ProductRecord) {
    // From the catalogue in memory: no lookup to batch.
    return this.categories.findByIds([product.category])[0] ?? null;
  }

  @ResolveField(() => STOCK_LEVEL, { description: 'Out of stock, low in stock, or in stock' })
  stockLevel(@Parent() product: ProductRecord) {
    return this.reads.stockLevel(product);
  }

  @ResolveField(() => String, {
    nullable: true,
    description:
      'The first photo as uploaded; changes whenever it does, so it can be cached for good',
  })
  photoUrl(@Parent() product: ProductRecord) {
    const first = firstPhoto(product);
    return first ? `/api/v1/product/product-photo/${product._id}?v=${first.hash}` : null;
  }

  @FieldCost({ free: true })
  @ResolveField(() => ProductPhotoType, {
    nullable: true,
    description:
      "The first photo (the card's); null without a photo, and for a photo not resized yet: show photoUrl then",
  })
  photo(@Parent() product: ProductRecord): ProductPhotoType | null {
    const first = firstPhoto(product);
    return first && pictureOf(first.hash, first.layout);
  }
}
