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
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { LIMITS, OptionalText, RequiredText, toNumber } from '../common/fields';
import { OBJECT_ID_PATTERN } from '../common/object-id';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from './orders.service';
import { ORDER_STATUSES, OrderStatus } from './order.schema';

export class OrderStatusDto {
  @ApiProperty({ enum: ORDER_STATUSES })
  @IsIn(ORDER_STATUSES, { message: `status must be one of: ${ORDER_STATUSES.join(', ')}` })
  status: OrderStatus;
}

@InputType('CheckoutLineInput')
export class CheckoutLineDto {
  @ApiProperty({ pattern: OBJECT_ID_PATTERN.source })
  @Field(() => ID)
  @IsMongoId({ message: 'productId must be a product id' })
  productId: string;

  @ApiProperty({ minimum: 1, maximum: MAX_LINE_QUANTITY })
  @Field(() => Int)
  @IsInt()
  @Min(1)
  @Max(MAX_LINE_QUANTITY)
  quantity: number;
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
  @ArrayMinSize(1, { message: 'The cart is empty' })
  @ArrayMaxSize(MAX_ORDER_LINES)
  @IsObject({ each: true, message: 'Each line must be an object' })
  @ValidateNested({ each: true })
  @Type(() => CheckoutLineDto)
  lines: CheckoutLineDto[];

  @ApiProperty({ type: CardDto })
  @Field(() => CardDto)
  @IsDefined({ message: 'card is required' })
  @IsObject({ message: 'card must be an object' })
  @ValidateNested()
  @Type(() => CardDto)
  card: CardDto;

  @OptionalText(LIMITS.address) address?: string;

  @ApiPropertyOptional({ description: 'Same key, same checkout: a retry never pays twice' })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @Matches(/^[\w-]+$/, { message: 'idempotencyKey may hold letters, digits, - and _ only' })
  idempotencyKey?: string;
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
  @IsIn(ORDER_STATUSES, { message: `status must be one of: ${ORDER_STATUSES.join(', ')}` })
  status?: OrderStatus;
}
