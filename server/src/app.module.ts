import { DynamicModule, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import { AuthModule } from './auth/auth.module';
import { CategoriesModule } from './categories/categories.module';
import { ChangesModule } from './changes/changes.module';
import { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { DatabaseEngineModule } from './database/database-engine';
import { SeedModule } from './database/seed/seed.module';
import { GraphqlApiModule } from './graphql/graphql-api.module';
import { HealthModule } from './health/health.module';
import { InsightsModule } from './insights/insights.module';
import { MetricsModule } from './observability/metrics.module';
import { RequestContextModule } from './observability/request-context';
import { OrdersModule } from './orders/orders.module';
import { ProductsModule } from './products/products.module';
import { UsersModule } from './users/users.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, mongoUri: string, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        // The request logger is mounted first of all in app.factory.ts; Nest's part only makes
        // each request's logger the one Nest's Logger writes to while the request runs.
        LoggerModule.forRoot({ pinoHttp: { logger }, useExisting: true }),
        RequestContextModule,
        // Command monitoring feeds the database timings of /metrics (observability/metrics.ts).
        MongooseModule.forRoot(mongoUri, {
          serverSelectionTimeoutMS: 10_000,
          monitorCommands: true,
        }),
        MetricsModule,
        DatabaseEngineModule,
        ChangesModule,
        UsersModule,
        AuthModule,
        CategoriesModule,
        ProductsModule,
        OrdersModule,
        InsightsModule,
        HealthModule,
        GraphqlApiModule,
        SeedModule,
      ],
    };
  }
}
