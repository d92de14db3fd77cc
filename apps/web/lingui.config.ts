import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { SUPPORTED_LOCALES } from '@medrem/contract/locales';
import { START_CATALOG_FILES } from './src/i18n/start-catalog-files';

/**
 * Decision 361: Lingui, its macros compiled away at build time, catalogs in gettext PO (what
 * Weblate and Crowdin read), English the source. Two catalogs per language: `start`, the texts the
 * signed-out first paint shows (loaded before it, inside the first page's budget), and `app`, the
 * rest (loaded with the full app's chunk).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: [...SUPPORTED_LOCALES],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
  catalogs: [
    { name: 'start', path: '<rootDir>/src/locales/{locale}/start', include: [...START_CATALOG_FILES] },
    {
      name: 'app',
      path: '<rootDir>/src/locales/{locale}/app',
      include: ['<rootDir>/src'],
      // A text of the start's files is in the start's catalog, which is always loaded first.
      exclude: ['**/*.test.ts', '**/*.test.tsx', '<rootDir>/src/test/**', ...START_CATALOG_FILES],
    },
  ],
  // The macros' runtime (package.json `imports`): our own, so that no component needs a provider above it (decision 361).
  runtimeConfigModule: {
    i18n: ['#i18n-runtime', 'i18n'],
    Trans: ['#i18n-runtime', 'Trans'],
    useLingui: ['#i18n-runtime', 'useLingui'],
  },
});
