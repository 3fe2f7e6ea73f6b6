import { Field, InputType } from '@nestjs/graphql';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, IsOptional, ValidateNested } from 'class-validator';
import {
  SettingRupees,
  SettingSwitch,
  SettingText,
  SettingTexts,
  SettingWholeNumber,
} from '../common/setting-fields';
import { DELIVERY_RULES } from '../shared/rules';

/*
 * The shapes of a change of the payment settings, for REST's body and GraphQL's input alike:
 * only types here, the bounds are payment-settings.ts's, so both APIs refuse alike.
 */

@InputType('PaymentMethodsInput', { description: 'Methods left out keep their value' })
export class PaymentMethodsDto {
  @SettingSwitch('methods.upi', 'Pay by UPI (QR code or UPI app)') upi?: boolean;
  @SettingSwitch('methods.card', 'Pay by card') card?: boolean;
  @SettingSwitch('methods.cashOnDelivery', 'Pay in cash on delivery') cashOnDelivery?: boolean;
}

@InputType('PaymentSettingsInput', { description: 'Fields left out keep their value' })
export class PaymentSettingsDto {
  @SettingText('upiVpa', 'The UPI ID payments are made to; empty only with UPI off', 'shop@okaxis')
  upiVpa?: string;

  @SettingText('upiPayeeName', 'The name UPI apps show the payer', 'Bazaar')
  upiPayeeName?: string;

  @SettingWholeNumber(
    'paymentExpiryMinutes',
    'Minutes an unpaid order holds its stock and a UPI payment may be completed (5 to 60)',
  )
  paymentExpiryMinutes?: number;

  @ApiPropertyOptional({ type: PaymentMethodsDto, description: 'Which ways to pay are offered' })
  @Field(() => PaymentMethodsDto, { nullable: true })
  @IsOptional()
  @IsObject({ message: 'methods must be an object' })
  @ValidateNested()
  @Type(() => PaymentMethodsDto)
  methods?: PaymentMethodsDto;

  @SettingRupees('codFee', 'Rupees added to an order paid on delivery') codFee?: number;

  @SettingRupees('codUpTo', 'Rupees: the largest order cash on delivery takes; null: any', true)
  codUpTo?: number | null;

  @SettingWholeNumber(
    'codMaxUndeliveredOrders',
    'A shopper with this many undelivered cash-on-delivery orders is refused another (1 to 10)',
  )
  codMaxUndeliveredOrders?: number;

  @SettingTexts(
    'codUnservedPins',
    'PIN codes, or their first 2 to 5 digits, where cash on delivery is not offered',
    DELIVERY_RULES.maxUnservedPins,
  )
  codUnservedPins?: string[];
}
