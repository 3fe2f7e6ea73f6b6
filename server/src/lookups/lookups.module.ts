import { Module } from '@nestjs/common';
import { CategoriesModule } from '../categories/categories.module';
import { ProductsModule } from '../products/products.module';
import { UsersModule } from '../users/users.module';
import { LoaderFactory } from './loaders';

/**
 * Batched lookups by id, the one way records are joined to what they point at: GraphQL's
 * resolvers (a set of loaders per request) and REST's order presenter use the same.
 */
@Module({
  imports: [UsersModule, CategoriesModule, ProductsModule],
  providers: [LoaderFactory],
  exports: [LoaderFactory],
})
export class LookupsModule {}
