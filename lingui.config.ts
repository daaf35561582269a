import { formatter } from '@lingui/format-po';
import type { LinguiConfig } from '@lingui/conf';

/**
 * The portal's message catalogues (docs/i18n.md). English is the source language: its text stays in
 * the code and is compiled into it at build time (build/i18n.ts); every other language is one PO
 * file, loaded only by its readers. The pseudo-locale of the tests is compiled from English (build/i18n.ts).
 */
const config: LinguiConfig = {
  locales: ['en', 'es'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src', '<rootDir>/packages/client/src'],
      exclude: ['**/*.test.*', '<rootDir>/src/sw/**', '<rootDir>/src/app/routes/dev/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
  // The macros' output uses the portal's own instance (activated in English on import) and a <Trans>
  // that needs no provider (src/lib/i18n/trans.tsx).
  runtimeConfigModule: { i18n: ['@/lib/i18n', 'i18n'], Trans: ['@/lib/i18n/trans', 'Trans'] },
};

export default config;
