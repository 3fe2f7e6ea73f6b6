import { DynamicModule, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuthModule } from './auth/auth.module';
import { CategoriesModule } from './categories/categories.module';
import { ChangesModule } from './changes/changes.module';
import { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { SeedModule } from './database/seed/seed.module';
import { GraphqlApiModule } from './graphql/graphql-api.module';
import { HealthModule } from './health/health.module';
import { OrdersModule } from './orders/orders.module';
import { ProductsModule } from './products/products.module';
import { UsersModule } from './users/users.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, mongoUri: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        MongooseModule.forRoot(mongoUri, { serverSelectionTimeoutMS: 10_000 }),
        ChangesModule,
        UsersModule,
        AuthModule,
        CategoriesModule,
        ProductsModule,
        OrdersModule,
        HealthModule,
        GraphqlApiModule,
        SeedModule,
      ],
    };
  }
}
