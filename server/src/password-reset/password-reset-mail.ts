import type { MailView } from '../notifications';

export interface PasswordResetMailContext {
  shopName: string;
  /** The account holder's name. */
  name: string;
  /** The link, with its token. */
  url: string;
  /** How long it works. */
  minutes: number;
}

/** The e-mail with a password-reset link: what it is, how long it works, and what if not asked for. */
export function passwordResetMailOf(context: PasswordResetMailContext): {
  subject: string;
  view: MailView;
} {
  const { shopName, name, url, minutes } = context;
  return {
    subject: `Reset your ${shopName} password`,
    view: {
      shopName,
      preview: `A link to choose a new password, for the next ${minutes} minutes`,
      heading: 'Reset your password',
      paragraphs: [
        `Hello ${name},`,
        `Someone, hopefully you, asked to reset the password of your ${shopName} account. ` +
          `The button below lets you choose a new one. It works once, for ${minutes} minutes, ` +
          'and signs you out on every other device.',
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      ],
      action: { label: 'Choose a new password', url },
      footer: `${shopName} sent this because a password reset was asked for at ${url.split('/reset-password')[0]}.`,
    },
  };
}
