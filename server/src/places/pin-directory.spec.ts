import { describe, expect, it } from 'vitest';
import { INDIAN_STATES, indianState } from '../shared/indian-states';
import { PinDirectory } from './pin-directory';

const pins = new PinDirectory();

describe('PinDirectory', () => {
  it.each([
    ['110001', 'New Delhi', 'New Delhi', 'Delhi', '07'],
    ['560001', 'Bengaluru Urban', 'Bengaluru', 'Karnataka', '29'],
    ['400001', 'Mumbai', 'Mumbai', 'Maharashtra', '27'],
    ['781001', 'Kamrup Metro', 'Guwahati', 'Assam', '18'],
    ['744101', 'South Andamans', 'South Andamans', 'Andaman and Nicobar Islands', '35'],
    ['302001', 'Jaipur', 'Jaipur', 'Rajasthan', '08'],
    ['800001', 'Patna', 'Patna', 'Bihar', '10'],
    ['110085', 'North West', 'Delhi', 'Delhi', '07'],
    // The directory gives Agartala's head post office as in Telangana; its circle (North
    // Eastern) does not serve Telangana, so the PIN is placed as its neighbours are.
    ['799001', 'West Tripura', 'West Tripura', 'Tripura', '16'],
  ])('knows %s: %s, %s, %s (%s)', (pin, district, city, state, code) => {
    expect(pins.lookup(pin)).toEqual({
      pin,
      district,
      city,
      state: expect.objectContaining({ name: state, code }),
    });
    expect(pins.isIn(pin, code)).toBe(true);
    expect(pins.isIn(pin, code === '07' ? '06' : '07')).toBe(false);
  });

  it('has no place for a PIN India Post does not have, or that is not a PIN', () => {
    for (const pin of [
      '000000',
      '099999',
      '12345',
      '1234567',
      'abcdef',
      '',
      'constructor',
      '__proto__',
    ]) {
      expect(pins.lookup(pin), pin).toBeNull();
      expect(pins.isIn(pin, '07'), pin).toBe(false);
    }
    // 100000 to 109999 lie below Delhi's first PIN: none is in the directory.
    expect(pins.lookup('100001')).toBeNull();
  });

  it('takes every state of a PIN whose post offices are on both sides of a state line', () => {
    // 396193, by Silvassa: post offices in Valsad (Gujarat) and in Dadra and Nagar Haveli.
    expect(pins.placesOf('396193').map((place) => place.state.code)).toEqual(['24', '26']);
    expect(pins.isIn('396193', '24')).toBe(true);
    expect(pins.isIn('396193', '26')).toBe(true);
    expect(pins.isIn('396193', '27')).toBe(false);
  });

  it('places every PIN it holds in one of the 36 states and union territories', () => {
    expect(pins.about.pins).toBeGreaterThan(19_000);
    expect(INDIAN_STATES).toHaveLength(36);
    expect(INDIAN_STATES.filter((state) => state.kind === 'state')).toHaveLength(28);
    const codes = new Set(INDIAN_STATES.map((state) => state.code));
    expect(codes.size).toBe(36);
  });
});

describe('indianState', () => {
  it('finds a state by its GST code or by its name as people type it', () => {
    expect(indianState('7')?.name).toBe('Delhi');
    expect(indianState('29')?.name).toBe('Karnataka');
    expect(indianState('tamil nadu')?.code).toBe('33');
    expect(indianState('Andaman & Nicobar Islands')?.code).toBe('35');
    expect(indianState('The Dadra and Nagar Haveli and Daman and Diu')?.code).toBe('26');
    expect(indianState('Atlantis')).toBeUndefined();
    expect(indianState('25')).toBeUndefined();
  });
});
