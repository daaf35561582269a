/**
 * Runs unit tests under pinned clocks: the whole process's system time is moved with Debian's
 * `faketime` (the mock's clock follows it, packages/mock/src/lib/clock.ts), and the process's zone is set
 * with `TZ`. Prints one row per clock with its result, and exits 1 when any clock fails.
 *
 *   node --import tsx test/clocks/matrix.ts            every clock, the node project of the unit suite
 *   node --import tsx test/clocks/matrix.ts --quick    a few clocks, the mock, scheduling and date tests
 *   node --import tsx test/clocks/matrix.ts --all      every clock, the whole unit suite (about 2 h)
 *   node --import tsx test/clocks/matrix.ts -- <vitest filters>   every clock, these files only
 *
 * The clocks are the moments a calendar-dependent test or seed would break on: a Wednesday
 * morning in New York (the group session is that evening), the hour after midnight UTC while
 * New York is still on the previous day, the days around both daylight-saving changes in New
 * York and London, 31 December late in the evening, and 29 February.
 */
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';

export interface PinnedClock {
  name: string;
  /** The instant, UTC. */
  utc: string;
  /** The process's zone while the tests run. */
  zone: string;
}

export const CLOCKS: readonly PinnedClock[] = [
  { name: 'Wednesday 9:10 am in New York', utc: '2026-11-25 14:10:00', zone: 'America/New_York' },
  { name: 'Wednesday 11:10 am in New York', utc: '2026-11-25 16:10:00', zone: 'UTC' },
  { name: 'Wednesday 5:50 pm in New York', utc: '2026-11-25 22:50:00', zone: 'America/New_York' },
  { name: '00:30 UTC, still Wednesday in New York', utc: '2026-11-26 00:30:00', zone: 'UTC' },
  { name: 'New York, the day before clocks go back', utc: '2026-10-31 16:00:00', zone: 'America/New_York' },
  { name: 'New York, 1:30 am before clocks go back', utc: '2026-11-01 05:30:00', zone: 'America/New_York' },
  { name: 'New York, the day after clocks go back', utc: '2026-11-02 14:00:00', zone: 'UTC' },
  {
    name: 'New York, the day before clocks go forward',
    utc: '2027-03-13 15:00:00',
    zone: 'America/New_York',
  },
  {
    name: 'New York, 1:30 am before clocks go forward',
    utc: '2027-03-14 06:30:00',
    zone: 'America/New_York',
  },
  { name: 'New York, the day after clocks go forward', utc: '2027-03-15 13:00:00', zone: 'UTC' },
  { name: 'London, the day before clocks go back', utc: '2026-10-24 11:00:00', zone: 'Europe/London' },
  { name: 'London, 00:30 before clocks go back', utc: '2026-10-24 23:30:00', zone: 'Europe/London' },
  { name: 'London, the day before clocks go forward', utc: '2027-03-27 11:00:00', zone: 'Europe/London' },
  { name: 'London, 00:30 before clocks go forward', utc: '2027-03-28 00:30:00', zone: 'Europe/London' },
  { name: '31 December, 11:30 pm in New York', utc: '2027-01-01 04:30:00', zone: 'America/New_York' },
  { name: '31 December, 11:30 pm UTC', utc: '2026-12-31 23:30:00', zone: 'UTC' },
  { name: '29 February, noon UTC', utc: '2028-02-29 12:00:00', zone: 'UTC' },
  { name: '29 February, 11 pm in New York', utc: '2028-03-01 04:00:00', zone: 'America/New_York' },
];

/** The clocks `npm test` runs (the quick part): a weekday morning, midnight UTC, a DST change, a leap day. */
const QUICK = [
  'Wednesday 11:10 am in New York',
  '00:30 UTC, still Wednesday in New York',
  'New York, 1:30 am before clocks go back',
  '29 February, 11 pm in New York',
];
const QUICK_FILES = [
  'packages/mock/src/seed',
  'test/mock/handlers/scheduling',
  'test/mock/handlers/visits',
  'src/lib/dates',
  'src/features/scheduling/utils',
];

interface Row {
  clock: PinnedClock;
  passed: number;
  failed: number;
  ok: boolean;
  seconds: number;
}

function counts(output: string): { passed: number; failed: number } {
  // The summary line: "Tests  3 failed | 120 passed (123)", colours stripped.
  // eslint-disable-next-line no-control-regex -- the ANSI colour codes are what is stripped
  const line = output.replace(/\u001b\[[0-9;]*m/g, '').match(/^\s*Tests\s+(.*)$/m)?.[1] ?? '';
  const count = (word: string) => Number(line.match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0);
  return { passed: count('passed'), failed: count('failed') };
}

/** Runs the tests under one clock, in a child process whose time and zone are that clock's. */
function run(clock: PinnedClock, vitestArgs: string[]): Promise<Row> {
  const started = Date.now();
  const child = spawn(
    'faketime',
    ['-f', `@${clock.utc}`, 'node', 'node_modules/vitest/vitest.mjs', 'run', ...vitestArgs],
    { env: { ...process.env, TZ: clock.zone, FORCE_COLOR: '0', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' } },
  );
  const chunks: string[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => chunks.push(chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => chunks.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const output = chunks.join('');
      const { passed, failed } = counts(output);
      const ok = status === 0 && failed === 0 && passed > 0;
      if (!ok) {
        const failures = output.split('\n').filter((l) => /FAIL|✗|×|AssertionError|Error:/.test(l));
        process.stderr.write(`\n--- ${clock.name} (${clock.utc} UTC, TZ=${clock.zone}) ---\n`);
        process.stderr.write(`${failures.slice(0, 30).join('\n') || output.slice(-3000)}\n`);
      }
      resolve({ clock, passed, failed, ok, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

/**
 * Runs the clocks two at a time (or as many as the machine has cores): one clock's run leaves a core
 * idle while its slowest file finishes.
 */
async function runAll(clocks: readonly PinnedClock[], vitestArgs: string[]): Promise<Row[]> {
  const rows: Row[] = new Array<Row>(clocks.length);
  let next = 0;
  const lane = async () => {
    while (next < clocks.length) {
      const index = next++;
      const clock = clocks[index]!;
      const row = await run(clock, vitestArgs);
      rows[index] = row;
      console.log(
        `${row.ok ? 'pass' : 'FAIL'}  ${clock.name} (${row.passed} passed, ${row.failed} failed, ${row.seconds} s)`,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, lane));
  return rows;
}

function table(rows: Row[]): string {
  const header = ['clock', 'UTC instant', 'process zone', 'passed', 'failed', 'result', 's'];
  const lines = rows.map((r) => [
    r.clock.name,
    r.clock.utc,
    r.clock.zone,
    String(r.passed),
    String(r.failed),
    r.ok ? 'pass' : 'FAIL',
    String(r.seconds),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [format(header), format(widths.map((w) => '-'.repeat(w))), ...lines.map(format)].join('\n');
}

async function main(): Promise<void> {
  if (spawnSync('faketime', ['-f', '@2000-01-01 00:00:00', 'true']).status !== 0) {
    console.error('faketime is missing: apt-get install -y faketime');
    process.exit(1);
  }
  if (!existsSync('node_modules/vitest/vitest.mjs')) {
    console.error('Run from the project root after npm ci.');
    process.exit(1);
  }
  const args = process.argv.slice(2);
  const dash = args.indexOf('--');
  const files = dash >= 0 ? args.slice(dash + 1) : [];
  const quick = args.includes('--quick');
  const all = args.includes('--all');
  const clocks = quick ? CLOCKS.filter((c) => QUICK.includes(c.name)) : CLOCKS;
  const vitestArgs = files.length ? files : quick ? QUICK_FILES : all ? [] : ['--project', 'node'];
  // A filter that names nothing would quietly run fewer tests (files move): each must name a path.
  const lost = (quick ? QUICK_FILES : []).filter(
    (path) => !existsSync(path) && !existsSync(`${path}.test.ts`),
  );
  if (lost.length) {
    console.error(`These test paths do not exist (moved?): ${lost.join(', ')}`);
    process.exit(1);
  }
  console.log(`Pinned clocks: ${clocks.length}; tests: ${vitestArgs.join(' ') || 'the whole unit suite'}`);
  const rows = await runAll(clocks, vitestArgs);
  console.log(`\n${table(rows)}\n`);
  const failed = rows.filter((r) => !r.ok).length;
  console.log(`${rows.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

await main();
