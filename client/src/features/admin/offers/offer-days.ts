import { SHOP_TIME_ZONE } from '@shop/rules';

/*
 * Coupons and offers run from the start of a day to the end of a day in India, whatever the
 * browser's zone: the form holds days (YYYY-MM-DD, as a date input gives them), the server
 * moments. India keeps one offset all year.
 */
const INDIA_OFFSET = '+05:30';
const DAY_MS = 24 * 60 * 60 * 1000;
const indiaDay = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE });

/** `day` moved on by `days`, as ISO text; what is no day is sent as typed, for the server to refuse. */
function momentOf(day: string, days: number): string | null {
  if (!day) return null;
  const start = new Date(`${day}T00:00:00${INDIA_OFFSET}`).getTime();
  return Number.isNaN(start) ? day : new Date(start + days * DAY_MS).toISOString();
}

/** The first moment of `day` in India; null for no day. */
export const startOfDay = (day: string): string | null => momentOf(day, 0);

/** The moment `day` is over in India (the next day's first); null for no day. */
export const endOfDay = (day: string): string | null => momentOf(day, 1);

/** The day in India a start falls on; '' for none. */
export const dayOf = (moment: string | null): string =>
  moment ? indiaDay.format(new Date(moment)) : '';

/** The last day in India before an end; '' for none. */
export const lastDayBefore = (moment: string | null): string =>
  moment ? indiaDay.format(new Date(new Date(moment).getTime() - 1)) : '';
