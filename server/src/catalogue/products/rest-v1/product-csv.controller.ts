import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminOnly } from '../../../auth';
import { ApiCsvAnswer, sendCsv } from '../../../common/rest-v1/csv-download';
import { PRODUCT_CSV_COLUMNS } from '../../../shared/rules';
import { ProductCsvService } from '../product-csv.service';

/**
 * REST v1 compatibility layer (docs/decisions/010-rest-v1-compatibility-layer.md): the
 * catalogue as CSV files to download, which a browser fetches as files rather than through
 * GraphQL. The import itself is GraphQL's (previewProductImport, importProducts).
 */
@ApiTags('product')
@Controller('api/v1/product')
export class ProductCsvController {
  constructor(private readonly csv: ProductCsvService) {}

  @Get('export.csv')
  @AdminOnly()
  @ApiCsvAnswer(`Every product, by name; columns ${PRODUCT_CSV_COLUMNS.join(',')} (the import's)`)
  async export(@Res() response: Response) {
    await sendCsv(response, 'products', PRODUCT_CSV_COLUMNS, this.csv.exportRows());
  }

  @Get('import-sample.csv')
  @ApiCsvAnswer("A few products in the import's format, filed under the shop's categories")
  async sample(@Res() response: Response) {
    await sendCsv(response, 'products-sample', PRODUCT_CSV_COLUMNS, this.csv.sampleRows());
  }
}
