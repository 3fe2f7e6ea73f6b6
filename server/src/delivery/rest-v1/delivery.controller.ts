import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../auth';
import { toRupees } from '../../common/money';
import { ApiAnswer } from '../../common/rest-v1/api-responses';
import { succeeded } from '../../common/rest-v1/answers';
import { PinDirectory } from '../../places';
import { DeliverySettingsDto } from '../delivery.dto';
import { DeliveryService } from '../delivery.service';
import { DeliverySettingsService } from '../delivery-settings.service';
import { DeliverySettings } from '../delivery-settings';
import { settingsView } from '../settings-view';
import { DELIVERY_CHECK, DELIVERY_SETTINGS } from './delivery.answers';

/** Paise as rupees, null kept. */
const rupeesOf = (paise: number | null) => (paise === null ? null : toRupees(paise));

/**
 * Delivery over REST, beside GraphQL's deliveryCheck and (delivery) settings, with the same
 * rules (DeliveryService, DeliverySettingsService); amounts in rupees, as every REST answer.
 */
@ApiTags('delivery')
@Controller('api/v1')
export class DeliveryController {
  constructor(
    private readonly delivery: DeliveryService,
    private readonly settings: DeliverySettingsService,
    private readonly pins: PinDirectory,
  ) {}

  /** 400 naming `pin` for a malformed or unknown PIN; a PIN not served is an answer. */
  @Get('delivery/check/:pin')
  @ApiParam({ name: 'pin', description: 'Six digits', example: '800001' })
  @ApiAnswer(200, 'Whether, when and for how much', succeeded({ check: DELIVERY_CHECK }))
  async check(@Param('pin') pin: string) {
    const check = await this.delivery.check(pin);
    return {
      success: true,
      message: check.message,
      check: {
        ...check,
        cashOnDeliveryUpTo: rupeesOf(check.cashOnDeliveryUpTo),
        charge: toRupees(check.charge),
        freeShippingFrom: rupeesOf(check.freeShippingFrom),
      },
    };
  }

  @Get('settings/delivery')
  @AdminOnly()
  @ApiAnswer(200, "The shop's delivery settings", succeeded({ settings: DELIVERY_SETTINGS }))
  async read() {
    return { success: true, settings: this.present(await this.settings.read()) };
  }

  /** Changes the fields given; 400 naming the first refused field, and nothing changes. */
  @Put('settings/delivery')
  @AdminOnly()
  @ApiAnswer(200, 'Saved', succeeded({ settings: DELIVERY_SETTINGS }))
  async update(@Body() body: DeliverySettingsDto) {
    const settings = await this.settings.update(body);
    return { success: true, message: 'Delivery settings saved', settings: this.present(settings) };
  }

  private present(settings: DeliverySettings) {
    const view = settingsView(settings, this.pins);
    return {
      ...view,
      flatCharge: toRupees(view.flatCharge),
      freeShippingFrom: rupeesOf(view.freeShippingFrom),
      zones: view.zones.map((zone) => ({ ...zone, charge: rupeesOf(zone.charge) })),
    };
  }
}
