import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminOnly, CurrentUser, SignedIn } from '../../auth';
import { ApiAnswer, ApiErrors } from '../../common/rest-v1/api-responses';
import { listOf, succeeded } from '../../common/rest-v1/answers';
import { badInput } from '../../common/shop-error';
import { PublicUser } from '../../users';
import { GSTR1_FILES, RETURNS_MONTH } from '../../shared/tax-rules';
import type { Gstr1File } from '../../shared/tax-rules';
import { TaxDocumentViews } from '../tax-document-views';
import { TAX_DOCUMENT_SUMMARY } from './tax-documents.answers';

const BINARY = { type: 'string', format: 'binary' } as const;

/**
 * Tax invoices and credit notes over REST: an order's, each as a PDF (to its buyer and the
 * admin), and a month's GSTR-1-shaped files (to the admin).
 */
@ApiTags('tax')
@Controller('api/v1/tax-documents')
export class TaxDocumentsController {
  constructor(private readonly views: TaxDocumentViews) {}

  @Get()
  @SignedIn()
  @ApiQuery({ name: 'order', description: "The order's id" })
  @ApiAnswer(
    200,
    "The order's invoice and credit notes, oldest first",
    succeeded({ documents: listOf(TAX_DOCUMENT_SUMMARY) }),
  )
  async ofOrder(@Query('order') order: string, @CurrentUser() viewer: PublicUser) {
    return { success: true, documents: await this.views.ofOrder(String(order ?? ''), viewer) };
  }

  @Get(':documentId/pdf')
  @SignedIn()
  @ApiErrors(404)
  @ApiParam({ name: 'documentId', description: 'The document’s id: invoice-2026-27-17' })
  @ApiResponse({
    status: 200,
    description: 'The PDF',
    content: { 'application/pdf': { schema: BINARY } },
  })
  async pdf(
    @Param('documentId') id: string,
    @CurrentUser() viewer: PublicUser,
    @Res() response: Response,
  ) {
    const { name, bytes } = await this.views.pdf(id, viewer);
    response.setHeader('Content-Type', 'application/pdf');
    response.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    response.setHeader('Cache-Control', 'private, no-store');
    response.end(bytes);
  }

  @Get('returns/:month/:file')
  @AdminOnly()
  @ApiParam({ name: 'month', description: 'YYYY-MM', example: '2026-11' })
  @ApiParam({ name: 'file', enum: [...GSTR1_FILES] })
  @ApiResponse({
    status: 200,
    description: 'The table as CSV',
    content: { 'text/csv': { schema: BINARY } },
  })
  async returns(
    @Param('month') month: string,
    @Param('file') file: string,
    @Res() response: Response,
  ) {
    const matched = RETURNS_MONTH.pattern.exec(month);
    if (!matched) throw badInput(RETURNS_MONTH.message);
    if (!(GSTR1_FILES as string[]).includes(file)) {
      throw badInput(`file: One of ${GSTR1_FILES.join(', ')}`);
    }
    const files = await this.views.returns({ year: Number(matched[1]), month: Number(matched[2]) });
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="gstr1-${month}-${file}"`);
    response.setHeader('Cache-Control', 'no-store');
    response.end(files[file as Gstr1File]);
  }
}
