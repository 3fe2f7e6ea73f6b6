import { shopDay } from '../common/shop-days';
import { toRupees } from '../common/money';
import { checkedList, paiseOf, refuseField } from '../common/setting-values';
import { holdsControlCharacters, obeys } from '../shared/rules';
import { TAX_RULES } from '../shared/tax-rules';

/** The name of the tax classes' section in the shop's settings (SettingsStore). */
export const TAX_CLASSES_SECTION = 'tax-classes';

/**
 * A rate for goods up to a value a piece: `upTo` paise of taxable value a unit (the sale value
 * before tax, as the rate notifications count it), inclusive; null on the last band, which
 * takes everything above.
 */
export interface RateBand {
  upTo: number | null;
  /** Percent: 5, 18, 0.25. */
  rate: number;
}

/** The bands a class has from a day on (the shop's day, YYYY-MM-DD), until its next schedule. */
export interface RateSchedule {
  from: string;
  bands: RateBand[];
}

/**
 * A kind of goods as GST rates them: products name their class by `code`. Rates change by
 * notification, so a class keeps every schedule, and an order is taxed by the one in force on
 * the day it is placed; a schedule dated tomorrow changes nothing placed today.
 */
export interface TaxClass {
  code: string;
  name: string;
  /** By `from`, earliest first. */
  schedules: RateSchedule[];
}

export interface TaxClasses {
  classes: TaxClass[];
}

/** The rates in force since 22 September 2025 (GST rate rationalisation). */
const RATIONALISED = '2025-09-22';
const flat = (code: string, name: string, rate: number): TaxClass => ({
  code,
  name,
  schedules: [{ from: RATIONALISED, bands: [{ upTo: null, rate }] }],
});

/**
 * A new shop's classes: the main rates, and clothing and footwear by price (5% up to Rs 2,500
 * a piece, 18% above).
 */
export const TAX_CLASS_DEFAULTS: TaxClasses = {
  classes: [
    flat('standard', 'Standard rate (18%)', 18),
    flat('reduced', 'Reduced rate (5%)', 5),
    {
      code: 'apparel',
      name: 'Clothing and footwear (5% up to Rs 2,500 a piece, 18% above)',
      schedules: [
        {
          from: RATIONALISED,
          bands: [
            { upTo: 2_500_00, rate: 5 },
            { upTo: null, rate: 18 },
          ],
        },
      ],
    },
    flat('nil', 'Nil rated (0%)', 0),
    flat('demerit', 'Demerit goods (40%)', 40),
    flat('gold', 'Gold and jewellery (3%)', 3),
  ],
};

/** The schedule of `taxClass` in force on the shop's day of `at`: the latest begun by then. */
export function scheduleOn(taxClass: TaxClass, at: Date): RateSchedule {
  const day = shopDay(at.getTime());
  let inForce = taxClass.schedules[0];
  for (const schedule of taxClass.schedules) if (schedule.from <= day) inForce = schedule;
  return inForce;
}

/**
 * The rate for a unit sold at `unitValue` paise, tax included, on the shop's day of `at`. A
 * band's limit is on the value before tax, so each band is tried at its own rate: the first
 * whose taxable value a piece is within its limit.
 */
export function rateOf(taxClass: TaxClass, unitValue: number, at: Date): number {
  const { bands } = scheduleOn(taxClass, at);
  for (const band of bands) {
    if (band.upTo === null) return band.rate;
    if (unitValue * 100 <= band.upTo * (100 + band.rate)) return band.rate;
  }
  return bands[bands.length - 1].rate;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A rate in percent, checked: 0 to 40, to two places. */
export function rateIn(field: string, value: unknown): number {
  if (!obeys(TAX_RULES.rate, value)) throw refuseField(field, TAX_RULES.rate.message);
  if (Math.round(value * 100) !== value * 100) throw refuseField(field, TAX_RULES.ratePlaces);
  return value;
}

function bandsIn(field: string, value: unknown): RateBand[] {
  if (!Array.isArray(value) || value.length === 0) throw refuseField(field, TAX_RULES.noRates);
  if (value.length > TAX_RULES.maxBands) throw refuseField(field, TAX_RULES.tooManyBands);
  let below = 0;
  return value.map((band: unknown, at) => {
    const here = `${field}[${at}]`;
    const { upTo, rate } = (band ?? {}) as Partial<RateBand>;
    const last = at === value.length - 1;
    if (last !== (upTo === null || upTo === undefined)) {
      throw refuseField(`${here}.upTo`, TAX_RULES.bandsOrder);
    }
    let limit: number | null = null;
    if (!last) {
      limit = paiseOf(`${here}.upTo`, upTo, TAX_RULES.bandLimit);
      if (limit <= below) throw refuseField(`${here}.upTo`, TAX_RULES.bandsOrder);
      below = limit;
    }
    return { upTo: limit, rate: rateIn(`${here}.rate`, rate) };
  });
}

function schedulesIn(field: string, value: unknown): RateSchedule[] {
  if (!Array.isArray(value) || value.length === 0) throw refuseField(field, TAX_RULES.noRates);
  if (value.length > TAX_RULES.maxSchedules) throw refuseField(field, TAX_RULES.tooManySchedules);
  const schedules = value.map((schedule: unknown, at) => {
    const { from, bands } = (schedule ?? {}) as Partial<RateSchedule>;
    const day = typeof from === 'string' ? from.trim() : '';
    if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
      throw refuseField(`${field}[${at}].from`, TAX_RULES.scheduleDay);
    }
    return { from: day, bands: bandsIn(`${field}[${at}].bands`, bands) };
  });
  schedules.sort((a, b) => a.from.localeCompare(b.from));
  for (let at = 1; at < schedules.length; at += 1) {
    if (schedules[at].from === schedules[at - 1].from) throw refuseField(field, TAX_RULES.sameDay);
  }
  return schedules;
}

function classIn(value: unknown, field: string): TaxClass {
  const { code, name, schedules } = (value ?? {}) as Partial<TaxClass>;
  const kept = typeof code === 'string' ? code.trim() : '';
  if (!TAX_RULES.classCode.pattern.test(kept)) {
    throw refuseField(`${field}.code`, TAX_RULES.classCode.message);
  }
  const named = typeof name === 'string' ? name.trim() : '';
  if (!named || named.length > TAX_RULES.className.maxLength || holdsControlCharacters(named)) {
    throw refuseField(`${field}.name`, TAX_RULES.className.message);
  }
  return { code: kept, name: named, schedules: schedulesIn(`${field}.schedules`, schedules) };
}

/**
 * The classes as given (band limits in rupees, as the APIs send them), each checked (a refusal names the field: `classes[1].schedules[0]
 * .bands[0].rate: ...`): codes once each, schedules by day, bands rising to an open last one.
 */
export function checkedTaxClasses(classes: unknown): TaxClasses {
  const checked = checkedList(
    'classes',
    classes,
    { max: TAX_RULES.maxClasses, message: TAX_RULES.tooManyClasses },
    TAX_RULES.sameClass,
    (item, field) => classIn(item, field),
  );
  const codes = new Set<string>();
  checked.forEach((taxClass, at) => {
    if (codes.has(taxClass.code)) throw refuseField(`classes[${at}].code`, TAX_RULES.sameClass);
    codes.add(taxClass.code);
  });
  return { classes: checked };
}

/** The classes as the APIs show them: band limits in rupees. */
export const classesInRupees = ({ classes }: TaxClasses): TaxClasses => ({
  classes: classes.map((taxClass) => ({
    ...taxClass,
    schedules: taxClass.schedules.map((schedule) => ({
      ...schedule,
      bands: schedule.bands.map((band) => ({
        ...band,
        upTo: band.upTo === null ? null : toRupees(band.upTo),
      })),
    })),
  })),
});
