import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { IMPORT_ACTION, IMPORT_ERRORS_SHOWN, ImportAction } from './product-csv.service';
import { IMPORT_JOB_STATE, ImportFault, ImportJobState } from './product-import.schema';
import { FieldCost } from '../../common/graphql/field-cost';
import { PRODUCT_IMPORT_LIMITS } from '../../shared/rules';

registerEnumType(IMPORT_ACTION, {
  name: 'ImportAction',
  description: 'What importing a line does: a new product, a change to one, or nothing',
});

@ObjectType('ProductImportRow')
export class ProductImportRowType {
  @Field(() => Int, { description: 'The CSV line the product starts on (the header is line 1)' })
  line: number;
  @Field({ description: 'The slug given, or for a new product the one its name will give' })
  slug: string;
  @Field(() => IMPORT_ACTION) action: ImportAction;
  @Field(() => [String], { description: 'Each field changed, as "price: 499 -> 549"' })
  changes: string[];
}

@ObjectType('ProductImportError')
export class ProductImportErrorType {
  @Field(() => Int, { description: 'The CSV line (the header is line 1)' }) line: number;
  @Field(() => String, { nullable: true, description: 'The column, when one is at fault' })
  field: string | null;
  @Field() message: string;
}

@ObjectType('ProductImportPreview', { description: 'What an import would do; nothing written' })
export class ProductImportPreviewType {
  @Field(() => [ProductImportRowType], { description: 'Every valid line' })
  @FieldCost({ maxItems: PRODUCT_IMPORT_LIMITS.maxRows })
  rows: ProductImportRowType[];
  @Field(() => [ProductImportErrorType], {
    description: 'Every line and field at fault (at most 100); with any, the import writes nothing',
  })
  @FieldCost({ maxItems: IMPORT_ERRORS_SHOWN + 1 })
  errors: ProductImportErrorType[];
  @Field(() => Int) creates: number;
  @Field(() => Int) updates: number;
  @Field(() => Int) unchanged: number;
}

registerEnumType(IMPORT_JOB_STATE, {
  name: 'ImportJobState',
  description:
    'WRITING: its products written out of sight; APPLYING: being shown, all of them; ' +
    'UNDOING: being taken back; DONE: every product shown; UNDONE: nothing imported',
});

@ObjectType('ProductImportJob', {
  description: 'An import of a CSV file that passed its checks, and how it ended',
})
export class ProductImportJobType {
  @Field(() => ID, { name: 'id' }) _id: string;
  @Field(() => IMPORT_JOB_STATE) state: ImportJobState;
  @Field({ description: 'The name of the file imported, as uploaded' }) fileName: string;
  @Field() startedAt: Date;
  @Field(() => Date, { nullable: true }) finishedAt: Date | null;
  @Field(() => Date, {
    nullable: true,
    description: 'When the shop, at a start, finished or undid a job that a stopped process left',
  })
  recoveredAt: Date | null;
  @Field(() => Int, { description: 'Products the file creates (once DONE: created)' })
  created: number;
  @Field(() => Int, { description: 'Products the file changes (once DONE: changed)' })
  updated: number;
  @Field(() => Int) unchanged: number;
  @Field(() => [ProductImportErrorType], {
    name: 'errors',
    description: 'Why an UNDONE job was undone',
  })
  @FieldCost({ maxItems: 1 })
  faults: ImportFault[];
}

@ObjectType('ProductImportResult', { description: 'All written, or (with errors) nothing' })
export class ProductImportResultType {
  @Field(() => Int) created: number;
  @Field(() => Int) updated: number;
  @Field(() => Int) unchanged: number;
  @Field(() => [ProductImportErrorType])
  @FieldCost({ maxItems: IMPORT_ERRORS_SHOWN + 1 })
  errors: ProductImportErrorType[];
  @Field(() => ProductImportJobType, {
    nullable: true,
    description: 'The job that wrote the file; null when a line was at fault',
  })
  job: ProductImportJobType | null;
}
