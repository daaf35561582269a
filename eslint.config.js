import path from 'node:path';
import js from '@eslint/js';
import tanstackQuery from '@tanstack/eslint-plugin-query';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import testingLibrary from 'eslint-plugin-testing-library';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import house from './eslint/boundaries.js';
import words from './eslint/words.js';

/**
 * Type-aware lint with the import zones of STYLE.md section 2:
 * app -> features -> api, components, lib, config, utils; mocks only from main.tsx, tests and the server;
 * no import cycles in src/.
 */
/**
 * localStorage by any name: the bare global, as a property (window., globalThis., self.,
 * defaultView., optional chaining), destructured, and as a string (`window['localStorage']`,
 * `Reflect.get(window, 'localStorage')`, `'localStorage' in self`).
 */
const noLocalStorage = [
  'error',
  {
    selector: "Identifier[name='localStorage']:not(MemberExpression > Identifier.property)",
    message: 'Tokens and PHI never go to localStorage (DESIGN.md section 5).',
  },
  {
    selector: "MemberExpression[computed=false][property.name='localStorage']",
    message: 'Tokens and PHI never go to localStorage (DESIGN.md section 5).',
  },
  {
    selector:
      "Literal[value='localStorage'], TemplateLiteral[expressions.length=0] > TemplateElement[value.cooked='localStorage']",
    message: 'Tokens and PHI never go to localStorage (DESIGN.md section 5).',
  },
];

/**
 * A hand-rolled double-submit guard (`if (sending.current) return;`, `if (save.isPending) return;`):
 * screens submit through the one kit in components/form (`useSubmit`, `useSingleFlight`).
 */
const GUARD_REF =
  '/^(busy|sending|submitting|accepting|removing|saving|running|inflight|pending|taking|starting)(ref)?$/i';
const noHandRolledGuards = [
  'IfStatement[consequent.type="ReturnStatement"][consequent.argument=null] > MemberExpression.test[property.name="isPending"]',
  'IfStatement[consequent.type="ReturnStatement"][consequent.argument=null] > LogicalExpression.test > MemberExpression[property.name="isPending"]',
  `IfStatement[consequent.type="ReturnStatement"][consequent.argument=null] > MemberExpression.test[property.name="current"][object.name=${GUARD_REF}]`,
  `IfStatement[consequent.type="ReturnStatement"][consequent.argument=null] > LogicalExpression.test > MemberExpression[property.name="current"][object.name=${GUARD_REF}]`,
  'IfStatement[consequent.type="ReturnStatement"][consequent.argument=null] > Identifier.test[name=/^(busy|sending|submitting|saving|running|pending)$/i]',
].map((selector) => ({
  selector,
  message: 'Submit through useSubmit or useSingleFlight (components/form): the one double-submit guard.',
}));

/**
 * A fixed locale (`'en-US'`) in an Intl call: src/lib/locale.ts decides the one formatting locale
 * (`formatLocale()`), so the Spanish portal needs no hunt for literals.
 */
const noFixedLocale = [
  {
    selector:
      "Literal[value='en-US'], TemplateLiteral[expressions.length=0] > TemplateElement[value.cooked='en-US']",
    message: 'Format with formatLocale() from @/lib/locale, not a fixed locale.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'packages/*/dist',
      'node_modules',
      'public-mock',
      'coverage',
      'test-results',
      'playwright-report',
      // Files that must fail lint, linted on purpose by test/lint/boundaries.test.ts.
      'test/lint/probes',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', 'eslint/*.js', 'test/e2e/*.mjs', 'build/offline/*.js'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks, '@tanstack/query': tanstackQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...tanstackQuery.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'msw', name: 'HttpResponse' },
          ],
          allowThrowingUnknown: false,
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-syntax': noLocalStorage,
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { house },
    rules: { 'house/boundaries': 'error' },
  },
  {
    // Import cycles among the modules of src/ and the packages (tests are imported by nothing, so they close none).
    // `import type` and `export type` do not count: they are gone at run time.
    files: ['src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The files it follows (the default is JavaScript only) and how it finds them ('@/', '~test/').
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          tsconfig: { configFile: path.join(import.meta.dirname, 'tsconfig.json') },
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Rule options replace each other in flat config: each src/ block below lists every selector it keeps.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/lib/locale.ts'],
    rules: { 'no-restricted-syntax': [...noLocalStorage, ...noFixedLocale] },
  },
  {
    files: ['src/{app,features,wizard,components}/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/components/form/**'],
    rules: { 'no-restricted-syntax': [...noLocalStorage, ...noHandRolledGuards, ...noFixedLocale] },
  },
  {
    files: ['packages/mock/src/**/*.{ts,tsx}'],
    ignores: ['packages/mock/src/**/*.test.{ts,tsx}'],
    // What the mock may import (its own files and the client's schemas): house/boundaries. The mock
    // may keep its dev controls in localStorage; a fixed locale is refused there too.
    rules: { 'no-restricted-syntax': ['error', ...noFixedLocale] },
  },
  {
    // Words readers see go through the translation layer (docs/i18n.md, issue 28).
    files: ['src/**/*.tsx'],
    // Developers' pages and the test card fields of mock builds keep English and stay out of the
    // catalogues (a production build carries neither).
    ignores: [
      'src/**/*.test.tsx',
      'packages/mock/src/**',
      'src/app/routes/dev/**',
      'src/lib/payment-gateway/fake-gateway.tsx',
    ],
    plugins: { words },
    rules: { 'words/no-bare-text': 'error' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    ...testingLibrary.configs['flat/react'],
    rules: {
      ...testingLibrary.configs['flat/react'].rules,
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      'no-restricted-syntax': 'off',
      // Test files of a worker share their modules (vite.config.ts `isolate: false`): a module
      // replaced for one file would stay replaced for the next. Pass a fake in instead. A fresh copy
      // (vi.resetModules, then import) is fine when it is loaded under the usual conditions, or the
      // registry is reset again once the unusual ones are undone (env.test.ts, sanitize.test.ts).
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'unmock', 'doUnmock'].map((property) => ({
          object: 'vi',
          property,
          message: 'Test files share modules (vite.config.ts isolate: false): pass a fake in instead.',
        })),
      ],
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'packages/*/src/**/*.test.ts'],
    rules: {
      // A shorter per-call limit turns a slow CI machine into a failure.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression > ObjectExpression > Property[key.name='timeout']",
          message: 'findBy*/waitFor use the one limit in test/timeouts.ts; pass no per-call timeout.',
        },
        {
          selector: "CallExpression[callee.name='configure']",
          message:
            "Testing Library's settings are set once in test/setup-dom.ts (files share modules); a file may not change them.",
        },
      ],
    },
  },
  {
    // Vitest runs without globals, so Testing Library's automatic cleanup is registered here by hand.
    files: ['test/setup.ts', 'test/setup-dom.ts'],
    rules: { 'testing-library/no-manual-cleanup': 'off' },
  },
  {
    files: [
      'test/e2e/**/*.ts',
      'test/screenshots/**/*.ts',
      'playwright.config.ts',
      'bench/**/*.ts',
      'examples/**/*.ts',
    ],
    rules: {
      'testing-library/prefer-screen-queries': 'off',
      'react-hooks/rules-of-hooks': 'off',
      'no-restricted-syntax': 'off',
    },
  },
);
