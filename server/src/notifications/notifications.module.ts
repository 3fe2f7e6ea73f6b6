import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { SettingsModule } from '../settings';
import { Mailer } from './mailer';
import { NotificationSettingsService } from './notification-settings';
import { NotificationSettingsResolver } from './notification-settings.resolver';
import { NotificationSettingsController } from './rest-v1/notification-settings.controller';
import { Outbox } from './outbox';
import { OutboxWorker } from './outbox-worker';
import {
  OutboxClaim,
  OutboxClaimSchema,
  OutboxDue,
  OutboxDueSchema,
  OutboxMessage,
  OutboxMessageSchema,
} from './outbox.schema';

/**
 * The e-mail the shop owes: written to the outbox by the module whose event makes it due, then
 * sent by the outbox's worker over SMTP (or, in development, to the local mail catcher).
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: OutboxMessage.name, schema: OutboxMessageSchema },
      { name: OutboxDue.name, schema: OutboxDueSchema },
      { name: OutboxClaim.name, schema: OutboxClaimSchema },
    ]),
    SettingsModule,
  ],
  controllers: [NotificationSettingsController],
  providers: [
    Outbox,
    OutboxWorker,
    Mailer,
    NotificationSettingsService,
    NotificationSettingsResolver,
  ],
  exports: [Outbox, OutboxWorker, NotificationSettingsService],
})
export class NotificationsModule {}
