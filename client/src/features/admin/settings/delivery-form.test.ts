import { describe, expect, it } from 'vitest';
import type { DeliverySettingsFieldsFragment } from '../../../gql/graphql';
import { formOf, inputOf, refusedAt } from './delivery-form';

const SETTINGS: DeliverySettingsFieldsFragment = {
  dispatchPin: '302001',
  dispatchPlace: { pin: '302001', city: 'Jaipur', state: { code: '08', name: 'Rajasthan' } },
  flatCharge: 49,
  freeShippingFrom: null,
  zones: [
    { zone: 'SAME_CITY', charge: null, minDays: 1, maxDays: 2 },
    { zone: 'NORTH_EAST_AND_ISLANDS', charge: 99.5, minDays: 6, maxDays: 10 },
  ],
  cutOffHour: 14,
  holidays: ['2027-01-26'],
  unservedPins: ['744101'],
  unservedStates: [{ code: '31', name: 'Lakshadweep' }],
};

describe('the delivery form', () => {
  it('shows none as an empty field and sends an empty field as none', () => {
    const values = formOf(SETTINGS);
    expect(values).toMatchObject({ freeShippingFrom: '', unservedStates: ['31'] });
    expect(values.zones[0].charge).toBe('');
    const input = inputOf({ ...values, cutOffHour: '', flatCharge: '' });
    expect(input).toMatchObject({
      dispatchPin: '302001',
      flatCharge: null,
      freeShippingFrom: null,
      cutOffHour: null,
      unservedStates: ['31'],
    });
    expect(input.zones).toEqual([
      { zone: 'SAME_CITY', charge: null, minDays: 1, maxDays: 2 },
      { zone: 'NORTH_EAST_AND_ISLANDS', charge: 99.5, minDays: 6, maxDays: 10 },
    ]);
  });

  it("puts the server's refusal on the field it names, a list's on the list with its item", () => {
    const values = formOf(SETTINGS);
    expect(refusedAt('flatCharge', 'Too much', values)).toEqual({
      path: 'flatCharge',
      message: 'Too much',
    });
    expect(refusedAt('zones[1].maxDays', 'Fewer', values)).toEqual({
      path: 'zones.1.maxDays',
      message: 'Fewer',
    });
    expect(refusedAt('holidays[0]', 'Not a day', values)).toEqual({
      path: 'holidays',
      message: '2027-01-26: Not a day',
    });
    expect(refusedAt('unservedPins[0]', 'Unknown', values)).toMatchObject({
      path: 'unservedPins',
      message: '744101: Unknown',
    });
    expect(refusedAt(null, 'Admins only', values)).toEqual({ path: null, message: 'Admins only' });
    expect(refusedAt('somethingElse', 'Odd', values).path).toBeNull();
  });
});
