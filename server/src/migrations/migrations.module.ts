import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import {
  CatalogueModule,
  PhotoUpload,
  PhotoUploadSchema,
  Product,
  ProductPhoto,
  ProductPhotoSchema,
  ProductSchema,
} from '../catalogue';
import { BuyerOrders, BuyerOrdersSchema, Order, OrderSchema, OrdersModule } from '../orders';
import { DemoCharge, DemoChargeSchema } from '../payments';
import { SettingsModule } from '../settings';
import { User, UserEmail, UserEmailSchema, UserSchema, UsersModule } from '../users';
import { MigrationRecord, MigrationRecordSchema } from './migration-record.schema';
import { Migrations } from './migrations.service';

/** Stored data brought up to the current shape: run by StartUp (start-up.ts) before recovery. */
@Module({
  imports: [
    CatalogueModule,
    UsersModule,
    OrdersModule,
    SettingsModule,
    MongooseModule.forFeature([
      { name: MigrationRecord.name, schema: MigrationRecordSchema },
      { name: Order.name, schema: OrderSchema },
      { name: BuyerOrders.name, schema: BuyerOrdersSchema },
      { name: DemoCharge.name, schema: DemoChargeSchema },
      { name: User.name, schema: UserSchema },
      { name: UserEmail.name, schema: UserEmailSchema },
      { name: Product.name, schema: ProductSchema },
      { name: ProductPhoto.name, schema: ProductPhotoSchema },
      { name: PhotoUpload.name, schema: PhotoUploadSchema },
    ]),
  ],
  providers: [Migrations],
  exports: [Migrations],
})
export class MigrationsModule {}
