// What other modules may use of the catalogue (the boundary lint holds them to this file).
export { CatalogueModule } from './catalogue.module';
export { Catalogue } from './read-model/catalogue';
export { CachedResponses, EVERY_PRODUCT } from './read-model/cached-responses';
export { CategoriesService } from './categories/categories.service';
export type { CategoryRecord } from './records/category.schema';
export { Product, ProductSchema } from './records/product.schema';
export type { GalleryPhoto, ProductRecord, RatingSummary } from './records/product.schema';
export { firstPhoto, isProductPhoto } from './records/gallery';
export { ProductLocks } from './records/product-locks';
export { Inventory, variantOfLine } from './inventory/inventory.service';
export type { StockLine, StockOutcome } from './inventory/inventory.service';
export { chosenVariant, implicitVariantOf, variantName } from './variants/variant-grid';
export { SkuClaim, SkuClaimSchema } from './records/sku-claim.schema';
export { listedPriceOf } from './records/price-tag';
export { SkuClaims } from './variants/sku-claims';
export { ProductVariants } from './variants/product-variants.service';
export { ProductVariantType } from './variants/variant.types';
export { ProductReads } from './products/product-reads.service';
export { ProductWrites } from './products/product-writes.service';
export { UnusedPhotos } from './products/unused-photos';
export { ProductImports } from './products/product-imports.service';
export { ProductPhotoType, ProductType } from './products/product.types';
export { productAnswer } from './products/rest-v1/products.controller';
export { PRODUCT } from './products/rest-v1/product.answers';
export { pictureOf } from './products/gallery.types';
export { ProductPhotosService } from './photos/product-photos.service';
export { ProductPhoto, ProductPhotoSchema } from './photos/product-photo.schema';
export { PhotoUpload, PhotoUploadSchema, uploadOf } from './photos/photo-upload.schema';
export { ProductGallery } from './products/product-gallery.service';
export {
  PHOTO_SOURCES,
  photoFileName,
  photoFileUrl,
  largestPhotoUrl,
  renderPhoto,
  smallestPhotoUrl,
} from './photos/photo-variants';
export type { PhotoRenderer, RenderedPhoto } from './photos/photo-variants';
export { RENDERING_VERSION } from './photos/photo-variants';
