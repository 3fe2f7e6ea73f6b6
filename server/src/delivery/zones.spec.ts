import { describe, expect, it } from 'vitest';
import { PinDirectory } from '../places';
import { DeliveryZone } from '../shared/rules';
import { FAR_STATES, metroOf, zoneBetween } from './zones';

const pins = new PinDirectory();
const place = (pin: string) => {
  const found = pins.lookup(pin);
  if (!found) throw new Error(`${pin} is not in the directory`);
  return found;
};

describe('delivery zones, from the dispatch PIN to the destination', () => {
  it.each<[string, string, DeliveryZone]>([
    // Jaipur GPO to another Jaipur PIN: one district.
    ['302001', '302017', 'SAME_CITY'],
    ['302001', '305001', 'SAME_STATE'], // Ajmer
    ['302001', '800001', 'REST_OF_INDIA'], // Patna
    ['302001', '781001', 'NORTH_EAST_AND_ISLANDS'], // Guwahati
    ['302001', '744101', 'NORTH_EAST_AND_ISLANDS'], // Port Blair
    ['302001', '682555', 'NORTH_EAST_AND_ISLANDS'], // Lakshadweep
    ['302001', '190001', 'NORTH_EAST_AND_ISLANDS'], // Srinagar, Jammu and Kashmir
    ['302001', '194101', 'NORTH_EAST_AND_ISLANDS'], // Leh, Ladakh
    ['302001', '400001', 'REST_OF_INDIA'], // Jaipur is no metro
    ['110001', '400001', 'METRO_TO_METRO'], // New Delhi to Mumbai
    ['110001', '560001', 'METRO_TO_METRO'], // to Bengaluru
    ['400001', '500032', 'METRO_TO_METRO'], // to Hyderabad (Ranga Reddy)
    ['600001', '700001', 'METRO_TO_METRO'], // Chennai to Kolkata
    ['380001', '411001', 'METRO_TO_METRO'], // Ahmedabad to Pune
    ['110001', '110085', 'SAME_CITY'], // New Delhi to North West Delhi: one metro
    ['400001', '400070', 'SAME_CITY'], // Mumbai to Mumbai Suburban
    ['400001', '411001', 'SAME_STATE'], // Mumbai to Pune: two metros of one state
    ['110001', '122001', 'REST_OF_INDIA'], // Gurugram is not Delhi
    ['700001', '700091', 'SAME_STATE'], // North 24 Parganas is not Kolkata
    ['781001', '786001', 'SAME_STATE'], // Guwahati to Dibrugarh: same state first
    ['781001', '110001', 'NORTH_EAST_AND_ISLANDS'], // from the north-east, too
  ])('%s to %s is %s', (from, to, zone) => {
    expect(zoneBetween(place(from), place(to))).toBe(zone);
  });

  it('knows the eight metros, and nothing else as one', () => {
    const metros = ['110001', '400001', '700001', '600001', '560001', '500001', '380001', '411001'];
    expect(metros.map((pin) => metroOf(place(pin)))).toEqual([
      'Delhi',
      'Mumbai',
      'Kolkata',
      'Chennai',
      'Bengaluru',
      'Hyderabad',
      'Ahmedabad',
      'Pune',
    ]);
    for (const pin of ['302001', '800001', '122001', '201301', '403001']) {
      expect(metroOf(place(pin)), pin).toBeNull();
    }
  });

  it('counts the north-east, the islands, Jammu and Kashmir and Ladakh as far', () => {
    const far = ['791111', '781001', '795001', '793001', '796001', '797001', '737101', '799001'];
    for (const pin of [...far, '744101', '682555', '190001', '194101']) {
      expect(FAR_STATES.has(place(pin).state.code), pin).toBe(true);
    }
    expect(FAR_STATES.size).toBe(12);
  });
});
