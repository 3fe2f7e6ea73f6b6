import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { PhotoRenderer } from '../photos/photo-variants';
import { ProductPhotosService, SavedPhoto } from '../photos/product-photos.service';
import { GalleryPhoto, Product } from '../records/product.schema';

/** A photo just stored, as its product's list holds it: no alt text until the admin gives one. */
export const galleryPhotoOf = ({ hash, layout }: SavedPhoto): GalleryPhoto => ({
  hash,
  layout,
  alt: '',
});

/**
 * The photos of product writes: uploads stored before the write that shows them, settled
 * after it, collected when it fails; and photos a product no longer shows deleted unless
 * another product shows them. Every write that changes a product's photos goes through here.
 */
@Injectable()
export class GalleryPhotos {
  constructor(
    @InjectModel(Product.name) private readonly products: Model<Product>,
    private readonly photos: ProductPhotosService,
  ) {}

  /**
   * Checks and stores `uploads` for product `_id`, in order, before the write that shows
   * them. One bad upload stores none: those stored before it are collected and it refuses.
   * `render` resizes each (see photo-variants.ts); the seed puts a cache in front.
   */
  async prepare(
    _id: Types.ObjectId,
    uploads: Buffer[],
    render?: PhotoRenderer,
  ): Promise<SavedPhoto[]> {
    const saved: SavedPhoto[] = [];
    try {
      for (const bytes of uploads) {
        const photo = await this.photos.prepare(_id, bytes, render);
        saved.push(photo);
        // Kept before the product is written, so the product never lacks its upload.
        await this.photos.keepUpload(photo);
      }
    } catch (error) {
      await this.collect(saved);
      throw error;
    }
    return saved;
  }

  /**
   * Runs the write that shows `saved`; settles them once it is written, or collects them
   * (unless another product shows the same photo) when it fails.
   */
  async showing<T>(saved: SavedPhoto[], write: () => Promise<T>): Promise<T> {
    let written: T;
    try {
      written = await write();
    } catch (error) {
      await this.collect(saved);
      throw error;
    }
    for (const photo of saved) await this.photos.settle(photo);
    return written;
  }

  /**
   * Deletes the photos a product showed before a write took them off it, unless another
   * product shows the same photo. That check reads the whole collection on the embedded
   * engine; it runs only on these rare admin writes.
   */
  async forget(photos: readonly GalleryPhoto[]): Promise<void> {
    for (const { hash, layout } of photos) {
      await this.photos.forget(hash, layout, () => this.shown(hash));
    }
  }

  /** Whether any product shows the photo `hash`. */
  async shown(hash: string): Promise<boolean> {
    return Boolean(await this.products.exists({ 'photos.hash': hash }));
  }

  /** No product came to show these: they go, rather than wait for UnusedPhotos. */
  private async collect(saved: SavedPhoto[]): Promise<void> {
    await this.forget(saved.map(galleryPhotoOf));
    for (const photo of saved) await this.photos.settle(photo);
  }
}
