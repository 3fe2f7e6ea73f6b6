import {
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { map, Observable, of } from 'rxjs';
import { CatalogueAnswers } from './catalogue-answers';

const JSON_TYPE = 'application/json; charset=utf-8';
const TOTAL_COUNT = 'X-Total-Count';

/**
 * Sends a REST catalogue read that was answered before, since the catalogue last changed,
 * as it was sent (see CatalogueAnswers). The request is the key: method, URL and, for a
 * POST, its body. Only successful answers are stored, so a request answered from here is one
 * that passed every check before.
 */
@Injectable()
export class CatalogueAnswerInterceptor implements NestInterceptor {
  constructor(private readonly answers: CatalogueAnswers) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const key = `${request.method} ${request.originalUrl} ${
      request.method === 'GET' ? '' : JSON.stringify(request.body)
    }`;
    const found = this.answers.find(key);
    if (found) {
      response.setHeader('Content-Type', JSON_TYPE);
      if (found.totalCount !== undefined) response.setHeader(TOTAL_COUNT, found.totalCount);
      return of(found.body);
    }
    const version = this.answers.version;
    return next.handle().pipe(
      map((answer) => {
        const body = JSON.stringify(answer);
        const totalCount = response.getHeader(TOTAL_COUNT);
        this.answers.store(version, key, {
          body,
          ...(totalCount !== undefined && { totalCount: String(totalCount) }),
        });
        // A string is sent as it is: with its type set, the same bytes as the object would be.
        response.setHeader('Content-Type', JSON_TYPE);
        return body;
      }),
    );
  }
}

/** For catalogue reads whose answer is the same for every viewer. */
export const CachedCatalogueAnswer = () => UseInterceptors(CatalogueAnswerInterceptor);
