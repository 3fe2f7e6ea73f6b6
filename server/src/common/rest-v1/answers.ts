import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { OBJECT_ID_PATTERN } from '../object-id';

/**
 * REST v1 compatibility layer (docs/decisions/010-rest-v1-compatibility-layer.md).
 *
 * The bodies of the REST API's successful answers, for the OpenAPI document: what a client
 * generator builds its types from and what the contract fuzz checks every answer against.
 * Each domain describes its own records in its rest-v1 folder with these pieces.
 */
export const id: SchemaObject = { type: 'string', pattern: OBJECT_ID_PATTERN.source };
export const text: SchemaObject = { type: 'string' };
export const time: SchemaObject = { type: 'string', format: 'date-time' };
export const rupees: SchemaObject = { type: 'number', minimum: 0 };
export const count: SchemaObject = { type: 'integer', minimum: 0 };
export const nullable = (schema: SchemaObject): SchemaObject => ({ ...schema, nullable: true });

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
