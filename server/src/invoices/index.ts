// What other modules may use of invoices (the boundary lint holds them to this file).
export { InvoicesModule } from './invoices.module';
export { TaxDocuments } from './tax-documents';
export type { IssueRequest, Numbered } from './tax-documents';
export { documentNumber, financialYearOf } from './financial-year';
export type { TaxDocumentKind } from './financial-year';
export type { TaxDocument, TaxLine, TaxParty } from './tax-document';
export type { TaxDocumentRecord } from './tax-document.schema';
export { taxDocumentPdf, taxDocumentSummary, TaxDocumentViews } from './tax-document-views';
export { TaxDocumentSummaryType } from './tax-document.types';
