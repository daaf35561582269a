/**
 * Loads a 10,000-message e-consult thread in Debian Chromium, against the production build and
 * the standalone mock over real HTTP, and prints: time to first render, DOM size, time to page
 * through the whole history, DOM size with all of it held, and time for one new reply to show.
 *
 * Run: npm run bench  (builds into dist-bench; ports BENCH_APP_PORT 4399 and BENCH_MOCK_PORT 8899)
 */
import { spawnSync } from 'node:child_process';
import type { Server } from 'node:http';
import { chromium, type Page } from 'playwright-core';
import { startMockServer } from '@telehealth/mock/server';
import { createStaticServer } from '../test/e2e/support/static-server';

const VISIT = 'vis_econsult_open';
const MESSAGES = 10_000;

export interface ThreadBenchResult {
  messages: number;
  firstRenderMs: number;
  domNodesAtFirstRender: number;
  rowsAtFirstRender: number;
  loadAllHistoryMs: number;
  pagesLoaded: number;
  domNodesWithAllHeld: number;
  rowsWithAllHeld: number;
  newReplyVisibleMs: number;
  rowsAfterReply: number;
}

const listen = (server: Server, port: number) =>
  new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));

async function domCounts(page: Page) {
  return page.evaluate(() => ({
    nodes: document.getElementsByTagName('*').length,
    rows: document.querySelectorAll('.thread-row').length,
  }));
}

export async function runThreadBench(options: { build?: boolean } = {}): Promise<ThreadBenchResult> {
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
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    // The visit already holds one message: 9,999 more make 10,000.
    const seeded = await fetch(`${mockOrigin}/__mock/visits/${VISIT}/seed-messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ count: MESSAGES - 1 }),
    });
    if (!seeded.ok) throw new Error(`seeding failed: ${seeded.status}`);

    const context = await browser.newContext({
      baseURL: `http://127.0.0.1:${appPort}`,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await page.goto('/dev/sign-in');
    await page.getByRole('button', { name: 'Sign in as Casey Morgan' }).click();
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Development sign-in' }).waitFor();

    // Time to first render: from navigation start to the newest message on screen.
    const newest = `Seeded message ${MESSAGES - 1} of ${MESSAGES - 1}`;
    await page.goto(`/patient/visits/${VISIT}`);
    await page.getByText(newest, { exact: true }).waitFor();
    const firstRenderMs = await page.evaluate(() => Math.round(performance.now()));
    const first = await domCounts(page);

    // Page through the whole history by scrolling to the top until the oldest message is held.
    const started = Date.now();
    let pagesLoaded = 0;
    for (; pagesLoaded < 200; pagesLoaded += 1) {
      const more = await page.getByRole('button', { name: 'Load earlier messages' }).count();
      if (!more) break;
      const before = await page.evaluate(() =>
        document.querySelector('.thread-row')?.getAttribute('aria-setsize'),
      );
      await page.evaluate(() => document.querySelector('.thread-scroll')?.scrollTo({ top: 0 }));
      await page.waitForFunction(
        (previous) => document.querySelector('.thread-row')?.getAttribute('aria-setsize') !== previous,
        before,
        { timeout: 15_000 },
      );
    }
    const loadAllHistoryMs = Date.now() - started;
    const held = await page.evaluate(() =>
      document.querySelector('.thread-row')?.getAttribute('aria-setsize'),
    );
    if (held !== String(MESSAGES)) throw new Error(`expected all ${MESSAGES} messages held, got ${held}`);
    await page.evaluate(() => document.querySelector('.thread-scroll')?.scrollTo({ top: 0 }));
    await page.getByText('A small mole on my shoulder', { exact: false }).waitFor();
    const all = await domCounts(page);

    // One new reply while at the bottom of a fully loaded thread.
    await page.evaluate(() => {
      const el = document.querySelector('.thread-scroll');
      el?.scrollTo({ top: el.scrollHeight });
    });
    const replyStarted = Date.now();
    await fetch(`${mockOrigin}/__mock/visits/${VISIT}/reply`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ content: 'Benchmark reply' }),
    });
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.getByText('Benchmark reply', { exact: true }).waitFor();
    const newReplyVisibleMs = Date.now() - replyStarted;
    const afterReply = await domCounts(page);
    await context.close();

    return {
      messages: MESSAGES,
      firstRenderMs,
      domNodesAtFirstRender: first.nodes,
      rowsAtFirstRender: first.rows,
      loadAllHistoryMs,
      pagesLoaded,
      domNodesWithAllHeld: all.nodes,
      rowsWithAllHeld: all.rows,
      newReplyVisibleMs,
      rowsAfterReply: afterReply.rows,
    };
  } finally {
    await browser.close();
    await new Promise((resolve) => app.close(resolve));
    mock.closeAllConnections();
    await new Promise((resolve) => mock.close(resolve));
  }
}

export function printThreadBench(result: ThreadBenchResult): void {
  const lines = [
    `thread bench: ${result.messages.toLocaleString('en-US')} messages, Chromium, production build, mock over HTTP`,
    `  newest message found by polling the DOM: ${result.firstRenderMs} ms after navigation (includes the polling; the "thread open" figures above read the performance mark)`,
    `  DOM at first render: ${result.domNodesAtFirstRender} elements, ${result.rowsAtFirstRender} message rows`,
    `  whole history paged in by scrolling up: ${result.loadAllHistoryMs} ms (${result.pagesLoaded} pages)`,
    `  DOM with all ${result.messages.toLocaleString('en-US')} held: ${result.domNodesWithAllHeld} elements, ${result.rowsWithAllHeld} message rows`,
    `  new reply visible after the server stored it: ${result.newReplyVisibleMs} ms (${result.rowsAfterReply} rows)`,
  ];
  console.log(lines.join('\n'));
}
