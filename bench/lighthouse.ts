/**
 * Lighthouse (mobile, its default simulated throttling) over three pages in one user flow: the
 * landing page signed out, the patient's home signed in, and the 10,000-message thread signed in.
 *
 * Lighthouse is never a dependency of the portal. Install it anywhere outside the repo and point
 * LIGHTHOUSE_PATH at the package folder, e.g.
 *   npm install --prefix /work/tools/lh lighthouse
 *   LIGHTHOUSE_PATH=/work/tools/lh/node_modules/lighthouse npm run bench
 * Without it the table is skipped with a line saying so. puppeteer-core comes with Lighthouse.
 * LIGHTHOUSE_RUNS (default 3) sets how many times the flow runs; each page's row is its median run.
 * LIGHTHOUSE_REPORT=<file> also writes each run's full result (every audit) as JSON.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { APP_ORIGIN, CHROMIUM_ARGS, MOCK_ORIGIN, startBenchServers } from './serve';

const VISIT = 'vis_econsult_open';

export interface LighthouseRow {
  step: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** The little of Lighthouse's and Puppeteer's APIs used here (they are loaded from outside the repo). */
interface Category {
  score: number | null;
}
interface StepResult {
  name: string;
  lhr: {
    categories: Record<string, Category | undefined>;
    audits: Record<string, { numericValue?: number } | undefined>;
  };
}
interface UserFlow {
  navigate(url: string, options?: { name?: string; flags?: Record<string, unknown> }): Promise<void>;
  createFlowResult(): Promise<{ steps: StepResult[] }>;
}
interface PuppeteerPage {
  goto(url: string): Promise<unknown>;
  locator(selector: string): { click(): Promise<void> };
  waitForFunction(fn: string, options?: { timeout?: number }): Promise<unknown>;
}
interface PuppeteerBrowser {
  newPage(): Promise<PuppeteerPage>;
  close(): Promise<void>;
}

export function lighthousePath(): string | null {
  const path = process.env.LIGHTHOUSE_PATH;
  return path && existsSync(join(path, 'package.json')) ? path : null;
}

/** How many times the flow runs; each page's row is its median run (by performance score). */
export const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

export interface LighthouseSummary extends LighthouseRow {
  /** Performance scores of every run, lowest first. */
  scores: number[];
}

export async function runLighthouse(distDir: string, lhPath: string): Promise<LighthouseSummary[]> {
  const { startFlow } = (await import(pathToFileURL(join(lhPath, 'core', 'index.js')).href)) as {
    startFlow: (page: PuppeteerPage, options?: Record<string, unknown>) => Promise<UserFlow>;
  };
  const puppeteerEntry = createRequire(join(lhPath, 'package.json')).resolve('puppeteer-core');
  const puppeteer = ((await import(pathToFileURL(puppeteerEntry).href)) as { default: unknown }).default as {
    launch(options: Record<string, unknown>): Promise<PuppeteerBrowser>;
  };

  const servers = await startBenchServers();
  try {
    const seeded = await fetch(`${MOCK_ORIGIN}/__mock/visits/${VISIT}/seed-messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ count: 9_999 }),
    });
    if (!seeded.ok) throw new Error(`seeding failed: ${seeded.status}`);
    await servers.serve(distDir);
    const runs: LighthouseRow[][] = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
      // A new browser each run: nothing cached from the run before.
      const browser = await puppeteer.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: CHROMIUM_ARGS,
        headless: true,
      });
      try {
        runs.push(await runFlow(browser, startFlow, run));
      } finally {
        await browser.close();
      }
    }
    return (runs[0] ?? []).map((_, step) => {
      const rows = runs.map((r) => r[step]).filter((r): r is LighthouseRow => r !== undefined);
      const sorted = [...rows].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
      const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? sorted[0];
      if (!median) throw new Error('Lighthouse returned no steps');
      return { ...median, scores: sorted.map((r) => r.performance) };
    });
  } finally {
    await servers.close();
  }
}

async function runFlow(
  browser: PuppeteerBrowser,
  startFlow: (page: PuppeteerPage, options?: Record<string, unknown>) => Promise<UserFlow>,
  run: number,
): Promise<LighthouseRow[]> {
  const page = await browser.newPage();
  const flow = await startFlow(page, { name: 'Clinic portal' });
  await flow.navigate(`${APP_ORIGIN}/`, { name: 'landing (signed out)' });

  await page.goto(`${APP_ORIGIN}/dev/sign-in`);
  await page.locator('::-p-aria(Sign in as Casey Morgan)').click();
  await page.waitForFunction('!location.pathname.startsWith("/dev")', { timeout: 30_000 });
  // Signed-in steps keep the tab's session storage (Lighthouse clears storage by default).
  const signedIn = { flags: { disableStorageReset: true } };
  await flow.navigate(`${APP_ORIGIN}/patient`, { name: 'patient home', ...signedIn });
  await flow.navigate(`${APP_ORIGIN}/patient/visits/${VISIT}`, { name: 'thread page', ...signedIn });

  const result = await flow.createFlowResult();
  // LIGHTHOUSE_REPORT=<file>: each run's whole flow result as JSON (<file>.1, .2 … after the first).
  const report = process.env.LIGHTHOUSE_REPORT;
  if (report) writeFileSync(run === 0 ? report : `${report}.${run}`, JSON.stringify(result));
  const score = (step: StepResult, id: string) => Math.round((step.lhr.categories[id]?.score ?? 0) * 100);
  const value = (step: StepResult, id: string) => step.lhr.audits[id]?.numericValue ?? Number.NaN;
  return result.steps.map((step) => ({
    step: step.name,
    performance: score(step, 'performance'),
    accessibility: score(step, 'accessibility'),
    bestPractices: score(step, 'best-practices'),
    lcpMs: Math.round(value(step, 'largest-contentful-paint')),
    tbtMs: Math.round(value(step, 'total-blocking-time')),
    cls: Math.round(value(step, 'cumulative-layout-shift') * 1000) / 1000,
  }));
}

export function printLighthouse(rows: LighthouseSummary[], distDir: string): void {
  const runs = rows[0]?.scores.length ?? 0;
  const lines = [
    `Lighthouse mobile (simulated throttling; the median of ${runs} run${runs === 1 ? '' : 's'} per page, by performance) on ${distDir}`,
    `  ${'page'.padEnd(22)}${'perf'.padStart(6)}${'runs'.padStart(12)}${'a11y'.padStart(6)}${'BP'.padStart(6)}${'LCP'.padStart(9)}${'TBT'.padStart(8)}${'CLS'.padStart(7)}`,
  ];
  for (const r of rows) {
    lines.push(
      `  ${r.step.padEnd(22)}${String(r.performance).padStart(6)}${r.scores.join('/').padStart(12)}${String(r.accessibility).padStart(6)}${String(r.bestPractices).padStart(6)}${`${(r.lcpMs / 1000).toFixed(2)} s`.padStart(9)}${`${r.tbtMs} ms`.padStart(8)}${String(r.cls).padStart(7)}`,
    );
  }
  console.log(lines.join('\n'));
}
