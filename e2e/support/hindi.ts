import { type MessageDescriptor, setupI18n } from '@lingui/core';
import { messages as home } from '../../client/src/locales/hi/home.po';
import { messages as pages } from '../../client/src/locales/hi/pages.po';

const hindi = setupI18n({ locale: 'hi', messages: { hi: { ...home, ...pages } } });

/**
 * The storefront's words in Hindi, as its catalogues translate them: a journey names what it
 * looks for by the English source (`inHindi(msg\`Cart\`)`), so a new translation needs no
 * change here.
 */
export const inHindi = (descriptor: MessageDescriptor): string => hindi._(descriptor);
