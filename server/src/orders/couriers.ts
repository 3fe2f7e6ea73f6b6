import { Injectable } from '@nestjs/common';
import { badInput } from '../common/shop-error';
import { holdsControlCharacters, COURIER_RULES, SHIPMENT_RULES } from '../shared/rules';
import { SettingsStore } from '../settings';

/** A courier the shop ships with, and where its tracking page shows a parcel by AWB. */
export interface Courier {
  name: string;
  /** An https address holding `{awb}`, where the tracking number goes. */
  trackingUrl: string;
}

/** The section of the shop's settings the orders module owns (SettingsStore). */
export const COURIERS_SECTION = 'couriers';

interface CourierSettings {
  couriers: Courier[];
}

/**
 * The couriers a new shop starts with: India's national post and the larger private ones, each
 * with its public tracking page. The admin edits the list (a courier's page moves, another
 * courier is taken on); these are a start to check, not a promise of each site's address.
 */
export const PRESET_COURIERS: readonly Courier[] = [
  {
    name: 'India Post Speed Post',
    trackingUrl:
      'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignment={awb}',
  },
  { name: 'Delhivery', trackingUrl: 'https://www.delhivery.com/track/package/{awb}' },
  {
    name: 'Blue Dart',
    trackingUrl: 'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo={awb}',
  },
  { name: 'DTDC', trackingUrl: 'https://www.dtdc.in/tracking.asp?strCnno={awb}' },
  { name: 'Ekart', trackingUrl: 'https://ekartlogistics.com/shipmenttrack/{awb}' },
  {
    name: 'Xpressbees',
    trackingUrl: 'https://www.xpressbees.com/shipment/tracking?awbNo={awb}',
  },
];

const DEFAULTS: CourierSettings = { couriers: [...PRESET_COURIERS] };

/** The same courier however its name is spaced or cased. */
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The shop's couriers (settings section `couriers`): read and changed by the admin, every
 * change checked here; read when an order is shipped (its courier must be one of them) and
 * when a tracking link is made (from the courier's pattern as it is now).
 */
@Injectable()
export class Couriers {
  constructor(private readonly settings: SettingsStore) {}

  async list(): Promise<Courier[]> {
    return (await this.settings.read(COURIERS_SECTION, DEFAULTS)).couriers;
  }

  /** Replaces the list, every courier checked; refused whole, naming the first fault. */
  async save(couriers: readonly Courier[]): Promise<Courier[]> {
    const checked = checkedCouriers(couriers);
    await this.settings.write(COURIERS_SECTION, { couriers: checked });
    return checked;
  }

  /** The courier of this name (in any case), as the list names it; refused when there is none. */
  async named(name: string): Promise<Courier> {
    const found = (await this.list()).find((courier) => sameName(courier.name, name));
    if (!found) throw badInput(SHIPMENT_RULES.unknownCourier(name.trim()));
    return found;
  }
}

/** Where a parcel of `courier` is tracked, from its pattern now; null for a courier since removed. */
export function trackingUrlOf(
  shipment: { courier: string; trackingNumber: string },
  couriers: readonly Courier[],
): string | null {
  const courier = couriers.find((one) => sameName(one.name, shipment.courier));
  return (
    courier?.trackingUrl.replaceAll(
      SHIPMENT_RULES.awbSlot,
      encodeURIComponent(shipment.trackingNumber),
    ) ?? null
  );
}

function checkedCouriers(couriers: readonly Courier[]): Courier[] {
  if (couriers.length === 0) throw badInput(COURIER_RULES.none);
  if (couriers.length > COURIER_RULES.maxCouriers) throw badInput(COURIER_RULES.tooMany);
  const checked: Courier[] = [];
  couriers.forEach((courier, at) => {
    const name = courier.name.trim();
    const trackingUrl = courier.trackingUrl.trim();
    if (!name || name.length > COURIER_RULES.maxName || holdsControlCharacters(name)) {
      throw badInput(COURIER_RULES.name(at));
    }
    if (checked.some((other) => sameName(other.name, name))) {
      throw badInput(COURIER_RULES.sameName(at));
    }
    if (!isTrackingPattern(trackingUrl)) throw badInput(COURIER_RULES.trackingUrl(at));
    checked.push({ name, trackingUrl });
  });
  return checked;
}

/** An https address, not too long, with `{awb}` in it, that stays one once an AWB is put in. */
function isTrackingPattern(pattern: string): boolean {
  if (pattern.length > COURIER_RULES.maxUrl || !pattern.includes(SHIPMENT_RULES.awbSlot)) {
    return false;
  }
  if (holdsControlCharacters(pattern) || /\s/.test(pattern)) return false;
  try {
    const url = new URL(pattern.replaceAll(SHIPMENT_RULES.awbSlot, 'AWB123456'));
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
}
