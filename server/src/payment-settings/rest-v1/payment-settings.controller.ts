import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../auth';
import { toRupees } from '../../common/money';
import { ApiAnswer } from '../../common/rest-v1/api-responses';
import { succeeded } from '../../common/rest-v1/answers';
import { PaymentSettingsDto } from '../payment-settings.dto';
import { PaymentSettingsService } from '../payment-settings.service';
import { PaymentSettings } from '../payment-settings';
import { PAYMENT_SETTINGS } from './payment-settings.answers';

/** The payment settings over REST, beside GraphQL's, with the same rules; amounts in rupees. */
@ApiTags('payments')
@Controller('api/v1/settings/payments')
export class PaymentSettingsController {
  constructor(private readonly settings: PaymentSettingsService) {}

  @Get()
  @AdminOnly()
  @ApiAnswer(200, "The shop's payment settings", succeeded({ settings: PAYMENT_SETTINGS }))
  async read() {
    return { success: true, settings: present(await this.settings.read()) };
  }

  /** Changes the fields given; 400 naming the first refused field, and nothing changes. */
  @Put()
  @AdminOnly()
  @ApiAnswer(200, 'Saved', succeeded({ settings: PAYMENT_SETTINGS }))
  async update(@Body() body: PaymentSettingsDto) {
    const settings = await this.settings.update(body);
    return { success: true, message: 'Payment settings saved', settings: present(settings) };
  }
}

const present = (settings: PaymentSettings) => ({
  ...settings,
  codFee: toRupees(settings.codFee),
  codUpTo: settings.codUpTo === null ? null : toRupees(settings.codUpTo),
});
