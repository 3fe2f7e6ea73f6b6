import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import { Global, Module } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import { AuthModule } from '../auth/auth.module';
import { TokenService } from '../auth/token.service';
import type { ShopRequest } from '../auth/viewer';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { CounterStore, RATE_LIMIT_STORE } from '../common/rate-limit/rate-limit.store';
import { CategoriesModule } from '../categories/categories.module';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ProductsModule } from '../products/products.module';
import { UsersModule } from '../users/users.module';
import { formatError } from './format-error';
import { CostBudget } from './cost-budget';
import { limitsPlugin } from './limits-plugin';
import { LoaderFactory } from './loaders';
import { limitRules, parseOptions } from './operation-limits';

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
      imports: [LoadersModule, AuthModule, RateLimitModule],
      inject: [APP_CONFIG, LoaderFactory, TokenService, RATE_LIMIT_STORE],
      useFactory: (
        config: AppConfig,
        loaders: LoaderFactory,
        tokens: TokenService,
        counters: CounterStore,
      ) => ({
        path: '/graphql',
        // Development writes schema.graphql for codegen; elsewhere it stays in memory.
        autoSchemaFile: config.schemaFile ?? true,
        sortSchema: true,
        playground: false,
        graphiql: false,
        introspection: config.graphql.introspection,
        csrfPrevention: true,
        includeStacktraceInErrorResponses: !config.production,
        parseOptions,
        validationRules: limitRules,
        plugins: [limitsPlugin(new CostBudget(config.graphql.costBudget, counters), tokens)],
        formatError: formatError(config.production),
        context: ({ req }: { req: ShopRequest }) => ({ req, loaders: loaders.create() }),
      }),
    }),
  ],
})
export class GraphqlApiModule {}
