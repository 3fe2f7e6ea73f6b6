import { describe, expect, it } from 'vitest';
import {
  addDays,
  isShopDay,
  shopDateTime,
  shopDay,
  shopHour,
  startOfShopDay,
  weekdayOf,
} from './shop-days';

/** India is UTC+05:30 all year: its days begin at 18:30 UTC the day before. */
describe("the shop's days (Asia/Kolkata)", () => {
  it('names the day and time in India, whatever the UTC date', () => {
    expect(shopDay(Date.parse('2026-03-09T18:29:59Z'))).toBe('2026-03-09');
    expect(shopDay(Date.parse('2026-03-09T18:30:00Z'))).toBe('2026-03-10');
    expect(shopDateTime(Date.parse('2026-03-09T20:05:00Z'))).toBe('2026-03-10 01:35');
  });

  it('begins each day at midnight in India', () => {
    expect(new Date(startOfShopDay('2026-03-10')).toISOString()).toBe('2026-03-09T18:30:00.000Z');
    expect(new Date(startOfShopDay('2024-01-01')).toISOString()).toBe('2023-12-31T18:30:00.000Z');
  });

  it('counts days across months and years, and knows real dates from others', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-01-10', -89)).toBe('2025-10-13');
    expect(['2024-02-29', '2026-12-31'].every(isShopDay)).toBe(true);
    for (const day of ['2026-02-29', '2026-13-01', '2026-1-05', '05-01-2026', '2026-01-01T00:00']) {
      expect(isShopDay(day), day).toBe(false);
    }
  });

  it("names the weekday of a day and the shop's hour of a moment", () => {
    expect(weekdayOf('2026-12-06')).toBe(0); // a Sunday
    expect(weekdayOf('2026-12-04')).toBe(5); // a Friday
    expect(weekdayOf('2024-02-29')).toBe(4);
    expect(shopHour(Date.parse('2026-03-09T08:29:59Z'))).toBe(13);
    expect(shopHour(Date.parse('2026-03-09T08:30:00Z'))).toBe(14);
    expect(shopHour(Date.parse('2026-03-09T18:30:00Z'))).toBe(0);
  });
});
