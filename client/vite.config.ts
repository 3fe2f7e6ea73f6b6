import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const api = process.env.SHOP_API ?? 'http://localhost:8080';

export default defineConfig({
  // Lingui's macros (`<Trans>`, t``) become catalogue look-ups, and .po catalogues compile on import.
  plugins: [
    react(),
    lingui({
      macroTransform: true,
      // Found from here, wherever the build is started (the browser journeys load this file).
      configPath: fileURLToPath(new URL('./lingui.config.ts', import.meta.url)),
    }),
  ],
  resolve: {
    // The shop's limits and messages, shared with the server's checks (one definition); and
    // India's states and union territories with their GST codes.
    alias: {
      '@shop/rules': fileURLToPath(new URL('../server/src/shared/rules.ts', import.meta.url)),
      // The 36 states and union territories with their GST codes (the address form's state).
      '@shop/indian-states': fileURLToPath(
        new URL('../server/src/shared/indian-states.ts', import.meta.url),
      ),
      // The home banners' limits: apart, so that only the admin's Banners page downloads them.
      '@shop/banner-rules': fileURLToPath(
        new URL('../server/src/shared/banner-rules.ts', import.meta.url),
      ),
      // Coupons and offers: apart, so that only the admin's coupons and offers download them.
      '@shop/offer-rules': fileURLToPath(
        new URL('../server/src/shared/offer-rules.ts', import.meta.url),
      ),
      // How shoppers pay: apart, so that only the payment screens download it.
      '@shop/payment-rules': fileURLToPath(
        new URL('../server/src/shared/payment-rules.ts', import.meta.url),
      ),
      '@shop/tax-rules': fileURLToPath(
        new URL('../server/src/shared/tax-rules.ts', import.meta.url),
      ),
      '@shop/gstin': fileURLToPath(new URL('../server/src/shared/gstin.ts', import.meta.url)),
      '@shop/form-rules': fileURLToPath(
        new URL('../server/src/shared/form-rules.ts', import.meta.url),
      ),
      // The refusals a shopper meets, by reason: fetched with Hindi only, which says them.
      '@shop/refusals': fileURLToPath(new URL('../server/src/shared/refusals.ts', import.meta.url)),
    },
  },
  server: {
    // `npm run dev`: hot reload here, API calls to the server started by `npm start`.
    proxy: { '/api': api, '/graphql': api },
  },
  // No source maps: the server serves dist/ as it is, and would hand out the original sources.
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Mantine's checkbox and radio share their input's code: one chunk for the three, which
        // the home page's filters need at once, rather than one more file in its first download
        // whenever another page starts using radios (the ways to pay did).
        codeSplitting: {
          groups: [
            {
              name: 'choice-inputs',
              test: /@mantine[\\/]core[\\/].*[\\/](Checkbox|Radio|InlineInput)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // Full pages render in jsdom; two busy cores need more than the 5 s default.
    testTimeout: 30_000,
    // A worker sets up jsdom and imports Mantine, Apollo and the app once for all its files
    // rather than once per file (that was 270 of the suite's 890 worker-seconds). Each test
    // renders into a fresh tree with fresh storage and a fresh Apollo cache (src/test/setup.ts,
    // render.tsx), so nothing a file leaves behind reaches the next.
    isolate: false,
    // A worker a core: on two cores, vitest's default of one less than the cores ran one.
    maxWorkers: 2,
  },
});
