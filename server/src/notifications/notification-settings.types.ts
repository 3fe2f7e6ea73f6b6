import { Field, ObjectType } from '@nestjs/graphql';
import { FieldCost } from '../common/graphql/field-cost';
import { MAIL_EVENTS } from './mail-events';

@ObjectType('MailEventSetting', { description: 'One kind of e-mail the shop sends' })
export class MailEventSettingType {
  @Field({ description: 'order-placed, new-order, low-stock, ...' }) event: string;
  @Field({ description: 'What the settings call it: "Order confirmed"' }) label: string;
  @Field({ description: 'buyer (the shopper concerned) or shop' }) to: string;
  @Field() on: boolean;
  @Field({ description: 'Whether the admin may turn it off (not the password-reset link)' })
  optional: boolean;
}

@ObjectType('NotificationSettings', { description: "The shop's e-mail settings (admins only)" })
export class NotificationSettingsType {
  @Field({ description: 'Whether the shop sends e-mail at all (MAIL_OFF and SMTP_URL decide)' })
  sending: boolean;

  @Field(() => String, { nullable: true, description: "As set; null: the administrator's" })
  shopAddress: string | null;

  @Field({ description: "Where the shop's own e-mail goes now" })
  shopAddressInUse: string;

  // Read with the section: no lookup of its own.
  @FieldCost({ maxItems: Object.keys(MAIL_EVENTS).length, free: true })
  @Field(() => [MailEventSettingType])
  events: MailEventSettingType[];
}
