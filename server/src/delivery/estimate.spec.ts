import { describe, expect, it } from 'vitest';
import { deliveryEstimate, EstimateRules } from './estimate';

/** A moment in India (UTC+05:30), as a clock would give it. */
const india = (dayAndTime: string) => Date.parse(`${dayAndTime}+05:30`);

const rules = (changes: Partial<EstimateRules> = {}): EstimateRules => ({
  cutOffHour: 14,
  holidays: [],
  minDays: 1,
  maxDays: 2,
  ...changes,
});

/*
 * December 2026: Thursday 3, Friday 4, Saturday 5, Sunday 6, Monday 7, ... Friday 25 is
 * Christmas in the tests that list it.
 */
describe('delivery estimates, in working days from dispatch', () => {
  it('dispatches today before the cut-off, and counts Saturday as a working day', () => {
    expect(deliveryEstimate(india('2026-12-03T10:00:00'), rules())).toEqual({
      dispatch: '2026-12-03',
      earliest: '2026-12-04',
      latest: '2026-12-05',
    });
  });

  it('dispatches the next working day from the cut-off on, skipping the Sunday', () => {
    expect(deliveryEstimate(india('2026-12-03T14:00:00'), rules())).toEqual({
      dispatch: '2026-12-04',
      earliest: '2026-12-05',
      latest: '2026-12-07',
    });
    expect(deliveryEstimate(india('2026-12-03T13:59:59'), rules()).dispatch).toBe('2026-12-03');
  });

  it('skips a listed holiday as it skips a Sunday', () => {
    const withHoliday = rules({ holidays: ['2026-12-07'] });
    expect(deliveryEstimate(india('2026-12-03T15:00:00'), withHoliday)).toEqual({
      dispatch: '2026-12-04',
      earliest: '2026-12-05',
      latest: '2026-12-08',
    });
  });

  it('on a Sunday or a holiday, dispatches the next working day, even before the cut-off', () => {
    expect(deliveryEstimate(india('2026-12-06T09:00:00'), rules()).dispatch).toBe('2026-12-07');
    const christmas = rules({ holidays: ['2026-12-25', '2026-12-26'] });
    expect(deliveryEstimate(india('2026-12-25T09:00:00'), christmas)).toEqual({
      dispatch: '2026-12-28',
      earliest: '2026-12-29',
      latest: '2026-12-30',
    });
  });

  it("counts the shop's day, not the server's: 01:00 in India is the day before in UTC", () => {
    // 2026-12-06T19:30Z is Monday 7 December 01:00 in India: dispatched that Monday.
    expect(deliveryEstimate(Date.parse('2026-12-06T19:30:00Z'), rules()).dispatch).toBe(
      '2026-12-07',
    );
  });

  it.each([
    ['same city', 1, 2, '2026-12-04', '2026-12-05'],
    ['same state', 2, 4, '2026-12-05', '2026-12-08'],
    ['metro to metro', 2, 4, '2026-12-05', '2026-12-08'],
    ['rest of India', 4, 7, '2026-12-08', '2026-12-11'],
    ['north-east and islands', 6, 10, '2026-12-10', '2026-12-15'],
  ])(
    '%s (%i to %i working days) from Thursday 3 December, 10:00',
    (_zone, minDays, maxDays, earliest, latest) => {
      expect(deliveryEstimate(india('2026-12-03T10:00:00'), rules({ minDays, maxDays }))).toEqual({
        dispatch: '2026-12-03',
        earliest,
        latest,
      });
    },
  );

  it('delivers on the day of dispatch for 0 days, and a cut-off of 24 never passes', () => {
    const sameDay = rules({ minDays: 0, maxDays: 0, cutOffHour: 24 });
    expect(deliveryEstimate(india('2026-12-03T23:30:00'), sameDay)).toEqual({
      dispatch: '2026-12-03',
      earliest: '2026-12-03',
      latest: '2026-12-03',
    });
  });
});
