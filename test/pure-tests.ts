import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The unit tests that load no mock: Node tests (`*.test.ts`) outside `packages/mock/src/` whose imports,
 * followed through the project's own files, never reach `packages/mock/src/`, the HTTP client or the
 * screen helpers of `test/`, and that do not start the mock server as a program.
 * They run in the `pure` project (vite.config.ts) with a setup that starts no mock server and seeds
 * no clinic before each test. Found by reading the imports, so a test that starts to need the mock
 * moves to the `node` project by itself; type-only imports do not count.
 */
const MOCK_SIDE = [
  /^packages\/mock\/src\//,
  /^packages\/client\/src\/http\.ts$/,
  /^test\/render\.tsx$/,
  /^test\/setup/,
];

export function findPureTests(root: string, domTests: readonly string[]): string[] {
  const imports = new Map<string, string[]>();
  const resolve = (from: string, spec: string): string | null => {
    let base: string;
    if (spec.startsWith('@/')) base = path.join(root, 'src', spec.slice(2));
    else if (spec.startsWith('~test/')) base = path.join(root, 'test', spec.slice(6));
    else if (/^@telehealth\/(client|mock)\//.test(spec))
      base = path.join(root, 'packages', spec.split('/')[1]!, 'src', spec.split('/').slice(2).join('/'));
    else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
    else return null;
    for (const file of [
      base,
      `${base}.ts`,
      `${base}.tsx`,
      path.join(base, 'index.ts'),
      path.join(base, 'index.tsx'),
    ])
      if (existsSync(file) && statSync(file).isFile()) return file;
    return null;
  };
  const importsOf = (file: string): string[] => {
    const known = imports.get(file);
    if (known) return known;
    const found: string[] = [];
    const text = readFileSync(file, 'utf8');
    const statement =
      /(?:import|export)\s+(type\s)?[^;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
    for (const match of text.matchAll(statement)) {
      if (match[1]) continue;
      const target = resolve(file, match[2] ?? match[3] ?? match[4] ?? '');
      if (target) found.push(target);
    }
    imports.set(file, found);
    return found;
  };
  const reachesMock = (test: string): boolean => {
    const seen = new Set<string>();
    const stack = [path.join(root, test)];
    while (stack.length) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const relative = path.relative(root, file).split(path.sep).join('/');
      if (MOCK_SIDE.some((pattern) => pattern.test(relative))) return true;
      stack.push(...importsOf(file));
    }
    return false;
  };
  // A test that starts the mock as a program (the contract table) names its file instead.
  const startsMock = (test: string) =>
    readFileSync(path.join(root, test), 'utf8').includes('packages/mock/src/server');
  return ['src', 'packages/client/src', 'packages/mock/src', 'test', 'examples']
    .flatMap((folder) => testFiles(root, folder))
    .filter(
      (file) =>
        !file.startsWith('test/e2e/') && !domTests.includes(file) && !reachesMock(file) && !startsMock(file),
    );
}

function testFiles(root: string, folder: string): string[] {
  const full = path.join(root, folder);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts') && !file.split(path.sep).includes('node_modules'))
    .map((file) => `${folder}/${file.split(path.sep).join('/')}`);
}
