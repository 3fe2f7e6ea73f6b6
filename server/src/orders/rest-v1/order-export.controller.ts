import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { AdminOnly } from '../../auth';
import { rupeesText } from '../../common/money';
import { ApiCsvAnswer, sendCsv } from '../../common/rest-v1/csv-download';
import { shopDateTime } from '../../common/shop-days';
import { LoaderFactory } from '../../lookups';
import { normaliseMobile, ORDER_NUMBER, orderNumberText, TEXT_LIMITS } from '../../shared/rules';
import type { PublicUser } from '../../users';
import { NOT_A_STATUS, ORDER_STATUSES, OrderStatus } from '../order.schema';
import { OrderRecord, OrdersService } from '../orders.service';
import { DELETED_BUYER } from './order-presenter';

export class OrdersExportQueryDto {
  @ApiPropertyOptional({ enum: ORDER_STATUSES })
  @IsOptional()
  @IsIn(ORDER_STATUSES, { message: NOT_A_STATUS })
  status?: OrderStatus;

  @ApiPropertyOptional({
    description: "Created on or after this day (the shop's, Asia/Kolkata)",
    example: '2026-01-01',
  })
  @IsOptional()
  @IsString()
  from?: string;

  @ApiPropertyOptional({ description: 'Created on or before this day', example: '2026-01-31' })
  @IsOptional()
  @IsString()
  to?: string;

  @ApiPropertyOptional({ description: "Part of the buyer's name or e-mail, in any case" })
  @IsOptional()
  @IsString()
  @MaxLength(TEXT_LIMITS.email)
  buyer?: string;

  @ApiPropertyOptional({ description: 'That order alone, by its number', example: 'BZ-000123' })
  @IsOptional()
  @IsString({ message: ORDER_NUMBER.message })
  @MaxLength(TEXT_LIMITS.name, { message: ORDER_NUMBER.message })
  number?: string;
}

/** The number people name an order by first; then its id, as exported before numbers. */
const COLUMNS = [
  'number',
  'order',
  'date',
  'status',
  'buyer',
  'email',
  'items',
  'total',
  'payment',
  // Where to deliver, after the columns exported before (so their places stay).
  'name',
  'mobile',
  'address',
  'city',
  'state',
  'pin',
  // What coupons and offers took off the items, and the code used (empty: none).
  'discount',
  'coupon',
];

/**
 * Whom and where to deliver to: the saved address copied at checkout, in its parts; for an
 * order placed with a text address, the buyer's name and phone and that text as it is.
 */
function deliveryColumns(order: OrderRecord, buyer: PublicUser | null | undefined): string[] {
  const to = order.deliveryAddress;
  if (!to) {
    // The account's phone, as its 10 digits when it is an Indian mobile, like a copy's.
    const phone = buyer ? (normaliseMobile(buyer.phone) ?? buyer.phone) : '';
    return [buyer?.name ?? DELETED_BUYER, phone, order.address, '', '', ''];
  }
  const street = [to.line1, to.line2, to.landmark].filter(Boolean).join(', ');
  return [to.name, to.mobile, street, to.city, to.state, to.pin];
}

/** What became of the money: charged, given back after a cancellation, or never taken. */
const paymentOf = ({ payment }: OrderRecord) =>
  !payment.success ? 'declined' : payment.refunded ? 'refunded' : 'paid';

/**
 * REST v1 compatibility layer (docs/decisions/010-rest-v1-compatibility-layer.md): the admin's
 * orders, filtered as the orders page filters them, as a CSV file to download. Statuses are
 * named as REST names them; dates and times are the shop's (Asia/Kolkata); totals in rupees.
 */
@ApiTags('orders')
@Controller('api/v1/order')
export class OrderExportController {
  constructor(
    private readonly orders: OrdersService,
    private readonly lookups: LoaderFactory,
  ) {}

  @Get('export.csv')
  @AdminOnly()
  @ApiCsvAnswer(`The orders matching the filter, newest first; columns ${COLUMNS.join(',')}`)
  async export(@Query() query: OrdersExportQueryDto, @Res() response: Response) {
    // Checked before the first byte, so a bad filter is still a 400.
    const batches = await this.orders.inBatches(query);
    const loaders = this.lookups.create();
    async function* rows() {
      for await (const batch of batches) {
        const buyers = await Promise.all(
          batch.map((order) => loaders.user.load(String(order.buyer))),
        );
        for (const [at, order] of batch.entries()) {
          yield [
            order.number === undefined ? '' : orderNumberText(order.number),
            String(order._id),
            shopDateTime(new Date(order.createdAt).getTime()),
            order.status,
            buyers[at]?.name ?? DELETED_BUYER,
            buyers[at]?.email ?? '',
            order.lines.map((line) => `${line.quantity} x ${line.name}`).join('; '),
            rupeesText(order.total),
            paymentOf(order),
            ...deliveryColumns(order, buyers[at]),
            rupeesText(order.discount ?? 0),
            order.coupon ?? '',
          ];
        }
        // One batch's buyers at a time: the loader's cache would otherwise keep every buyer.
        loaders.user.clearAll();
      }
    }
    await sendCsv(response, 'orders', COLUMNS, rows());
  }
}
