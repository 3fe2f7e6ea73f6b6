import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TaxModule } from '../tax';
import {
  TaxDocumentKey,
  TaxDocumentKeySchema,
  TaxDocumentRecord,
  TaxDocumentSchema,
  TaxDocumentSeries,
  TaxDocumentSeriesSchema,
} from './tax-document.schema';
import { TaxDocuments } from './tax-documents';

/** Tax invoices and credit notes: their series, their PDFs and the month's returns export. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: TaxDocumentRecord.name, schema: TaxDocumentSchema },
      { name: TaxDocumentKey.name, schema: TaxDocumentKeySchema },
      { name: TaxDocumentSeries.name, schema: TaxDocumentSeriesSchema },
    ]),
    TaxModule,
  ],
  providers: [TaxDocuments],
  exports: [TaxDocuments],
})
export class InvoicesModule {}
