/**
 * Runs the benchmarks and prints their figures (`npm run bench`):
 *
 * 1. Bundle sizes of a production build (first page and each route's cold load, gzip; budgets in
 *    test/budgets.ts).
 * 2. The 10,000-message thread: navigation to the `newest-message-painted` mark, median of 5 with
 *    min and max, per build folder. By default two builds are compared, the API across origins
 *    (dist-bench) and on the page's origin through a reverse proxy (dist-bench-same); pass
 *    `-- --dist <folder>` (repeatable) to time folders built like them instead.
 * 3. The thread's history, paging and a new reply (dist-bench), the insurer search and the
 *    provider queue.
 * 4. Lighthouse mobile on the landing, patient home and thread pages, when LIGHTHOUSE_PATH points at
 *    a Lighthouse installed outside the repo (see bench/lighthouse.ts).
 *
 * Set BENCH_SKIP_BUILD=1 to reuse existing builds.
 */
import { spawnSync } from 'node:child_process';
import { budgetFailures, formatReport, measureBuild } from '../test/budgets';
import { printInsurerSearchBench, runInsurerSearchBench } from './insurer-search';
import { lighthousePath, printLighthouse, runLighthouse } from './lighthouse';
import { printProviderQueueBench, runProviderQueueBench } from './provider-queue';
import { buildForBench } from './serve';
import { printThreadBench, runThreadBench } from './thread';
import { measureThreadOpen, printThreadOpen } from './thread-open';

const args = process.argv.slice(2);
const given = args.flatMap((arg, i) => (arg === '--dist' && args[i + 1] ? [args[i + 1] ?? ''] : []));
const build = process.env.BENCH_SKIP_BUILD !== '1';

// 1. Sizes of the production build (Stripe gateway, no development pages; placeholder clinic, .env.budget).
const PROD_DIR = 'dist-bench-prod';
if (build) {
  const built = spawnSync(
    'npx',
    ['vite', 'build', '--mode', 'budget', '--outDir', PROD_DIR, '--emptyOutDir'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (built.status !== 0) throw new Error('vite build failed');
}
const sizes = measureBuild(PROD_DIR);
console.log(formatReport(sizes));
const over = budgetFailures(sizes);
console.log(over.length ? `  over budget: ${over.join('; ')}` : '  all within budget');

// 2. The thread's time to the newest message, per build folder.
if (build && !given.length) {
  buildForBench('dist-bench', 'cross-origin');
  buildForBench('dist-bench-same', 'same-origin');
}
const dists = given.length ? given : ['dist-bench', 'dist-bench-same'];
printThreadOpen(await measureThreadOpen(dists));

// 3. The thread's history and replies, the insurer search, the provider queue (dist-bench).
/** One bench failing (a changed screen, a slow machine) does not hide the others' figures. */
async function section(name: string, run: () => Promise<void> | void): Promise<void> {
  try {
    await run();
  } catch (error) {
    process.exitCode = 1;
    console.log(`${name}: failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
}

if (!given.length) {
  await section('thread bench', async () => printThreadBench(await runThreadBench({ build: false })));
  await section('insurer search', () => printInsurerSearchBench(runInsurerSearchBench()));
  await section('provider queue', async () =>
    printProviderQueueBench(await runProviderQueueBench({ build: false })),
  );
}

// 4. Lighthouse, when installed outside the repo.
const lh = lighthousePath();
if (lh) {
  const dir = dists.at(-1) ?? 'dist-bench-same';
  await section('Lighthouse', async () => printLighthouse(await runLighthouse(dir, lh), dir));
} else {
  console.log(
    'Lighthouse: skipped (set LIGHTHOUSE_PATH to a Lighthouse package installed outside the repo, see bench/lighthouse.ts)',
  );
}
