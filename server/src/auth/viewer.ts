import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Viewer } from './auth.service';

/** What the auth guard leaves on a request for the handlers after it. */
export interface ShopRequest extends Request {
  viewer?: Viewer;
}

/** Every transport's request object; the GraphQL context keeps it as `req`. */
export function requestOf(context: ExecutionContext): ShopRequest {
  if (context.getType<string>() === 'graphql') {
    return context.getArgByIndex<{ req: ShopRequest }>(2).req;
  }
  return context.switchToHttp().getRequest<ShopRequest>();
}

/** The signed-in user, as checked by SignedInGuard (so never null after it). */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext) => requestOf(context).viewer,
);

/** The address a request came from, for rate limits. */
export const clientAddressOf = (request: Request): string =>
  request.ip ?? request.socket?.remoteAddress ?? 'unknown';

export const ClientAddress = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  clientAddressOf(requestOf(context)),
);
