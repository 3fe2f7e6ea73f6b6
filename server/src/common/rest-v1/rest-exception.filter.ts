import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { statusByKind, toShopError } from '../error-translation';
import { UNEXPECTED_FAILURE } from '../shop-error';

/** Every REST failure leaves as `{ success: false, message }` with an honest status. */
@Catch()
export class RestExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('RestExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    const shopError = toShopError(exception);
    if (shopError) {
      response
        .status(statusByKind[shopError.kind])
        .json({ success: false, message: shopError.message });
      return;
    }
    this.logger.error(
      exception instanceof Error ? (exception.stack ?? exception.message) : exception,
    );
    response.status(500).json({ success: false, message: UNEXPECTED_FAILURE });
  }
}
