import { ApolloServerPluginCacheControl } from '@apollo/server/plugin/cacheControl';
import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import { AuthModule, TokenService } from '../auth';
import type { ShopRequest } from '../auth';
import { CatalogueModule, CachedResponses } from '../catalogue';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { CounterStore, RATE_LIMIT_STORE } from '../common/rate-limit/rate-limit.store';
import { APP_CONFIG, AppConfig } from '../config/config';
import { cacheControlDirective } from '../common/graphql/cache-hints';
import { GraphqlCachedResponseMiddleware, cachedResponsesPlugin } from './cached-responses';
import { formatError } from './format-error';
import { CostBudget } from './cost-budget';
import { limitsPlugin } from './limits-plugin';
import { LoaderFactory, LookupsModule } from '../lookups';
import { limitRules, parseOptions } from './operation-limits';
import { operationNamePlugin } from './operation-name-plugin';

/** One budget for Apollo's pricing and for the cached catalogue responses served before it. */
@Module({
  imports: [AuthModule, RateLimitModule],
  providers: [
    {
      provide: CostBudget,
      inject: [APP_CONFIG, RATE_LIMIT_STORE, TokenService],
      useFactory: (config: AppConfig, counters: CounterStore, tokens: TokenService) =>
        new CostBudget(config.graphql.costBudget, counters, tokens),
    },
  ],
  exports: [CostBudget],
})
class CostBudgetModule {}

@Module({
  imports: [
    GraphQLModule.forRootAsync<ApolloDriverConfig>({
      driver: ApolloDriver,
      imports: [LookupsModule, CostBudgetModule, CatalogueModule],
      inject: [APP_CONFIG, LoaderFactory, CostBudget, CachedResponses],
      useFactory: (
        config: AppConfig,
        loaders: LoaderFactory,
        budget: CostBudget,
        answers: CachedResponses,
      ) => ({
        path: '/graphql',
        // Development writes schema.graphql for codegen; elsewhere it stays in memory.
        autoSchemaFile: config.schemaFile ?? true,
        sortSchema: true,
        buildSchemaOptions: { directives: [cacheControlDirective] },
        playground: false,
        graphiql: false,
        introspection: config.graphql.introspection,
        csrfPrevention: true,
        includeStacktraceInErrorResponses: !config.production,
        parseOptions,
        validationRules: limitRules,
        plugins: [
          // Works out which answers are public (see cached-responses.ts); sends no header.
          ApolloServerPluginCacheControl({ calculateHttpHeaders: false }),
          limitsPlugin(budget),
          // After limitsPlugin, whose charge it stores with the answer.
          cachedResponsesPlugin(answers),
          operationNamePlugin(),
        ],
        formatError: formatError(config.production),
        context: ({ req }: { req: ShopRequest }) => ({ req, loaders: loaders.create() }),
      }),
    }),
    CostBudgetModule,
    CatalogueModule,
  ],
  providers: [GraphqlCachedResponseMiddleware],
})
export class GraphqlApiModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Nest's middleware runs before Apollo's, which GraphQLModule mounts when it starts.
    consumer
      .apply(GraphqlCachedResponseMiddleware)
      .forRoutes({ path: 'graphql', method: RequestMethod.POST });
  }
}
