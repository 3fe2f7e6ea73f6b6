import { DynamicModule, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import { AuthModule } from './auth';
import { CampaignsModule } from './campaigns';
import { ChangesModule } from './changes';
import { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { DatabaseEngineModule } from './database/database-engine';
import { DeliveryModule } from './delivery';
import { DemoGatewayModule } from './demo-gateway';
import { SeedModule } from './seed';
import { GraphqlApiModule } from './graphql/graphql-api.module';
import { HealthModule } from './health/health.module';
import { InsightsModule } from './insights';
import { MetricsModule } from './observability/metrics.module';
import { RequestContextModule } from './observability/request-context';
import { OffersModule } from './offers';
import { NotificationsModule } from './notifications';
import { PasswordResetModule } from './password-reset';
import { CartsModule } from './carts';
import { OrdersModule } from './orders';
import { ReviewsModule } from './reviews';
import { PaymentSettingsModule } from './payment-settings';
import { PlacesModule } from './places';
import { TaxModule } from './tax';
import { CatalogueModule } from './catalogue';
import { MigrationsModule } from './migrations';
import { StartUp } from './start-up';
import { UsersModule } from './users';
import { WishlistModule } from './wishlist';

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
        PlacesModule,
        UsersModule,
        AuthModule,
        CatalogueModule,
        PaymentSettingsModule,
        TaxModule,
        NotificationsModule,
        DeliveryModule,
        OffersModule,
        PasswordResetModule,
        CartsModule,
        OrdersModule,
        ReviewsModule,
        CampaignsModule,
        WishlistModule,
        InsightsModule,
        HealthModule,
        GraphqlApiModule,
        SeedModule,
        MigrationsModule,
        // A stand-in for Razorpay on the shop's own port, only when it is the gateway.
        ...(config.demoGateway ? [DemoGatewayModule.forRoot(config)] : []),
      ],
      providers: [StartUp],
    };
  }
}
