import { defineConfig } from '@playwright/test';
import base, { appServer, mockServer } from './playwright.config';

/**
 * The journeys of test/e2e/journeys, run once per mock profile (`MOCK_PROFILE`): `full` (the
 * default profile, the `dist` build on ports 4317/8787) and `spec` (the spec-exact profile, the
 * `dist-spec` build of mode `e2e-spec` on ports 4320/8788). The same production code meets a
 * server that offers our extensions and one that answers only what the spec names.
 * `npm run test:journeys` runs both; `E2E_API_ORIGIN` points the tests' own calls at the server.
 */
const SPEC = process.env.MOCK_PROFILE === 'spec';
const APP_PORT = SPEC ? 4320 : 4317;
const MOCK_PORT = SPEC ? 8788 : 8787;

export default defineConfig({
  ...base,
  testDir: 'test/e2e/journeys',
  testIgnore: [],
  // One lane per profile: each run has one mock server and one build (test/e2e/support/lanes.ts).
  workers: 1,
  outputDir: SPEC ? 'test-results-spec' : 'test-results-full',
  use: { ...base.use, baseURL: `http://127.0.0.1:${APP_PORT}` },
  webServer: [
    mockServer(MOCK_PORT, SPEC ? 'spec' : 'full'),
    appServer(APP_PORT, SPEC ? 'dist-spec' : 'dist', `http://127.0.0.1:${MOCK_PORT}`),
  ],
});
