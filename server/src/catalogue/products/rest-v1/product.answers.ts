import {
  count,
  id,
  listOf,
  nullable,
  rupees,
  shapeOf,
  text,
  time,
} from '../../../common/rest-v1/answers';

/** REST v1 compatibility layer: products as the REST answers carry them (see common/rest-v1/answers.ts). */
const productFields = {
  _id: id,
  name: text,
  slug: text,
  description: text,
  nameHi: nullable(text),
  descriptionHi: nullable(text),
  price: rupees,
  quantity: count,
  shipping: { type: 'boolean' },
  hsn: nullable(text),
  taxClass: nullable(text),
  photoHash: nullable(text),
  createdAt: time,
  updatedAt: time,
  rating: shapeOf({ average: { type: 'number' }, count, stars: listOf(count) }),
};
// Products stored before GST have no HSN code or tax class, those stored before Hindi no Hindi
// name or description; products never reviewed no rating.
const productOptional = [
  'photoHash',
  'createdAt',
  'updatedAt',
  'nameHi',
  'descriptionHi',
  'hsn',
  'taxClass',
  'rating',
];

export const PRODUCT = shapeOf({ ...productFields, category: id }, productOptional);

/** A product with its category's id, name and slug in place of the bare id. */
export const PRODUCT_DETAILS = shapeOf(
  { ...productFields, category: nullable(shapeOf({ _id: id, name: text, slug: text })) },
  productOptional,
);

/** A product's options and variants, as the variants routes carry them (money in rupees). */
export const VARIANTS = {
  options: listOf(shapeOf({ name: text, values: listOf(text) })),
  variants: listOf(
    shapeOf({
      id,
      sku: text,
      values: listOf(text),
      price: rupees,
      mrp: nullable(rupees),
      quantity: count,
      onSale: { type: 'boolean' },
      photoHash: nullable(text),
    }),
  ),
};
