import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import type { TaxDocumentKind } from './financial-year';
import type { TaxDocument } from './tax-document';

/**
 * A tax invoice or credit note as issued, keyed by its place in its series
 * (`invoice-2026-27-17`): inserting it is what gives it its number, so two issues never share
 * one, and the numbers of a series run from 1 without a gap (TaxDocuments). Never changed once
 * written: the PDF is drawn from it, the same bytes every time.
 */
@Schema({ versionKey: false, collection: 'tax_documents' })
export class TaxDocumentRecord implements TaxDocument {
  @Prop({ type: String, required: true })
  _id: string;

  /** What it was issued for (`invoice:<order>`, `credit:<receipt>`): once each. */
  @Prop({ required: true })
  key: string;

  /** The buyer, who may download it. */
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  buyer: Types.ObjectId;

  @Prop({ type: String, required: true })
  kind: TaxDocumentKind;

  @Prop({ required: true })
  number: string;

  @Prop({ required: true })
  financialYear: string;

  @Prop({ required: true })
  serial: number;

  @Prop({ required: true, index: true })
  issuedAt: Date;

  @Prop({ required: true })
  orderId: string;

  @Prop({ required: true })
  orderNumber: string;

  @Prop({ required: true })
  orderedAt: Date;

  @Prop({ type: SchemaTypes.Mixed, default: null })
  refersTo: TaxDocument['refersTo'];

  @Prop({ type: SchemaTypes.Mixed, required: true })
  supplier: TaxDocument['supplier'];

  @Prop({ type: SchemaTypes.Mixed, required: true })
  recipient: TaxDocument['recipient'];

  @Prop({ type: SchemaTypes.Mixed, required: true })
  placeOfSupply: TaxDocument['placeOfSupply'];

  @Prop({ required: true })
  reverseCharge: boolean;

  @Prop({ type: [SchemaTypes.Mixed], required: true })
  lines: TaxDocument['lines'];

  @Prop({ type: SchemaTypes.Mixed, required: true })
  totals: TaxDocument['totals'];
}

export const TaxDocumentSchema = SchemaFactory.createForClass(TaxDocumentRecord);

/**
 * What has been issued for a purpose (`invoice:<order>`, `credit:<receipt>`), keyed by it, and
 * an order's documents (`order:<order>`). Inserted before a number is drawn, so two instances
 * never issue twice for one purpose; `drawFrom` lets a later try find the document an issue
 * that stopped half-way wrote (TaxDocuments).
 */
@Schema({ versionKey: false, collection: 'tax_document_keys' })
export class TaxDocumentKey {
  @Prop({ type: String, required: true })
  _id: string;

  /** The series' last serial known when the draw began; the document is above it. */
  @Prop({ default: 0 })
  drawFrom: number;

  @Prop({ type: String, default: null })
  series: string | null;

  /** Which issue holds the claim: one that finds it stale takes it over by this. */
  @Prop({ type: String, default: null })
  owner: string | null;

  /** Once issued: the document's `_id`. */
  @Prop({ type: String, default: null })
  document: string | null;

  /** For an order's key: its documents' `_id`s, in the order issued. */
  @Prop({ type: [String], default: [] })
  documents: string[];

  @Prop({ required: true })
  claimedAt: Date;
}

export const TaxDocumentKeySchema = SchemaFactory.createForClass(TaxDocumentKey);

/** The last serial a series is known to have reached: a hint, where the next draw starts. */
@Schema({ versionKey: false, collection: 'tax_document_series' })
export class TaxDocumentSeries {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ required: true, default: 0 })
  last: number;
}

export const TaxDocumentSeriesSchema = SchemaFactory.createForClass(TaxDocumentSeries);
