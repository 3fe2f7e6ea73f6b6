import { Inject, Injectable } from '@nestjs/common';
import { isEmail } from 'class-validator';
import { refuseField } from '../common/setting-values';
import { APP_CONFIG, AppConfig } from '../config/config';
import { SettingsStore } from '../settings';
import { TEXT_LIMITS } from '../shared/rules';
import { isMailEvent, MailEvent, OPTIONAL_MAIL_EVENTS, sendsMail } from './mail-events';
import { notificationSettingsView, NotificationSettingsView } from './notification-settings.view';

export const NOTIFICATION_SECTION = 'notifications';

/** Which e-mail the shop sends, and where the shop's own (new orders, low stock) go. */
export interface NotificationSettings {
  /** Where the shop's messages go; null: the administrator's address (ADMIN_EMAIL). */
  shopAddress: string | null;
  /** The events turned off. */
  off: MailEvent[];
}

export type NotificationSettingsChange = {
  shopAddress?: string | null;
  off?: string[] | null;
};

const DEFAULTS: NotificationSettings = { shopAddress: null, off: [] };

/** Refusals, each given with its field (`shopAddress: ...`). */
export const NOTIFICATION_RULES = {
  shopAddress: 'Must be an e-mail address, or empty for the administrator’s',
  unknownEvent: (event: string) =>
    `"${event}" is not an e-mail the shop may stop (${OPTIONAL_MAIL_EVENTS.join(', ')})`,
} as const;

/**
 * The notifications section of the shop's settings: read on every use (one lookup by `_id`), so a
 * change holds at once on every instance.
 */
@Injectable()
export class NotificationSettingsService {
  constructor(
    private readonly store: SettingsStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  read(): Promise<NotificationSettings> {
    return this.store.read(NOTIFICATION_SECTION, DEFAULTS);
  }

  /** The settings as the admin reads them, every event with whether it is on. */
  async view(): Promise<NotificationSettingsView> {
    return notificationSettingsView(
      await this.read(),
      sendsMail(this.config),
      this.config.admin.email,
    );
  }

  /** The settings as a sender reads them, in one read: where the shop's own go, what is sent. */
  async forSending(): Promise<{ shopAddress: string; sends: (event: MailEvent) => boolean }> {
    const { shopAddress, off } = await this.read();
    return {
      shopAddress: shopAddress ?? this.config.admin.email,
      sends: (event) => !off.includes(event),
    };
  }

  /** Applies the fields given once each is checked; a refusal names its field and changes nothing. */
  async update(change: NotificationSettingsChange): Promise<NotificationSettingsView> {
    const next = { ...(await this.read()) };
    if (change.shopAddress !== undefined) {
      const address = change.shopAddress?.trim().toLowerCase() || null;
      if (address && (!isEmail(address) || address.length > TEXT_LIMITS.email)) {
        throw refuseField('shopAddress', NOTIFICATION_RULES.shopAddress);
      }
      next.shopAddress = address;
    }
    if (change.off !== undefined) {
      const off = [...new Set(change.off ?? [])];
      const wrong = off.find(
        (event) => !isMailEvent(event) || !OPTIONAL_MAIL_EVENTS.includes(event),
      );
      if (wrong !== undefined) throw refuseField('off', NOTIFICATION_RULES.unknownEvent(wrong));
      next.off = off as MailEvent[];
    }
    await this.store.write(NOTIFICATION_SECTION, next);
    return this.view();
  }
}
