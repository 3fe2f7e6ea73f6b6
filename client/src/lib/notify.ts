import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { notifications } from '@mantine/notifications';

/** Toast timings of SPEC.md: success 2 s, error 4 s (at most 20 at once, see App). */
export const TOAST_LIMIT = 20;

export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'green', autoClose: 2000 });
}

export function notifyError(message: string): void {
  notifications.show({ message, color: 'red', autoClose: 4000 });
}

/**
 * The server's words for a refused GraphQL call (a duplicate, a wrong password...), or
 * `fallback` for anything else: a network failure is not something to show as is.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.message || fallback;
  return fallback;
}
