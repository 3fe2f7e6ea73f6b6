import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsMongoId,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { CheckoutLineDto } from '../carts';
import { OptionalText, RequiredText, SPANS_LINES, toNumber } from '../common/fields';
import { OBJECT_ID_PATTERN } from '../common/object-id';
import { SettingTexts, SettingWholeNumber } from '../common/setting-fields';
import {
  ADDRESS_RULES,
  addressFault,
  COURIER_RULES,
  IDEMPOTENCY_KEY,
  MAX_ORDER_LINES,
  ORDER_NUMBER,
  ORDER_RULES,
  RETURN_RULES,
  SHIPMENT_RULES,
  TEXT_LIMITS,
} from '../shared/rules';
import {
  NOT_A_PAYMENT_METHOD,
  NOT_A_STATUS,
  ORDER_STATUSES,
  OrderStatus,
  PAYMENT_METHOD,
  PAYMENT_METHOD_INPUTS,
  PAYMENT_METHODS,
  paymentMethodOf,
} from './order.schema';
import { PAYMENT_METHOD as PAYMENT_METHOD_ENUM } from '../payment-settings';

/**
 * The courier and AWB of a shipment. Left out or blank, the service names the one missing
 * (SHIPMENT_RULES), as it checks every rule of them; here only their type and length.
 */
@InputType('ShipmentInput')
export class ShipmentDto {
  @ApiProperty({ example: 'Delhivery', description: "One of the shop's couriers, by name" })
  @Field()
  @IsOptional()
  @IsString({ message: 'courier must be a text' })
  @MaxLength(TEXT_LIMITS.name)
  courier: string;

  @ApiProperty({
    example: '1234567890123',
    pattern: SHIPMENT_RULES.trackingNumber.pattern.source,
    description: 'The AWB: 6 to 30 letters and digits',
  })
  @Field()
  @IsOptional()
  @IsString({ message: 'trackingNumber must be a text' })
  @MaxLength(TEXT_LIMITS.name)
  trackingNumber: string;
}

export class OrderStatusDto {
  @ApiProperty({ enum: ORDER_STATUSES })
  @IsIn(ORDER_STATUSES, { message: NOT_A_STATUS })
  status: OrderStatus;

  @ApiPropertyOptional({
    example: 'Delhivery',
    description:
      "Moving to Shipped: one of the shop's couriers. May be left out (the first clients' call), " +
      'but not without trackingNumber',
  })
  @IsOptional()
  @IsString({ message: 'courier must be a text' })
  @MaxLength(TEXT_LIMITS.name)
  courier?: string;

  @ApiPropertyOptional({
    example: '1234567890123',
    pattern: SHIPMENT_RULES.trackingNumber.pattern.source,
    description: 'Moving to Shipped: the AWB, 6 to 30 letters and digits',
  })
  @IsOptional()
  @IsString({ message: 'trackingNumber must be a text' })
  @MaxLength(TEXT_LIMITS.name)
  trackingNumber?: string;
}

@InputType('CourierInput')
export class CourierDto {
  @ApiProperty({ example: 'Delhivery', maxLength: COURIER_RULES.maxName })
  @Field()
  @IsString({ message: 'name must be a text' })
  name: string;

  @ApiProperty({
    example: 'https://www.delhivery.com/track/package/{awb}',
    maxLength: COURIER_RULES.maxUrl,
    description: 'An https address with {awb} where the tracking number goes',
  })
  @Field()
  @IsString({ message: 'trackingUrl must be a text' })
  trackingUrl: string;
}

/** The shop's couriers, replaced whole; the service checks each (COURIER_RULES). */
export class CouriersDto {
  @ApiProperty({ type: [CourierDto], maxItems: COURIER_RULES.maxCouriers })
  @ValidateNested({ each: true })
  @Type(() => CourierDto)
  @IsObject({ each: true, message: 'Each courier must be an object' })
  @ArrayMaxSize(COURIER_RULES.maxCouriers, { message: COURIER_RULES.tooMany })
  // Last, so checked and named first: a text where the list belongs is told so.
  @IsArray({ message: 'couriers must be a list' })
  couriers: CourierDto[];
}

@InputType('CardInput')
export class CardDto {
  @RequiredText(23, '4242 4242 4242 4242') number: string;
  @RequiredText(5, '12/30') expiry: string;
  @RequiredText(4, '123') cvv: string;
}

@InputType('CheckoutInput')
export class CheckoutDto {
  @ApiProperty({ type: [CheckoutLineDto] })
  @Field(() => [CheckoutLineDto])
  @IsArray()
  @ArrayMinSize(1, { message: ORDER_RULES.emptyCart })
  @ArrayMaxSize(MAX_ORDER_LINES, { message: ORDER_RULES.tooManyLines })
  @IsObject({ each: true, message: 'Each line must be an object' })
  @ValidateNested({ each: true })
  @Type(() => CheckoutLineDto)
  lines: CheckoutLineDto[];

  @ApiPropertyOptional({
    enum: PAYMENT_METHODS,
    description: 'How to pay: upi, card or cod (cash on delivery); card when left out',
  })
  @Field(() => PAYMENT_METHOD_ENUM, {
    nullable: true,
    description: 'How to pay; CARD when left out (then `card` is needed)',
  })
  @IsOptional()
  @IsIn(PAYMENT_METHOD_INPUTS, { message: NOT_A_PAYMENT_METHOD })
  method?: string;

  @ApiPropertyOptional({ type: CardDto, description: 'Needed to pay by card' })
  @Field(() => CardDto, { nullable: true })
  @ValidateIf(
    (checkout: CheckoutDto) =>
      paymentMethodOf(checkout.method ?? PAYMENT_METHOD.CARD) === PAYMENT_METHOD.CARD,
  )
  @IsDefined({ message: 'card is required' })
  @IsObject({ message: 'card must be an object' })
  @ValidateNested()
  @Type(() => CardDto)
  card?: CardDto;

  @OptionalText(TEXT_LIMITS.address, undefined, SPANS_LINES) address?: string;

  @ApiPropertyOptional({
    description:
      "The delivery address's PIN: shipping is charged for its zone (and refused where the " +
      'shop does not deliver); without it, the flat charge. Left aside when `addressId` is given ' +
      '(the saved address has its PIN)',
    example: '800001',
  })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString({ message: 'deliveryPin must be a text' })
  deliveryPin?: string;

  @ApiPropertyOptional({
    pattern: OBJECT_ID_PATTERN.source,
    description:
      "One of the buyer's saved addresses to deliver to: the order keeps a copy of it (and " +
      "`address` is then left aside). Without it, `address`, or the account's address.",
  })
  @Field(() => ID, {
    nullable: true,
    description:
      "One of the buyer's saved addresses (myAddresses) to deliver to; the order keeps a copy",
  })
  @IsOptional()
  @IsMongoId({ message: addressFault('addressId', ADDRESS_RULES.notFound) })
  addressId?: string;

  @ApiPropertyOptional({
    description:
      'A coupon code, in any case. One that does not apply refuses the checkout with why ' +
      '(`couponCode: Add Rs 240 more to use FIRST100`), so the total is never a surprise',
    example: 'FIRST100',
  })
  @Field(() => String, { nullable: true, description: 'A coupon code, in any case' })
  @IsOptional()
  @IsString({ message: 'couponCode must be a text' })
  @MaxLength(40, { message: 'couponCode: at most 40 characters' })
  couponCode?: string;

  @ApiPropertyOptional({
    description:
      "A business buyer's GSTIN, for a B2B tax invoice in its name; empty or left out: none",
    example: '27AAPFU0939F1ZV',
  })
  @Field(() => String, {
    nullable: true,
    description: "A business buyer's GSTIN, for a B2B tax invoice; empty: none",
  })
  @IsOptional()
  @IsString({ message: 'buyerGstin must be a text' })
  @MaxLength(20, { message: 'buyerGstin: GSTIN must be 15 characters' })
  buyerGstin?: string;

  @ApiPropertyOptional({
    description: 'Same key, same checkout: a retry never pays twice',
    pattern: IDEMPOTENCY_KEY.pattern.source,
  })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @Matches(IDEMPOTENCY_KEY.pattern, { message: IDEMPOTENCY_KEY.message })
  idempotencyKey?: string;
}

@InputType('PayOrderInput', { description: 'Another attempt to pay an order not paid yet' })
export class PayOrderDto {
  @ApiProperty({ enum: PAYMENT_METHODS })
  @Field(() => PAYMENT_METHOD_ENUM)
  @IsIn(PAYMENT_METHOD_INPUTS, { message: NOT_A_PAYMENT_METHOD })
  method: string;

  @ApiPropertyOptional({ type: CardDto, description: 'Needed to pay by card' })
  @Field(() => CardDto, { nullable: true })
  @ValidateIf((retry: PayOrderDto) => paymentMethodOf(retry.method) === PAYMENT_METHOD.CARD)
  @IsDefined({ message: 'card is required' })
  @IsObject({ message: 'card must be an object' })
  @ValidateNested()
  @Type(() => CardDto)
  card?: CardDto;
}

export class OrdersQueryDto {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @toNumber()
  @IsOptional()
  @IsInt({ message: 'page must be a whole number from 1' })
  @Min(1)
  page?: number;

  @ApiPropertyOptional({ enum: ORDER_STATUSES })
  @IsOptional()
  @IsIn(ORDER_STATUSES, { message: NOT_A_STATUS })
  status?: OrderStatus;

  @ApiPropertyOptional({ example: 'BZ-000123', description: 'That order alone' })
  @IsOptional()
  @IsString({ message: ORDER_NUMBER.message })
  @MaxLength(TEXT_LIMITS.name, { message: ORDER_NUMBER.message })
  number?: string;
}

@InputType('CancelOrderLineInput', { description: 'Units of one line the shop cancels' })
export class CancelLineDto {
  @ApiPropertyOptional({
    minimum: 1,
    description: "Units to cancel; all the line's units not yet cancelled when left out",
  })
  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt({ message: 'quantity must be a whole number' })
  quantity?: number | null;
}

@InputType('ReturnLineInput')
export class ReturnLineDto {
  @ApiProperty({ minimum: 0, description: "The line's place in the order, from 0" })
  @Field(() => Int)
  @IsInt({ message: 'line must be a whole number' })
  line: number;

  @ApiProperty({ minimum: 1 })
  @Field(() => Int)
  @IsInt({ message: 'quantity must be a whole number' })
  quantity: number;
}

@InputType('ReturnRequestInput', {
  description: 'Units of a delivered order to send back, and why',
})
export class ReturnRequestDto {
  @ApiProperty({ type: [ReturnLineDto] })
  @Field(() => [ReturnLineDto])
  @IsArray({ message: 'lines must be a list' })
  @ArrayMaxSize(MAX_ORDER_LINES, { message: RETURN_RULES.noLines })
  @IsObject({ each: true, message: 'Each line must be an object' })
  @ValidateNested({ each: true })
  @Type(() => ReturnLineDto)
  lines: ReturnLineDto[];

  @RequiredText(RETURN_RULES.reason.max, 'The kurta is too small', SPANS_LINES)
  reason: string;
}

/** REST's answer to a return asked for: approve or refuse it, with a word to the buyer. */
export class ReturnDecisionDto {
  @ApiProperty({ enum: ['approve', 'refuse'] })
  @IsIn(['approve', 'refuse'], { message: 'decision must be approve or refuse' })
  decision: 'approve' | 'refuse';

  @OptionalText(RETURN_RULES.note.max, 'Please pack it with its tags', SPANS_LINES)
  note?: string;
}

@InputType('ReceiveReturnInput')
export class ReceiveReturnDto {
  @ApiPropertyOptional({
    description:
      "A cash order's refund: the reference of the bank or UPI transfer the shop made; left " +
      'out for an order paid online (refunded through the gateway)',
  })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString({ message: 'refundReference must be a text' })
  @MaxLength(TEXT_LIMITS.name, { message: RETURN_RULES.reference.message })
  refundReference?: string | null;
}

@InputType('ReturnPolicyInput', { description: 'Fields left out keep their value' })
export class ReturnPolicyDto {
  @SettingWholeNumber('windowDays', 'Days after delivery a return may be asked; 0: none')
  windowDays?: number;

  @SettingTexts(
    'nonReturnableCategories',
    'Ids of categories whose products are not taken back',
    RETURN_RULES.listed.max,
  )
  nonReturnableCategories?: string[];

  @SettingTexts('nonReturnableProducts', 'Ids of products not taken back', RETURN_RULES.listed.max)
  nonReturnableProducts?: string[];
}
