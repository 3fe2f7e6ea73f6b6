import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../auth';
import { ApiAnswer } from '../../common/rest-v1/api-responses';
import { succeeded } from '../../common/rest-v1/answers';
import { classesInRupees } from '../tax-classes';
import { taxSettingsView } from '../tax-settings';
import { TaxSettingsService } from '../tax-settings.service';
import { TaxClassesDto, TaxSettingsDto } from '../tax.types';
import { TAX_CLASSES, TAX_SETTINGS } from './tax-settings.answers';

/** The GST settings and tax classes over REST, beside GraphQL's, with the same rules. */
@ApiTags('tax')
@Controller('api/v1/settings')
export class TaxSettingsController {
  constructor(private readonly settings: TaxSettingsService) {}

  @Get('tax')
  @AdminOnly()
  @ApiAnswer(200, "The shop's GST settings", succeeded({ settings: TAX_SETTINGS }))
  async read() {
    return { success: true, settings: taxSettingsView(await this.settings.read()) };
  }

  /** Changes the fields given; 400 naming the first refused field, and nothing changes. */
  @Put('tax')
  @AdminOnly()
  @ApiAnswer(200, 'Saved', succeeded({ settings: TAX_SETTINGS }))
  async update(@Body() body: TaxSettingsDto) {
    const settings = taxSettingsView(await this.settings.update(body));
    return { success: true, message: 'Tax settings saved', settings };
  }

  @Get('tax-classes')
  @AdminOnly()
  @ApiAnswer(
    200,
    "The shop's tax classes, band limits in rupees",
    succeeded({ classes: TAX_CLASSES }),
  )
  async classes() {
    return { success: true, ...classesInRupees(await this.settings.classes()) };
  }

  /** Replaces the classes; 400 naming the first refused field, and nothing changes. */
  @Put('tax-classes')
  @AdminOnly()
  @ApiAnswer(200, 'Saved', succeeded({ classes: TAX_CLASSES }))
  async setClasses(@Body() body: TaxClassesDto) {
    const saved = classesInRupees(await this.settings.updateClasses(body.classes));
    return { success: true, message: 'Tax classes saved', ...saved };
  }
}
