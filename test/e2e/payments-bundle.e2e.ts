import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';

/**
 * The chunk graph of the plain production build (`dist-prod`, Stripe gateway): Stripe's code sits
 * only in chunks reached through the gateway loader's dynamic import, never in what the first
 * page loads or in anything imported statically. The loader runs only where a card is taken (the
 * payment step and the saved cards page), so every other route loads no Stripe code.
 */
const DIR = process.env.E2E_PROD_DIST_DIR ?? 'dist-prod';

interface Chunk {
  name: string;
  text: string;
  /** Chunks this one imports statically (loaded with it). */
  imports: string[];
  /** Chunks this one may import later with import(). */
  dynamic: string[];
}

function readChunks(dir: string): Map<string, Chunk> {
  const assets = join(dir, 'assets');
  const chunks = new Map<string, Chunk>();
  for (const name of readdirSync(assets).filter((n) => n.endsWith('.js'))) {
    const text = readFileSync(join(assets, name), 'utf8');
    // Static: `import{a as b}from"./x.js"` or `import"./x.js"`; dynamic: `import("./x.js")` / import(`./x.js`).
    const imports = [...text.matchAll(/\bimport\s*(?:[^;()"'`]*?\bfrom\s*)?["']\.\/([\w.-]+\.js)["']/g)].map(
      (m) => m[1] ?? '',
    );
    const dynamic = [...text.matchAll(/\bimport\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g)].map(
      (m) => m[1] ?? '',
    );
    chunks.set(name, { name, text, imports, dynamic });
  }
  return chunks;
}

function staticClosure(chunks: Map<string, Chunk>, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const name = stack.pop() ?? '';
    if (seen.has(name)) continue;
    seen.add(name);
    for (const next of chunks.get(name)?.imports ?? []) stack.push(next);
  }
  return seen;
}

const isStripe = (chunk: Chunk) => chunk.text.includes('js.stripe.com');

test.describe('payments in the production chunk graph', () => {
  // A missing build fails rather than skips: this check must not vanish (npm run build:e2e builds it).
  test.beforeAll(() => {
    expect(existsSync(DIR), `${DIR} is built by npm run build:e2e`).toBe(true);
  });

  test('the first page loads no Stripe code, and Stripe arrives only through the gateway loader', () => {
    const chunks = readChunks(DIR);
    const stripe = [...chunks.values()].filter(isStripe).map((c) => c.name);
    expect(stripe.length, 'the Stripe gateway is in the production build').toBeGreaterThan(0);

    const html = readFileSync(join(DIR, 'index.html'), 'utf8');
    const roots = [...html.matchAll(/(?:src|href)="\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1] ?? '');
    expect(roots.length).toBeGreaterThan(0);
    const firstPage = staticClosure(chunks, roots);
    for (const name of stripe) expect(firstPage.has(name), `${name} loads with the first page`).toBe(false);

    // No chunk pulls Stripe in statically; only the loader imports it on demand.
    for (const chunk of chunks.values()) {
      if (stripe.includes(chunk.name)) continue;
      const closure = staticClosure(chunks, [chunk.name]);
      for (const name of stripe)
        expect(closure.has(name), `${chunk.name} statically loads ${name}`).toBe(false);
      if (chunk.dynamic.some((d) => stripe.includes(d))) {
        // The loader (lib/payment-gateway/index.ts) reads the module's `stripeGateway` export: a
        // property name, which survives minification (class names such as its error's do not).
        expect(chunk.text, `${chunk.name} imports Stripe but is not the gateway loader`).toMatch(
          /\.then\(\s*\(?(\w+)\)?\s*=>\s*\1\.stripeGateway\s*\)/,
        );
      }
    }
    const loaders = [...chunks.values()].filter((c) => c.dynamic.some((d) => stripe.includes(d)));
    expect(loaders).toHaveLength(1);
  });

  test('carries no fake card fields or test tokens', () => {
    for (const chunk of readChunks(DIR).values()) {
      for (const needle of ['tok_chargeDeclined', 'tok_mastercard', 'no real card is used']) {
        expect(chunk.text.includes(needle), `${chunk.name} contains ${needle}`).toBe(false);
      }
    }
  });
});
