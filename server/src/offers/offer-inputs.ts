import type { AutomaticOfferInput } from './automatic-offers';
import type { CouponFields } from './coupons.service';
import type { AutomaticOfferDto, CouponDto } from './offers.types';

/** A coupon's input as the service takes it: dates from their ISO text (checked there). */
export const couponFieldsOf = (input: CouponDto): CouponFields =>
  ({
    ...input,
    ...(input.startsAt !== undefined && { startsAt: dateOrNull(input.startsAt) }),
    ...(input.endsAt !== undefined && { endsAt: dateOrNull(input.endsAt) }),
  }) as CouponFields;

export const offerInputsOf = (offers: readonly AutomaticOfferDto[]): AutomaticOfferInput[] =>
  offers.map((offer) => ({
    ...offer,
    startsAt: dateOrNull(offer.startsAt),
    endsAt: dateOrNull(offer.endsAt),
  }));

const dateOrNull = (text: string | null | undefined): Date | null =>
  text == null || text === '' ? null : new Date(text);
