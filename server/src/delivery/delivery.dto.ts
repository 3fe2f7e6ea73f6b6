import { applyDecorators } from '@nestjs/common';
import { Field, Float, InputType, Int } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  ValidateNested,
} from 'class-validator';
import { INDIAN_STATES } from '../shared/indian-states';
import { DELIVERY_RULES, DeliveryZone } from '../shared/rules';
import { DELIVERY_ZONE } from './delivery.types';
import { DELIVERY_ZONES } from './zones';

/*
 * The shapes of a change of the delivery settings, for REST's body and GraphQL's input alike.
 * Only types are checked here; the bounds, each refused naming its field, are the service's
 * (delivery-settings.ts), so both APIs refuse with the same words. A field left out is kept;
 * null, where allowed, means none.
 */

const IS_NUMBER = { allowNaN: false, allowInfinity: false };

/** An amount in rupees; to the paisa and within bounds is the service's to check. */
const Rupees = (field: string, description: string, nullable = false) =>
  applyDecorators(
    ApiPropertyOptional({ type: 'number', nullable, description }),
    Field(() => Float, { nullable: true, description }),
    IsOptional(),
    IsNumber(IS_NUMBER, { message: `${field} must be a number of rupees` }),
  );

const WholeNumber = (field: string, description: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: 'integer', description }),
    Field(() => Int, { nullable: true, description }),
    IsOptional(),
    IsInt({ message: `${field} must be a whole number` }),
  );

const Texts = (field: string, description: string, most: number) =>
  applyDecorators(
    ApiPropertyOptional({ type: [String], maxItems: most, description }),
    Field(() => [String], { nullable: true, description }),
    IsOptional(),
    IsArray({ message: `${field} must be a list` }),
    IsString({ each: true, message: `${field} must be a list of texts` }),
  );

@InputType('ZoneSettingsInput')
export class ZoneSettingsDto {
  @ApiProperty({ enum: DELIVERY_ZONES })
  @Field(() => DELIVERY_ZONE)
  @IsIn(DELIVERY_ZONES, { message: `zone must be one of: ${DELIVERY_ZONES.join(', ')}` })
  zone: DeliveryZone;

  @Rupees('charge', 'Rupees; null: the flat charge', true) charge?: number | null;
  @WholeNumber('minDays', 'Working days from dispatch, the fewest') minDays?: number;
  @WholeNumber('maxDays', 'Working days from dispatch, the most') maxDays?: number;
}

@InputType('DeliverySettingsInput', { description: 'Fields left out keep their value' })
export class DeliverySettingsDto {
  @ApiPropertyOptional({ example: '302001', description: 'A PIN India Post knows' })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString({ message: 'dispatchPin must be a text' })
  dispatchPin?: string;

  @Rupees('flatCharge', 'Rupees a parcel') flatCharge?: number;

  @Rupees('freeShippingFrom', 'Rupees of goods from which shipping is free; null: never', true)
  freeShippingFrom?: number | null;

  @ApiPropertyOptional({ type: [ZoneSettingsDto], description: 'The zones to change, each once' })
  @Field(() => [ZoneSettingsDto], { nullable: true })
  @IsOptional()
  @IsArray({ message: 'zones must be a list' })
  @IsObject({ each: true, message: 'Each zone must be an object' })
  @ValidateNested({ each: true })
  @Type(() => ZoneSettingsDto)
  zones?: ZoneSettingsDto[];

  @WholeNumber('cutOffHour', 'Orders at or after this hour are dispatched the next working day')
  cutOffHour?: number;

  @Texts(
    'holidays',
    'YYYY-MM-DD, days nothing is dispatched or delivered',
    DELIVERY_RULES.maxHolidays,
  )
  holidays?: string[];

  @ApiPropertyOptional({ type: 'boolean' })
  @Field(() => Boolean, { nullable: true })
  @IsOptional()
  @IsBoolean({ message: 'cashOnDelivery must be true or false' })
  cashOnDelivery?: boolean;

  @Rupees('cashOnDeliveryUpTo', 'Rupees: the largest order cash on delivery takes; null: any', true)
  cashOnDeliveryUpTo?: number | null;

  @Texts('unservedPins', 'PIN codes the shop does not deliver to', DELIVERY_RULES.maxUnservedPins)
  unservedPins?: string[];

  @Texts(
    'unservedStates',
    'States the shop does not deliver to, by GST code (07) or name',
    INDIAN_STATES.length,
  )
  unservedStates?: string[];
}
