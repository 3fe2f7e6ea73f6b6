import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly } from '../../auth';
import { CategoriesService } from './categories.service';
import { CategoryDto } from './category.dto';
import { CategoryType } from './category.types';
import { AS_A_FULL_PAGE, FieldCost } from '../../common/graphql/field-cost';

@Resolver(() => CategoryType)
export class CategoriesResolver {
  constructor(private readonly service: CategoriesService) {}

  @Query(() => [CategoryType], { description: 'All categories, by name' })
  @FieldCost({ maxItems: AS_A_FULL_PAGE })
  categories() {
    return this.service.list();
  }

  @Query(() => CategoryType, { nullable: true })
  category(@Args('slug') slug: string) {
    return this.service.findBySlug(slug);
  }

  @Mutation(() => CategoryType)
  @AdminOnly()
  createCategory(@Args('input') input: CategoryDto) {
    return this.service.create(input);
  }

  @Mutation(() => CategoryType)
  @AdminOnly()
  updateCategory(@Args('id', { type: () => ID }) id: string, @Args('input') input: CategoryDto) {
    return this.service.rename(id, input);
  }

  @Mutation(() => CategoryType, { description: 'Refused while the category holds products' })
  @AdminOnly()
  deleteCategory(@Args('id', { type: () => ID }) id: string) {
    return this.service.delete(id);
  }
}
