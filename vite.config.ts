/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { barrelImports } from './build/barrel-imports';
import { chunkModules } from './build/chunk-modules';
import { linguiMacros, poCatalogues } from './build/i18n';
import { appIdentity, installableAssets, portalManifest, type AppIdentity } from './build/pwa';
import { DEMO_DEPLOYMENT, demoDefaultsAllowed, parseEnv, type Env } from './src/config/env-check';
import { findPureTests } from './test/pure-tests';
import { HOOK_TIMEOUT_MS, TEST_TIMEOUT_MS } from './test/timeouts';

const srcDir = fileURLToPath(new URL('./src/', import.meta.url));
const routerProductionBuild = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);
const workerFile = fileURLToPath(new URL('./public-mock/mockServiceWorker.js', import.meta.url));

/**
 * The MSW worker script lives outside `public/` so a production build never ships it.
 * It is served in development and emitted only into builds that turn mocking on.
 */
function mockWorker(mocking: boolean): Plugin {
  return {
    name: 'mock-service-worker',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(readFileSync(workerFile));
      });
    },
    generateBundle() {
      if (mocking) {
        this.emitFile({ type: 'asset', fileName: 'mockServiceWorker.js', source: readFileSync(workerFile) });
      }
    },
  };
}

/**
 * A build checks its variables with the rules the portal checks at start-up (src/config/env-check.ts)
 * and stops with the same message. Outside the dev server, tests and mock builds the clinic and its
 * hosts must be given: a build never falls back to the mock's demo account. It reads the variables
 * Vite resolved (env files of the mode, its `envDir`, the process environment): what the bundle gets.
 */
function checkedEnv(command: 'build' | 'serve', demoDefaults: boolean): Plugin {
  return {
    name: 'checked-env',
    configResolved(config) {
      if (command !== 'build') return;
      try {
        parseEnv(config.env, { demo: demoDefaults ? DEMO_DEPLOYMENT : null });
      } catch (error) {
        // The message alone: a stack trace into the config loader only hides it.
        if (error instanceof Error) error.stack = error.message;
        throw error;
      }
    },
  };
}

/**
 * The manifest, icons, offline page and service worker of an installable portal (build/pwa.ts).
 * The worker (src/sw/sw.ts) precaches the app's own static files only; index.html is left out, so
 * pages always come from the network and the offline page answers when it cannot be reached.
 */
function installablePlugins(env: Record<string, string>, demo: boolean): Plugin[] {
  let identity: AppIdentity;
  let problem: Error | null = null;
  try {
    identity = appIdentity(env, { demo });
  } catch (error) {
    // Reported once the clinic and hosts are checked (checkedEnv comes first), the message alone.
    if (error instanceof Error) error.stack = error.message;
    problem = error instanceof Error ? error : new Error(String(error));
    identity = appIdentity({}, { demo: true });
  }
  const checked: Plugin = {
    name: 'checked-app-identity',
    configResolved() {
      if (problem) throw problem;
    },
  };
  return [
    checked,
    installableAssets(identity),
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // src/pwa/register.tsx registers it after the first render.
      injectRegister: false,
      registerType: 'prompt',
      manifest: portalManifest(identity),
      // The icons are emitted by installableAssets; the plugin only links the manifest.
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,svg,png,woff2,html}'],
        // Pages are never served from a cache (they come from the network, or the offline page).
        globIgnores: [
          'index.html',
          'sw.js',
          '**/mockServiceWorker.js',
          'brand/**',
          'assets/heic-decoder-*.js',
        ],
        // The largest route chunk is well below this; a bigger file would stay out of the precache.
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      },
    }),
  ];
}

/**
 * `.ts` tests that need a browser API (DOM, DOMPurify, window storage, BroadcastChannel between
 * tabs): they run in jsdom with the screens. Every other `.ts` test runs in Node.
 */
const DOM_TS_TESTS = [
  // The HTTP client resolves the API base against the page's origin and uploads through XHR.
  'src/api/http.test.ts',
  'src/api/query-client.test.ts',
  'src/api/push/requests.test.ts',
  // DOMPurify needs a DOM.
  'src/lib/sanitize.test.ts',
];

const PURE_TESTS = findPureTests(fileURLToPath(new URL('.', import.meta.url)), DOM_TS_TESTS);

export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const mocking = (env.VITE_API_MOCKING ?? (mode === 'development' ? 'on' : 'off')) === 'on';
  const devSignIn = (env.VITE_DEV_SIGNIN ?? (mocking ? 'on' : 'off')) === 'on';
  // The card gateway: Stripe Elements, or labelled test fields for the mock and tests.
  const gateway = env.VITE_PAYMENT_GATEWAY ?? (mocking || mode === 'test' ? 'fake' : 'stripe');
  if (gateway !== 'stripe' && gateway !== 'fake') {
    throw new Error(`VITE_PAYMENT_GATEWAY must be stripe or fake, not ${JSON.stringify(gateway)}`);
  }
  // Whether the mock's demo account may stand in for an unset clinic and hosts (src/config/env-check.ts).
  const demoDefaults = demoDefaultsAllowed({ mode, mocking, devServer: command === 'serve' });
  // The installable app (build/pwa.ts, src/sw/): production builds only. Mock builds and the dev
  // server leave the scope to the mock's worker; unit tests have no worker at all.
  const installable = command === 'build' && !mocking;
  // A build parses its variables here (checkedEnv stops it on a bad one) and hands the bundle the
  // result, so the first page carries no parser; the dev server and tests parse at start-up.
  let builtEnv: Env | null = null;
  if (command === 'build') {
    try {
      builtEnv = parseEnv(env, { demo: demoDefaults ? DEMO_DEPLOYMENT : null });
    } catch {
      builtEnv = null; // checkedEnv reports it
    }
  }
  return {
    plugins: [
      checkedEnv(command, demoDefaults),
      linguiMacros(),
      poCatalogues(),
      react(),
      barrelImports(srcDir),
      chunkModules(fileURLToPath(new URL('.', import.meta.url))),
      mockWorker(mocking),
      ...(installable ? installablePlugins(env, demoDefaults) : []),
    ],
    define: {
      // Resolved at build time so `if (import.meta.env.VITE_API_MOCKING === 'on')` tree-shakes the mock away.
      'import.meta.env.VITE_API_MOCKING': JSON.stringify(mocking ? 'on' : 'off'),
      // Likewise: builds without the development sign-in page carry none of its code.
      'import.meta.env.VITE_DEV_SIGNIN': JSON.stringify(devSignIn ? 'on' : 'off'),
      // Likewise: a build with the Stripe gateway carries no fake card fields (and the reverse).
      'import.meta.env.VITE_PAYMENT_GATEWAY': JSON.stringify(gateway),
      // Likewise: a build that must name its clinic and hosts carries no demo values to fall back on.
      'import.meta.env.PORTAL_DEMO_DEFAULTS': JSON.stringify(demoDefaults ? 'on' : 'off'),
      // Likewise: builds without the service worker carry no registration call.
      'import.meta.env.PORTAL_PWA': JSON.stringify(installable ? 'on' : 'off'),
      __PORTAL_ENV__: JSON.stringify(builtEnv),
    },
    resolve: {
      alias: [
        { find: /^@\//, replacement: srcDir },
        { find: /^~test\//, replacement: `${fileURLToPath(new URL('./test', import.meta.url))}/` },
        // The workspace packages from their sources (their published builds are for other apps).
        {
          find: /^@telehealth\/(client|mock)$/,
          replacement: `${fileURLToPath(new URL('./packages', import.meta.url))}/$1/src/index.ts`,
        },
        {
          find: /^@telehealth\/(client|mock)\//,
          replacement: `${fileURLToPath(new URL('./packages', import.meta.url))}/$1/src/`,
        },
        // React Router's package exports only its development build (warnings for developers, kept
        // live by a flag); builds take the production one beside it, the same code with the flag off.
        ...(command === 'build' ? [{ find: /^react-router$/, replacement: routerProductionBuild }] : []),
      ],
    },
    server: { port: 5173, strictPort: true, host: '127.0.0.1' },
    preview: { port: 4173, strictPort: true, host: '127.0.0.1' },
    build: {
      sourcemap: false,
      // No data: URIs in the bundle, so the CSP can stay strict.
      assetsInlineLimit: 0,
      // .vite/manifest.json: the chunk graph the bundle budget check (test/budgets.ts) reads.
      manifest: true,
      // Every browser the portal supports has <link rel="modulepreload">; the polyfill is dead weight.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          // Lazy chunks by hash alone: every name is written into the first page's preload map, so
          // names cost first-page bytes. The HEIC decoder keeps its name (the precache leaves it out by it).
          chunkFileNames: (chunk) =>
            chunk.name === 'heic-decoder' ? 'assets/[name]-[hash].js' : 'assets/c-[hash].js',
          codeSplitting: {
            groups: [
              // Everything the first page runs, in one file: one request and one compression window
              // instead of a dozen small chunks shared with lazy pages (which import it from there).
              { name: 'first-page', tags: ['$initial'] },
            ],
          },
        },
        treeshake: {
          // Our modules do their work through their exports; only these two run code on import.
          // Without this a feature's index.ts would pull every module it re-exports into the chunk
          // of whoever imports one name from it (the header's user menu and its query observer into
          // the first page, for instance).
          moduleSideEffects: [
            { test: /[\\/]src[\\/](main\.tsx|lib[\\/]zod-setup\.ts)$/, sideEffects: true },
            { test: /[\\/]src[\\/].*\.tsx?$/, sideEffects: false },
          ],
        },
      },
    },
    test: {
      // Each project names its setup (merged settings would add the pure project's to the others').
      restoreMocks: true,
      testTimeout: TEST_TIMEOUT_MS,
      hookTimeout: HOOK_TIMEOUT_MS,
      pool: 'threads',
      // Test files of a worker share loaded modules (the mock, React, the app) instead of loading
      // them again per file: the unit suite's CPU time roughly halves. Every test starts from the
      // same state anyway (test/setup.ts resets the mock, storage and the DOM before each test), and
      // no test replaces a module (no vi.mock), which is what sharing would break.
      isolate: false,
      // Every core (Vitest leaves one idle by default: on a 2-core machine that is half of it).
      maxWorkers: availableParallelism(),
      // Non-DOM tests run in Node (no jsdom to build per file); screens and the few `.ts` tests
      // that need a browser API run in jsdom. The choice is made here, not in each file.
      projects: [
        {
          // Logic that loads no mock (test/pure-tests.ts): no mock server, no seed per test.
          extends: true,
          test: {
            name: 'pure',
            environment: 'node',
            setupFiles: ['./test/setup-pure.ts'],
            include: PURE_TESTS,
          },
        },
        {
          extends: true,
          test: {
            name: 'node',
            environment: 'node',
            setupFiles: ['./test/setup.ts'],
            include: [
              'src/**/*.test.ts',
              'packages/*/src/**/*.test.ts',
              'test/**/*.test.ts',
              'examples/**/*.test.ts',
            ],
            exclude: [
              'test/e2e/**',
              'node_modules/**',
              'examples/against-mock-server.test.ts',
              ...DOM_TS_TESTS,
              ...PURE_TESTS,
            ],
          },
        },
        {
          // The integrator's examples against the mock as its own program (no msw in the process).
          extends: true,
          test: {
            name: 'examples',
            environment: 'node',
            include: ['examples/against-mock-server.test.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'dom',
            environment: 'jsdom',
            setupFiles: ['./test/setup.ts'],
            include: ['src/**/*.test.tsx', 'test/**/*.test.tsx', ...DOM_TS_TESTS],
            exclude: ['test/e2e/**', 'node_modules/**'],
          },
        },
      ],
    },
  };
});
