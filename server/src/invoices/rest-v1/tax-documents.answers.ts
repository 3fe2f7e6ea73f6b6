import { rupees, shapeOf, text, time } from '../../common/rest-v1/answers';

/** REST's summary of a tax document (see common/rest-v1/answers.ts). */
export const TAX_DOCUMENT_SUMMARY = shapeOf({
  id: text,
  kind: { type: 'string', enum: ['invoice', 'credit-note'] },
  number: text,
  issuedAt: time,
  total: rupees,
  pdfUrl: text,
});
