import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CategoriesResolver } from './categories/categories.resolver';
import { CategoriesService } from './categories/categories.service';
import { CategoriesController } from './categories/rest-v1/categories.controller';
import { Inventory } from './inventory/inventory.service';
import { PendingPhoto, PendingPhotoSchema } from './photos/pending-photo.schema';
import { PhotoFile, PhotoFileSchema } from './photos/photo-file.schema';
import { PhotosController } from './photos/photos.controller';
import { PhotoUpload, PhotoUploadSchema } from './photos/photo-upload.schema';
import { ProductPhotosService } from './photos/product-photos.service';
import { GalleryPhotos } from './products/gallery-photos';
import { ProductGallery } from './products/product-gallery.service';
import { ProductGalleryResolver } from './products/product-gallery.resolver';
import { ProductCsvService } from './products/product-csv.service';
import { ProductImportResolver } from './products/product-import.resolver';
import { ProductImport, ProductImportSchema } from './products/product-import.schema';
import { TaxModule } from '../tax';
import { ProductImports } from './products/product-imports.service';
import { ProductReads } from './products/product-reads.service';
import { ProductWrites } from './products/product-writes.service';
import { ProductsResolver } from './products/products.resolver';
import { UnusedPhotos } from './products/unused-photos';
import { ProductCsvController } from './products/rest-v1/product-csv.controller';
import { ProductsController } from './products/rest-v1/products.controller';
import { ProductVariantsController } from './products/rest-v1/product-variants.controller';
import { ProductPhotosController } from './products/rest-v1/product-photos.controller';
import {
  CachedResponseInterceptor,
  CachedResponseMiddleware,
} from './read-model/cached-response.interceptor';
import { CachedResponses } from './read-model/cached-responses';
import { Catalogue } from './read-model/catalogue';
import { Category, CategorySchema } from './records/category.schema';
import { ProductLocks } from './records/product-locks';
import { Product, ProductSchema } from './records/product.schema';
import { SkuClaim, SkuClaimSchema } from './records/sku-claim.schema';
import { SkuClaims } from './variants/sku-claims';
import { ProductVariants } from './variants/product-variants.service';
import { ProductVariantsResolver } from './products/product-variants.resolver';
import { VariantPriceResolver } from './products/variant-price.resolver';

/**
 * The catalogue: products and categories, their photos and their stock. Inside, each part
 * imports only those below it: products -> variants -> categories -> inventory -> read-model
 * -> records -> photos (docs/architecture.md).
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Product.name, schema: ProductSchema },
      { name: Category.name, schema: CategorySchema },
      { name: PhotoUpload.name, schema: PhotoUploadSchema },
      { name: PhotoFile.name, schema: PhotoFileSchema },
      { name: PendingPhoto.name, schema: PendingPhotoSchema },
      { name: ProductImport.name, schema: ProductImportSchema },
      { name: SkuClaim.name, schema: SkuClaimSchema },
    ]),
    TaxModule,
  ],
  controllers: [
    ProductsController,
    ProductVariantsController,
    ProductPhotosController,
    PhotosController,
    ProductCsvController,
    CategoriesController,
  ],
  providers: [
    Catalogue,
    CachedResponses,
    CachedResponseInterceptor,
    ProductLocks,
    ProductPhotosService,
    Inventory,
    SkuClaims,
    CategoriesService,
    CategoriesResolver,
    ProductReads,
    ProductWrites,
    GalleryPhotos,
    ProductGallery,
    ProductsResolver,
    ProductVariants,
    ProductVariantsResolver,
    ProductGalleryResolver,
    VariantPriceResolver,
    ProductCsvService,
    ProductImports,
    ProductImportResolver,
    UnusedPhotos,
  ],
  exports: [
    Catalogue,
    CachedResponses,
    ProductLocks,
    ProductPhotosService,
    Inventory,
    SkuClaims,
    ProductVariants,
    CategoriesService,
    ProductReads,
    ProductWrites,
    ProductGallery,
    ProductImports,
    UnusedPhotos,
  ],
})
export class CatalogueModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Cached catalogue responses are sent before routing (see cached-response.interceptor.ts).
    consumer.apply(CachedResponseMiddleware).forRoutes(ProductsController);
  }
}
