import { listOf, nullable, rupees, shapeOf, text } from '../../common/rest-v1/answers';

/** REST's tax settings and classes (see common/rest-v1/answers.ts). */
const percent = { type: 'number', minimum: 0, maximum: 40 } as const;

export const TAX_SETTINGS = shapeOf({
  registered: { type: 'boolean' },
  legalName: text,
  address: text,
  stateCode: text,
  gstin: text,
  invoicePrefix: text,
  defaultTaxClass: text,
  shippingRate: nullable(percent),
  missing: listOf(text),
});

export const TAX_CLASSES = listOf(
  shapeOf({
    code: text,
    name: text,
    schedules: listOf(
      shapeOf({ from: text, bands: listOf(shapeOf({ upTo: nullable(rupees), rate: percent })) }),
    ),
  }),
);
