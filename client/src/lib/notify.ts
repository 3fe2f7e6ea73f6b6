import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { notifications } from '@mantine/notifications';
import { fieldOf } from '@shop/rules';
import { inShopWords } from './i18n';
import { WORDS } from './messages';

/** Toast timings: success 2 s, error 4 s, at most 20 at once (docs/decisions/007-toast-timings.md). */
export const TOAST_LIMIT = 20;

/**
 * Shows a toast, or shows again the same words still on screen (its time starts over): five
 * quick "Item added to cart" are one toast, not a pile over the page.
 */
function show(message: string, color: string, autoClose: number): void {
  const id = `${color}:${message}`;
  notifications.hide(id);
  notifications.show({ id, message, color, autoClose });
}

export function notifySuccess(message: string): void {
  show(message, 'green', 2000);
}

export function notifyError(message: string): void {
  show(message, 'red', 4000);
}

/**
 * The server's words for a refused GraphQL call (a duplicate, a wrong password...), in the
 * storefront's language, or `fallback` for anything else: a network failure is not something
 * to show as is.
 */
export function errorMessage(error: unknown, fallback = WORDS.somethingWentWrong): string {
  if (!CombinedGraphQLErrors.is(error)) return fallback;
  const first = error.errors[0];
  return first?.message ? inShopWords(first.message, first.extensions) : fallback;
}

/** Whether the server refused a GraphQL call with this code (NOT_FOUND, BAD_USER_INPUT...). */
export function isRefusedAs(error: unknown, ...codes: string[]): boolean {
  return (
    CombinedGraphQLErrors.is(error) &&
    error.errors.some((one) => codes.includes(String(one.extensions?.code)))
  );
}

/**
 * Makes a call to the server and toasts how it went: `success` (worked out from the answer
 * when it is a function), or the server's words for a refusal (`fallback` for anything
 * else). Answers whether the call went through.
 */
export async function notifyOutcome<T>(
  call: () => Promise<T>,
  success: string | ((answer: T) => string),
  fallback = WORDS.somethingWentWrong,
): Promise<boolean> {
  let answer: T;
  try {
    answer = await call();
  } catch (error) {
    notifyError(errorMessage(error, fallback));
    return false;
  }
  notifySuccess(typeof success === 'function' ? success(answer) : success);
  return true;
}

/**
 * A refusal that names its field as the server writes it (`pin: ...`, `zones[2].maxDays:
 * ...`; fields begin in lower case): the field, and the words to show beside it. Null field
 * for any other message.
 */
export function fieldRefusal(
  error: unknown,
  fallback = WORDS.somethingWentWrong,
): { field: string | null; message: string } {
  const { field, words } = fieldOf(errorMessage(error, fallback));
  return { field, message: words };
}

/** Something the shopper should know that went neither right nor wrong (a cart adjusted). */
export function notifyNotice(message: string): void {
  show(message, 'yellow', 6000);
}
