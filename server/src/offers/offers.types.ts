import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsIn, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { RupeesFromPaise } from '../common/fields';
import { NeverKept } from '../common/graphql/cache-hints';
import {
  SettingRupees,
  SettingSwitch,
  SettingText,
  SettingTexts,
  SettingWholeNumber,
} from '../common/setting-fields';
import { COUPON_RULES } from '../shared/offer-rules';
import { COUPON_KINDS, CouponKind } from './coupon.schema';
import { OFFER_KINDS, OfferKind } from './automatic-offers';

export const COUPON_KIND = { PERCENT: 'percent', AMOUNT: 'amount' } as const;
registerEnumType(COUPON_KIND, {
  name: 'CouponKind',
  description: 'PERCENT: a whole percent off; AMOUNT: rupees off',
});
export const OFFER_KIND = { ITEMS: 'items', SHIPPING: 'shipping' } as const;
registerEnumType(OFFER_KIND, {
  name: 'OfferKind',
  description: 'ITEMS: percent off items once the cart holds enough; SHIPPING: free shipping',
});

@ObjectType('Coupon', { description: "A coupon code; amounts in rupees (the admin's view)" })
@NeverKept()
export class CouponType {
  @Field({ description: 'The code, in capitals: shoppers may type it in any case' })
  code: string;
  @Field() description: string;
  @Field(() => COUPON_KIND) kind: CouponKind;
  @Field(() => Float, { description: 'A whole percent (PERCENT), or rupees (AMOUNT)' })
  value: number;
  @RupeesFromPaise('Rupees: the most a percent coupon takes off; null: no cap', true)
  maxDiscount: number | null;
  @RupeesFromPaise('Rupees: the least the goods must be worth, before any discount')
  minCartValue: number;
  @Field(() => Date, { nullable: true }) startsAt: Date | null;
  @Field(() => Date, { nullable: true }) endsAt: Date | null;
  @Field(() => [ID], { description: 'Categories it applies to; with products empty: every item' })
  categories: string[];
  @Field(() => [ID]) products: string[];
  @Field(() => Int, { nullable: true, description: 'Orders that may use it in all; null: any' })
  totalUses: number | null;
  @Field(() => Int, { nullable: true, description: 'Orders of one shopper; null: any' })
  usesPerShopper: number | null;
  @Field() firstOrderOnly: boolean;
  @Field({ description: 'Whether it applies on top of automatic offers' })
  combinesWithOffers: boolean;
  @Field({ description: 'Paused coupons are refused' }) active: boolean;
  @Field() createdAt: Date;
}

/** A coupon's fields as REST's body and GraphQL's input take them; the service checks bounds. */
@InputType('CouponInput', { description: 'A new coupon, or a change: fields left out are kept' })
export class CouponDto {
  @SettingText('code', 'The code; case does not matter', 'FIRST100')
  code?: string;
  @SettingText('description', 'A note for the shop; never shown to shoppers')
  description?: string;
  @ApiPropertyOptional({ enum: COUPON_KINDS })
  @Field(() => COUPON_KIND, { nullable: true })
  @IsOptional()
  @IsIn(COUPON_KINDS, { message: 'kind must be percent or amount' })
  kind?: CouponKind;
  @SettingRupees('value', 'A whole percent (1 to 100), or rupees off')
  value?: number;
  @SettingRupees('maxDiscount', 'Rupees: the most a percent coupon takes off; null: no cap', true)
  maxDiscount?: number | null;
  @SettingRupees('minCartValue', 'Rupees: the least the goods must be worth')
  minCartValue?: number;
  @SettingText('startsAt', 'ISO date and time from which it may be used; null: now')
  startsAt?: string | null;
  @SettingText('endsAt', 'ISO date and time at which it expires; null: never')
  endsAt?: string | null;
  @SettingTexts('categories', 'Ids of the categories it applies to', COUPON_RULES.listed.max)
  categories?: string[];
  @SettingTexts('products', 'Ids of the products it applies to', COUPON_RULES.listed.max)
  products?: string[];
  @SettingWholeNumber('totalUses', 'Orders that may use it in all; null: any')
  totalUses?: number | null;
  @SettingWholeNumber('usesPerShopper', 'Orders of one shopper that may use it; null: any')
  usesPerShopper?: number | null;
  @SettingSwitch('firstOrderOnly') firstOrderOnly?: boolean;
  @SettingSwitch('combinesWithOffers') combinesWithOffers?: boolean;
  @SettingSwitch('active') active?: boolean;
}

@ObjectType('AutomaticOffer', { description: 'An offer applied without a code; amounts in rupees' })
@NeverKept()
export class AutomaticOfferType {
  @Field(() => ID) id: string;
  @Field({ description: 'What the shopper reads: "Buy 2 kitchen items, get 10% off"' })
  name: string;
  @Field(() => OFFER_KIND) kind: OfferKind;
  @Field(() => ID, { nullable: true, description: 'ITEMS: the category counted; null: every item' })
  category: string | null;
  @Field(() => Int, { description: 'ITEMS: how many items the cart must hold' })
  minQuantity: number;
  @Field(() => Int, { description: 'ITEMS: a whole percent off them' })
  percent: number;
  @RupeesFromPaise('SHIPPING: rupees the goods, less discounts, must be worth')
  minCartValue: number;
  @Field(() => Date, { nullable: true }) startsAt: Date | null;
  @Field(() => Date, { nullable: true }) endsAt: Date | null;
  @Field() active: boolean;
}

@InputType('AutomaticOfferInput')
export class AutomaticOfferDto {
  @SettingText('id', 'The offer changed; none for a new one')
  id?: string | null;
  @ApiProperty() @Field() @IsString({ message: 'name must be a text' }) name: string;
  @ApiProperty({ enum: OFFER_KINDS })
  @Field(() => OFFER_KIND)
  @IsIn(OFFER_KINDS, { message: 'kind must be items or shipping' })
  kind: OfferKind;
  @SettingText('category', 'ITEMS: the category id; null: every item')
  category?: string | null;
  @SettingWholeNumber('minQuantity', 'ITEMS: items the cart must hold') minQuantity?: number;
  @SettingWholeNumber('percent', 'ITEMS: a whole percent off') percent?: number;
  @SettingRupees('minCartValue', 'SHIPPING: rupees the goods must be worth') minCartValue?: number;
  @SettingText('startsAt', 'ISO date and time; null: now') startsAt?: string | null;
  @SettingText('endsAt', 'ISO date and time; null: never') endsAt?: string | null;
  @SettingSwitch('active') active?: boolean;
}

/** REST's body replacing the automatic offers. */
export class OffersBody {
  @ApiProperty({ type: [AutomaticOfferDto] })
  @IsArray({ message: 'offers must be a list' })
  @IsObject({ each: true, message: 'Each offer must be an object' })
  @ValidateNested({ each: true })
  @Type(() => AutomaticOfferDto)
  offers: AutomaticOfferDto[];
}
