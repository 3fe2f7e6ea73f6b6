import { SHOP_TIME_ZONE } from '../shared/rules';

/**
 * Days and times as the shop counts them: in SHOP_TIME_ZONE (India), whatever the server's own
 * zone. Intl knows the zone's rules, so nothing here assumes a fixed offset.
 */

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

const wallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallTimeAt(ms: number): WallTime {
  const parts: Record<string, number> = {};
  for (const { type, value } of wallClock.formatToParts(ms)) parts[type] = Number(value);
  return parts as unknown as WallTime;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** How far the shop's clock is ahead of UTC at `ms`, in milliseconds. */
function offsetAt(ms: number): number {
  const { year, month, day, hour, minute, second } = wallTimeAt(ms);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The shop's day `ms` falls on, as YYYY-MM-DD. */
export function shopDay(ms: number): string {
  const { year, month, day } = wallTimeAt(ms);
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** The shop's date and time at `ms`, to the minute: YYYY-MM-DD HH:MM. */
export function shopDateTime(ms: number): string {
  const { hour, minute } = wallTimeAt(ms);
  return `${shopDay(ms)} ${twoDigits(hour)}:${twoDigits(minute)}`;
}

/** Whether `text` is a real day written YYYY-MM-DD (no 2026-02-30). */
export function isShopDay(text: string): boolean {
  const match = DAY_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** The day `days` after `day` (before, when negative), both YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The day of the week of `day` (YYYY-MM-DD): 0 for Sunday to 6 for Saturday. */
export function weekdayOf(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
}

/** The shop's hour at `ms`, 0 to 23. */
export function shopHour(ms: number): number {
  return wallTimeAt(ms).hour;
}

/** The moment the shop's day `day` (YYYY-MM-DD) begins, in milliseconds. */
export function startOfShopDay(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  const midnightUtc = Date.UTC(year, month - 1, date);
  // The offset at a first guess, then at the moment it gives: right across a change of offset.
  const guess = midnightUtc - offsetAt(midnightUtc);
  return midnightUtc - offsetAt(guess);
}
