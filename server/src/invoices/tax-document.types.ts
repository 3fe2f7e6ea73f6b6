import { Field, Float, ID, ObjectType } from '@nestjs/graphql';

@ObjectType('TaxDocument', { description: 'A tax invoice or credit note of an order' })
export class TaxDocumentSummaryType {
  @Field(() => ID, { description: 'invoice-2026-27-17' }) id: string;
  @Field({ description: 'invoice or credit-note' }) kind: string;
  @Field({ description: 'As printed: INV/2627/00017' }) number: string;
  @Field() issuedAt: Date;
  @Field(() => Float, { description: 'Rupees, tax included' }) total: number;
  @Field({ description: 'Where its PDF downloads, signed in as its buyer or an admin' })
  pdfUrl: string;
}
