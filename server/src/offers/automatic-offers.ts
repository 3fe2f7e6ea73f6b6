import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Catalogue } from '../catalogue';
import { paiseOf, refuseField, switchOf } from '../common/setting-values';
import { badInput } from '../common/shop-error';
import { COUPON_RULES, OFFER_RULES } from '../shared/offer-rules';
import { SettingsStore } from '../settings';
import type { AutomaticOffer as EngineOffer } from './price-engine';

/** The section of the shop's settings the offers module owns (SettingsStore). */
export const OFFERS_SECTION = 'offers';

export const OFFER_KINDS = ['items', 'shipping'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** An automatic offer as stored: applied without a code while it runs. */
export interface AutomaticOffer {
  id: string;
  name: string;
  kind: OfferKind;
  /** Items: the category whose items count and get the discount; null: every item. */
  category: string | null;
  /** Items: how many items of it the cart must hold. */
  minQuantity: number;
  /** Items: a whole percent off them. */
  percent: number;
  /** Shipping: paise the goods, less discounts, must be worth. */
  minCartValue: number;
  startsAt: Date | null;
  endsAt: Date | null;
  active: boolean;
}

/** An offer as the APIs write it: amounts in rupees; no id for a new one. */
export interface AutomaticOfferInput {
  id?: string | null;
  name: string;
  kind: OfferKind;
  category?: string | null;
  minQuantity?: number;
  percent?: number;
  minCartValue?: number;
  startsAt?: Date | null;
  endsAt?: Date | null;
  active?: boolean;
}

interface OffersSettings {
  offers: AutomaticOffer[];
}

const NO_OFFERS: OffersSettings = { offers: [] };

/**
 * The shop's automatic offers (settings section `offers`, one read by `_id`): the admin's list,
 * written whole and checked here, and those running at a moment, for the price engine.
 */
@Injectable()
export class AutomaticOffers {
  constructor(
    private readonly settings: SettingsStore,
    private readonly catalogue: Catalogue,
  ) {}

  async list(): Promise<AutomaticOffer[]> {
    const stored = await this.settings.read(OFFERS_SECTION, NO_OFFERS);
    return stored.offers.map((offer) => ({
      ...offer,
      startsAt: offer.startsAt ? new Date(offer.startsAt) : null,
      endsAt: offer.endsAt ? new Date(offer.endsAt) : null,
    }));
  }

  /** Whether the admin (or the seed) has stored a list, even an empty one. */
  stored(): Promise<boolean> {
    return this.settings.has(OFFERS_SECTION);
  }

  /** The offers running at `now`, as the price engine takes them, in the admin's order. */
  async running(now = new Date()): Promise<EngineOffer[]> {
    return (await this.list())
      .filter((offer) => offer.active && (!offer.startsAt || offer.startsAt <= now))
      .filter((offer) => !offer.endsAt || now < offer.endsAt)
      .map((offer) =>
        offer.kind === 'items'
          ? {
              kind: 'items',
              id: offer.id,
              name: offer.name,
              category: offer.category,
              minQuantity: offer.minQuantity,
              percent: offer.percent,
            }
          : { kind: 'shipping', id: offer.id, name: offer.name, minCartValue: offer.minCartValue },
      );
  }

  /** Replaces the list, each offer checked; refused whole, naming the first fault. */
  async replace(given: readonly AutomaticOfferInput[]): Promise<AutomaticOffer[]> {
    if (!Array.isArray(given)) throw refuseField('offers', 'offers must be a list');
    if (given.length > OFFER_RULES.maxOffers) throw badInput(OFFER_RULES.tooMany);
    const offers = given.map((offer, at) => this.checked(offer, at));
    // An id names one offer: two with one id would be one offer to the cart and the admin.
    offers.forEach((offer, at) => {
      if (offers.findIndex((other) => other.id === offer.id) < at) {
        throw badInput(OFFER_RULES.idTwice(at));
      }
    });
    await this.settings.write(OFFERS_SECTION, { offers });
    return offers;
  }

  private checked(given: AutomaticOfferInput, at: number): AutomaticOffer {
    const name = typeof given.name === 'string' ? given.name.trim() : '';
    if (name.length < 3 || name.length > 80) throw badInput(OFFER_RULES.name(at));
    if (!OFFER_KINDS.includes(given.kind))
      throw refuseField(`offers[${at}].kind`, 'items or shipping');
    const items = given.kind === 'items';
    const category = items ? (given.category ?? null) : null;
    if (category !== null && this.catalogue.category(category) === undefined) {
      throw badInput(OFFER_RULES.category(at));
    }
    const minQuantity = items ? (given.minQuantity ?? 1) : 1;
    if (!Number.isInteger(minQuantity) || minQuantity < 1 || minQuantity > 100) {
      throw badInput(OFFER_RULES.minQuantity(at));
    }
    const percent = items ? (given.percent ?? 0) : 0;
    if (items && (!Number.isInteger(percent) || percent < 1 || percent > 90)) {
      throw badInput(OFFER_RULES.percent(at));
    }
    let minCartValue = 0;
    if (!items) {
      minCartValue = paiseOf(
        `offers[${at}].minCartValue`,
        given.minCartValue ?? 0,
        COUPON_RULES.cartValue,
      );
    }
    const startsAt = given.startsAt ? new Date(given.startsAt) : null;
    const endsAt = given.endsAt ? new Date(given.endsAt) : null;
    for (const [field, date] of [
      ['startsAt', startsAt],
      ['endsAt', endsAt],
    ] as const) {
      if (date && Number.isNaN(date.getTime())) {
        throw refuseField(`offers[${at}].${field}`, 'a date and time, or none');
      }
    }
    if (startsAt && endsAt && endsAt <= startsAt) throw badInput(OFFER_RULES.window(at));
    return {
      id: given.id || randomUUID(),
      name,
      kind: given.kind,
      category,
      minQuantity,
      percent,
      minCartValue,
      startsAt,
      endsAt,
      active: given.active === undefined ? true : switchOf(`offers[${at}].active`, given.active),
    };
  }
}
