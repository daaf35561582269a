import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

/**
 * `npm run screenshots` (test/screenshots/run.sh): the browser tests' setup (production build
 * against the standalone mock API, Debian Chromium), capturing PNGs instead of asserting journeys.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.shots.ts',
  outputDir: '../../test-results-shots',
  // Only the mock API and the app (the in-browser mock build is not needed), run from the repository root.
  webServer: (Array.isArray(base.webServer) ? base.webServer.slice(0, 2) : []).map((server) => ({
    ...server,
    cwd: process.cwd(),
  })),
});
