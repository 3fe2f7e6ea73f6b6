import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { ORDER_STATUSES } from '../orders/order.schema';
import { OBJECT_ID_PATTERN } from './object-id';

/**
 * The bodies of the REST API's successful answers, for the OpenAPI document: what a client
 * generator builds its types from and what the contract fuzz checks every answer against.
 */
const id: SchemaObject = { type: 'string', pattern: OBJECT_ID_PATTERN.source };
const text: SchemaObject = { type: 'string' };
const time: SchemaObject = { type: 'string', format: 'date-time' };
const rupees: SchemaObject = { type: 'number', minimum: 0 };
const count: SchemaObject = { type: 'integer', minimum: 0 };
const nullable = (schema: SchemaObject): SchemaObject => ({ ...schema, nullable: true });

/** An object with these properties, all required but the `optional` ones. */
export const shapeOf = (
  properties: Record<string, SchemaObject>,
  optional: string[] = [],
): SchemaObject => ({
  type: 'object',
  required: Object.keys(properties).filter((name) => !optional.includes(name)),
  properties,
});
export const listOf = (items: SchemaObject): SchemaObject => ({ type: 'array', items });

/** `{ success: true, message, ...fields }`, the envelope of most answers. */
export const succeeded = (fields: Record<string, SchemaObject> = {}): SchemaObject =>
  shapeOf({ success: { type: 'boolean', enum: [true] }, message: text, ...fields }, ['message']);

export const CATEGORY = shapeOf(
  { _id: id, name: text, slug: text, createdAt: time, updatedAt: time },
  ['createdAt', 'updatedAt'],
);

const productFields = {
  _id: id,
  name: text,
  slug: text,
  description: text,
  price: rupees,
  quantity: count,
  shipping: { type: 'boolean' },
  photoHash: nullable(text),
  createdAt: time,
  updatedAt: time,
};
const productOptional = ['photoHash', 'createdAt', 'updatedAt'];

export const PRODUCT = shapeOf({ ...productFields, category: id }, productOptional);

/** A product with its category's id, name and slug in place of the bare id. */
export const PRODUCT_DETAILS = shapeOf(
  { ...productFields, category: nullable(shapeOf({ _id: id, name: text, slug: text })) },
  productOptional,
);

export const USER = shapeOf(
  {
    _id: id,
    name: text,
    email: text,
    phone: text,
    address: text,
    role: { type: 'integer', enum: [0, 1], description: '1 for an administrator' },
    createdAt: time,
  },
  ['createdAt'],
);

const status: SchemaObject = { type: 'string', enum: [...ORDER_STATUSES] };

export const ORDER = shapeOf(
  {
    _id: id,
    lines: listOf(shapeOf({ product: id, name: text, price: rupees, quantity: count })),
    buyer: nullable(shapeOf({ _id: id, name: text })),
    payment: shapeOf(
      {
        success: { type: 'boolean' },
        provider: text,
        reference: nullable(text),
        message: nullable(text),
        refunded: { type: 'boolean' },
      },
      ['provider', 'reference', 'message', 'refunded'],
    ),
    total: rupees,
    address: text,
    status,
    history: listOf(shapeOf({ from: status, to: status, by: id, byName: text, at: time })),
    products: listOf(shapeOf({ _id: id, name: text }, [])),
    createdAt: time,
    updatedAt: time,
  },
  ['buyer', 'history', 'products', 'updatedAt'],
);
