import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CatalogueAnswerMiddleware } from '../catalogue/catalogue-answer.interceptor';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { CategoriesModule } from '../categories/categories.module';
import { PhotoFile, PhotoFileSchema } from './photo-file.schema';
import { PhotosController } from './photos.controller';
import { ProductPhoto, ProductPhotoSchema } from './product-photo.schema';
import { ProductCsvService } from './product-csv.service';
import { ProductImportResolver } from './product-import.resolver';
import { ProductPhotosService } from './product-photos.service';
import { Product, ProductSchema } from './product.schema';
import { ProductCsvController } from './rest-v1/product-csv.controller';
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
      { name: PhotoFile.name, schema: PhotoFileSchema },
    ]),
  ],
  controllers: [ProductsController, PhotosController, ProductCsvController],
  providers: [
    ProductsService,
    ProductPhotosService,
    ProductsResolver,
    ProductCsvService,
    ProductImportResolver,
  ],
  exports: [ProductsService, ProductPhotosService],
})
export class ProductsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Stored catalogue answers are sent before routing (see catalogue-answer.interceptor.ts).
    consumer.apply(CatalogueAnswerMiddleware).forRoutes(ProductsController);
  }
}
