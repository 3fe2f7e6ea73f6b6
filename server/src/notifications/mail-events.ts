import type { AppConfig } from '../config/config';

/**
 * Every e-mail the shop sends, by event: to whom it goes and what the admin's settings call it.
 * The admin may turn off any but the password-reset link, which a shopper asked for.
 */
export const MAIL_EVENTS = {
  'order-placed': { to: 'buyer', label: 'Order confirmed' },
  'payment-failed': { to: 'buyer', label: 'Payment did not go through' },
  'order-shipped': { to: 'buyer', label: 'Order shipped' },
  'order-delivered': { to: 'buyer', label: 'Order delivered' },
  'order-cancelled': { to: 'buyer', label: 'Order cancelled' },
  'refund-processed': { to: 'buyer', label: 'Refund processed' },
  'new-order': { to: 'shop', label: 'New order' },
  'low-stock': { to: 'shop', label: 'Low stock' },
  // Its body holds a working link: dropped from the outbox once sent or given up.
  'password-reset': { to: 'buyer', label: 'Password reset link', secret: true },
} as const satisfies Record<string, { to: 'buyer' | 'shop'; label: string; secret?: true }>;

export type MailEvent = keyof typeof MAIL_EVENTS;

/** The events an admin may turn off. */
export const OPTIONAL_MAIL_EVENTS: readonly MailEvent[] = (
  Object.keys(MAIL_EVENTS) as MailEvent[]
).filter((event) => event !== 'password-reset');

/** Whether the outbox keeps no copy of its body once done with it (a secret in it). */
export const isSecretMail = (event: string): boolean =>
  isMailEvent(event) && 'secret' in MAIL_EVENTS[event];

export const isMailEvent = (event: string): event is MailEvent => Object.hasOwn(MAIL_EVENTS, event);

/** Whether the shop sends e-mail at all (MAIL_OFF=true and tests without SMTP_URL do not). */
export const sendsMail = (config: AppConfig): boolean => config.mail.transport !== 'off';
