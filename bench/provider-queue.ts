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
import { chromium, type Page } from 'playwright-core';
import { startMockServer } from '@telehealth/mock/server';
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
  workList: WorkListFigures;
}

/** The work list (`/provider/visits`) with the same 500 waiting: every visit of the rooms, virtualised. */
export interface WorkListFigures {
  /** Navigation start to the first row of the list. */
  firstRowMs: number;
  domNodes: number;
  rowsInPage: number;
  /** From scrolling one box-height down to a row further down the list being in the page. */
  nextPageMs: number;
  domNodesAfterScroll: number;
  /** All rows of the list (`aria-setsize`). */
  rowsInList: number;
}

const WORK_LIST = 'Visits in your rooms';

async function measureWorkList(page: Page): Promise<WorkListFigures> {
  await page.goto('/provider/visits');
  const list = page.getByRole('list', { name: WORK_LIST });
  await list.getByRole('listitem').first().waitFor();
  const firstRowMs = await page.evaluate(() => Math.round(performance.now()));
  const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  const rowsInPage = await list.getByRole('listitem').count();
  const rowsInList = Number(await list.getByRole('listitem').first().getAttribute('aria-setsize'));
  const lastShown = await list
    .getByRole('listitem')
    .evaluateAll((items) => Math.max(...items.map((i) => Number(i.getAttribute('aria-posinset')))));
  const started = Date.now();
  await list.evaluate((ul) => {
    const box = ul.parentElement;
    if (box) box.scrollTop += box.clientHeight;
  });
  await page.waitForFunction(
    (after) =>
      [...document.querySelectorAll('li[aria-posinset]')].some(
        (li) => Number(li.getAttribute('aria-posinset')) > after,
      ),
    lastShown,
  );
  const nextPageMs = Date.now() - started;
  const domNodesAfterScroll = await page.evaluate(() => document.getElementsByTagName('*').length);
  return { firstRowMs, domNodes, rowsInPage, nextPageMs, domNodesAfterScroll, rowsInList };
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
    // A fresh page, so navigation timing starts at the work list.
    const listPage = await context.newPage();
    const workList = await measureWorkList(listPage);
    await context.close();
    return {
      waiting: WAITING,
      firstRenderMs,
      domNodes,
      rowsShown,
      nextPageMs,
      rowsAfterNextPage,
      newArrivalVisibleMs,
      workList,
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
      `work list (/provider/visits) with the same line: ${result.workList.rowsInList} rows in the list`,
      `  time to first row (navigation start): ${result.workList.firstRowMs} ms`,
      `  DOM at first row: ${result.workList.domNodes} elements, ${result.workList.rowsInPage} rows in the page`,
      `  next page (scroll one box down to a further row in the page): ${result.workList.nextPageMs} ms, DOM then ${result.workList.domNodesAfterScroll} elements`,
    ].join('\n'),
  );
}

// `node --import tsx bench/provider-queue.ts` runs this bench alone.
if (process.argv[1]?.endsWith('provider-queue.ts')) {
  printProviderQueueBench(await runProviderQueueBench({ build: process.env.BENCH_SKIP_BUILD !== '1' }));
}
