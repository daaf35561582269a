/**
 * Playwright fixtures for the browser tests (RELIABILITY.md H5).
 *
 * Import `test` and `expect` from here, never from `@playwright/test`, so that every test gets:
 * - guarded contexts: the built-in `context` is one, and `newGuardedContext()` makes more (a second
 *   user, say);
 * - a guard on every guarded context that fails the test, at its end, on any `console.error`,
 *   uncaught page error, `alert`/`confirm`/`prompt`/`beforeunload` dialog, CSP violation
 *   (`securitypolicyviolation`), call of the `window.__xss()` trap, or request to a host other
 *   than 127.0.0.1/localhost (such requests are aborted);
 * - the mock API reset to its seed before the test (`POST /__mock/reset`).
 *
 * Tests that provoke one of these on purpose take it off the list with `guard.take(kind)` and
 * assert on what they took. To stub an outside host (e.g. js.stripe.com) use `page.route` or a
 * `context.route` registered in the test: those run before the allowlist.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  test as base,
  expect,
  type BrowserContext,
  type BrowserContextOptions,
  type ConsoleMessage,
  type Page,
  type Route,
} from '@playwright/test';
import { LANE, laneOrigin } from './lanes';
import { apiOriginsFromEnv } from './static-server';

export { expect };

/**
 * The API origin(s) this worker's build talks to (`E2E_API_ORIGIN`, moved to this worker's lane:
 * lanes.ts); the first is the mock server.
 */
export const API_ORIGINS: readonly string[] = apiOriginsFromEnv().map((origin) => laneOrigin(origin));
export const MOCK_ORIGIN: string = API_ORIGINS[0] ?? 'http://127.0.0.1:8787';

/** Hosts the browser may talk to; everything else is aborted and fails the test. */
export const ALLOWED_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

export type ProblemKind = 'console' | 'pageerror' | 'dialog' | 'csp' | 'xss' | 'foreign-request';

export interface Problem {
  kind: ProblemKind;
  message: string;
  url?: string;
}

export interface CspViolation {
  id: string;
  directive: string;
  blockedURI: string;
  documentURI: string;
  sourceFile: string;
  lineNumber: number;
  sample: string;
  disposition: string;
}

export interface PageGuard {
  /** Everything recorded so far and not yet taken. */
  readonly problems: readonly Problem[];
  /** Removes and returns the recorded problems of one kind (for tests that provoke them). */
  take(kind: ProblemKind): Problem[];
  /**
   * Accepts console errors matching `pattern` for the rest of the test. Prefer `take` with an
   * assertion; this is for noise the test cannot avoid and has a reason to accept.
   */
  allowConsoleError(pattern: RegExp): void;
  /** Puts the guard on another context (done for the built-in one and `newGuardedContext`). */
  attach(context: BrowserContext): Promise<void>;
  /** Collects CSP violations still queued in open pages; call before `take('csp')`. */
  flush(): Promise<void>;
}

interface Fixtures {
  guard: PageGuard;
  newGuardedContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  resetMockState: void;
}

const CSP_BINDING = '__e2eReportCspViolation';
const XSS_BINDING = '__e2eReportXss';

/** Runs in every frame before any page script: records CSP violations and sets the XSS trap. */
function pageInstrumentation(names: { csp: string; xss: string }): void {
  const w = window as unknown as Record<string, unknown>;
  if (w.__e2eCspViolations) return;
  const seen: CspViolation[] = [];
  Object.defineProperty(w, '__e2eCspViolations', { value: seen });
  let counter = 0;
  const report = (name: string, payload: unknown): void => {
    const fn = w[name];
    if (typeof fn === 'function') {
      Promise.resolve((fn as (p: unknown) => unknown)(payload)).catch(() => undefined);
    }
  };
  window.addEventListener(
    'securitypolicyviolation',
    (e) => {
      counter += 1;
      const v: CspViolation = {
        id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${counter}`,
        directive: e.effectiveDirective || e.violatedDirective,
        blockedURI: e.blockedURI,
        documentURI: e.documentURI,
        sourceFile: e.sourceFile,
        lineNumber: e.lineNumber,
        sample: e.sample,
        disposition: e.disposition,
      };
      seen.push(v);
      report(names.csp, v);
    },
    true,
  );
  // Injection payloads in tests call `window.__xss(...)`; any call means script ran.
  Object.defineProperty(w, '__xss', {
    value: (...args: unknown[]) => report(names.xss, { args: args.map(String), url: location.href }),
    writable: false,
    configurable: false,
  });
}

/** Chromium logs HTTP error statuses as console errors; those from the API are the app's business. */
function isApiStatusLog(msg: ConsoleMessage): boolean {
  if (!msg.text().startsWith('Failed to load resource: the server responded with a status of')) return false;
  const url = msg.location().url;
  try {
    return API_ORIGINS.includes(new URL(url).origin);
  } catch {
    return false;
  }
}

function describeCsp(v: CspViolation): string {
  const where = v.sourceFile ? ` at ${v.sourceFile}:${v.lineNumber}` : '';
  const sample = v.sample ? ` sample=${JSON.stringify(v.sample)}` : '';
  return `${v.disposition} violation of ${v.directive}: blocked ${v.blockedURI || '(inline)'}${where}${sample}`;
}

function formatProblems(problems: readonly Problem[]): string {
  const lines = problems.map(
    (p, i) => `  ${i + 1}. [${p.kind}] ${p.message}${p.url ? `\n     at ${p.url}` : ''}`,
  );
  return `The page guard recorded ${problems.length} problem(s):\n${lines.join('\n')}`;
}

class Guard implements PageGuard {
  private list: Problem[] = [];
  private readonly allowedConsole: RegExp[] = [];
  private readonly attached = new Set<BrowserContext>();
  private readonly cspIds = new Set<string>();

  get problems(): readonly Problem[] {
    return this.list;
  }

  take(kind: ProblemKind): Problem[] {
    const taken = this.list.filter((p) => p.kind === kind);
    this.list = this.list.filter((p) => p.kind !== kind);
    return taken;
  }

  allowConsoleError(pattern: RegExp): void {
    this.allowedConsole.push(pattern);
  }

  private record(problem: Problem): void {
    this.list.push(problem);
  }

  private recordCsp(v: CspViolation): void {
    if (this.cspIds.has(v.id)) return;
    this.cspIds.add(v.id);
    this.record({ kind: 'csp', message: describeCsp(v), url: v.documentURI });
  }

  async attach(context: BrowserContext): Promise<void> {
    if (this.attached.has(context)) return;
    this.attached.add(context);
    context.on('close', () => this.attached.delete(context));

    context.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      if (isApiStatusLog(msg)) return;
      const text = msg.text();
      if (this.allowedConsole.some((re) => re.test(text))) return;
      const loc = msg.location();
      this.record({
        kind: 'console',
        message: text,
        url: loc.url ? `${loc.url}:${loc.lineNumber}` : msg.page()?.url(),
      });
    });
    context.on('weberror', (webError) => {
      const error = webError.error();
      this.record({ kind: 'pageerror', message: error.stack ?? error.message, url: webError.page()?.url() });
    });
    context.on('dialog', (dialog) => {
      this.record({
        kind: 'dialog',
        message: `${dialog.type()}: ${dialog.message()}`,
        url: dialog.page()?.url(),
      });
      dialog.dismiss().catch(() => undefined);
    });

    await context.exposeBinding(CSP_BINDING, (_source, v: CspViolation) => this.recordCsp(v));
    await context.exposeBinding(XSS_BINDING, (source, hit: { args: string[]; url: string }) => {
      this.record({
        kind: 'xss',
        message: `window.__xss(${hit.args.join(', ')}) was called`,
        url: hit.url || source.page?.url(),
      });
    });
    await context.addInitScript(pageInstrumentation, { csp: CSP_BINDING, xss: XSS_BINDING });

    await context.route('**/*', async (route: Route) => {
      const url = new URL(route.request().url());
      const network = /^(https?|wss?):$/.test(url.protocol);
      if (!network || ALLOWED_HOSTS.has(url.hostname)) {
        await route.fallback();
        return;
      }
      const request = route.request();
      let from: string | undefined;
      try {
        from = request.frame().url();
      } catch {
        from = undefined; // service worker requests have no frame
      }
      this.record({
        kind: 'foreign-request',
        message: `${request.method()} ${url.href} (${request.resourceType()}) was aborted: host ${url.hostname} is not allowed`,
        url: from,
      });
      await route.abort('blockedbyclient');
    });
  }

  /** Picks up CSP violations still queued in open pages (a binding call may not have landed yet). */
  async flush(): Promise<void> {
    const pages: Page[] = [...this.attached].flatMap((c) => c.pages());
    await Promise.all(
      pages.map(async (page) => {
        for (const frame of page.frames()) {
          const list = await frame
            .evaluate(
              () => (window as unknown as { __e2eCspViolations?: CspViolation[] }).__e2eCspViolations ?? [],
            )
            .catch(() => [] as CspViolation[]);
          for (const v of list) this.recordCsp(v);
        }
      }),
    );
  }
}

/** Restores the mock API's seed data. Runs before every test; call it again mid-test if needed. */
export async function resetMock(): Promise<void> {
  const url = `${MOCK_ORIGIN}/__mock/reset`;
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new Error(
      `Could not reset the mock API at ${url} (is \`npm run mock:server\` running?): ${String(error)}`,
      { cause: error },
    );
  }
  if (!response.ok) {
    throw new Error(
      `Resetting the mock API failed: POST ${url} answered ${response.status} ${await response.text()}`,
    );
  }
}

export interface AxeCheckOptions {
  /** Names the screen or state in the failure message. */
  label?: string;
  /** CSS selector(s) to limit the scan to. */
  include?: string | string[];
  /** CSS selector(s) to leave out, e.g. a third-party iframe. Say why next to the call. */
  exclude?: string | string[];
  /** Rule ids to skip. Say why next to the call. */
  disableRules?: string[];
}

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe-core itself, put into a page once per document (the portal has no frames to scan). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  count: number;
  nodes: { target: string[]; html: string; failureSummary: string }[];
}

/**
 * Runs axe in the page itself and answers only the violations. Asking for nothing else (no
 * passing nodes) and injecting axe once per document keeps a scan at a few hundred
 * milliseconds; a scan that also opened a page to merge frame results took seconds.
 */
async function axeViolations(page: Page, options: AxeCheckOptions): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ include, exclude, disableRules, tags }) => {
      type Result = { id: string; impact?: string | null; help: string; helpUrl: string; nodes: Node[] };
      type Node = { target: unknown[]; html: string; failureSummary?: string };
      const axe = (
        window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: Result[] }> } }
      ).axe;
      const context =
        include.length || exclude.length
          ? { include: include.length ? include : undefined, exclude }
          : document;
      const results = await axe.run(context, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        rules: Object.fromEntries(disableRules.map((id) => [id, { enabled: false }])),
      });
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        helpUrl: v.helpUrl,
        count: v.nodes.length,
        nodes: v.nodes.slice(0, 5).map((n) => ({
          target: n.target.map(String),
          html: n.html,
          failureSummary: n.failureSummary ?? '',
        })),
      }));
    },
    {
      include: [options.include ?? []].flat(),
      exclude: [options.exclude ?? []].flat(),
      disableRules: options.disableRules ?? [],
      tags: AXE_TAGS,
    },
  );
}

/**
 * Scans the page (WCAG 2.0/2.1 A and AA) and fails with a readable list of violations.
 * `context` is a label for the message or options (label, include, exclude, disableRules).
 */
export async function expectNoAxeViolations(page: Page, context?: string | AxeCheckOptions): Promise<void> {
  const options: AxeCheckOptions = typeof context === 'string' ? { label: context } : (context ?? {});
  const violations = await axeViolations(page, options);

  const report = violations.map((v) => {
    const nodes = v.nodes.map((n) => {
      const summary = n.failureSummary
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .join(' ');
      return `      - ${n.target.join(' ')}\n        ${n.html.slice(0, 200)}\n        ${summary}`;
    });
    const more = v.count > 5 ? [`      … and ${v.count - 5} more`] : [];
    return [`  [${v.impact ?? 'unknown'}] ${v.id}: ${v.help} (${v.helpUrl})`, ...nodes, ...more].join('\n');
  });
  const where = options.label ? ` on ${options.label}` : '';
  expect(
    violations.length,
    `axe found ${violations.length} violation(s)${where} (${page.url()}):\n${report.join('\n')}`,
  ).toBe(0);
}

export const test = base.extend<Fixtures>({
  // This worker's lane serves the app on its own port (lanes.ts); lane 0 keeps the configured one.
  baseURL: async ({ baseURL }, use) => {
    await use(baseURL && LANE !== 0 ? laneOrigin(baseURL) : baseURL);
  },

  // Test-scoped and auto: every test starts from the seed.
  resetMockState: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await resetMock();
      await use();
    },
    { auto: true },
  ],

  // eslint-disable-next-line no-empty-pattern
  guard: async ({}, use) => {
    const guard = new Guard();
    await use(guard);
    await guard.flush();
    if (guard.problems.length > 0) throw new Error(formatProblems(guard.problems));
  },

  // The built-in context already comes from `browser.newContext()` with the `use` options; guard it.
  context: async ({ context, guard }, use) => {
    await guard.attach(context);
    await use(context);
    await guard.flush();
  },

  newGuardedContext: async ({ browser, guard }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options?: BrowserContextOptions) => {
      const context = await browser.newContext(options);
      contexts.push(context);
      await guard.attach(context);
      return context;
    });
    await guard.flush();
    await Promise.all(contexts.map((c) => c.close()));
  },
});
