import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CatalogueModule } from '../catalogue';
import { WishlistController } from './rest-v1/wishlist.controller';
import { Wishlist, WishlistSchema } from './wishlist.schema';
import { WishlistResolver } from './wishlist.resolver';
import { Wishlists } from './wishlists';

/** The products a signed-in shopper hearted (docs: README, "Wishlist"). */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: Wishlist.name, schema: WishlistSchema }]),
    CatalogueModule,
  ],
  controllers: [WishlistController],
  providers: [Wishlists, WishlistResolver],
  exports: [Wishlists],
})
export class WishlistModule {}
