import { notifications } from '@mantine/notifications';

/** Toast timings of SPEC.md: success 2 s, error 4 s (at most 20 at once, see App). */
export const TOAST_LIMIT = 20;

export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'green', autoClose: 2000 });
}

export function notifyError(message: string): void {
  notifications.show({ message, color: 'red', autoClose: 4000 });
}

/** The server's words for a failed GraphQL call, or `fallback` when there are none. */
export function errorMessage(error: unknown, fallback: string): string {
  const graphQLErrors = (error as { errors?: { message: string }[] })?.errors;
  if (graphQLErrors?.length) return graphQLErrors[0].message;
  const message = (error as { message?: unknown })?.message;
  const network =
    (error as { name?: string })?.name === 'ServerError' ||
    (error as { statusCode?: number })?.statusCode;
  return typeof message === 'string' && message && !network ? message : fallback;
}
