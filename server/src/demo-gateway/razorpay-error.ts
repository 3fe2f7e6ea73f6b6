import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';

/** An answer in Razorpay's error shape: `{ error: { code, description, field, ... } }`. */
export class RazorpayError extends Error {
  constructor(
    readonly status: number,
    readonly code: 'BAD_REQUEST_ERROR' | 'GATEWAY_ERROR' | 'SERVER_ERROR',
    readonly description: string,
    readonly field: string | null = null,
  ) {
    super(description);
  }

  get body() {
    return {
      error: {
        code: this.code,
        description: this.description,
        source: this.status >= 500 ? 'internal' : 'business',
        step: 'payment_initiation',
        reason: this.status === 401 ? 'authentication_failed' : 'input_validation_failed',
        metadata: {},
        field: this.field,
      },
    };
  }
}

/** 400 BAD_REQUEST_ERROR naming the request field at fault. */
export const badRequest = (description: string, field: string | null = null) =>
  new RazorpayError(400, 'BAD_REQUEST_ERROR', description, field);

/** What Razorpay answers for an id it does not have. */
export const NO_SUCH_ID = 'The id provided does not exist';

/** Every error of the demo gateway's API in Razorpay's words, not the shop's. */
@Catch()
export class RazorpayErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('DemoGateway');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    let error: RazorpayError;
    if (exception instanceof RazorpayError) error = exception;
    else if (exception instanceof HttpException && exception.getStatus() < 500) {
      error = new RazorpayError(exception.getStatus(), 'BAD_REQUEST_ERROR', exception.message);
    } else {
      this.logger.error(exception);
      error = new RazorpayError(500, 'SERVER_ERROR', 'The server encountered an error');
    }
    response.status(error.status).json(error.body);
  }
}
