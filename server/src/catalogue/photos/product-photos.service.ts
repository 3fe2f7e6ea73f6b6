import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { LRUCache } from 'lru-cache';
import { Model, Types } from 'mongoose';
import { insertNew, upsertRacing } from '../../common/natural-key';
import { PendingPhoto, pendingPhotoId } from './pending-photo.schema';
import { PhotoFile } from './photo-file.schema';
import { checkPhoto } from './photo-rules';
import {
  PhotoLayout,
  photoFileNames,
  PhotoRenderer,
  RenderedPhoto,
  renderPhoto,
} from './photo-variants';
import { photoOf, ProductPhoto } from './product-photo.schema';

export interface StoredFile {
  data: Buffer;
  contentType: string;
}

/** Lean documents hold BSON Binary; the HTTP layer wants a Buffer. */
const bufferOf = (data: unknown): Buffer =>
  Buffer.isBuffer(data) ? data : Buffer.from((data as { buffer: Uint8Array }).buffer);

/** The upload as stored under its product's id, with the hash that names its files. */
export interface StoredPhoto extends StoredFile {
  hash: string;
}

export interface SavedPhoto {
  hash: string;
  layout: PhotoLayout;
  upload: ProductPhoto;
}

/** The bytes of resized files kept in memory, most recently served first. */
const HOT_FILES_BYTES = 32 * 1024 * 1024;

/**
 * A product's photo is stored twice: as uploaded, keyed by the product's id (see
 * ProductPhoto), for the REST API's photo URL; and resized (see photo-variants.ts) into
 * files named by the upload's hash, which the storefront shows. Every read is by `_id`.
 */
@Injectable()
export class ProductPhotosService {
  private readonly hotFiles = new LRUCache<string, StoredFile>({
    maxSize: HOT_FILES_BYTES,
    sizeCalculation: (file) => file.data.length,
  });

  constructor(
    @InjectModel(ProductPhoto.name) private readonly photos: Model<ProductPhoto>,
    @InjectModel(PhotoFile.name) private readonly files: Model<PhotoFile>,
    @InjectModel(PendingPhoto.name) private readonly pending: Model<PendingPhoto>,
  ) {}

  /**
   * Checks the bytes first, then stores the resized files; returns the content hash that
   * names them, the layout the storefront's markup needs and the upload, still to be kept
   * (keepUpload) once the product shows it.
   */
  async prepare(
    product: Types.ObjectId,
    bytes: Buffer,
    render: PhotoRenderer = renderPhoto,
  ): Promise<SavedPhoto> {
    const upload = photoOf(product, bytes, await checkPhoto(bytes));
    const rendered = await render(upload.hash, bytes);
    // Recorded before anything is stored, so a stop from here on leaves a record to collect by.
    const pending: PendingPhoto = {
      _id: pendingPhotoId(product, upload.hash),
      product,
      hash: upload.hash,
      layout: rendered.layout,
      at: new Date(),
    };
    await upsertRacing(() =>
      this.pending.updateOne({ _id: pending._id }, { $set: pending }, { upsert: true }),
    );
    await this.storeFiles(rendered);
    return { hash: upload.hash, layout: rendered.layout, upload };
  }

  /** The product's write is over, shown or collected: its photo is no longer pending. */
  async settle(saved: SavedPhoto): Promise<void> {
    await this.pending.deleteOne({ _id: pendingPhotoId(saved.upload._id, saved.hash) });
  }

  /** Photos prepared before `before` whose product write never settled them. */
  async pendingSince(before: Date): Promise<PendingPhoto[]> {
    // The collection holds only writes under way or cut off: a few documents at most.
    return this.pending.find({ at: { $lt: before } }).lean();
  }

  /** Forgets a pending record once its photo is dealt with. */
  async dropPending(pending: PendingPhoto): Promise<void> {
    await this.pending.deleteOne({ _id: pending._id });
  }

  /** Keeps the upload under its product's id, for the REST API's photo URL. */
  async keepUpload({ upload }: SavedPhoto): Promise<void> {
    const { _id, ...photo } = upload;
    await upsertRacing(() => this.photos.updateOne({ _id }, { $set: photo }, { upsert: true }));
  }

  /**
   * Stores the files of a rendered photo. Files of the same content are the same
   * bytes, so a file already stored (the same photo on another product, or a second
   * instance doing the same work) is kept as it is.
   */
  async storeFiles(rendered: RenderedPhoto): Promise<RenderedPhoto> {
    await insertNew(
      this.files,
      rendered.files.map(({ name, data, contentType }) => ({ _id: name, data, contentType })),
    );
    return rendered;
  }

  /** A resized file by name, from memory when it was served lately. */
  async file(name: string): Promise<StoredFile | null> {
    const hot = this.hotFiles.get(name);
    if (hot) return hot;
    const stored = await this.files.findById(name).lean();
    if (!stored) return null;
    const file = { data: bufferOf(stored.data), contentType: stored.contentType };
    this.hotFiles.set(name, file);
    return file;
  }

  /**
   * Deletes the files named by `hash` unless `stillShown` says a product still shows them;
   * asked after the product that showed them has moved on, so a later upload of the same
   * photo finds them missing only if it raced this very call.
   */
  async forgetFiles(hash: string, layout: PhotoLayout, stillShown: () => Promise<boolean>) {
    if (await stillShown()) return;
    for (const name of photoFileNames(hash, layout)) {
      this.hotFiles.delete(name);
      // One by `_id` at a time: the embedded engine scans the collection for an `$in`.
      await this.files.deleteOne({ _id: name });
    }
  }

  async find(product: Types.ObjectId): Promise<StoredPhoto | null> {
    const photo = await this.photos.findById(product).lean();
    if (!photo) return null;
    return { data: bufferOf(photo.data), contentType: photo.contentType, hash: photo.hash };
  }

  async delete(product: Types.ObjectId): Promise<void> {
    await this.photos.deleteOne({ _id: product });
  }
}
