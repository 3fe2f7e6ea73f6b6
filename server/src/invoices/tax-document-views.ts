import { Injectable } from '@nestjs/common';
import { toRupees } from '../common/money';
import { notFound } from '../common/shop-error';
import { ADMIN_ROLE, PublicUser } from '../users';
import { gstr1Csv, gstr1Tables } from './gstr1-export';
import type { Gstr1Month } from './gstr1-export';
import { renderTaxDocument } from './tax-document-pdf';
import type { TaxDocumentRecord } from './tax-document.schema';
import { TaxDocuments } from './tax-documents';
import { startOfShopDay } from '../common/shop-days';

export const TAX_DOCUMENT_NOT_FOUND = 'Tax document not found';

/** A document as lists show it: amounts in rupees, where its PDF is. */
export const taxDocumentSummary = (document: TaxDocumentRecord) => ({
  id: document._id,
  kind: document.kind,
  number: document.number,
  issuedAt: document.issuedAt,
  total: toRupees(document.totals.total),
  pdfUrl: `/api/v1/tax-documents/${document._id}/pdf`,
});

/**
 * Tax documents as the buyer and the admin see them: an order's, a PDF (drawn from the document
 * as stored, so the same bytes each time) to the buyer and the admin only, and a month's
 * GSTR-1-shaped files.
 */
@Injectable()
export class TaxDocumentViews {
  constructor(private readonly documents: TaxDocuments) {}

  async ofOrder(orderId: string, viewer: PublicUser) {
    const found = await this.documents.ofOrder(orderId);
    return found.filter((one) => mayRead(one, viewer)).map(taxDocumentSummary);
  }

  async pdf(id: string, viewer: PublicUser): Promise<{ name: string; bytes: Buffer }> {
    const document = await this.documents.read(id);
    // Another buyer's is answered as missing: whether it exists is not theirs to learn.
    if (!document || !mayRead(document, viewer)) throw notFound(TAX_DOCUMENT_NOT_FOUND);
    return taxDocumentPdf(document);
  }

  async returns(month: Gstr1Month) {
    const day = (year: number, at: number) => `${year}-${String(at).padStart(2, '0')}-01`;
    const from = new Date(startOfShopDay(day(month.year, month.month)));
    const next = month.month === 12 ? day(month.year + 1, 1) : day(month.year, month.month + 1);
    const documents = await this.documents.between(from, new Date(startOfShopDay(next)));
    return gstr1Csv(gstr1Tables(documents, month));
  }
}

const mayRead = (document: TaxDocumentRecord, viewer: PublicUser) =>
  viewer.role === ADMIN_ROLE || String(document.buyer) === String(viewer._id);

/** The document's PDF and the file name it is downloaded and attached as (BZ-2627-00017.pdf). */
export async function taxDocumentPdf(
  document: TaxDocumentRecord,
): Promise<{ name: string; bytes: Buffer }> {
  const bytes = await renderTaxDocument(document, { name: document.supplier.name });
  return { name: `${document.number.replaceAll('/', '-')}.pdf`, bytes };
}
