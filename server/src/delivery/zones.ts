import type { PinPlace } from '../places';
import { DELIVERY_ZONE_LABELS, DeliveryZone } from '../shared/rules';

/** Every zone, in the order the settings list them: nearest first. */
export const DELIVERY_ZONES = Object.keys(DELIVERY_ZONE_LABELS) as DeliveryZone[];

/**
 * The metros of the metro-to-metro zone, by the districts India Post files them under (as
 * PinDirectory names them, compared in upper case). Delhi is every district of the National
 * Capital Territory; the others are the city's districts, not its suburbs in other districts
 * (Noida, Gurugram, Thane stay "rest of India" or "same state").
 */
const METRO_DISTRICTS: Record<string, readonly string[]> = {
  Mumbai: ['MUMBAI', 'MUMBAI SUBURBAN'],
  Kolkata: ['KOLKATA'],
  Chennai: ['CHENNAI'],
  Bengaluru: ['BENGALURU URBAN'],
  Hyderabad: ['HYDERABAD', 'RANGA REDDY', 'MEDCHAL MALKAJGIRI'],
  Ahmedabad: ['AHMADABAD'],
  Pune: ['PUNE'],
};
const DELHI = '07';
const METRO_OF_DISTRICT = new Map(
  Object.entries(METRO_DISTRICTS).flatMap(([metro, districts]) =>
    districts.map((district) => [district, metro] as const),
  ),
);

/**
 * The states and union territories couriers reach last, by GST code: the eight north-eastern
 * states, the islands (Andaman and Nicobar, Lakshadweep), and Jammu and Kashmir and Ladakh,
 * which couriers serve as they serve the north-east (few flights, roads closed by snow), so
 * they share its days and charge.
 */
export const FAR_STATES: ReadonlySet<string> = new Set([
  '12', // Arunachal Pradesh
  '18', // Assam
  '14', // Manipur
  '17', // Meghalaya
  '15', // Mizoram
  '13', // Nagaland
  '11', // Sikkim
  '16', // Tripura
  '35', // Andaman and Nicobar Islands
  '31', // Lakshadweep
  '01', // Jammu and Kashmir
  '38', // Ladakh
]);

/** The metro a place is in, or null. */
export function metroOf(place: PinPlace): string | null {
  if (place.state.code === DELHI) return 'Delhi';
  return METRO_OF_DISTRICT.get(place.district.toUpperCase()) ?? null;
}

/**
 * The zone a parcel travels from the dispatch PIN's place to the destination's, the first
 * that holds: the same city (the same district, or the same metro), the same state, either
 * end in the far states (north-east, islands, Jammu and Kashmir, Ladakh), metro to metro,
 * and the rest of India. So Guwahati to Dibrugarh is the same state, Delhi to Guwahati far.
 */
export function zoneBetween(from: PinPlace, to: PinPlace): DeliveryZone {
  const sameState = from.state.code === to.state.code;
  const metro = metroOf(from);
  const sameDistrict = from.district !== '' && from.district === to.district;
  if (sameState && (sameDistrict || (metro !== null && metro === metroOf(to)))) {
    return 'SAME_CITY';
  }
  if (sameState) return 'SAME_STATE';
  if (FAR_STATES.has(from.state.code) || FAR_STATES.has(to.state.code)) {
    return 'NORTH_EAST_AND_ISLANDS';
  }
  if (metro !== null && metroOf(to) !== null) return 'METRO_TO_METRO';
  return 'REST_OF_INDIA';
}
