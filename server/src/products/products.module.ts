import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CatalogueAnswerMiddleware } from '../catalogue/catalogue-answer.interceptor';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { CategoriesModule } from '../categories/categories.module';
import { ProductPhoto, ProductPhotoSchema } from './product-photo.schema';
import { ProductPhotosService } from './product-photos.service';
import { Product, ProductSchema } from './product.schema';
import { ProductsController } from './rest-v1/products.controller';
import { ProductsResolver } from './products.resolver';
import { ProductsService } from './products.service';

@Module({
  imports: [
    CatalogueModule,
    CategoriesModule,
    MongooseModule.forFeature([
      { name: Product.name, schema: ProductSchema },
      { name: ProductPhoto.name, schema: ProductPhotoSchema },
    ]),
  ],
  controllers: [ProductsController],
  providers: [ProductsService, ProductPhotosService, ProductsResolver],
  exports: [ProductsService, ProductPhotosService],
})
export class ProductsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Stored catalogue answers are sent before routing (see catalogue-answer.interceptor.ts).
    consumer.apply(CatalogueAnswerMiddleware).forRoutes(ProductsController);
  }
}
