/**
 * Dates as the shop shows them: in its own time zone, India's, wherever the browser is, so
 * an order reads the same to the shopper, the admin and the support team.
 */
import { SHOP_TIME_ZONE } from '@shop/rules';
import { intlLocale } from './i18n';

/** A format made once per language: `Intl` formats are costly to make, cheap to use. */
function perLanguage<T>(make: (locale: string) => T): () => T {
  const made = new Map<string, T>();
  return () => {
    const locale = intlLocale();
    let format = made.get(locale);
    if (!format) {
      format = make(locale);
      made.set(locale, format);
    }
    return format;
  };
}

const dateTime = perLanguage(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: SHOP_TIME_ZONE,
    }),
);
const date = perLanguage(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: SHOP_TIME_ZONE }),
);
const relative = perLanguage((locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));

/** "8 Mar 2024, 2:30 pm" */
export function formatDateTime(iso: string): string {
  return dateTime().format(new Date(iso));
}

/** "8 Mar 2024" */
export function formatDate(iso: string): string {
  return date().format(new Date(iso));
}

/** "3 days ago", "yesterday", "in 2 hours"... */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relative().format(Math.round(seconds / size), unit);
  }
  return relative().format(seconds, 'second');
}

const shopDayName = perLanguage(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }),
);

/** "Fri, 4 Dec": a day of the shop's calendar as the server names it (YYYY-MM-DD). */
export function formatShopDay(day: string): string {
  return shopDayName().format(new Date(`${day}T00:00:00Z`));
}

/** "Fri, 4 Dec – Tue, 8 Dec", or one day when both are the same. */
export function formatDayRange({ earliest, latest }: { earliest: string; latest: string }): string {
  return earliest === latest
    ? formatShopDay(earliest)
    : `${formatShopDay(earliest)} – ${formatShopDay(latest)}`;
}
