/**
 * The provider dashboard with 500 patients waiting in one room, in Debian Chromium, against the
 * production build and the standalone mock over real HTTP. Prints: the size of the queue read,
 * time to first render of the queue, DOM size and rows shown, time to show the next page of rows,
 * and how long a new arrival takes to appear (bounded by the 15 s poll).
 *
 * Run: npm run bench  (builds into dist-bench; ports BENCH_APP_PORT 4399 and BENCH_MOCK_PORT 8899)
 */
import { spawnSync } from 'node:child_process';
import type { Server } from 'node:http';
import { chromium } from 'playwright-core';
import { startMockServer } from '../src/mocks/server';
import { createStaticServer } from '../test/e2e/support/static-server';

const WAITING = 500;
const QUEUE = 'Patients waiting in General practice';
/** The seed has three walk-ins waiting in `general`. */
const EXTRA_WALKINS = WAITING - 3;

export interface ProviderQueueBenchResult {
  waiting: number;
  firstRenderMs: number;
  domNodes: number;
  rowsShown: number;
  nextPageMs: number;
  rowsAfterNextPage: number;
  newArrivalVisibleMs: number;
}

const listen = (server: Server, port: number) =>
  new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));

export async function runProviderQueueBench(
  options: { build?: boolean } = {},
): Promise<ProviderQueueBenchResult> {
  const appPort = Number(process.env.BENCH_APP_PORT ?? 4399);
  const mockPort = Number(process.env.BENCH_MOCK_PORT ?? 8899);
  const mockOrigin = `http://127.0.0.1:${mockPort}`;
  const distDir = 'dist-bench';
  if (options.build !== false) {
    const built = spawnSync('npx', ['vite', 'build', '--mode', 'e2e', '--outDir', distDir, '--emptyOutDir'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        VITE_API_BASE_URL: `${mockOrigin}/api_v3`,
        VITE_MESSAGES_BASE_URL: `${mockOrigin}/messaging`,
        VITE_SURVEY_BASE_URL: `${mockOrigin}/survey`,
      },
    });
    if (built.status !== 0) throw new Error('vite build failed');
  }

  const mock = await startMockServer(mockPort);
  const app = createStaticServer({ root: distDir, apiOrigins: [mockOrigin] });
  await listen(app, appPort);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  const addWalkins = async (count: number, reason: string) => {
    const response = await fetch(`${mockOrigin}/__mock/rooms/general/walkins`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ count, reason }),
    });
    if (!response.ok) throw new Error(`adding walk-ins failed: ${response.status}`);
  };
  try {
    await fetch(`${mockOrigin}/__mock/reset`, { method: 'POST' });
    // Three are seeded: 497 more make 500.
    await addWalkins(EXTRA_WALKINS, 'Benchmark arrival');
    const context = await browser.newContext({
      baseURL: `http://127.0.0.1:${appPort}`,
      viewport: { width: 1024, height: 900 },
    });
    const page = await context.newPage();
    await page.goto('/dev/sign-in?returnTo=%2Fprovider%2Fprofile');
    await page.getByRole('button', { name: 'Sign in as Dr. Samira Okafor' }).click();
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();

    await page.goto('/provider');
    const queue = page.getByRole('list', { name: QUEUE });
    await queue.getByRole('listitem').first().waitFor();
    const firstRenderMs = await page.evaluate(() => Math.round(performance.now()));
    const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    const rowsShown = await queue.getByRole('listitem').count();

    const pageStarted = Date.now();
    await page.getByRole('button', { name: /^Show \d+ more of \d+ waiting$/ }).click();
    await queue.getByRole('listitem').nth(rowsShown).waitFor();
    const nextPageMs = Date.now() - pageStarted;
    const rowsAfterNextPage = await queue.getByRole('listitem').count();

    const arrivalStarted = Date.now();
    await addWalkins(1, 'The newest arrival');
    // The "Show more" button counts those not shown yet: one more once the arrival is in.
    const remaining = WAITING + 1 - rowsAfterNextPage;
    await page
      .getByRole('button', { name: new RegExp(`^Show \\d+ more of ${remaining} waiting$`) })
      .waitFor({ timeout: 30_000 });
    const newArrivalVisibleMs = Date.now() - arrivalStarted;
    await context.close();
    return {
      waiting: WAITING,
      firstRenderMs,
      domNodes,
      rowsShown,
      nextPageMs,
      rowsAfterNextPage,
      newArrivalVisibleMs,
    };
  } finally {
    await browser.close();
    await new Promise((resolve) => app.close(resolve));
    mock.closeAllConnections();
    await new Promise((resolve) => mock.close(resolve));
  }
}

export function printProviderQueueBench(result: ProviderQueueBenchResult): void {
  console.log(
    [
      `provider queue bench: ${result.waiting} walk-ins waiting in one room, Chromium, production build, mock over HTTP`,
      `  time to first render (navigation start to the first queue row): ${result.firstRenderMs} ms`,
      `  DOM at first render: ${result.domNodes} elements, ${result.rowsShown} queue rows shown`,
      `  next page of rows: ${result.nextPageMs} ms (${result.rowsAfterNextPage} rows shown)`,
      `  a new arrival counted on the dashboard after the server stored it: ${result.newArrivalVisibleMs} ms (poll every 15 s)`,
    ].join('\n'),
  );
}
