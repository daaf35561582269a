import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { budgetFailures, FIRST_PAGE_GOAL, KIB, type Manifest, measureBuild, ROUTE_GOAL } from './budgets';

const goals = { firstPage: FIRST_PAGE_GOAL, route: ROUTE_GOAL };

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Random bytes do not compress, so a file of n random bytes weighs about n gzipped. */
const incompressible = (bytes: number) => randomBytes(bytes);

/** A build folder shaped like Vite's: index.html, assets, .vite/manifest.json. */
function fakeBuild(sizes: { entry: number; shared: number; layout: number; page: number; gateway: number }) {
  const dir = mkdtempSync(join(tmpdir(), 'budgets-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  const files = {
    'assets/index.js': sizes.entry,
    'assets/shared.js': sizes.shared,
    'assets/layout.js': sizes.layout,
    'assets/visit.js': sizes.page,
    'assets/gateway.js': sizes.gateway,
    'assets/index.css': 1000,
  };
  for (const [file, bytes] of Object.entries(files)) writeFileSync(join(dir, file), incompressible(bytes));
  const manifest: Manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_shared.js'],
      css: ['assets/index.css'],
      dynamicImports: ['src/app/routes/patient/layout.tsx', 'src/app/routes/patient/visit.tsx'],
    },
    '_shared.js': { file: 'assets/shared.js' },
    'src/app/routes/patient/layout.tsx': { file: 'assets/layout.js', isDynamicEntry: true },
    'src/app/routes/patient/visit.tsx': {
      file: 'assets/visit.js',
      isDynamicEntry: true,
      imports: ['_shared.js'],
      dynamicImports: ['src/lib/gateway.ts'],
    },
    'src/lib/gateway.ts': { file: 'assets/gateway.js', isDynamicEntry: true },
  };
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(
    join(dir, 'index.html'),
    '<script type="module" crossorigin src="/assets/index.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/shared.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/index.css">',
  );
  return dir;
}

describe('the bundle budget check', () => {
  it('sizes the first page and a route with its layout, leaving out what the page loads on demand', () => {
    const report = measureBuild(
      fakeBuild({ entry: 40 * KIB, shared: 20 * KIB, layout: 10 * KIB, page: 20 * KIB, gateway: 10 * KIB }),
    );
    expect(report.firstPage.gzip / KIB).toBeCloseTo(61, 0);
    expect(report.routes.map((r) => r.route)).toEqual(['patient/visit']);
    expect(report.routes[0]?.gzip).toBeGreaterThan(90 * KIB);
    expect(report.routes[0]?.gzip).toBeLessThan(92 * KIB);
    expect(budgetFailures(report)).toEqual([]);
  });

  it('fails when the first page is over its budget', () => {
    const report = measureBuild(
      fakeBuild({ entry: 100 * KIB, shared: 15 * KIB, layout: 1 * KIB, page: 1 * KIB, gateway: 1 * KIB }),
    );
    expect(budgetFailures(report, goals)).toEqual([
      expect.stringMatching(/^first page 11\d\.\d KiB > 110\.0 KiB$/),
    ]);
  });

  it('fails when a route is over its budget, counting its layout and static imports', () => {
    const report = measureBuild(
      fakeBuild({ entry: 60 * KIB, shared: 20 * KIB, layout: 30 * KIB, page: 60 * KIB, gateway: 30 * KIB }),
    );
    expect(budgetFailures(report, goals)).toEqual([
      expect.stringMatching(/^route patient\/visit 1\d\d\.\d KiB > 160\.0 KiB$/),
    ]);
  });

  it('fails when a production chunk holds the mock, a server-only module of the client or a Node built-in', () => {
    const report = measureBuild(
      fakeBuild({ entry: 40 * KIB, shared: 20 * KIB, layout: 10 * KIB, page: 20 * KIB, gateway: 10 * KIB }),
    );
    report.chunkModules = {
      'assets/index.js': ['src/main.tsx', 'packages/client/src/http.ts'],
      'assets/visit.js': ['packages/mock/src/db.ts', 'packages/client/src/server.ts', 'node:http'],
    };
    expect(budgetFailures(report)).toEqual([
      'assets/visit.js holds packages/mock/src/db.ts, which no production chunk may hold',
      'assets/visit.js holds packages/client/src/server.ts, which no production chunk may hold',
      'assets/visit.js holds node:http, which no production chunk may hold',
    ]);
  });

  it('fails instead of passing when there is no build', () => {
    expect(() => measureBuild(join(tmpdir(), 'no-such-build-folder'))).toThrow(/no production build/);
  });
});
