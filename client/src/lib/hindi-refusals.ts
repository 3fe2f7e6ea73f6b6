/**
 * The server's refusals and the forms' field rules said in Hindi (locales/hi/refusals.ts), by
 * their reason: the one GraphQL gives (`extensions.reason` and `values`), or read back from the
 * English words (@shop/refusals). Fetched with Hindi's catalogues, never on English pages.
 */
import { refusalOf, type RefusalReason, withValues } from '@shop/refusals';
import { fieldOf } from '@shop/rules';
import { HINDI_REFUSALS } from '../locales/hi/refusals';

/** What a GraphQL error says of its refusal besides its words. */
export interface GivenReason {
  reason?: unknown;
  values?: unknown;
}

const isReason = (reason: unknown): reason is RefusalReason =>
  typeof reason === 'string' && Object.hasOwn(HINDI_REFUSALS, reason);

/** The English words in Hindi, or null for words that are no shopper's refusal. */
export function refusalInHindi(english: string, given?: GivenReason): string | null {
  const read = isReason(given?.reason)
    ? {
        reason: given.reason,
        values: Array.isArray(given.values) ? given.values.map(String) : [],
      }
    : refusalOf(english);
  if (!read) return null;
  const template = HINDI_REFUSALS[read.reason];
  const words = withValues(template, read.values);
  // A field the English named before the rule's own words (`couponCode: ...`) stays in front,
  // where the form looks for it.
  const { field } = fieldOf(english);
  return field && !fieldOf(template).field ? `${field}: ${words}` : words;
}
