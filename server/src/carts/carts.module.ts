import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CatalogueModule } from '../catalogue';
import { AccountCarts } from './account-carts';
import { CartsResolver } from './carts.resolver';
import { CartsController } from './rest-v1/carts.controller';
import { SavedCart, SavedCartSchema } from './saved-cart.schema';

/** The cart kept on a signed-in shopper's account. */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: SavedCart.name, schema: SavedCartSchema }]),
    CatalogueModule,
  ],
  controllers: [CartsController],
  providers: [AccountCarts, CartsResolver],
})
export class CartsModule {}
