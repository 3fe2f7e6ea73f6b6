import { describe, expect, it } from 'vitest';
import { startOfShopDay } from '../common/shop-days';
import { checkedTaxClasses, rateOf, TAX_CLASS_DEFAULTS } from './tax-classes';
import type { TaxClass } from './tax-classes';

const classOf = (code: string): TaxClass =>
  TAX_CLASS_DEFAULTS.classes.find((one) => one.code === code)!;
const onDay = (day: string, hour = 12) => new Date(startOfShopDay(day) + hour * 3_600_000);

describe('rateOf', () => {
  it('taxes clothing at 5% up to Rs 2,500 a piece before tax and 18% above', () => {
    const apparel = classOf('apparel');
    const today = onDay('2026-11-26');
    // Rs 2,625 with tax is Rs 2,500 before 5%: the lower band, to the paisa.
    expect(rateOf(apparel, 2_625_00, today)).toBe(5);
    expect(rateOf(apparel, 2_625_01, today)).toBe(18);
    expect(rateOf(apparel, 999_00, today)).toBe(5);
    expect(rateOf(apparel, 10_000_00, today)).toBe(18);
  });

  it('applies a rate change from its day on, never before', () => {
    const changed: TaxClass = {
      code: 'standard',
      name: 'Standard',
      schedules: [
        { from: '2025-09-22', bands: [{ upTo: null, rate: 18 }] },
        { from: '2026-11-27', bands: [{ upTo: null, rate: 12 }] },
      ],
    };
    // Placed the evening before, in India: still today's rate.
    expect(rateOf(changed, 1_000_00, onDay('2026-11-26', 23))).toBe(18);
    expect(rateOf(changed, 1_000_00, onDay('2026-11-27', 0))).toBe(12);
    // Before its first schedule, a class takes its earliest.
    expect(rateOf(changed, 1_000_00, onDay('2024-01-01'))).toBe(18);
  });
});

describe('checkedTaxClasses', () => {
  const base = {
    code: 'books',
    name: 'Books',
    schedules: [{ from: '2025-09-22', bands: [{ upTo: null, rate: 0 }] }],
  };

  it('keeps band limits in paise, sorts schedules by day', () => {
    const { classes } = checkedTaxClasses([
      {
        ...base,
        schedules: [
          {
            from: '2027-04-01',
            bands: [
              { upTo: 1000.5, rate: 5 },
              { upTo: null, rate: 18 },
            ],
          },
          { from: '2025-09-22', bands: [{ upTo: null, rate: 0 }] },
        ],
      },
    ]);
    expect(classes[0].schedules.map((one) => one.from)).toEqual(['2025-09-22', '2027-04-01']);
    expect(classes[0].schedules[1].bands[0].upTo).toBe(1_000_50);
  });

  it.each([
    [[{ ...base, code: 'Books!' }], 'classes[0].code'],
    [[base, base], 'classes[1].code'],
    [[{ ...base, name: '' }], 'classes[0].name'],
    [[{ ...base, schedules: [] }], 'classes[0].schedules'],
    [
      [{ ...base, schedules: [{ from: '22-09-2025', bands: [{ upTo: null, rate: 5 }] }] }],
      'classes[0].schedules[0].from',
    ],
    [
      [{ ...base, schedules: [{ from: '2025-09-22', bands: [{ upTo: null, rate: 41 }] }] }],
      'classes[0].schedules[0].bands[0].rate',
    ],
    [
      [{ ...base, schedules: [{ from: '2025-09-22', bands: [{ upTo: null, rate: 5.125 }] }] }],
      'classes[0].schedules[0].bands[0].rate',
    ],
    [
      [{ ...base, schedules: [{ from: '2025-09-22', bands: [{ upTo: 100, rate: 5 }] }] }],
      'classes[0].schedules[0].bands[0].upTo',
    ],
    [
      [
        {
          ...base,
          schedules: [
            {
              from: '2025-09-22',
              bands: [
                { upTo: 100, rate: 5 },
                { upTo: 50, rate: 12 },
                { upTo: null, rate: 18 },
              ],
            },
          ],
        },
      ],
      'classes[0].schedules[0].bands[1].upTo',
    ],
    [
      [
        {
          ...base,
          schedules: [
            { from: '2025-09-22', bands: [{ upTo: null, rate: 5 }] },
            { from: '2025-09-22', bands: [{ upTo: null, rate: 5 }] },
          ],
        },
      ],
      'classes[0].schedules',
    ],
  ])('refuses %j naming %s', (classes, field) => {
    expect(() => checkedTaxClasses(classes)).toThrow(
      new RegExp(`^${field.replace(/[[\].]/g, '\\$&')}: `),
    );
  });
});
