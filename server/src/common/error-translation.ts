import { HttpException, HttpStatus } from '@nestjs/common';
import mongoose from 'mongoose';
import { isDuplicateKey } from './natural-key';
import { ShopError, ShopErrorKind } from './shop-error';

const kindByStatus: Record<number, ShopErrorKind> = {
  [HttpStatus.BAD_REQUEST]: 'BAD_USER_INPUT',
  [HttpStatus.UNAUTHORIZED]: 'UNAUTHENTICATED',
  [HttpStatus.FORBIDDEN]: 'FORBIDDEN',
  [HttpStatus.NOT_FOUND]: 'NOT_FOUND',
  [HttpStatus.CONFLICT]: 'CONFLICT',
  [HttpStatus.PAYLOAD_TOO_LARGE]: 'PAYLOAD_TOO_LARGE',
  [HttpStatus.TOO_MANY_REQUESTS]: 'TOO_MANY_REQUESTS',
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: 'BAD_USER_INPUT',
};

export const statusByKind: Record<ShopErrorKind, number> = {
  BAD_USER_INPUT: HttpStatus.BAD_REQUEST,
  UNAUTHENTICATED: HttpStatus.UNAUTHORIZED,
  FORBIDDEN: HttpStatus.FORBIDDEN,
  NOT_FOUND: HttpStatus.NOT_FOUND,
  CONFLICT: HttpStatus.CONFLICT,
  PAYLOAD_TOO_LARGE: HttpStatus.PAYLOAD_TOO_LARGE,
  TOO_MANY_REQUESTS: HttpStatus.TOO_MANY_REQUESTS,
};

function httpMessage(exception: HttpException): string {
  const body = exception.getResponse();
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : exception.message;
}

/** Errors raised below the express layer (body parsing) carry their status this way. */
function isHttpLikeError(error: unknown): error is Error & { status: number; type?: string } {
  return error instanceof Error && typeof (error as { status?: unknown }).status === 'number';
}

/**
 * Maps anything thrown while serving a request to a ShopError a client may see, or
 * null for a fault of ours (the caller logs it and answers with a generic message).
 */
export function toShopError(error: unknown): ShopError | null {
  if (error instanceof ShopError) return error;
  if (error instanceof HttpException) {
    const kind = kindByStatus[error.getStatus()];
    return kind ? new ShopError(kind, httpMessage(error)) : null;
  }
  if (error instanceof mongoose.Error.CastError) {
    return new ShopError('BAD_USER_INPUT', `Invalid value for ${error.path}`);
  }
  if (error instanceof mongoose.Error.ValidationError) {
    const first = Object.values(error.errors)[0];
    return new ShopError('BAD_USER_INPUT', first?.message ?? 'Invalid input');
  }
  if (isDuplicateKey(error)) {
    return new ShopError('CONFLICT', 'That already exists');
  }
  if (isHttpLikeError(error) && error.status >= 400 && error.status < 500) {
    const kind = kindByStatus[error.status] ?? 'BAD_USER_INPUT';
    const message =
      error.type === 'entity.parse.failed' ? 'Malformed JSON in request body' : error.message;
    return new ShopError(kind, message);
  }
  return null;
}
