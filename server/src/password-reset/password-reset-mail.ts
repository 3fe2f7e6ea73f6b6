import type { MailView } from '../notifications';
import type { Language } from '../shared/rules';

export interface PasswordResetMailContext {
  shopName: string;
  /** The account holder's name. */
  name: string;
  /** The storefront language the account keeps: the message is in it. */
  language: Language;
  /** The link, with its token. */
  url: string;
  /** How long it works. */
  minutes: number;
}

/** What the message says in each language, given the shop's name and the link's minutes. */
const WORDS: Record<
  Language,
  {
    subject: (shop: string) => string;
    preview: (minutes: number) => string;
    heading: string;
    hello: (name: string) => string;
    body: (shop: string, minutes: number) => string;
    notYou: string;
    action: string;
    footer: (shop: string, origin: string) => string;
  }
> = {
  en: {
    subject: (shop) => `Reset your ${shop} password`,
    preview: (minutes) => `A link to choose a new password, for the next ${minutes} minutes`,
    heading: 'Reset your password',
    hello: (name) => `Hello ${name},`,
    body: (shop, minutes) =>
      `Someone, hopefully you, asked to reset the password of your ${shop} account. ` +
      `The button below lets you choose a new one. It works once, for ${minutes} minutes, ` +
      'and signs you out on every other device.',
    notYou: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    action: 'Choose a new password',
    footer: (shop, origin) =>
      `${shop} sent this because a password reset was asked for at ${origin}.`,
  },
  hi: {
    subject: (shop) => `अपना ${shop} पासवर्ड रीसेट करें`,
    preview: (minutes) => `नया पासवर्ड चुनने का लिंक, अगले ${minutes} मिनट के लिए`,
    heading: 'अपना पासवर्ड रीसेट करें',
    hello: (name) => `नमस्ते ${name},`,
    body: (shop, minutes) =>
      `किसी ने, उम्मीद है आपने ही, आपके ${shop} खाते का पासवर्ड रीसेट करने को कहा है। ` +
      `नीचे के बटन से आप नया पासवर्ड चुन सकते हैं। यह एक ही बार, ${minutes} मिनट तक काम करता है, ` +
      'और बाकी सभी डिवाइस पर आपको साइन आउट कर देता है।',
    notYou: 'अगर आपने यह नहीं माँगा था, तो इस ई-मेल को अनदेखा करें: आपका पासवर्ड जैसा है वैसा ही रहेगा।',
    action: 'नया पासवर्ड चुनें',
    footer: (shop, origin) => `${shop} ने यह इसलिए भेजा, क्योंकि ${origin} पर पासवर्ड रीसेट माँगा गया था।`,
  },
};

/**
 * The e-mail with a password-reset link, in the account's language: what it is, how long it
 * works, and what if not asked for.
 */
export function passwordResetMailOf(context: PasswordResetMailContext): {
  subject: string;
  view: MailView;
} {
  const { shopName, name, language, url, minutes } = context;
  const words = WORDS[language];
  return {
    subject: words.subject(shopName),
    view: {
      language,
      shopName,
      preview: words.preview(minutes),
      heading: words.heading,
      paragraphs: [words.hello(name), words.body(shopName, minutes), words.notYou],
      action: { label: words.action, url },
      footer: words.footer(shopName, url.split('/reset-password')[0]),
    },
  };
}
