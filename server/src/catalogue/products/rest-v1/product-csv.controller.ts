import {
  applyDecorators,
  CallHandler,
  Controller,
  ExecutionContext,
  Get,
  HttpCode,
  NestInterceptor,
  Param,
  PayloadTooLargeException,
  Post,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { catchError, Observable, throwError } from 'rxjs';
import { AdminOnly } from '../../../auth';
import {
  count,
  id,
  listOf,
  nullable,
  shapeOf,
  succeeded,
  text,
  time,
} from '../../../common/rest-v1/answers';
import { ApiAnswer, ApiErrors, IdParam } from '../../../common/rest-v1/api-responses';
import { ApiCsvAnswer, sendCsv } from '../../../common/rest-v1/csv-download';
import { ObjectIdPipe, toObjectId } from '../../../common/object-id';
import { badInput, notFound, ShopError } from '../../../common/shop-error';
import { PRODUCT_CSV_EXPORT_COLUMNS, PRODUCT_IMPORT_LIMITS } from '../../../shared/rules';
import { IMPORT_ACTION, ProductCsvService } from '../product-csv.service';
import { IMPORT_JOB_STATE, ProductImportRecord } from '../product-import.schema';
import { ProductImports } from '../product-imports.service';

const IMPORT_ERROR = shapeOf({ line: count, field: nullable(text), message: text });
const IMPORT_JOB = shapeOf({
  _id: id,
  state: { type: 'string', enum: Object.values(IMPORT_JOB_STATE) },
  fileName: text,
  startedAt: time,
  finishedAt: nullable(time),
  recoveredAt: nullable(time),
  created: count,
  updated: count,
  unchanged: count,
  errors: listOf(IMPORT_ERROR),
});
const IMPORT_PREVIEW = shapeOf({
  rows: listOf(
    shapeOf({
      line: count,
      slug: text,
      action: { type: 'string', enum: Object.values(IMPORT_ACTION) },
      changes: listOf(text),
    }),
  ),
  errors: listOf(IMPORT_ERROR),
  creates: count,
  updates: count,
  unchanged: count,
});
const IMPORT_RESULT = shapeOf({
  created: count,
  updated: count,
  unchanged: count,
  errors: listOf(IMPORT_ERROR),
  job: nullable(IMPORT_JOB),
});
const CSV_FILE_BODY = {
  schema: shapeOf({ file: { type: 'string', format: 'binary' } }),
};

/** multer's own refusal of a file past the limit, in the import's words (as GraphQL gives them). */
class CsvTooLarge implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next
      .handle()
      .pipe(
        catchError((error: unknown) =>
          throwError(() =>
            error instanceof PayloadTooLargeException
              ? new ShopError('PAYLOAD_TOO_LARGE', PRODUCT_IMPORT_LIMITS.tooLarge)
              : error,
          ),
        ),
      );
  }
}

/** An admin's CSV file in the multipart field `file`, within the import's size limit. */
const csvUpload = (description: string, answer: Parameters<typeof ApiAnswer>[2]) =>
  applyDecorators(
    HttpCode(200),
    AdminOnly(),
    ApiConsumes('multipart/form-data'),
    ApiBody(CSV_FILE_BODY),
    ApiAnswer(200, description, answer),
    UseInterceptors(
      CsvTooLarge,
      FileInterceptor('file', {
        limits: { fileSize: PRODUCT_IMPORT_LIMITS.maxBytes, files: 1, fields: 0 },
      }),
    ),
  );

/** A job as REST answers carry it: its faults as `errors`, as the preview names them. */
function jobAnswer({ faults, ...job }: ProductImportRecord) {
  return { ...job, errors: faults };
}

function fileOf(file: Express.Multer.File | undefined): Express.Multer.File {
  if (!file) throw badInput(PRODUCT_IMPORT_LIMITS.noFile);
  return file;
}

/**
 * REST v1 compatibility layer (docs/decisions/010-rest-v1-compatibility-layer.md): the
 * catalogue as CSV files to download, which a browser fetches as files, and the import
 * (as GraphQL's previewProductImport, importProducts, productImports and productImport), the
 * file sent as multipart form data in the field `file`.
 */
@ApiTags('product')
@Controller('api/v1/product')
export class ProductCsvController {
  constructor(
    private readonly csv: ProductCsvService,
    private readonly jobs: ProductImports,
  ) {}

  @Get('export.csv')
  @AdminOnly()
  @ApiCsvAnswer(
    `Every product, by name; columns ${PRODUCT_CSV_EXPORT_COLUMNS.join(',')} (the import's)`,
  )
  async export(@Res() response: Response) {
    await sendCsv(response, 'products', PRODUCT_CSV_EXPORT_COLUMNS, this.csv.exportRows());
  }

  @Get('import-sample.csv')
  @ApiCsvAnswer("A few products in the import's format, filed under the shop's categories")
  async sample(@Res() response: Response) {
    await sendCsv(response, 'products-sample', PRODUCT_CSV_EXPORT_COLUMNS, this.csv.sampleRows());
  }

  @Post('import-preview')
  @csvUpload(
    'What importing the file would change, line by line; nothing written',
    succeeded({ preview: IMPORT_PREVIEW }),
  )
  async preview(@UploadedFile() file?: Express.Multer.File) {
    return { success: true, preview: await this.csv.preview(fileOf(file).buffer) };
  }

  @Post('import')
  @csvUpload(
    'Every line written, or (with errors) none; the job that wrote them',
    succeeded({ result: IMPORT_RESULT }),
  )
  async import(@UploadedFile() file?: Express.Multer.File) {
    const { buffer, originalname } = fileOf(file);
    const { job, ...result } = await this.csv.apply(buffer, originalname);
    return { success: true, result: { ...result, job: job && jobAnswer(job) } };
  }

  @Get('imports')
  @AdminOnly()
  @ApiAnswer(
    200,
    'The latest import jobs, newest first',
    succeeded({ imports: listOf(IMPORT_JOB) }),
  )
  async latestImports() {
    return { success: true, imports: (await this.jobs.latest()).map(jobAnswer) };
  }

  @Get('imports/:id')
  @AdminOnly()
  @IdParam('id', 'Import job id')
  @ApiErrors(404)
  @ApiAnswer(200, 'One import job, as it is now', succeeded({ import: IMPORT_JOB }))
  async importJob(@Param('id', ObjectIdPipe) jobId: string) {
    const job = await this.jobs.one(toObjectId(jobId));
    if (!job) throw notFound('No import has this id');
    return { success: true, import: jobAnswer(job) };
  }
}
