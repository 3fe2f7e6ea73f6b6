import { Field, Float, InputType, ObjectType } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsNumber, IsOptional, IsString, ValidateNested } from 'class-validator';
import { RupeesFromPaise } from '../common/fields';
import { SettingSwitch, SettingText } from '../common/setting-fields';
import { FieldCost } from '../common/graphql/field-cost';
import { TAX_RULES } from '../shared/tax-rules';

/*
 * The shapes of the tax settings and classes, answered and given, for GraphQL and REST alike:
 * only types here; the bounds are tax-settings.ts's and tax-classes.ts's, so both APIs refuse
 * alike, naming the field.
 */

@ObjectType('TaxSettings', { description: "The shop's GST registration (admins only)" })
export class TaxSettingsType {
  @Field({ description: 'Registered under GST: taxes are shown and invoices issued' })
  registered: boolean;
  @Field() legalName: string;
  @Field({ description: 'Lines apart by line breaks' }) address: string;
  @Field({ description: "GST state code of the shop's place of business; '' while not set" })
  stateCode: string;
  @Field() gstin: string;
  @Field({ description: 'Begins every invoice number: INV/2627/00017' }) invoicePrefix: string;
  @Field({ description: 'The tax class of products that name none' }) defaultTaxClass: string;
  @Field(() => Float, {
    nullable: true,
    description: 'Percent on shipping; null: the rate of the main goods (the line worth most)',
  })
  shippingRate: number | null;
  @Field(() => [String], {
    description: 'What a registered shop must still fill in before invoices are issued',
  })
  missing: string[];
}

@InputType('TaxSettingsInput', { description: 'Fields left out keep their value' })
export class TaxSettingsDto {
  @SettingSwitch('registered', 'Registered under GST') registered?: boolean;
  @SettingText('legalName', 'The name on the GST registration', 'Bazaar Retail Private Limited')
  legalName?: string;
  @SettingText('address', 'The principal place of business, lines apart by line breaks')
  address?: string;
  @SettingText('stateCode', 'GST state code of the place of business', '08') stateCode?: string;
  @SettingText('gstin', "The shop's GSTIN", '08AABCU9603R1ZX') gstin?: string;
  @SettingText('invoicePrefix', 'Begins every invoice number (1 to 3 capitals or digits)', 'BZ')
  invoicePrefix?: string;
  @SettingText('defaultTaxClass', 'The class of products that name none', 'standard')
  defaultTaxClass?: string;
  @ApiPropertyOptional({ type: 'number', nullable: true, description: 'Percent; null: main goods' })
  @Field(() => Float, { nullable: true, description: 'Percent; null: the main goods’ rate' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'shippingRate must be a number' })
  shippingRate?: number | null;
}

@ObjectType('RateBand')
@InputType('RateBandInput')
export class RateBandType {
  @ApiPropertyOptional({
    type: 'number',
    nullable: true,
    description: 'Rupees a piece before tax; null on the last band',
  })
  @Field(() => Float, {
    nullable: true,
    description:
      'Rupees of value a piece before tax, up to which the rate applies; null on the last',
  })
  @IsOptional()
  upTo: number | null;

  @ApiProperty({ type: 'number', description: 'Percent' })
  @Field(() => Float, { description: 'Percent: 5, 18, 0.25' })
  rate: number;
}

@ObjectType('RateSchedule')
@InputType('RateScheduleInput')
export class RateScheduleType {
  @ApiProperty({ description: 'The shop’s day it applies from, YYYY-MM-DD', example: '2025-09-22' })
  @Field({ description: 'The day it applies from, YYYY-MM-DD, until the next schedule' })
  @IsString({ message: 'from must be a day, YYYY-MM-DD' })
  from: string;

  @ApiProperty({ type: [RateBandType] })
  @Field(() => [RateBandType])
  @FieldCost({ maxItems: TAX_RULES.maxBands })
  @IsArray({ message: 'bands must be a list' })
  @ValidateNested({ each: true })
  @Type(() => RateBandType)
  bands: RateBandType[];
}

@ObjectType('TaxClass', { description: 'A kind of goods as GST rates them' })
@InputType('TaxClassInput')
export class TaxClassType {
  @ApiProperty({ example: 'apparel' })
  @Field({ description: 'What products name it by' })
  @IsString({ message: 'code must be a text' })
  code: string;

  @ApiProperty({ example: 'Clothing and footwear' })
  @Field()
  @IsString({ message: 'name must be a text' })
  name: string;

  @ApiProperty({ type: [RateScheduleType] })
  @Field(() => [RateScheduleType], { description: 'Its rates by the day they apply from' })
  @FieldCost({ maxItems: TAX_RULES.maxSchedules })
  @IsArray({ message: 'schedules must be a list' })
  @ValidateNested({ each: true })
  @Type(() => RateScheduleType)
  schedules: RateScheduleType[];
}

/** REST's body for the classes: the whole list, which replaces the one kept. */
export class TaxClassesDto {
  @ApiProperty({ type: [TaxClassType] })
  @IsArray({ message: 'classes must be a list' })
  @ValidateNested({ each: true })
  @Type(() => TaxClassType)
  classes: TaxClassType[];
}

@ObjectType('TaxAmounts', { description: 'A value split into what is taxed and each tax; rupees' })
export class TaxAmountsType {
  @RupeesFromPaise('Rupees: the value before tax') taxable: number;
  @RupeesFromPaise('Rupees of central tax, within the state') cgst: number;
  @RupeesFromPaise('Rupees of state tax, within a state') sgst: number;
  @RupeesFromPaise('Rupees of union territory tax, within a territory without a legislature')
  utgst: number;
  @RupeesFromPaise('Rupees of integrated tax, to another state') igst: number;
}

@ObjectType('LineTax', { description: 'The GST within what a line sold for' })
export class LineTaxType extends TaxAmountsType {
  @Field(() => String, { nullable: true, description: 'HSN code (SAC for shipping)' })
  hsn: string | null;
  @Field(() => Float, { description: 'Percent' }) rate: number;
}

@ObjectType('TaxState')
export class TaxStateType {
  @Field({ description: 'GST state code: 08' }) code: string;
  @Field() name: string;
}

@ObjectType('OrderTax', {
  description: 'The GST within an order or cart: prices include it, as Indian prices do',
})
export class OrderTaxType {
  @Field(() => TaxStateType, { description: 'Where the goods go' }) placeOfSupply: TaxStateType;
  @Field({ description: 'intra-state, intra-territory or inter-state' }) supply: string;
  @Field(() => LineTaxType, { nullable: true, description: 'Null without a shipping charge' })
  shipping: LineTaxType | null;
  @Field(() => TaxAmountsType) totals: TaxAmountsType;
  @RupeesFromPaise('Rupees: all the tax within the total') amount: number;
}
