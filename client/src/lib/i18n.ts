/**
 * The storefront's languages: English, the source of every text, and Hindi
 * (docs/decisions/032-languages.md). Texts are written in the components with Lingui's macros
 * (`<Trans>`, t``) and looked up here in the active language's catalogues, src/locales/.
 *
 * Each language has two catalogues: the home route's texts (home.po), and those of the pages
 * loaded on demand (pages.po), fetched with the first such page (`withPageTexts`). English's
 * first is in the first download; Hindi's catalogues and its font come only when chosen.
 */
import { i18n } from '@lingui/core';
import type { Messages } from '@lingui/core';
import { messages as englishHome } from '../locales/en/home.po';
import { type Language, LANGUAGE_PARAM, LANGUAGES } from '@shop/rules';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

export { i18n };

export { LANGUAGE_PARAM, LANGUAGES };
export type { Language };

/** Each language named in itself, as a switcher offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

/** The locale numbers, money and dates are written in: Indian English and Hindi. */
const INTL_LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

i18n.load('en', englishHome);
i18n.activate('en');

/** The language the storefront speaks now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : 'en';
}

/**
 * A text the shop wrote in both languages (a product's name, a category's), as the shopper
 * reads it: its Hindi on Hindi pages when the shop gave one, its English otherwise.
 */
export function inShopLanguage(english: string, hindi?: string | null): string {
  return currentLanguage() === 'hi' && hindi ? hindi : english;
}

interface WrittenInHindiToo {
  name: string;
  nameHi?: string | null;
  description?: string;
  descriptionHi?: string | null;
  category?: { name: string; nameHi?: string | null } | null;
}

/**
 * A product or category as the shopper reads it: its name, description and category's name in
 * the storefront's language (`inShopLanguage`), everything else as it is.
 */
export function asShown<T extends WrittenInHindiToo>(item: T): T {
  if (currentLanguage() !== 'hi') return item;
  return {
    ...item,
    name: inShopLanguage(item.name, item.nameHi),
    ...(item.description !== undefined && {
      description: inShopLanguage(item.description, item.descriptionHi),
    }),
    ...(item.category && { category: asShown(item.category) }),
  };
}

/** The locale for `Intl` formats in the language the storefront speaks now. */
export function intlLocale(): string {
  return INTL_LOCALES[currentLanguage()];
}

/** The language the shopper chose in this browser, or null if they never chose. */
export function chosenLanguage(): Language | null {
  return readStored(STORAGE_KEYS.language, isLanguage);
}

/** The language the page's link names (`?lang=hi`, as the crawler pages and sitemap link), or null. */
export function linkedLanguage(search: string = location.search): Language | null {
  const named = new URLSearchParams(search).getAll(LANGUAGE_PARAM);
  return named.length === 1 && isLanguage(named[0]) ? named[0] : null;
}

/**
 * The language a visit starts in: the one its link names (a Hindi search result opens in
 * Hindi), else the shopper's own choice if one was made in this browser, else the first of the
 * browser's languages the shop speaks (`hi-IN` and `hi` are Hindi), else English.
 */
export function firstLanguage(
  browserLanguages: readonly string[] = navigator.languages,
  search: string = location.search,
): Language {
  const chosen = linkedLanguage(search) ?? chosenLanguage();
  if (chosen) return chosen;
  for (const tag of browserLanguages) {
    const language = tag.toLowerCase().split('-')[0];
    if (isLanguage(language)) return language;
  }
  return 'en';
}

type Catalogue = () => Promise<{ messages: Messages }>;

/**
 * Noto Sans Devanagari, regular and bold (about 50 KB each), in before Hindi is first drawn:
 * text drawn while a face was still coming stayed as empty boxes in Chromium on a machine
 * without a Devanagari font of its own, even after the face arrived.
 */
async function loadDevanagariFont(): Promise<void> {
  await Promise.all([
    import('@fontsource/noto-sans-devanagari/devanagari-400.css'),
    import('@fontsource/noto-sans-devanagari/devanagari-700.css'),
  ]);
  const fonts = document.fonts as FontFaceSet | undefined;
  if (!fonts?.load) return; // not in every test environment
  await Promise.all(
    ['400', '700'].map((weight) => fonts.load(`${weight} 1em "Noto Sans Devanagari"`, 'क')),
  );
}

/** The server's refusals and the forms' rules in Hindi, once Hindi was fetched. */
let hindiRefusals: typeof import('./hindi-refusals') | undefined;

/**
 * What each language fetches when it needs it: its catalogues, and Hindi's font and refusals
 * with them.
 */
const CATALOGUES: Record<Language, { home?: Catalogue; pages: Catalogue }> = {
  en: { pages: () => import('../locales/en/pages.po') },
  hi: {
    home: () =>
      Promise.all([
        import('../locales/hi/home.po'),
        loadDevanagariFont(),
        import('./hindi-refusals').then((loaded) => (hindiRefusals = loaded)),
      ]).then(([catalogue]) => catalogue),
    pages: () => import('../locales/hi/pages.po'),
  },
};

/**
 * Words the server or a shared rule gives in English (a refusal, a form's field rule), in the
 * storefront's language: by the reason a GraphQL error gives with them (`extensions`), or read
 * back from the words. Words that are no shopper's refusal stay as they are.
 */
export function inShopWords(
  english: string,
  given?: import('./hindi-refusals').GivenReason,
): string {
  if (currentLanguage() !== 'hi' || !hindiRefusals) return english;
  return hindiRefusals.refusalInHindi(english, given) ?? english;
}

const loading = new Map<string, Promise<void>>();

/** A catalogue fetched once and added to its language's texts; tried again if it failed. */
function loadCatalogue(language: Language, part: 'home' | 'pages'): Promise<void> {
  const fetch = CATALOGUES[language][part];
  if (!fetch) return Promise.resolve();
  const key = `${language}/${part}`;
  let loaded = loading.get(key);
  if (!loaded) {
    loaded = fetch().then(
      ({ messages }) => i18n.load(language, messages),
      (error: unknown) => {
        loading.delete(key); // a phone that lost its network may try again
        throw error;
      },
    );
    loading.set(key, loaded);
  }
  return loaded;
}

/**
 * A page loaded on demand, with its texts: the router's pages come through here, so none is
 * drawn before the catalogue that holds its words.
 */
export async function withPageTexts<T>(page: Promise<T>): Promise<T> {
  const [module] = await Promise.all([page, loadCatalogue(currentLanguage(), 'pages')]);
  return module;
}

/**
 * Speaks `language` from now on: its catalogues loaded (Hindi's fetched the first time), every
 * text drawn again, `<html lang>` set for screen readers, and the choice kept in this browser
 * when the shopper made it (`remember`).
 */
export async function switchLanguage(language: Language, remember = false): Promise<void> {
  // The pages' texts too once any page loaded on demand may be on screen: English's home
  // catalogue is in the first download, and a visit opening in English fetches its pages'
  // texts with its first such page.
  const pagesShown = loading.has(`${currentLanguage()}/pages`);
  await Promise.all([
    loadCatalogue(language, 'home'),
    ...(language !== 'en' || pagesShown ? [loadCatalogue(language, 'pages')] : []),
  ]);
  i18n.activate(language);
  document.documentElement.lang = language;
  if (remember) writeStored(STORAGE_KEYS.language, language);
}
