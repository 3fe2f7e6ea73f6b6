import { addDays, shopDay, shopHour, weekdayOf } from '../common/shop-days';

const SUNDAY = 0;

/** What an estimate counts from: the shop's calendar and the zone's days. */
export interface EstimateRules {
  /** Orders placed at or after this hour (shop time) are dispatched the next working day. */
  cutOffHour: number;
  /** Days the shop neither dispatches nor couriers deliver, YYYY-MM-DD; Sundays besides. */
  holidays: readonly string[];
  /** Working days from dispatch to delivery, the fewest and the most. */
  minDays: number;
  maxDays: number;
}

/** When a parcel ordered now leaves and arrives, days of the shop's calendar (YYYY-MM-DD). */
export interface DeliveryEstimate {
  dispatch: string;
  earliest: string;
  latest: string;
}

/** A day the shop dispatches and couriers deliver: not a Sunday, not a listed holiday. */
export function isWorkingDay(day: string, holidays: ReadonlySet<string>): boolean {
  return weekdayOf(day) !== SUNDAY && !holidays.has(day);
}

/** The working day `count` working days after `day` (`day` itself for 0). */
function workingDaysAfter(day: string, count: number, holidays: ReadonlySet<string>): string {
  let at = day;
  for (let left = count; left > 0; left -= 1) {
    do at = addDays(at, 1);
    while (!isWorkingDay(at, holidays));
  }
  return at;
}

/**
 * The delivery window of an order placed at `now`: dispatched today when today is a working
 * day and the cut-off has not passed, else on the next working day; delivered between the
 * zone's fewest and most working days after dispatch. Days are the shop's (India's), whatever
 * the server's zone.
 */
export function deliveryEstimate(now: number, rules: EstimateRules): DeliveryEstimate {
  const holidays = new Set(rules.holidays);
  const today = shopDay(now);
  const dispatch =
    isWorkingDay(today, holidays) && shopHour(now) < rules.cutOffHour
      ? today
      : workingDaysAfter(today, 1, holidays);
  return {
    dispatch,
    earliest: workingDaysAfter(dispatch, rules.minDays, holidays),
    latest: workingDaysAfter(dispatch, rules.maxDays, holidays),
  };
}
