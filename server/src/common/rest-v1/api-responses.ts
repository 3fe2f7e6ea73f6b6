import { applyDecorators } from '@nestjs/common';
import { ApiParam, ApiProperty, ApiResponse, ApiResponseOptions } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { OBJECT_ID_PATTERN } from '../object-id';

/** The body of every REST error, whatever its status. */
export class ErrorBody {
  @ApiProperty({ enum: [false] }) success: false;
  @ApiProperty({ example: 'email: Enter a valid e-mail address, like name@example.com' })
  message: string;
}

/** What each error status means on this API: the one place these words are written. */
const ERROR_MEANINGS = {
  400: 'Invalid input; the message says which field and why',
  401: 'No token, or a bad one',
  403: 'Signed in, but not an administrator',
  404: 'Nothing has that id or name',
  409: 'Conflicts with what is stored; the message says how',
  413: 'The body, or the photo, is too large',
  429: 'Too many attempts; try again later',
} as const;

export type ErrorStatus = keyof typeof ERROR_MEANINGS;

export const errorResponse = (status: ErrorStatus): ApiResponseOptions => ({
  status,
  description: ERROR_MEANINGS[status],
  type: ErrorBody,
});

/**
 * Any call can answer these: the body is parsed, and its size checked, before any route
 * runs. Declared once for the whole document (see setUpApiDocs).
 */
export const ERRORS_OF_EVERY_CALL: readonly ErrorStatus[] = [400, 413];

/** The error answers a call gives beyond those of every call and of its guard. */
export const ApiErrors = (...statuses: ErrorStatus[]) =>
  applyDecorators(...statuses.map((status) => ApiResponse(errorResponse(status))));

/** A path parameter holding a document id: 24 hexadecimal digits, or the call answers 400. */
export const IdParam = (name: string, description: string) =>
  ApiParam({ name, description, schema: { type: 'string', pattern: OBJECT_ID_PATTERN.source } });

/** A successful answer, the shape of its body and any headers it sets. */
export const ApiAnswer = (
  status: number,
  description: string,
  schema: SchemaObject,
  extra: Pick<ApiResponseOptions, 'headers'> = {},
) => ApiResponse({ status, description, schema, ...extra });
