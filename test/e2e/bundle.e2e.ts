import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';

/** Every file of a build folder, as text. */
function filesOf(dir: string): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push({ path: p, text: readFileSync(p, 'latin1') });
    }
  };
  walk(dir);
  return out;
}

// Both builds must be there: a missing folder fails the checks instead of making them vanish.
const PRODUCTION_BUILDS = [process.env.E2E_DIST_DIR ?? 'dist', 'dist-prod'];

function expectBuilt(dir: string): void {
  expect(existsSync(join(dir, 'index.html')), `${dir}/index.html is missing: run npm run build:e2e`).toBe(
    true,
  );
}

for (const dir of PRODUCTION_BUILDS) {
  test.describe(`the production build in ${dir}`, () => {
    test('carries no development secret, admin token or mock code', () => {
      expectBuilt(dir);
      const files = filesOf(dir);
      expect(files.length).toBeGreaterThan(3);
      for (const { path, text } of files) {
        // Only the file name is reported: printing a whole chunk helps nobody.
        for (const needle of [
          'demo-api-secret',
          'demo-admin-token',
          'mockServiceWorker',
          'setupWorker',
          'usr_patient',
        ]) {
          expect(text.includes(needle), `${path} contains ${needle}`).toBe(false);
        }
      }
      expect(existsSync(join(dir, 'mockServiceWorker.js'))).toBe(false);
    });

    test('has no inline script, inline handler, eval or source map', () => {
      expectBuilt(dir);
      const html = readFileSync(join(dir, 'index.html'), 'utf8');
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(html).not.toMatch(/\son[a-z]+=/i);
      for (const { path, text } of filesOf(dir)) {
        expect(path.endsWith('.map'), path).toBe(false);
        if (path.endsWith('.js')) expect(/\beval\(/.test(text), `${path} calls eval`).toBe(false);
      }
    });
  });
}

test('the plain production build has no development sign-in page', () => {
  expectBuilt('dist-prod');
  const js = filesOf('dist-prod')
    .filter((f) => f.path.endsWith('.js'))
    .map((f) => f.text)
    .join('\n');
  expect(js.includes('Development sign-in'), 'dev sign-in page in the bundle').toBe(false);
  expect(js.includes('/personas'), 'mock persona controls in the bundle').toBe(false);
});
