import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { ProductPhotosService } from '../photos/product-photos.service';
import { isProductPhoto } from '../records/gallery';
import { Product } from '../records/product.schema';
import { GalleryPhotos } from './gallery-photos';

/**
 * How long a photo may wait for its product's write to settle it: a write takes a moment,
 * so a photo still pending after this was left by a process that stopped half way.
 */
export const UNSETTLED_PHOTO_GRACE_MS = 60 * 60 * 1000;

/**
 * Collects photos that no product came to show: those a process left pending when it stopped
 * between storing a product's photo and writing the product (a write that fails collects its
 * own photos at once, through GalleryPhotos). Runs at start and daily.
 */
@Injectable()
export class UnusedPhotos {
  constructor(
    @InjectModel(Product.name) private readonly products: Model<Product>,
    private readonly photos: ProductPhotosService,
    private readonly gallery: GalleryPhotos,
  ) {}

  /** Collects every photo pending for longer than `graceMs`; returns how many. */
  async collect(graceMs = UNSETTLED_PHOTO_GRACE_MS): Promise<number> {
    let collected = 0;
    for (const pending of await this.photos.pendingSince(new Date(Date.now() - graceMs))) {
      const { product: productId, hash, layout } = pending;
      const product = await this.products.findById(productId).select({ photos: 1 }).lean();
      if (!product || !isProductPhoto(product, hash)) {
        await this.gallery.forget([{ hash, layout, alt: '' }]);
        collected += 1;
      }
      await this.photos.dropPending(pending);
    }
    return collected;
  }
}
