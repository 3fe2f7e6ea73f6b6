import { AsyncLocalStorage } from 'node:async_hooks';
import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

const requestIds = new AsyncLocalStorage<string>();

/** The id of the request being answered (X-Request-Id), wherever in its handling this runs. */
export const currentRequestId = (): string | undefined => requestIds.getStore();

/**
 * Keeps the request id for the rest of the request's handling. A Nest middleware, so it runs
 * after the body is read: reading a body leaves the request's async context, and anything run
 * from then on would not see it.
 */
@Module({})
export class RequestContextModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply((request: Request, _response: Response, next: NextFunction) => {
        const id = (request as Request & { id?: unknown }).id;
        return typeof id === 'string' ? requestIds.run(id, next) : next();
      })
      .forRoutes('{/*splat}');
  }
}
