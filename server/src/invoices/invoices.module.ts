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
import { TaxDocumentsController } from './rest-v1/tax-documents.controller';
import { TaxDocumentViews } from './tax-document-views';
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
  providers: [TaxDocuments, TaxDocumentViews],
  controllers: [TaxDocumentsController],
  exports: [TaxDocuments, TaxDocumentViews],
})
export class InvoicesModule {}
