import { ValidationError, ValidationPipe } from '@nestjs/common';
import { badInput } from './shop-error';

function firstMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const constraint = error.constraints && Object.values(error.constraints)[0];
    if (constraint) return constraint;
    const nested = error.children?.length ? firstMessage(error.children) : '';
    if (nested) return nested;
  }
  return 'Invalid input';
}

/**
 * Unknown fields are dropped rather than refused, so older and newer clients keep
 * working; a value of the wrong type (an object where a string belongs) is refused.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => badInput(firstMessage(errors)),
  });
}
