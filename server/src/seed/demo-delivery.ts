import type { DeliverySettingsChange } from '../delivery';

/**
 * The demo shop's delivery settings: the defaults (from Jaipur, Rs 49 a parcel, free from
 * Rs 499), a dearer parcel to the far zone, and the
 * holidays of the months ahead on which nothing is dispatched or delivered.
 */
export const DEMO_DELIVERY: DeliverySettingsChange = {
  zones: [{ zone: 'NORTH_EAST_AND_ISLANDS', charge: 99 }],
  holidays: [
    '2026-12-25', // Christmas
    '2027-01-26', // Republic Day
    '2027-03-22', // Holi
    '2027-08-15', // Independence Day
    '2027-10-02', // Gandhi Jayanti
    '2027-10-29', // Diwali
  ],
};
