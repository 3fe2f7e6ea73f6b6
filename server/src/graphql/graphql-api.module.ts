import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import { Global, Module } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import type { ShopRequest } from '../auth/viewer';
import { CategoriesModule } from '../categories/categories.module';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ProductsModule } from '../products/products.module';
import { UsersModule } from '../users/users.module';
import { formatError } from './format-error';
import { LoaderFactory } from './loaders';
import { queryLimits } from './query-limits';

@Global()
@Module({
  imports: [UsersModule, CategoriesModule, ProductsModule],
  providers: [LoaderFactory],
  exports: [LoaderFactory],
})
class LoadersModule {}

@Module({
  imports: [
    GraphQLModule.forRootAsync<ApolloDriverConfig>({
      driver: ApolloDriver,
      imports: [LoadersModule],
      inject: [APP_CONFIG, LoaderFactory],
      useFactory: (config: AppConfig, loaders: LoaderFactory) => ({
        path: '/graphql',
        // Development writes schema.graphql for codegen; elsewhere it stays in memory.
        autoSchemaFile: config.schemaFile ?? true,
        sortSchema: true,
        playground: false,
        graphiql: false,
        introspection: true,
        csrfPrevention: true,
        includeStacktraceInErrorResponses: !config.production,
        validationRules: [queryLimits],
        formatError: formatError(config.production),
        context: ({ req }: { req: ShopRequest }) => ({ req, loaders: loaders.create() }),
      }),
    }),
  ],
})
export class GraphqlApiModule {}
