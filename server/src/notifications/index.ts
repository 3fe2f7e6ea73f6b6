// What other modules may use of notifications (the boundary lint holds them to this file).
export { NotificationsModule } from './notifications.module';
export { Outbox } from './outbox';
export type { OwedMail } from './outbox';
export { OutboxWorker } from './outbox-worker';
export type { OutboxRound } from './outbox-worker';
export { mailOf } from './mail-template';
export type { MailLine, MailView, RenderedMail } from './mail-template';
export type { OutboxMessage } from './outbox.schema';
export { NotificationSettingsService } from './notification-settings';
export { MAIL_EVENTS, isMailEvent } from './mail-events';
export type { MailEvent } from './mail-events';
