import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
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
import { graphqlContext, noteStockShown, PublicQueries } from './public-queries';

/**
 * What Apollo's plugins share with the middleware in front of Apollo: one budget for Apollo's
 * pricing and for the catalogue answers given before it, and the public queries Apollo accepted.
 */
@Module({
  imports: [AuthModule, RateLimitModule],
  providers: [
    PublicQueries,
    {
      provide: CostBudget,
      inject: [APP_CONFIG, RATE_LIMIT_STORE, TokenService],
      useFactory: (config: AppConfig, counters: CounterStore, tokens: TokenService) =>
        new CostBudget(config.graphql.costBudget, counters, tokens),
    },
  ],
  exports: [CostBudget, PublicQueries],
})
class BeforeApolloModule {}

@Module({
  imports: [
    GraphQLModule.forRootAsync<ApolloDriverConfig>({
      driver: ApolloDriver,
      imports: [LookupsModule, BeforeApolloModule, CatalogueModule],
      inject: [APP_CONFIG, LoaderFactory, CostBudget, CachedResponses, PublicQueries],
      useFactory: (
        config: AppConfig,
        loaders: LoaderFactory,
        budget: CostBudget,
        answers: CachedResponses,
        queries: PublicQueries,
      ) => ({
        path: '/graphql',
        // Development writes schema.graphql for codegen; elsewhere it stays in memory.
        autoSchemaFile: config.schemaFile ?? true,
        sortSchema: true,
        buildSchemaOptions: { directives: [cacheControlDirective] },
        transformSchema: noteStockShown,
        playground: false,
        graphiql: false,
        introspection: config.graphql.introspection,
        csrfPrevention: true,
        includeStacktraceInErrorResponses: !config.production,
        parseOptions,
        validationRules: limitRules,
        plugins: [
          // Which answers are public is read from the document (public-queries.ts). Apollo
          // would otherwise install its own, which sends Cache-Control headers and wraps every
          // resolver to work the policy out field by field.
          ApolloServerPluginCacheControlDisabled(),
          limitsPlugin(budget),
          // After limitsPlugin, whose charge it stores with the answer.
          cachedResponsesPlugin(answers, queries),
          operationNamePlugin(),
        ],
        formatError: formatError(config.production),
        context: ({ req }: { req: ShopRequest }) => graphqlContext(req, loaders),
      }),
    }),
    BeforeApolloModule,
    CatalogueModule,
    LookupsModule,
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
