import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/**
 * Where an import job is. `writing`: its new products are written hidden and its changes kept
 * beside the products they change, none shown; `applying`: past the point of no return, its
 * products being shown, which whoever finds it so finishes; `undoing`: what it wrote being
 * taken back; `done` and `undone` are outcomes.
 */
export const IMPORT_JOB_STATE = {
  WRITING: 'writing',
  APPLYING: 'applying',
  UNDOING: 'undoing',
  DONE: 'done',
  UNDONE: 'undone',
} as const;
export type ImportJobState = (typeof IMPORT_JOB_STATE)[keyof typeof IMPORT_JOB_STATE];

/** The states a job is still in when nothing is running it any more: recovery ends them. */
export const UNFINISHED_IMPORT_STATES: readonly ImportJobState[] = [
  IMPORT_JOB_STATE.WRITING,
  IMPORT_JOB_STATE.APPLYING,
  IMPORT_JOB_STATE.UNDOING,
];

@Schema({ _id: false, versionKey: false })
export class ImportFault {
  @Prop({ required: true }) line: number;
  @Prop({ type: String, default: null }) field: string | null;
  @Prop({ required: true }) message: string;
}
const ImportFaultSchema = SchemaFactory.createForClass(ImportFault);

/**
 * One import of a CSV file that passed its checks: recorded before anything is written, so a
 * process stopped half way leaves a record of what to finish or undo (product-imports.service.ts,
 * docs/decisions/013-import-jobs.md). Every read and write of it is by `_id`.
 */
@Schema({ versionKey: false, collection: 'product_imports' })
export class ProductImport {
  @Prop({ type: String, required: true, enum: Object.values(IMPORT_JOB_STATE) })
  state: ImportJobState;

  @Prop({ type: String, default: '' })
  fileName: string;

  @Prop({ required: true })
  startedAt: Date;

  /** Written every few seconds while a process writes the job: older, nothing is writing it. */
  @Prop({ required: true })
  aliveAt: Date;

  @Prop({ type: Date, default: null })
  finishedAt: Date | null;

  /** Set when recovery, not the process that began it, finished or undid the job. */
  @Prop({ type: Date, default: null })
  recoveredAt: Date | null;

  @Prop({ required: true }) created: number;
  @Prop({ required: true }) updated: number;
  @Prop({ required: true }) unchanged: number;

  /** The products the job creates, their ids chosen before any is written. */
  @Prop({ type: [SchemaTypes.ObjectId], default: [], select: false })
  creates: Types.ObjectId[];

  /** The products the job changes. */
  @Prop({ type: [SchemaTypes.ObjectId], default: [], select: false })
  updates: Types.ObjectId[];

  /** Why an undone job was undone, by line where a line was at fault. */
  @Prop({ type: [ImportFaultSchema], default: [] })
  faults: ImportFault[];
}

export type ProductImportRecord = ProductImport & { _id: Types.ObjectId };

export const ProductImportSchema = SchemaFactory.createForClass(ProductImport);
