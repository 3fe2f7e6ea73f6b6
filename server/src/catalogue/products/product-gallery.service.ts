import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isDeepStrictEqual } from 'node:util';
import { Model, Types } from 'mongoose';
import { ChangeLog } from '../../changes';
import { toObjectId } from '../../common/object-id';
import { badInput, conflict, notFound } from '../../common/shop-error';
import { DatabaseEngine } from '../../database/database-engine';
import { PRODUCT_PHOTO_RULES } from '../../shared/rules';
import { reordered, withAdded, withAlt, without } from '../records/gallery';
import { ProductLocks } from '../records/product-locks';
import { GalleryPhoto, Product, ProductRecord } from '../records/product.schema';
import { GalleryPhotos, galleryPhotoOf } from './gallery-photos';
import { PRODUCT_NOT_FOUND } from './product-reads.service';

/**
 * The admin's edits of a product's photos: several added at once, put in order, one taken
 * off, alt text given. Each is all or nothing: a refused edit (a bad photo among several,
 * too many, an unknown photo) leaves the product and its photos as they were.
 */
@Injectable()
export class ProductGallery {
  constructor(
    @InjectModel(Product.name) private readonly products: Model<Product>,
    private readonly photos: GalleryPhotos,
    private readonly changes: ChangeLog,
    private readonly locks: ProductLocks,
    private readonly engine: DatabaseEngine,
  ) {}

  /** `uploads` after the photos the product has, in their order. */
  async add(id: string, uploads: Buffer[]): Promise<ProductRecord> {
    const _id = toObjectId(id, 'product id');
    if (uploads.length === 0) throw badInput(PRODUCT_PHOTO_RULES.noPhotos);
    if (uploads.length > PRODUCT_PHOTO_RULES.maxPhotos) throw badInput(PRODUCT_PHOTO_RULES.tooMany);
    // Refused before any photo is resized, as most refusals can be; the write checks again.
    const current = await this.products.findById(_id).select({ photos: 1 }).lean();
    if (!current) throw notFound(PRODUCT_NOT_FOUND);
    if (current.photos.length + uploads.length > PRODUCT_PHOTO_RULES.maxPhotos) {
      throw badInput(PRODUCT_PHOTO_RULES.tooMany);
    }
    const saved = await this.photos.prepare(_id, uploads);
    const { product } = await this.photos.showing(saved, () =>
      this.change(_id, (photos) => withAdded(photos, saved.map(galleryPhotoOf))),
    );
    return product;
  }

  /** The product's photos in the order `hashes` names them, the first its card's. */
  async reorder(id: string, hashes: string[]): Promise<ProductRecord> {
    const _id = toObjectId(id, 'product id');
    return (await this.change(_id, (photos) => reordered(photos, hashes))).product;
  }

  /** The photo `hash` taken off the product, and deleted unless another product shows it. */
  async remove(id: string, hash: string): Promise<ProductRecord> {
    const _id = toObjectId(id, 'product id');
    const { product, before } = await this.change(_id, (photos) => without(photos, hash));
    await this.photos.forget(before.filter((photo) => photo.hash === hash));
    return product;
  }

  /** `alt` as the alt text of the product's photo `hash`; '' for none. */
  async describe(id: string, hash: string, alt: string): Promise<ProductRecord> {
    const _id = toObjectId(id, 'product id');
    return (await this.change(_id, (photos) => withAlt(photos, hash, alt))).product;
  }

  /**
   * Writes the product's photos as `next` makes them of those stored, under its lock and on
   * condition that they are still those (another instance may have changed them meanwhile).
   */
  private async change(
    _id: Types.ObjectId,
    next: (photos: GalleryPhoto[]) => GalleryPhoto[],
  ): Promise<{ product: ProductRecord; before: GalleryPhoto[] }> {
    return this.changes.recording('product', String(_id), () =>
      this.locks.run(String(_id), async () => {
        const current = await this.products.findById(_id).lean();
        if (!current) throw notFound(PRODUCT_NOT_FOUND);
        const photos = next(current.photos);
        if (!isDeepStrictEqual(photos, current.photos)) {
          const written = await this.engine.updateIf(
            this.products,
            _id,
            { photos: current.photos },
            { $set: { photos } },
          );
          if (!written) throw conflict(PRODUCT_PHOTO_RULES.changedMeanwhile);
        }
        const product = await this.products.findById(_id).lean();
        if (!product) throw notFound(PRODUCT_NOT_FOUND);
        return { product, before: current.photos };
      }),
    );
  }
}
