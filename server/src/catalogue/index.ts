// What other modules may use of the catalogue (the boundary lint holds them to this file).
export { CatalogueModule } from './catalogue.module';
export { Catalogue } from './read-model/catalogue';
export type { SortOrder } from './read-model/catalogue';
export { SORT_ORDERS } from './read-model/catalogue';
export { CachedResponses } from './read-model/cached-responses';
export { CategoriesService } from './categories/categories.service';
export { CategoryType } from './categories/category.types';
export { Category, CategorySchema } from './records/category.schema';
export type { CategoryRecord } from './records/category.schema';
export { Product, ProductSchema } from './records/product.schema';
export type { ProductRecord } from './records/product.schema';
export { ProductLocks } from './records/product-locks';
export { Inventory } from './inventory/inventory.service';
export type { StockLine, StockOutcome } from './inventory/inventory.service';
export { STOCK_LEVEL, stockLevelOf } from './inventory/stock-levels';
export type { StockLevel } from './inventory/stock-levels';
export { ProductReads, MAX_LOOKUP_IDS, MAX_RELATED } from './products/product-reads.service';
export type { ProductFilter } from './products/product-reads.service';
export { ProductWrites } from './products/product-writes.service';
export { UnusedPhotos } from './products/unused-photos';
export type { ProductInput } from './products/product-writes.service';
export { ProductType } from './products/product.types';
export { IMPORT_ERRORS_SHOWN } from './products/product-csv.service';
export { ProductPhotosService } from './photos/product-photos.service';
export { ProductPhoto, ProductPhotoSchema, photoOf } from './photos/product-photo.schema';
export { PhotoFile, PhotoFileSchema } from './photos/photo-file.schema';
export {
  PHOTO_SOURCES,
  photoFileName,
  photoFileUrl,
  largestPhotoUrl,
  renderPhoto,
} from './photos/photo-variants';
export type { PhotoRenderer, RenderedPhoto } from './photos/photo-variants';
export { PHOTO_UPLOAD_LIMIT } from './photos/photo-rules';
export { RENDERING_VERSION } from './photos/photo-variants';
