import { MAIL_EVENTS, MailEvent, OPTIONAL_MAIL_EVENTS } from './mail-events';
import type { NotificationSettings } from './notification-settings';

export interface NotificationSettingsView {
  sending: boolean;
  shopAddress: string | null;
  shopAddressInUse: string;
  events: { event: MailEvent; label: string; to: string; on: boolean; optional: boolean }[];
}

/** The settings as the admin reads them on both APIs: every event with whether it is on. */
export function notificationSettingsView(
  settings: NotificationSettings,
  sending: boolean,
  adminAddress: string,
): NotificationSettingsView {
  return {
    sending,
    shopAddress: settings.shopAddress,
    shopAddressInUse: settings.shopAddress ?? adminAddress,
    events: (Object.keys(MAIL_EVENTS) as MailEvent[]).map((event) => ({
      event,
      label: MAIL_EVENTS[event].label,
      to: MAIL_EVENTS[event].to,
      on: !settings.off.includes(event),
      optional: OPTIONAL_MAIL_EVENTS.includes(event),
    })),
  };
}
