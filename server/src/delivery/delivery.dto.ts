import { Field, InputType } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsIn, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { SettingRupees, SettingTexts, SettingWholeNumber } from '../common/setting-fields';
import { INDIAN_STATES } from '../shared/indian-states';
import { DELIVERY_RULES, DeliveryZone } from '../shared/rules';
import { DELIVERY_ZONE } from './delivery.types';
import { DELIVERY_ZONES } from './zones';

/*
 * The shapes of a change of the delivery settings, for REST's body and GraphQL's input alike
 * (see common/setting-fields.ts): only types here, the bounds are delivery-settings.ts's.
 */

@InputType('ZoneSettingsInput')
export class ZoneSettingsDto {
  @ApiProperty({ enum: DELIVERY_ZONES })
  @Field(() => DELIVERY_ZONE)
  @IsIn(DELIVERY_ZONES, { message: `zone must be one of: ${DELIVERY_ZONES.join(', ')}` })
  zone: DeliveryZone;

  @SettingRupees('charge', 'Rupees; null: the flat charge', true) charge?: number | null;
  @SettingWholeNumber('minDays', 'Working days from dispatch, the fewest') minDays?: number;
  @SettingWholeNumber('maxDays', 'Working days from dispatch, the most') maxDays?: number;
}

@InputType('DeliverySettingsInput', { description: 'Fields left out keep their value' })
export class DeliverySettingsDto {
  @ApiPropertyOptional({ example: '302001', description: 'A PIN India Post knows' })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString({ message: 'dispatchPin must be a text' })
  dispatchPin?: string;

  @SettingRupees('flatCharge', 'Rupees a parcel') flatCharge?: number;

  @SettingRupees(
    'freeShippingFrom',
    'Rupees of goods from which shipping is free; null: never',
    true,
  )
  freeShippingFrom?: number | null;

  @ApiPropertyOptional({ type: [ZoneSettingsDto], description: 'The zones to change, each once' })
  @Field(() => [ZoneSettingsDto], { nullable: true })
  @IsOptional()
  @IsArray({ message: 'zones must be a list' })
  @IsObject({ each: true, message: 'Each zone must be an object' })
  @ValidateNested({ each: true })
  @Type(() => ZoneSettingsDto)
  zones?: ZoneSettingsDto[];

  @SettingWholeNumber(
    'cutOffHour',
    'Orders at or after this hour are dispatched the next working day',
  )
  cutOffHour?: number;

  @SettingTexts(
    'holidays',
    'YYYY-MM-DD, days nothing is dispatched or delivered',
    DELIVERY_RULES.maxHolidays,
  )
  holidays?: string[];

  @SettingTexts(
    'unservedPins',
    'PIN codes the shop does not deliver to',
    DELIVERY_RULES.maxUnservedPins,
  )
  unservedPins?: string[];

  @SettingTexts(
    'unservedStates',
    'States the shop does not deliver to, by GST code (07) or name',
    INDIAN_STATES.length,
  )
  unservedStates?: string[];
}
