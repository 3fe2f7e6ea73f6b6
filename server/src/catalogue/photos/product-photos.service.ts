import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { LRUCache } from 'lru-cache';
import { Model, Types } from 'mongoose';
import { insertNew, upsertRacing } from '../../common/natural-key';
import { ownBytes } from '../../common/own-bytes';
import { PendingPhoto, pendingPhotoId } from './pending-photo.schema';
import { PhotoFile } from './photo-file.schema';
import { checkPhoto } from './photo-rules';
import { PhotoUpload, uploadOf } from './photo-upload.schema';
import {
  PhotoLayout,
  photoFileNames,
  PhotoRenderer,
  RenderedPhoto,
  renderPhoto,
} from './photo-variants';

export interface StoredFile {
  data: Buffer;
  contentType: string;
}

/** Lean documents hold BSON Binary; the HTTP layer wants a Buffer. */
const bufferOf = (data: unknown): Buffer =>
  ownBytes(Buffer.isBuffer(data) ? data : (data as { buffer: Uint8Array }).buffer);

/** An upload as stored, with the hash that names it and its files. */
export interface StoredPhoto extends StoredFile {
  hash: string;
}

/** A photo checked and stored for `product`, pending until the product's write settles it. */
export interface SavedPhoto {
  product: Types.ObjectId;
  hash: string;
  layout: PhotoLayout;
  upload: PhotoUpload;
}

/** The bytes of resized files kept in memory, most recently served first. */
const HOT_FILES_BYTES = 32 * 1024 * 1024;

/**
 * A photo is stored twice, both named by the sha256 of the upload: as uploaded (PhotoUpload),
 * for the REST API's photo URL; and resized (see photo-variants.ts) into files, which the
 * storefront shows. Every read is by `_id`.
 */
@Injectable()
export class ProductPhotosService {
  private readonly hotFiles = new LRUCache<string, StoredFile>({
    maxSize: HOT_FILES_BYTES,
    sizeCalculation: (file) => file.data.length,
  });

  constructor(
    @InjectModel(PhotoUpload.name) private readonly uploads: Model<PhotoUpload>,
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
    const upload = uploadOf(bytes, await checkPhoto(bytes));
    const hash = upload._id;
    const rendered = await render(hash, bytes);
    // Recorded before anything is stored, so a stop from here on leaves a record to collect by.
    const pending: PendingPhoto = {
      _id: pendingPhotoId(product, hash),
      product,
      hash,
      layout: rendered.layout,
      at: new Date(),
    };
    await upsertRacing(() =>
      this.pending.updateOne({ _id: pending._id }, { $set: pending }, { upsert: true }),
    );
    await this.storeFiles(rendered);
    return { product, hash, layout: rendered.layout, upload };
  }

  /** The product's write is over, shown or collected: its photo is no longer pending. */
  async settle(saved: SavedPhoto): Promise<void> {
    await this.pending.deleteOne({ _id: pendingPhotoId(saved.product, saved.hash) });
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

  /**
   * Keeps the upload, for the REST API's photo URL. Named by content, one already stored
   * (the same photo on another product) is the same bytes and stays as it is.
   */
  async keepUpload({ upload }: SavedPhoto): Promise<void> {
    await insertNew(this.uploads, [upload]);
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
   * Deletes the photo named by `hash`, its upload and its files (none for a photo stored
   * before resizing: `layout` null), unless `stillShown` says a product still shows it;
   * asked after the product that showed it has moved on, so a later upload of the same photo
   * finds it missing only if it raced this very call.
   */
  async forget(hash: string, layout: PhotoLayout | null, stillShown: () => Promise<boolean>) {
    if (await stillShown()) return;
    for (const name of layout ? photoFileNames(hash, layout) : []) {
      this.hotFiles.delete(name);
      // One by `_id` at a time: the embedded engine scans the collection for an `$in`.
      await this.files.deleteOne({ _id: name });
    }
    await this.uploads.deleteOne({ _id: hash });
  }

  /** The upload named by `hash`, as stored. */
  async upload(hash: string): Promise<StoredPhoto | null> {
    const photo = await this.uploads.findById(hash).lean();
    if (!photo) return null;
    return { data: bufferOf(photo.data), contentType: photo.contentType, hash };
  }
}
