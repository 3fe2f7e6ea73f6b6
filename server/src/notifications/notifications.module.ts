import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Mailer } from './mailer';
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
  ],
  providers: [Outbox, OutboxWorker, Mailer],
  exports: [Outbox, OutboxWorker],
})
export class NotificationsModule {}
