import { InputType } from '@nestjs/graphql';
import { SettingText, SettingTexts } from '../common/setting-fields';
import { OPTIONAL_MAIL_EVENTS } from './mail-events';

@InputType('NotificationSettingsInput', { description: 'Fields left out keep their value' })
export class NotificationSettingsDto {
  @SettingText(
    'shopAddress',
    "Where the shop's own e-mail (new orders, low stock) goes; empty: the administrator's address",
    'orders@shop.example.in',
  )
  shopAddress?: string | null;

  @SettingTexts(
    'off',
    `The e-mails not to send, of ${OPTIONAL_MAIL_EVENTS.join(', ')}`,
    OPTIONAL_MAIL_EVENTS.length,
  )
  off?: string[] | null;
}
