import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import { Category } from './category.schema';
import type { PhotoLayout } from '../photos/photo-variants';

/** One of a product's options, such as Size, with its values in the order the shop shows them. */
@Schema({ _id: false })
export class ProductOption {
  @Prop({ required: true })
  name: string;

  @Prop({ type: [String], required: true })
  values: string[];
}
const ProductOptionSchema = SchemaFactory.createForClass(ProductOption);

/**
 * One combination of option values the shop sells, with its own SKU, price and stock. A product
 * without options has exactly one, with no values: the product itself.
 */
@Schema({ _id: false })
export class ProductVariant {
  /** Stable while the variant lives: carts and order lines name it. */
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  _id: Types.ObjectId;

  /** Unique in the shop (SkuClaims), stored upper case. */
  @Prop({ required: true })
  sku: string;

  /** One value of each of the product's options, in the options' order. */
  @Prop({ type: [String], default: [] })
  values: string[];

  /** Whole paise. */
  @Prop({ required: true, min: 0, validate: Number.isInteger })
  price: number;

  /** Maximum retail price in whole paise, at least the price; null when none is printed. */
  @Prop({ type: Number, default: null })
  mrp: number | null;

  /** Units in stock; only ever lowered by a conditional update, so never below zero. */
  @Prop({ required: true, min: 0 })
  quantity: number;

  /** False for a combination the shop shows but does not sell now. */
  @Prop({ required: true, default: true })
  onSale: boolean;

  /** Content hash of the product photo that shows this variant, or null for the product's. */
  @Prop({ type: String, default: null })
  photoHash: string | null;
}
const ProductVariantSchema = SchemaFactory.createForClass(ProductVariant);

@Schema({ timestamps: true, versionKey: false, collection: 'products' })
export class Product {
  @Prop({ required: true, trim: true })
  name: string;

  @Prop({ required: true, unique: true, lowercase: true })
  slug: string;

  @Prop({ required: true })
  description: string;

  /**
   * Whole paise; the APIs speak rupees (see product-prices.ts). The first variant's price,
   * written with the variants, for the REST contract's one price.
   */
  @Prop({
    required: true,
    min: 0,
    validate: { validator: Number.isInteger, message: 'price must be whole paise' },
  })
  price: number;

  /**
   * Marks a price kept in paise; products stored by earlier versions, in rupees, lack it
   * until the migration productPricesInPaise (migrations/) converts them.
   */
  @Prop({ type: String, enum: ['paise'], default: 'paise', select: false })
  priceIn: 'paise';

  @Prop({ type: SchemaTypes.ObjectId, ref: Category.name, required: true })
  category: Types.ObjectId;

  /**
   * Units in stock of all the variants together: every write of a variant's stock changes it
   * by as much, in the same document write.
   */
  @Prop({ required: true, min: 0 })
  quantity: number;

  /** Up to VARIANT_RULES.maxOptions; empty for a product sold one way. */
  @Prop({ type: [ProductOptionSchema], default: [] })
  options: ProductOption[];

  /**
   * What the product sells, at least one; products stored before variants get theirs from
   * the migration productVariants.
   */
  @Prop({ type: [ProductVariantSchema], default: [] })
  variants: ProductVariant[];

  @Prop({ required: true, default: false })
  shipping: boolean;

  /** The name in Hindi, which Hindi pages show in place of `name`; null while not given. */
  @Prop({ type: String, default: null })
  nameHi?: string | null;

  /** The description in Hindi, for Hindi pages; null while not given. */
  @Prop({ type: String, default: null })
  descriptionHi?: string | null;

  /** HSN code for GST (4, 6 or 8 digits); null while not given. */
  @Prop({ type: String, default: null })
  hsn?: string | null;

  /** The code of its tax class (the tax settings'); null: the shop's default class. */
  @Prop({ type: String, default: null })
  taxClass?: string | null;

  /**
   * Orders whose units of this product (of any of its variants) are taken but neither sold
   * for good nor given back yet. Taking or returning units changes the quantity and this list in one write,
   * so each happens exactly once per order, whatever crashes in between.
   */
  @Prop({ type: [SchemaTypes.ObjectId], default: [], select: false })
  stockHolds: Types.ObjectId[];

  /**
   * Units put back on sale after an order's hold ended or beside it (a line cancelled, goods
   * returned), each named by its receipt while the order records it: the units and the receipt
   * are written together, so a receipt is never counted twice. Absent on most products.
   */
  @Prop({ type: [String], default: undefined, select: false })
  stockReceipts?: string[];

  /**
   * The product's photos in the admin's order, the first its card's; at most
   * PRODUCT_PHOTO_RULES.maxPhotos, each once (docs/decisions/020-several-photos.md).
   */
  @Prop({ type: [SchemaTypes.Mixed], default: [] })
  photos: GalleryPhoto[];

  /**
   * Set on a product an import job created until the job finishes: until then the catalogue
   * does not show it, so a job's products appear together (docs/decisions/013-import-jobs.md).
   */
  @Prop({ type: SchemaTypes.ObjectId, required: false })
  importJob?: Types.ObjectId;

  /** The fields an unfinished import job changes, written over the product when it finishes. */
  @Prop({ type: SchemaTypes.Mixed, required: false, select: false })
  importPending?: PendingImport;

  /**
   * What its visible reviews add up to, worked out by the reviews module from the reviews
   * themselves after each of their writes (ProductWrites.setRating); absent before any review.
   */
  @Prop({ type: SchemaTypes.Mixed, required: false })
  rating?: RatingSummary;

  createdAt: Date;
  updatedAt: Date;
}

/** A product's visible reviews summed up. */
export interface RatingSummary {
  /** Stars, to one decimal; 0 without reviews. */
  average: number;
  count: number;
  /** How many reviews gave 1, 2, 3, 4 and 5 stars, in that order. */
  stars: number[];
}

/** One of a product's photos, named by its upload's content hash (its identity on the product). */
export interface GalleryPhoto {
  /** sha256 of the upload, hex: names the upload and its resized files. */
  hash: string;
  /**
   * The sizes and formats its resized files come in; null for a photo stored before resizing
   * until the start-up migration photos-resized reaches it.
   */
  layout: PhotoLayout | null;
  /** Read out by screen readers, shown when the photo does not load; '' when none given. */
  alt: string;
}

/** An import job's changes to a product, kept beside it until the job finishes. */
export interface PendingImport {
  job: Types.ObjectId;
  fields: Partial<Product>;
}

/**
 * A product as the shop shows it, its price in paise: the stock holds and the price's
 * marker stay inside the products service.
 */
export type ProductRecord = Omit<
  Product,
  'stockHolds' | 'stockReceipts' | 'priceIn' | 'importJob' | 'importPending'
> & {
  _id: Types.ObjectId;
};

/** Whether the shop shows the product: not while the import job that created it runs. */
export const isShown = (product: Pick<Product, 'importJob'>): boolean => product.importJob == null;

export const ProductSchema = SchemaFactory.createForClass(Product);
ProductSchema.index({ category: 1 });
ProductSchema.index({ price: 1 });
ProductSchema.index({ createdAt: -1 });
