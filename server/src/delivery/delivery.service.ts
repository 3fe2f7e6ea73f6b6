import { Injectable } from '@nestjs/common';
import {
  codRefusal,
  PaymentOptions,
  paymentOptionsFor,
  PaymentSettingsService,
} from '../payment-settings';
import { knownPin, PinDirectory, PinPlace } from '../places';
import { DELIVERY_RULES, DeliveryZone } from '../shared/rules';
import { DeliveryClock } from './delivery-clock';
import { DeliverySettings } from './delivery-settings';
import { DeliverySettingsService } from './delivery-settings.service';
import { DeliveryEstimate, deliveryEstimate } from './estimate';
import { ShippingCharge, shippingCharge } from './shipping';
import { zoneBetween } from './zones';

/** Where a PIN is, and whether and how the shop gets a parcel there. */
export interface Destination {
  pin: string;
  place: PinPlace;
  zone: DeliveryZone;
  deliverable: boolean;
}

/** A delivery check's answer: dates are the shop's days, YYYY-MM-DD; amounts in paise. */
export interface DeliveryCheck extends Destination {
  /** Null when the shop does not deliver there. */
  earliest: string | null;
  latest: string | null;
  cashOnDelivery: boolean;
  cashOnDeliveryUpTo: number | null;
  /** What shipping costs a cart below the free-shipping threshold. */
  charge: number;
  freeShippingFrom: number | null;
  /** The answer in words, as the storefront shows it. */
  message: string;
}

/** A quote's shipping: its charge, and the destination when one was given. */
export interface CartShipping extends ShippingCharge {
  destination: Destination | null;
}

/** "Fri 4 Dec": a day as the storefront names a delivery date. */
const dayName = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const named = (day: string) => dayName.format(new Date(`${day}T00:00:00Z`));

const placeName = (place: PinPlace) => `${place.city}, ${place.state.name}`;

/** The delivery window of a parcel to `zone` ordered at `now` (ms). */
function windowOf(settings: DeliverySettings, zone: DeliveryZone, now: number): DeliveryEstimate {
  const { minDays, maxDays } = settings.zones.find((one) => one.zone === zone)!;
  return deliveryEstimate(now, {
    cutOffHour: settings.cutOffHour,
    holidays: settings.holidays,
    minDays,
    maxDays,
  });
}

/**
 * Delivery checks and shipping charges, from the delivery settings as they are now: where
 * a PIN is (PinDirectory), its zone from the dispatch PIN, whether the shop serves it, when a
 * parcel ordered now arrives, and what shipping costs. Checkout and the cart's quote charge
 * shipping through `shippingFor` alone.
 */
@Injectable()
export class DeliveryService {
  constructor(
    private readonly settings: DeliverySettingsService,
    private readonly payments: PaymentSettingsService,
    private readonly pins: PinDirectory,
    private readonly clock: DeliveryClock,
  ) {}

  /** The answer for a shopper's PIN; a malformed or unknown one is refused naming `pin`. */
  async check(pin: string): Promise<DeliveryCheck> {
    const [settings, payments] = await Promise.all([this.settings.read(), this.payments.read()]);
    const destination = this.destination(settings, pin, 'pin');
    const { charge, freeShippingFrom } = shippingCharge(settings, 0, destination.zone);
    // Whatever the order's value: the check is asked before there is a cart.
    const cashOnDelivery =
      payments.methods.cashOnDelivery && codRefusal(payments, destination, null) === null;
    const answer = {
      ...destination,
      cashOnDelivery,
      cashOnDeliveryUpTo: payments.codUpTo,
      charge,
      freeShippingFrom,
    };
    if (!destination.deliverable) {
      return {
        ...answer,
        earliest: null,
        latest: null,
        message: DELIVERY_RULES.notDelivered(
          `${destination.pin} (${placeName(destination.place)})`,
        ),
      };
    }
    const { earliest, latest } = windowOf(settings, destination.zone, this.clock.now());
    const when = earliest === latest ? named(earliest) : `${named(earliest)} – ${named(latest)}`;
    const cash = cashOnDelivery ? 'Cash on delivery available' : 'No cash on delivery';
    return {
      ...answer,
      earliest,
      latest,
      message: `Delivery by ${when} to ${placeName(destination.place)} · ${cash}`,
    };
  }

  /**
   * The ways to pay an order to `pin` worth `orderTotal` paise (null: not known yet) the
   * storefront may offer, from the payment settings as they are now; cash on delivery only
   * where the shop delivers and the payment settings allow it. Asked here, where a PIN is
   * understood; a malformed or unknown PIN is refused naming `pin`.
   */
  async paymentOptions(pin: string, orderTotal: number | null): Promise<PaymentOptions> {
    const [settings, payments] = await Promise.all([this.settings.read(), this.payments.read()]);
    return paymentOptionsFor(payments, this.destination(settings, pin, 'pin'), orderTotal);
  }

  /**
   * What shipping costs goods worth `goods` paise sent to `pin` (named `field` in a refusal),
   * or with no PIN, the flat charge's rule. The destination comes back for the caller to
   * refuse one the shop does not serve.
   */
  async shippingFor(
    goods: number,
    pin: string | null | undefined,
    field: string,
  ): Promise<CartShipping> {
    const { chargeFor, destination } = await this.shippingTo(pin, field);
    return { ...chargeFor(goods), destination };
  }

  /**
   * Shipping to `pin` as a rule of the goods' worth, for the price engine, which asks it of the
   * goods less discounts; the destination as shippingFor gives it.
   */
  async shippingTo(
    pin: string | null | undefined,
    field: string,
  ): Promise<{ chargeFor: (goods: number) => ShippingCharge; destination: Destination | null }> {
    const settings = await this.settings.read();
    const destination =
      pin == null || pin.trim() === '' ? null : this.destination(settings, pin, field);
    return {
      chargeFor: (goods) => shippingCharge(settings, goods, destination?.zone ?? null),
      destination,
    };
  }

  /**
   * When an order placed at `placedAt` (ms) for `pin` is expected, by the settings as they are
   * now; null where the shop does not deliver, or for a PIN the directory no longer has.
   */
  expectedDelivery(
    settings: DeliverySettings,
    pin: string,
    placedAt: number,
  ): DeliveryEstimate | null {
    if (!this.pins.lookup(pin)) return null;
    const destination = this.destination(settings, pin, 'pin');
    return destination.deliverable ? windowOf(settings, destination.zone, placedAt) : null;
  }

  private destination(settings: DeliverySettings, pin: string, field: string): Destination {
    const known = knownPin(field, pin, this.pins);
    const place = this.pins.lookup(known)!;
    const from = this.pins.lookup(settings.dispatchPin)!;
    const served =
      !settings.unservedPins.includes(known) && !settings.unservedStates.includes(place.state.code);
    return { pin: known, place, zone: zoneBetween(from, place), deliverable: served };
  }
}
