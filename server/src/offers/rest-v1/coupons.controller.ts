import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../auth';
import { toRupees } from '../../common/money';
import { ApiAnswer, ApiErrors } from '../../common/rest-v1/api-responses';
import {
  count,
  id,
  listOf,
  nullable,
  rupees,
  shapeOf,
  succeeded,
  text,
  time,
} from '../../common/rest-v1/answers';
import { Coupon } from '../coupon.schema';
import { Coupons } from '../coupons.service';
import { AutomaticOffer, AutomaticOffers } from '../automatic-offers';
import { CouponDto, OffersBody } from '../offers.types';
import { couponFieldsOf, offerInputsOf } from '../offer-inputs';
import { couponView } from '../offers.resolver';

const flag = { type: 'boolean' } as const;
const COUPON = shapeOf({
  code: text,
  description: text,
  kind: { type: 'string', enum: ['percent', 'amount'] },
  value: { type: 'number' },
  maxDiscount: nullable(rupees),
  minCartValue: rupees,
  startsAt: nullable(time),
  endsAt: nullable(time),
  categories: listOf(id),
  products: listOf(id),
  totalUses: nullable(count),
  usesPerShopper: nullable(count),
  firstOrderOnly: flag,
  combinesWithOffers: flag,
  active: flag,
  createdAt: time,
});
const OFFER = shapeOf({
  id: text,
  name: text,
  kind: { type: 'string', enum: ['items', 'shipping'] },
  category: nullable(id),
  minQuantity: count,
  percent: count,
  minCartValue: rupees,
  startsAt: nullable(time),
  endsAt: nullable(time),
  active: flag,
});
const CODE = { name: 'code', description: 'The coupon code, in any case', example: 'FIRST100' };

/** REST's view of a coupon: as GraphQL's, every amount in rupees. */
const present = (coupon: Coupon) => {
  const view = couponView(coupon);
  return {
    ...view,
    _id: undefined,
    maxDiscount: view.maxDiscount === null ? null : toRupees(view.maxDiscount),
    minCartValue: toRupees(view.minCartValue),
  };
};
const presentOffer = (offer: AutomaticOffer) => ({
  ...offer,
  minCartValue: toRupees(offer.minCartValue),
});

/**
 * Coupons and automatic offers over REST, for the admin, beside GraphQL's with the same rules
 * (Coupons, AutomaticOffers); amounts in rupees.
 */
@ApiTags('offers')
@Controller('api/v1')
@AdminOnly()
export class CouponsController {
  constructor(
    private readonly coupons: Coupons,
    private readonly offers: AutomaticOffers,
  ) {}

  @Get('coupons')
  @ApiAnswer(200, "The shop's coupons, newest first", succeeded({ coupons: listOf(COUPON) }))
  async list() {
    return { success: true, coupons: (await this.coupons.list()).map(present) };
  }

  @Post('coupons')
  @ApiAnswer(201, 'Created', succeeded({ coupon: COUPON }))
  async create(@Body() body: CouponDto) {
    const coupon = await this.coupons.create(couponFieldsOf(body));
    return { success: true, message: 'Coupon created', coupon: present(coupon) };
  }

  @Put('coupons/:code')
  @ApiParam(CODE)
  @ApiErrors(404)
  @ApiAnswer(200, 'Saved: fields left out are kept', succeeded({ coupon: COUPON }))
  async update(@Param('code') code: string, @Body() body: CouponDto) {
    const coupon = await this.coupons.update(code, couponFieldsOf(body));
    return { success: true, message: 'Coupon saved', coupon: present(coupon) };
  }

  @Delete('coupons/:code')
  @ApiParam(CODE)
  @ApiErrors(404)
  @ApiAnswer(200, 'Deleted; orders that used it keep its code', succeeded())
  async remove(@Param('code') code: string) {
    await this.coupons.remove(code);
    return { success: true, message: 'Coupon deleted' };
  }

  @Get('offers')
  @ApiAnswer(200, 'The automatic offers, in order', succeeded({ offers: listOf(OFFER) }))
  async listOffers() {
    return { success: true, offers: (await this.offers.list()).map(presentOffer) };
  }

  @Put('offers')
  @ApiAnswer(200, 'Replaced', succeeded({ offers: listOf(OFFER) }))
  async replaceOffers(@Body() body: OffersBody) {
    const offers = await this.offers.replace(offerInputsOf(body.offers ?? []));
    return { success: true, message: 'Offers saved', offers: offers.map(presentOffer) };
  }
}
