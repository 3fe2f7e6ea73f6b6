import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PAYMENT_WEBHOOK_PATH } from '../config/config';

/** A request whose body's bytes were kept as they came (`keepRawBody`). */
export interface RequestWithRawBody extends IncomingMessage {
  rawBody?: Buffer;
}

/**
 * Paths whose JSON body is also kept as bytes: a webhook's signature is over the bytes the
 * gateway sent, which parsing and serialising again would not give back (spacing, key order,
 * escapes).
 */
export const RAW_BODY_PATHS: readonly string[] = [PAYMENT_WEBHOOK_PATH];

/** For express.json's `verify` option: keeps the bytes of a body sent to RAW_BODY_PATHS. */
export function keepRawBody(request: IncomingMessage, _response: ServerResponse, bytes: Buffer) {
  const url = (request as { originalUrl?: string }).originalUrl ?? request.url ?? '';
  const path = url.split('?')[0].replace(/\/+$/, '');
  if (RAW_BODY_PATHS.includes(path)) (request as RequestWithRawBody).rawBody = bytes;
}

/** The body's bytes as sent, or undefined when none were kept (another path, not JSON). */
export function rawBodyOf(request: IncomingMessage): Buffer | undefined {
  return (request as RequestWithRawBody).rawBody;
}

/**
 * In a Nest controller of a path in RAW_BODY_PATHS: `@RawBody() rawBody: Buffer | undefined`,
 * beside `@Body()`, which still has the parsed JSON.
 */
export const RawBody = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Buffer | undefined =>
    rawBodyOf(context.switchToHttp().getRequest<IncomingMessage>()),
);
