import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { API_ORIGINS, expect, expectNoAxeViolations, test } from './support/fixtures';
import { LANE, LANE_PORT_STEP, laneDist } from './support/lanes';
import { createStaticServer } from './support/static-server';

/**
 * The installable portal on the production build (docs/decisions/0037-installable-portal.md): the
 * service worker, the manifest as Chromium reads it, the offline page and the update offer. The
 * other browser tests block service workers so `route` stays authoritative; these allow them and
 * serve their own copy of the build on a port of their own, so a test can stop the server (a real
 * outage) or deploy a new worker without touching the build the other tests use.
 */
test.use({ serviceWorkers: 'allow' });
// One server and one copy of the build for the file: its tests run in order in one worker.
test.describe.configure({ mode: 'serial' });

const PORT = 4390 + LANE * LANE_PORT_STEP;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const BUILD = resolve(laneDist(process.env.E2E_DIST_DIR ?? 'dist', LANE));
let root = '';
let server: Server | null = null;

async function startServer(): Promise<void> {
  const next = createStaticServer({ root, apiOrigins: [...API_ORIGINS] });
  await new Promise<void>((done, fail) => {
    next.once('error', fail);
    next.listen(PORT, '127.0.0.1', () => done());
  });
  server = next;
}

async function stopServer(): Promise<void> {
  const current = server;
  server = null;
  if (!current) return;
  current.closeAllConnections();
  await new Promise<void>((done) => current.close(() => done()));
}

test.beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'portal-pwa-'));
  cpSync(BUILD, root, { recursive: true });
  await startServer();
});

test.afterAll(async () => {
  await stopServer();
  rmSync(root, { recursive: true, force: true });
});

/** Waits until the service worker is active and has put the app's files into its precache. */
async function workerReady(page: Page): Promise<{ scope: string; precached: number }> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const names = await caches.keys();
    let precached = 0;
    for (const name of names) precached += (await (await caches.open(name)).keys()).length;
    return { scope: registration.scope, precached };
  });
}

/** Signs in through the development sign-in page of this file's server (a session is per origin). */
async function signInHere(page: Page, label: string): Promise<void> {
  await page.goto(`${ORIGIN}/dev/sign-in`);
  await page.getByRole('button', { name: `Sign in as ${label}` }).click();
  await expect(page).not.toHaveURL(/\/(dev\/sign-in|auth)(\?|$)/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(
    /^(Development sign-in|Signing you in)$/,
  );
}

/** Every entry of Cache Storage: cache name and URL, and the text of each answer. */
async function cacheContents(
  page: Page,
): Promise<{ entries: { cache: string; url: string }[]; text: string }> {
  return page.evaluate(async () => {
    const entries: { cache: string; url: string }[] = [];
    const texts: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        entries.push({ cache: name, url: request.url });
        const answer = await cache.match(request);
        if (answer) texts.push(await answer.text());
      }
    }
    return { entries, text: texts.join('\n') };
  });
}

test('only production builds carry the service worker and the manifest; the mock build leaves the scope to the mock', () => {
  const mock = resolve(process.env.E2E_MOCK_DIST_DIR ?? 'dist-mock');
  expect(existsSync(join(mock, 'mockServiceWorker.js'))).toBe(true);
  for (const file of ['sw.js', 'manifest.webmanifest', 'offline.html']) {
    expect(existsSync(join(mock, file)), `${file} in the mock build`).toBe(false);
    expect(existsSync(join(BUILD, file)), `${file} in the production build`).toBe(true);
  }
  expect(readFileSync(join(mock, 'index.html'), 'utf8')).not.toContain('rel="manifest"');
  expect(readFileSync(join(BUILD, 'index.html'), 'utf8')).toContain(
    '<link rel="manifest" href="/manifest.webmanifest">',
  );
  // The worker precaches no page: index.html is not in its list.
  expect(readFileSync(join(BUILD, 'sw.js'), 'utf8')).not.toMatch(/url:\s*"index\.html"|"url":"index\.html"/);
});

test('Chromium finds the portal installable: its manifest, icons and an active service worker', async ({
  guard,
}) => {
  // An installed app needs a profile that is not incognito, which every Playwright context is.
  const profile = mkdtempSync(join(tmpdir(), 'portal-profile-'));
  let context: BrowserContext | null = null;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-sync'],
      headless: true,
      serviceWorkers: 'allow',
    });
    await guard.attach(context);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${ORIGIN}/`);
    const worker = await workerReady(page);
    expect(worker.scope).toBe(`${ORIGIN}/`);
    expect(worker.precached).toBeGreaterThan(20);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${ORIGIN}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? '{}') as Record<string, unknown>;
    expect(parsed).toMatchObject({
      id: '/',
      name: 'Harborview Virtual Care',
      short_name: 'Harborview',
      start_url: '/',
      display: 'standalone',
      theme_color: '#0b5c6b',
    });
    const icons = parsed.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      const answer = await page.request.get(`${ORIGIN}${icon.src}`);
      expect(answer.headers()['content-type']).toBe('image/png');
    }
    // Both themes name their colour for the browser's chrome.
    await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);
  } finally {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('offline, a cold start shows the portal’s own offline page, which reopens the portal once the server answers', async ({
  context,
  page,
  guard,
}) => {
  await page.goto(`${ORIGIN}/`);
  await workerReady(page);
  await page.close();

  // A real outage: the portal's server is gone, the browser still thinks it is online.
  await stopServer();
  const cold = await context.newPage();
  await cold.setViewportSize({ width: 320, height: 720 });
  await cold.goto(`${ORIGIN}/patient`);
  await expect(cold.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(cold).toHaveTitle('You are offline · Harborview Virtual Care');
  await expect(cold.getByText('What needs a connection')).toBeVisible();
  const width = await cold.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'no sideways scroll at 320 px').toBeLessThanOrEqual(320);
  for (const colorScheme of ['light', 'dark'] as const) {
    await cold.emulateMedia({ colorScheme });
    await expectNoAxeViolations(cold, `the offline page (${colorScheme})`);
  }
  await cold.getByRole('button', { name: 'Try again now' }).click();
  await expect(cold.getByRole('status')).toHaveText(/Still offline/);

  // The server is back: the page reopens the portal by itself (the address never changed).
  await startServer();
  await expect(cold.getByRole('heading', { level: 1, name: 'You are offline' })).toHaveCount(0, {
    timeout: 20_000,
  });
  await expect(cold.getByRole('heading', { level: 1 })).toBeVisible();
  expect(new URL(cold.url()).pathname).not.toBe('/offline.html');
  // The offline page's checks while the server was down are the only console errors.
  const errors = guard.take('console').map((p) => p.message);
  expect(errors.every((m) => /ERR_CONNECTION_REFUSED/.test(m))).toBe(true);
});

test('after a signed-in tour and sign-out, Cache Storage holds the app’s own files and nothing from the API', async ({
  page,
}) => {
  await page.goto(`${ORIGIN}/`);
  await workerReady(page);
  // Signed in under the worker's control: every request of the tour passes its fetch handler.
  await signInHere(page, 'Casey Morgan');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Casey' })).toBeVisible();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  for (const path of [
    '/patient/visits',
    '/patient/health/record',
    '/patient/documents',
    '/patient/account/profile',
  ]) {
    await page.goto(`${ORIGIN}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
  }
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();

  const { entries, text } = await cacheContents(page);
  expect(entries.length).toBeGreaterThan(20);
  // Only the precache, and in it only the build's own files.
  expect(new Set(entries.map((e) => e.cache.replace(/-http.*$/, '')))).toEqual(
    new Set(['workbox-precache-v2']),
  );
  const foreign = entries.filter(
    (e) =>
      !e.url.startsWith(`${ORIGIN}/`) ||
      !/^\/(assets\/[\w.-]+|icons\/[\w.-]+\.png|offline\.(html|css|js)|favicon\.svg|manifest\.webmanifest)$/.test(
        new URL(e.url).pathname,
      ),
  );
  expect(foreign).toEqual([]);
  expect(entries.filter((e) => API_ORIGINS.some((origin) => e.url.startsWith(origin)))).toEqual([]);
  // No page (index.html carries none, but a cached page would be a cached answer of the server).
  expect(entries.filter((e) => /\/(index\.html)?(\?|$)/.test(new URL(e.url).pathname))).toEqual([]);
  // Nothing of the patient: her names, email and date of birth as the seed holds them.
  for (const datum of ['Casey', 'Morgan', '1988-04-12', '2125550143', '100 Example Street']) {
    expect(text.includes(datum), `Cache Storage holds "${datum}"`).toBe(false);
  }
});

test('a new version is offered and never forced on someone typing; it loads when they choose', async ({
  page,
}) => {
  await page.goto(`${ORIGIN}/`);
  await workerReady(page);
  await signInHere(page, 'Casey Morgan');
  // Taken over by the first worker (a first visit is not controlled until a reload).
  await page.goto(`${ORIGIN}/patient/account/profile`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.setViewportSize({ width: 320, height: 720 });
  const field = page.getByLabel('Current password');
  await field.fill('half-typed');
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });

  // A new deployment: the worker's bytes change, and the browser finds it on its next check.
  const worker = join(root, 'sw.js');
  writeFileSync(worker, `${readFileSync(worker, 'utf8')}\n// the next deployment\n`);
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
  const offer = page.getByRole('region', { name: 'A new version of the portal is ready.' });
  await expect(offer).toBeVisible();
  await expect(offer.getByRole('button', { name: 'Reload now' })).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page, {
      label: `the update offer (${colorScheme})`,
      include: '.update-prompt',
    });
  }
  // Nothing reloads by itself: the half-typed answer and this document stay.
  await page.waitForTimeout(2_000);
  await expect(field).toHaveValue('half-typed');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );

  // "Later" puts it away; the next page load offers it again; "Reload now" loads the new version.
  await offer.getByRole('button', { name: 'Later' }).click();
  await expect(offer).toHaveCount(0);
  await page.reload();
  await expect(offer).toBeVisible();
  const reloaded = page.waitForEvent('load');
  await offer.getByRole('button', { name: 'Reload now' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(offer).toHaveCount(0);
  const active = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
      waiting: Boolean(registration?.waiting),
      controlled: Boolean(navigator.serviceWorker.controller),
    };
  });
  expect(active).toEqual({ waiting: false, controlled: true });
});

/**
 * Headless Chromium keeps every tab visible, so the tests say when this one is "hidden": the page
 * reads `document.visibilityState`, `document.hidden` and `document.hasFocus()` as a background tab
 * gives them and gets the `visibilitychange` event; everything after that is the portal's own code.
 * App badge calls are recorded (headless Chromium has no badge to read back).
 */
async function emulateTabVisibility(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    let hidden = false;
    const badges: (number | null)[] = [];
    Object.defineProperty(Document.prototype, 'visibilityState', {
      configurable: true,
      get: () => (hidden ? 'hidden' : 'visible'),
    });
    Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => hidden });
    const hasFocus = Document.prototype.hasFocus;
    Document.prototype.hasFocus = function (this: Document) {
      return hidden ? false : hasFocus.call(this);
    };
    Object.assign(navigator, {
      setAppBadge: (count?: number) => {
        badges.push(count ?? 1);
        return Promise.resolve();
      },
      clearAppBadge: () => {
        badges.push(null);
        return Promise.resolve();
      },
    });
    Object.assign(window, {
      __tab: {
        hide: (value: boolean) => {
          hidden = value;
          document.dispatchEvent(new Event('visibilitychange'));
        },
        badges,
      },
    });
  });
}

type TabControl = { __tab: { hide: (hidden: boolean) => void; badges: (number | null)[] } };
const hideTab = (page: Page, hidden: boolean) =>
  page.evaluate((value) => (window as unknown as TabControl).__tab.hide(value), hidden);
const badges = (page: Page) => page.evaluate(() => (window as unknown as TabControl).__tab.badges);

/** The notifications the portal's service worker shows, as the browser lists them. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      url: (n.data as { url?: string } | null)?.url ?? null,
    }));
  });

/** The provider takes Casey's seeded walk-in: the mock moves it to in progress. */
async function providerStartsTheVisit(): Promise<void> {
  const response = await fetch(`${API_ORIGINS[0]}/__mock/visits/vis_walkin_waiting/status`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ status: 25 }),
  });
  expect(response.ok, 'the mock started the visit').toBe(true);
}

test('a hidden tab gets a system notification, the title and the badge when the provider starts the visit', async ({
  context,
  page,
}) => {
  await context.grantPermissions(['notifications'], { origin: ORIGIN });
  await emulateTabVisibility(context);
  // The hidden tab's poll (every 15 s) is moved on by the page's clock instead of waited for.
  await page.clock.install();
  await page.goto(`${ORIGIN}/`);
  await workerReady(page);
  await signInHere(page, 'Casey Morgan');
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto(`${ORIGIN}/patient/visits/vis_walkin_waiting`);
  await expect(page.getByRole('heading', { name: 'You are in the waiting room' })).toBeVisible();

  // Asked only from the button, never on load.
  expect(await shownNotifications(page)).toEqual([]);
  await page.getByRole('button', { name: 'Notify me when my provider is ready' }).click();
  await expect(
    page.getByText(/We will notify you and play a sound when your provider is ready/),
  ).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'no sideways scroll at 320 px').toBeLessThanOrEqual(320);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page, `the notification prompt, allowed (${colorScheme})`);
  }
  const title = await page.title();

  // The patient switches tabs; the provider starts the visit; the hidden tab's own polling finds it.
  await hideTab(page, true);
  await providerStartsTheVisit();
  await page.clock.fastForward(16_000);
  await expect
    .poll(() => shownNotifications(page), { timeout: 20_000 })
    .toEqual([
      {
        title: 'Harborview Virtual Care',
        body: 'Your provider is ready',
        url: '/patient/visits/vis_walkin_waiting',
      },
    ]);
  await expect(page).toHaveTitle(`● Ready · ${title}`);
  expect(await badges(page)).toEqual([1]);

  // Back on the tab: the join button, the usual title, no badge.
  await hideTab(page, false);
  await expect(page.getByRole('heading', { name: 'Your provider is ready — join' })).toBeVisible();
  await expect(page).not.toHaveTitle(/^● Ready/);
  expect(await badges(page)).toEqual([1, null]);
});

test('with notifications blocked, the prompt says so and the hidden tab still changes its title', async ({
  context,
  page,
}) => {
  await emulateTabVisibility(context);
  await page.clock.install();
  await page.goto(`${ORIGIN}/`);
  await workerReady(page);
  await signInHere(page, 'Casey Morgan');
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto(`${ORIGIN}/patient/visits/vis_walkin_waiting`);
  await expect(page.getByRole('heading', { name: 'You are in the waiting room' })).toBeVisible();
  // Without a grant the browser answers "denied" (no one to ask in a headless browser).
  await page.getByRole('button', { name: 'Notify me when my provider is ready' }).click();
  await expect(
    page.getByText(/Notifications are blocked for this site in your browser settings/),
  ).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page, `the notification prompt, blocked (${colorScheme})`);
  }
  const title = await page.title();

  await hideTab(page, true);
  await providerStartsTheVisit();
  await page.clock.fastForward(16_000);
  await expect(page).toHaveTitle(`● Ready · ${title}`, { timeout: 20_000 });
  expect(await shownNotifications(page)).toEqual([]);
  await hideTab(page, false);
  await expect(page.getByRole('heading', { name: 'Your provider is ready — join' })).toBeVisible();
});

/** A patient joins the line of General practice (the mock's development control). */
async function walkInArrives(): Promise<void> {
  const response = await fetch(`${API_ORIGINS[0]}/__mock/rooms/general/walkins`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ reason: 'Twisted ankle' }),
  });
  expect(response.status, 'the mock added a walk-in').toBe(201);
}

/**
 * A provider working in another tab: the dashboard asked for notifications from its button, then
 * the tab is hidden and a walk-in arrives. A hidden tab asks once a minute: the page's clock is
 * moved on a minute instead of waiting for it.
 */
async function providerAwayWhenAWalkInArrives(page: Page): Promise<void> {
  await page.clock.install();
  await page.goto(`${ORIGIN}/`);
  await workerReady(page);
  await signInHere(page, 'Dr. Samira Okafor');
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto(`${ORIGIN}/provider`);
  await expect(page.getByRole('list', { name: 'Patients waiting in General practice' })).toBeVisible();
  expect(await shownNotifications(page)).toEqual([]);
  await page.getByRole('button', { name: 'Notify me about new walk-ins and messages' }).click();
  await expect(page.getByRole('button', { name: 'Play a sound' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'no sideways scroll at 320 px').toBeLessThanOrEqual(320);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page, `the provider's notification prompt (${colorScheme}, 320 px)`);
  }
  await hideTab(page, true);
  await walkInArrives();
  await page.clock.fastForward(61_000);
}

test('a provider in another tab gets a system notification naming no patient when a walk-in arrives', async ({
  context,
  page,
}) => {
  await context.grantPermissions(['notifications'], { origin: ORIGIN });
  await emulateTabVisibility(context);
  await providerAwayWhenAWalkInArrives(page);
  await expect
    .poll(() => shownNotifications(page), { timeout: 20_000 })
    .toEqual([
      {
        title: 'Harborview Virtual Care',
        body: 'A new patient is waiting in General practice',
        url: expect.stringMatching(/^\/provider/),
      },
    ]);
  await expect(page).toHaveTitle(/^● \d+ new · /);
  expect(await page.title()).not.toContain('Twisted');
  await hideTab(page, false);
  await expect(page).not.toHaveTitle(/^● /);
});

test('with notifications blocked, a provider’s hidden tab still counts the new walk-in in its title', async ({
  context,
  page,
}) => {
  await emulateTabVisibility(context);
  await providerAwayWhenAWalkInArrives(page);
  await expect(page).toHaveTitle(/^● 1 new · /, { timeout: 20_000 });
  expect(await shownNotifications(page)).toEqual([]);
  await hideTab(page, false);
  await expect(page).not.toHaveTitle(/^● /);
  await expect(
    page.getByText(/Notifications are blocked for this site in your browser settings/),
  ).toBeVisible();
});
