import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../auth';
import { ApiAnswer } from '../../common/rest-v1/api-responses';
import { listOf, shapeOf, succeeded, text } from '../../common/rest-v1/answers';
import { Couriers } from '../couriers';
import { CouriersDto } from '../order.dto';

const COURIERS = listOf(shapeOf({ name: text, trackingUrl: text }));

/**
 * The shop's couriers for the admin over REST, beside GraphQL's `couriers` and `setCouriers`:
 * the same list, replaced whole and checked by Couriers.
 */
@ApiTags('orders')
@Controller('api/v1/settings/couriers')
export class CouriersController {
  constructor(private readonly couriers: Couriers) {}

  @Get()
  @AdminOnly()
  @ApiAnswer(200, 'The couriers the shop ships with', succeeded({ couriers: COURIERS }))
  async list() {
    return { success: true, couriers: await this.couriers.list() };
  }

  /** 400 naming the first courier at fault (`couriers[2].trackingUrl: ...`); nothing changes. */
  @Put()
  @AdminOnly()
  @ApiAnswer(200, 'The couriers as saved', succeeded({ couriers: COURIERS }))
  async save(@Body() body: CouriersDto) {
    return {
      success: true,
      message: 'Couriers saved',
      couriers: await this.couriers.save(body.couriers),
    };
  }
}
