import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue';
import { UsersModule } from '../users';
import { LoaderFactory } from './loaders';

/**
 * Batched lookups by id, the one way records are joined to what they point at: GraphQL's
 * resolvers (a set of loaders per request) and REST's order presenter use the same.
 */
@Module({
  imports: [UsersModule, CatalogueModule],
  providers: [LoaderFactory],
  exports: [LoaderFactory],
})
export class LookupsModule {}
