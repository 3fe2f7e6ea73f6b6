import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { homeRouteFiles } from './home-route';

/** Not the storefront's: the admin dashboard stays in English, and tests and generated code. */
const NOT_STOREFRONT = [
  '**/admin/**',
  '**/*.test.*',
  '<rootDir>/src/test/**',
  '<rootDir>/src/gql/**',
];
const home = homeRouteFiles().map((file) => `<rootDir>/${file}`);

/**
 * The storefront's texts in English (the source) and Hindi: `npm run messages -w client`
 * gathers them from the code into src/locales/<language>/, where Hindi is translated
 * (docs/decisions/032-languages.md). Two catalogues a language, so that the home page's first
 * download carries only its own texts: home.po for what the home route draws, pages.po for
 * the pages loaded on demand (home-route.ts). The components the admin dashboard shares with
 * the storefront are translated; its own pages are not.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'hi'],
  // A text not yet translated shows in English rather than as its id.
  fallbackLocales: { default: 'en' },
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/home', include: home, exclude: NOT_STOREFRONT },
    {
      path: '<rootDir>/src/locales/{locale}/pages',
      include: ['<rootDir>/src'],
      exclude: [...NOT_STOREFRONT, ...home],
    },
  ],
  // No line numbers: a catalogue changes only when a text does.
  format: formatter({ lineNumbers: false }),
});
