import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import { AdminOnly } from '../../auth';
import { FieldCost } from '../../common/graphql/field-cost';
import { toObjectId } from '../../common/object-id';
import { notFound, ShopError } from '../../common/shop-error';
import { readUpload, UploadLimit } from '../../common/graphql/upload';
import { PRODUCT_IMPORT_LIMITS } from '../../shared/rules';
import { ProductCsvService } from './product-csv.service';
import {
  ProductImportJobType,
  ProductImportPreviewType,
  ProductImportResultType,
} from './product-import.types';
import { IMPORT_JOBS_LISTED, ProductImports } from './product-imports.service';

/**
 * The upload as a parameter type: a bare `Promise<FileUpload>` would have the validation pipe
 * (transform: true) construct a Promise from it, which throws.
 */
type CsvUpload = Promise<FileUpload> | null;

const CSV_LIMIT: UploadLimit = {
  maxBytes: PRODUCT_IMPORT_LIMITS.maxBytes,
  tooLarge: () => new ShopError('PAYLOAD_TOO_LARGE', PRODUCT_IMPORT_LIMITS.tooLarge),
};

/** The catalogue's CSV import (the format of GET /api/v1/product/export.csv). */
@Resolver()
export class ProductImportResolver {
  constructor(
    private readonly csv: ProductCsvService,
    private readonly jobs: ProductImports,
  ) {}

  @Mutation(() => ProductImportPreviewType, {
    description: 'What importing this CSV would change, line by line; writes nothing',
  })
  @AdminOnly()
  async previewProductImport(@Args('file', { type: () => GraphQLUpload }) file: CsvUpload) {
    return this.csv.preview((await readUpload(file, CSV_LIMIT))!);
  }

  @Mutation(() => ProductImportResultType, {
    description:
      'Creates a product for each new slug (or empty slug), updates those of known slugs: ' +
      'all of them, or none when any line is at fault',
  })
  @AdminOnly()
  async importProducts(@Args('file', { type: () => GraphQLUpload }) file: CsvUpload) {
    const upload = await file;
    return this.csv.apply((await readUpload(file, CSV_LIMIT))!, upload?.filename);
  }

  @Query(() => [ProductImportJobType], {
    description: `The latest imports that passed their checks, newest first (at most ${IMPORT_JOBS_LISTED})`,
  })
  @FieldCost({ maxItems: IMPORT_JOBS_LISTED })
  @AdminOnly()
  productImports(
    @Args('last', { type: () => Int, defaultValue: IMPORT_JOBS_LISTED }) last: number,
  ) {
    return this.jobs.latest(last);
  }

  @Query(() => ProductImportJobType, { description: 'One import job, as it is now' })
  @AdminOnly()
  async productImport(@Args('id', { type: () => ID }) id: string) {
    const job = await this.jobs.one(toObjectId(id, 'import id'));
    if (!job) throw notFound('No import has this id');
    return job;
  }
}
