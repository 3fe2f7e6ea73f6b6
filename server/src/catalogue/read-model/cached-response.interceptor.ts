import {
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  NestMiddleware,
  UseInterceptors,
} from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { map, Observable } from 'rxjs';
import { CachedResponse, CachedResponses } from './cached-responses';

/*
 * REST's share of CachedResponses: the interceptor stores the answers of the routes marked
 * CachedCatalogueResponse; the middleware, in front of the routing, sends a stored answer again.
 * The request is the key: method, URL and, for a POST, its body. Only successful answers are
 * stored, so a request answered from the store is one that passed every check before.
 */

const JSON_TYPE = 'application/json; charset=utf-8';
const TOTAL_COUNT = 'X-Total-Count';

type EtagFunction = (body: Buffer) => string;

function answerKey(request: Request): string {
  const body = request.method === 'GET' ? '' : JSON.stringify(request.body);
  return `${request.method} ${request.originalUrl} ${body}`;
}

/**
 * The ids of the products whose units in stock a REST answer shows: every product it holds
 * (objects with an `_id` and a `quantity`), in the lists and envelopes it nests them in.
 */
function stockShownIn(value: unknown, ids: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) stockShownIn(item, ids);
  } else if (value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    const record = value as Record<string, unknown>;
    if (typeof record.quantity === 'number' && record._id !== undefined) {
      ids.push(String(record._id));
    } else {
      for (const field of Object.values(record)) stockShownIn(field, ids);
    }
  }
  return ids;
}

function setHeaders(response: Response, answer: CachedResponse): void {
  response.setHeader('Content-Type', JSON_TYPE);
  if (answer.totalCount !== undefined) response.setHeader(TOTAL_COUNT, answer.totalCount);
  // Set, so Express does not hash the whole body again on every send.
  if (answer.etag) response.setHeader('ETag', answer.etag);
}

@Injectable()
export class CachedResponseInterceptor implements NestInterceptor {
  constructor(private readonly answers: CachedResponses) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const from = this.answers.state;
    return next.handle().pipe(
      map((value) => {
        const json = JSON.stringify(value);
        const body = Buffer.from(json);
        const totalCount = response.getHeader(TOTAL_COUNT);
        // Express's own ETag function, so the tag is the one it would have made.
        const etagOf = request.app.get('etag fn') as EtagFunction | undefined;
        const answer: CachedResponse = {
          body,
          ...(totalCount !== undefined && { totalCount: String(totalCount) }),
          ...(etagOf && { etag: etagOf(body) }),
          stockShown: stockShownIn(value),
        };
        this.answers.store(from, answerKey(request), answer);
        setHeaders(response, answer);
        // A string is sent as it is: with its type set, the same bytes as the object would be.
        return json;
      }),
    );
  }
}

/**
 * Sends a stored answer as the route would, without routing: the stored bytes themselves,
 * not a copy (a string would be turned into new bytes on every send: at thousands of
 * 35 KB answers a second, that churn alone grew the server by hundreds of MB).
 */
@Injectable()
export class CachedResponseMiddleware implements NestMiddleware {
  constructor(private readonly answers: CachedResponses) {}

  use(request: Request, response: Response, next: NextFunction): void {
    const found = this.answers.find(answerKey(request));
    if (!found) return next();
    setHeaders(response, found);
    response.send(found.body);
  }
}

/** For catalogue reads whose answer is the same for every viewer. */
export const CachedCatalogueResponse = () => UseInterceptors(CachedResponseInterceptor);
