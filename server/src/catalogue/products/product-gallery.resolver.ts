import { Args, ID, Mutation, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import { AdminOnly } from '../../auth';
import { FieldCost } from '../../common/graphql/field-cost';
import { readUploads } from '../../common/graphql/upload';
import { PRODUCT_PHOTO_RULES } from '../../shared/rules';
import { PHOTO_UPLOAD_LIMIT } from '../photos/photo-rules';
import type { ProductRecord } from '../records/product.schema';
import { GalleryPhotoType, galleryPhotoType } from './gallery.types';
import { ProductGallery } from './product-gallery.service';
import { ProductType } from './product.types';

/** A product's photos, and the admin's edits of them (ProductGallery). */
@Resolver(() => ProductType)
export class ProductGalleryResolver {
  constructor(private readonly gallery: ProductGallery) {}

  @FieldCost({ maxItems: PRODUCT_PHOTO_RULES.maxPhotos, free: true })
  @ResolveField(() => [GalleryPhotoType], {
    description: 'Every photo in order, the first the one `photo` gives; at most 8',
  })
  photos(@Parent() product: ProductRecord): GalleryPhotoType[] {
    return product.photos.map(galleryPhotoType);
  }

  @Mutation(() => ProductType, {
    description: 'Adds photos after those the product has (at most 8 in all); all or none',
  })
  @AdminOnly()
  async addProductPhotos(
    @Args('id', { type: () => ID }) id: string,
    @Args('photos', { type: () => [GraphQLUpload] }) photos: Promise<FileUpload>[],
  ) {
    return this.gallery.add(id, await readUploads(photos, PHOTO_UPLOAD_LIMIT));
  }

  @Mutation(() => ProductType, {
    description: "Puts the product's photos in this order (every photo's hash once)",
  })
  @AdminOnly()
  reorderProductPhotos(
    @Args('id', { type: () => ID }) id: string,
    @Args('order', { type: () => [ID] }) order: string[],
  ) {
    return this.gallery.reorder(id, order);
  }

  @Mutation(() => ProductType, { description: 'Takes one photo off the product' })
  @AdminOnly()
  deleteProductPhoto(
    @Args('id', { type: () => ID }) id: string,
    @Args('hash', { type: () => ID }) hash: string,
  ) {
    return this.gallery.remove(id, hash);
  }

  @Mutation(() => ProductType, {
    description: `Sets one photo's alt text, at most ${PRODUCT_PHOTO_RULES.alt.maxLength} characters; '' for none`,
  })
  @AdminOnly()
  setProductPhotoAlt(
    @Args('id', { type: () => ID }) id: string,
    @Args('hash', { type: () => ID }) hash: string,
    @Args('alt') alt: string,
  ) {
    return this.gallery.describe(id, hash, alt);
  }
}
