import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { laneDist, laneOrigin } from './test/e2e/support/lanes';

/**
 * Browser tests: the production build (`npm run build:e2e`, mode `e2e`) served with the
 * production headers by `test/e2e/support/static-server.ts`, talking over real HTTP to the
 * standalone mock API. Debian Chromium is driven through `executablePath`; never run
 * `playwright install`.
 */
const CI = !!process.env.CI;
// Ports and build folder can be moved so several runs (one per developer task) do not collide.
const APP_PORT = Number(process.env.E2E_APP_PORT ?? 4317);
const MOCK_PORT = Number(process.env.E2E_MOCK_PORT ?? 8787);
const DIST_DIR = process.env.E2E_DIST_DIR ?? 'dist';
/**
 * Workers, each with its own mock API and build (test/e2e/support/lanes.ts; `npm run build:e2e`
 * builds the extra lanes' copies). One by default: on this 2-core machine two lanes took 15.6 min
 * against 14.4 min for one (docs/performance.md), since the browser's rendering, axe scans and the
 * servers already keep both cores busy. `E2E_LANES=2` on a machine with more cores.
 */
const LANES = Math.max(1, Number(process.env.E2E_LANES ?? 1));

type WebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>;

const SERVER_DEFAULTS = {
  reuseExistingServer: !CI,
  timeout: 60_000,
  stdout: 'ignore',
  stderr: 'pipe',
} as const;

/** The standalone mock API on `port`, on the default profile unless `profile` says otherwise. */
export function mockServer(port: number, profile?: 'full' | 'spec'): WebServer {
  return {
    ...SERVER_DEFAULTS,
    command: 'npm run mock:server',
    url: `http://127.0.0.1:${port}/__mock/health`,
    env: { PORT: String(port), ...(profile ? { MOCK_PROFILE: profile } : {}) },
  };
}

/** A production build served with the production headers; `apiOrigin` goes into its CSP. */
export function appServer(port: number, distDir: string, apiOrigin?: string): WebServer {
  return {
    ...SERVER_DEFAULTS,
    command: 'node --import tsx test/e2e/support/static-server.ts',
    url: `http://127.0.0.1:${port}/`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DIST_DIR: distDir,
      ...(apiOrigin ? { E2E_API_ORIGIN: apiOrigin } : {}),
    },
  };
}

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '*.e2e.ts',
  // The journeys run once per mock profile (playwright.journeys.config.ts).
  testIgnore: 'journeys/**',
  outputDir: 'test-results',
  workers: LANES,
  // Every test starts from the seed of its own lane's mock (fixtures.ts), so tests of one file may
  // run in different lanes.
  fullyParallel: true,
  retries: 0,
  forbidOnly: CI,
  reporter: 'list',
  // The one timeout policy for journeys. A journey (several pages, axe scans, reloads) gets 90 s;
  // any one screen gets 15 s to reach the awaited state (a first load of the production build, or
  // one 10 s poll of the waiting room). Both are generous because two cores are shared; they only
  // decide how long a broken test takes to fail. A test that needs more says why beside its limit.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    browserName: 'chromium',
    // The production build registers no service worker; blocking keeps `route` authoritative.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    ...Array.from({ length: LANES }, (_, lane) => [
      mockServer(Number(new URL(laneOrigin(`http://127.0.0.1:${MOCK_PORT}`, lane)).port)),
      appServer(
        Number(new URL(laneOrigin(`http://127.0.0.1:${APP_PORT}`, lane)).port),
        laneDist(DIST_DIR, lane),
        laneOrigin(`http://127.0.0.1:${MOCK_PORT}`, lane),
      ),
    ]).flat(),
    // The same app on the in-browser mock (MSW worker), for the contract table.
    appServer(APP_PORT + 1, process.env.E2E_MOCK_DIST_DIR ?? 'dist-mock'),
  ],
});
