import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../auth';
import { ApiAnswer } from '../../common/rest-v1/api-responses';
import { listOf, nullable, shapeOf, succeeded, text } from '../../common/rest-v1/answers';
import { NotificationSettingsDto } from '../notification-settings.dto';
import { NotificationSettingsService } from '../notification-settings';

const onOff = { type: 'boolean' } as const;
const NOTIFICATION_SETTINGS = shapeOf({
  sending: onOff,
  shopAddress: nullable(text),
  shopAddressInUse: text,
  events: listOf(shapeOf({ event: text, label: text, to: text, on: onOff, optional: onOff })),
});

/** The e-mail settings over REST, beside GraphQL's, with the same rules. */
@ApiTags('notifications')
@Controller('api/v1/settings/notifications')
export class NotificationSettingsController {
  constructor(private readonly settings: NotificationSettingsService) {}

  @Get()
  @AdminOnly()
  @ApiAnswer(200, "The shop's e-mail settings", succeeded({ settings: NOTIFICATION_SETTINGS }))
  async read() {
    return { success: true, settings: await this.settings.view() };
  }

  /** Changes the fields given; 400 naming the refused field, and nothing changes. */
  @Put()
  @AdminOnly()
  @ApiAnswer(200, 'Saved', succeeded({ settings: NOTIFICATION_SETTINGS }))
  async update(@Body() body: NotificationSettingsDto) {
    const settings = await this.settings.update(body);
    return { success: true, message: 'E-mail settings saved', settings };
  }
}
