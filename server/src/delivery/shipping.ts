import type { DeliveryZone } from '../shared/rules';
import type { DeliverySettings } from './delivery-settings';

/** What shipping costs a cart, in paise. */
export interface ShippingCharge {
  /** Paise: 0 when the goods reach the free-shipping threshold. */
  charge: number;
  /** Paise: goods worth this much or more ship free; null: never. */
  freeShippingFrom: number | null;
  /** Paise more of goods to ship free: 0 once reached; null when shipping is never free. */
  amountToFreeShipping: number | null;
}

/**
 * The one rule of what shipping costs: nothing for goods worth the free-shipping threshold or
 * more, else the zone's own charge when it has one, else the flat charge. Without a zone (no
 * destination known yet) the flat charge.
 */
export function shippingCharge(
  settings: DeliverySettings,
  goods: number,
  zone: DeliveryZone | null,
): ShippingCharge {
  const { freeShippingFrom } = settings;
  const free = freeShippingFrom !== null && goods >= freeShippingFrom;
  const zoneCharge = zone && settings.zones.find((one) => one.zone === zone)?.charge;
  return {
    charge: free ? 0 : (zoneCharge ?? settings.flatCharge),
    freeShippingFrom,
    amountToFreeShipping: freeShippingFrom === null ? null : Math.max(0, freeShippingFrom - goods),
  };
}
