import type { BrowserContext, Page, Request } from '@playwright/test';
import { expect, expectNoAxeViolations, MOCK_ORIGIN, test } from './support/fixtures';
import { signInAs } from './support/sign-in';

/**
 * Sign-in, sessions and the profile in real Chromium against the production build: the SSO
 * landing (B16–B17), the profile round trip, sign-out and Back (A8, A10), inactivity with a fake
 * clock (A12, A13), and tabs (A11, H55, H57).
 */

/** A fresh SSO token, as the clinic's own site would get from POST /users/sso. */
async function freshSsoToken(persona = 'demo-patient'): Promise<string> {
  const response = await fetch(`${MOCK_ORIGIN}/__mock/personas/${persona}/sign-in`, { method: 'POST' });
  expect(response.ok, `persona sign-in answered ${response.status}`).toBe(true);
  const body = (await response.json()) as { sso_token: string };
  return body.sso_token;
}

function landingPath(token: string, extra: Record<string, string> = {}): string {
  return `/auth?${new URLSearchParams({ sso_token: token, ...extra }).toString()}`;
}

async function land(page: Page, persona = 'demo-patient', extra: Record<string, string> = {}) {
  const token = await freshSsoToken(persona);
  await page.goto(landingPath(token, { one_time_token: '1', ...extra }));
  return token;
}

/** Moves the mock's clock (server-side expiry), as a sleep moves the browser's. */
async function moveMockClock(ms: number): Promise<void> {
  const response = await fetch(`${MOCK_ORIGIN}/__mock/clock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ advance_ms: ms }),
  });
  expect(response.ok, `moving the mock clock answered ${response.status}`).toBe(true);
}

interface StoredToken {
  revoked: boolean;
  spent: boolean;
  live: boolean;
  family_live: number;
}

/** What the mock stored about these tokens (asked in a body, never a URL). */
async function mockTokens(tokens: string[]): Promise<Record<string, StoredToken | null>> {
  const response = await fetch(`${MOCK_ORIGIN}/__mock/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ tokens }),
  });
  return ((await response.json()) as { data: Record<string, StoredToken | null> }).data;
}

interface Pair {
  accessToken: string;
  refreshToken: string;
  family: string;
  rotation: number;
}

async function storedPair(page: Page): Promise<Pair> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('telehealth.session') ?? 'null') as Pair);
}

/** Every request the context sends, with its URL and Referer. */
function recordRequests(context: BrowserContext): Request[] {
  const seen: Request[] = [];
  context.on('request', (request) => seen.push(request));
  return seen;
}

test('B16/A8/A10: land with a fresh SSO token, edit the profile, reload, sign out, and Back shows nothing', async ({
  page,
  context,
}) => {
  const requests = recordRequests(context);
  const token = await land(page, 'demo-patient', { next: '/patient/account/profile' });
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();

  // The token left the address bar and history; only the exchange itself carried it.
  expect(page.url()).not.toContain(token);
  expect(new URL(page.url()).pathname).toBe('/patient/account/profile');
  const carriers = requests.filter((r) => r.url().includes(token));
  expect(carriers.map((r) => new URL(r.url()).pathname)).toEqual(['/auth', '/api_v3/auth']);
  expect(await carriers[1]!.headerValue('referer')).toBeNull();
  const later = requests.slice(requests.indexOf(carriers[1]!) + 1);
  for (const r of later) expect((await r.headerValue('referer')) ?? '', r.url()).not.toContain(token);
  expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(2);
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
  await expectNoAxeViolations(page, 'patient profile');

  // Edit the phone and the time zone, save, reload: both are kept.
  const phone = page.getByLabel('Phone', { exact: true });
  await expect(phone).toHaveValue('2125550143');
  await phone.fill('646 555 0100');
  // The zone is chosen by its city in words; the id the API keeps is never shown.
  const zone = page.getByRole('combobox', { name: /^Time zone/ });
  await zone.fill('paris');
  await page.getByRole('option', { name: /^Paris — Central European Time/ }).click();
  // The date of birth in three parts a person types as they say it; gender as the insurance form offers.
  const dob = page.getByRole('group', { name: /^Date of birth/ });
  await dob.getByLabel('Month').selectOption('September');
  await dob.getByLabel('Day').fill('3');
  await dob.getByLabel('Year').fill('1991');
  const gender = page
    .getByRole('radiogroup', { name: /^Gender/ })
    .or(page.getByRole('group', { name: /^Gender/ }));
  await expect(gender.getByRole('radio')).toHaveCount(3);
  await gender.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile was saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('646 555 0100');
  await expect(page.getByRole('combobox', { name: /^Time zone/ })).toHaveValue(
    /^Paris — Central European Time/,
  );
  await expect(dob.getByLabel('Month')).toHaveValue('9');
  await expect(dob.getByLabel('Day')).toHaveValue('3');
  await expect(dob.getByLabel('Year')).toHaveValue('1991');
  await expect(gender.getByRole('radio', { name: 'Female' })).toBeChecked();

  // A client-side refusal is specific and keeps what was typed.
  await page.getByLabel('Primary-care provider phone').fill('12345');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText(/Enter the 10-digit phone number of your primary-care provider/)).toBeVisible();
  await expect(page.getByLabel('Primary-care provider phone')).toHaveValue('12345');
  await expectNoAxeViolations(page, 'profile with a field error');

  // Sign out; Back (and Forward) show no patient data.
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Casey' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();
  await expectNoAxeViolations(page, 'signed out');
  expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/Casey|Morgan|646 555 0100/);
  await page.goForward();
  await expect(page.locator('body')).not.toContainText(/Casey|Morgan|646 555 0100/);
});

test('B17: replaying a one-time sign-in link shows the invalid-link page and signs no one in', async ({
  page,
  newGuardedContext,
}) => {
  const token = await land(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Casey' })).toBeVisible();

  // The same link opened again (from the browser's global history, say) in a fresh browser.
  const other = await (await newGuardedContext()).newPage();
  await other.goto(landingPath(token, { one_time_token: '1' }));
  await expect(
    other.getByRole('heading', { level: 1, name: 'This sign-in link is invalid or has expired' }),
  ).toBeVisible();
  expect(other.url()).not.toContain(token);
  await expect(other.locator('body')).not.toContainText('Casey');
  expect(await other.evaluate(() => sessionStorage.getItem('telehealth.session'))).toBeNull();
  await expectNoAxeViolations(other, 'invalid sign-in link');
});

test('D12: a link without one_time_token, landed on as /AUTH/, is captured early and dead afterwards', async ({
  page,
  newGuardedContext,
}) => {
  const token = await freshSsoToken();
  await page.goto(`/AUTH/?${new URLSearchParams({ sso_token: token }).toString()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Casey' })).toBeVisible();
  expect(page.url()).not.toContain(token);
  // The token is destroyed once the landing is done: the address left in history signs no one in.
  await expect.poll(async () => (await mockTokens([token]))[token]?.revoked).toBe(true);
  const other = await (await newGuardedContext()).newPage();
  await other.goto(landingPath(token));
  await expect(
    other.getByRole('heading', { level: 1, name: 'This sign-in link is invalid or has expired' }),
  ).toBeVisible();
  await expect(other.locator('body')).not.toContainText('Casey');
});

test('A12: a quiet session warns with a live countdown, "Stay signed in" keeps it, then it signs out at 15 minutes', async ({
  page,
}) => {
  await page.clock.install();
  await land(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Casey' })).toBeVisible();

  await page.clock.fastForward('13:00');
  const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
  await expect(dialog).toBeVisible();
  const timer = dialog.getByRole('timer');
  const first = await timer.textContent();
  expect(first).toMatch(/^[12]:\d\d$/);
  await page.clock.runFor(2000);
  await expect(timer).not.toHaveText(first ?? '');
  await expectNoAxeViolations(page, 'inactivity warning');

  // Any input counts; the dialog puts focus on "Stay signed in", so Enter both presses it and is input.
  await expect(dialog.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await page.clock.fastForward('14:00');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Casey' })).toBeVisible();

  const pair = await storedPair(page);
  // The server's clock moves with the browser's: by now the access token has expired there too.
  await moveMockClock(61 * 60_000);
  await page.clock.fastForward('01:30');
  await expect(page.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('no activity');
  // The idle sign-out refreshed first (logout needs a live token), so the refresh token is dead.
  await expect
    .poll(async () => (await mockTokens([pair.refreshToken]))[pair.refreshToken]?.family_live)
    .toBe(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText('Casey');
  expect(await page.evaluate(() => sessionStorage.getItem('telehealth.session'))).toBeNull();
});

test('A13: after a long sleep the tab signs out at once, before any refetch or refresh', async ({
  page,
  context,
}) => {
  await page.clock.install();
  await land(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Casey' })).toBeVisible();
  // The home's panels finish loading before the sleep begins.
  await page.waitForLoadState('networkidle');
  // The page's timers stand still while both clocks are moved, so no poll leaves in between (on a
  // busy machine one could otherwise go out with a token the server already holds as expired).
  await page.clock.pauseAt(Date.now() + 1_000);
  const pair = await storedPair(page);
  const requests = recordRequests(context);
  // A laptop sleep: both clocks jump, the server's too, so the access token expired there.
  await moveMockClock(2 * 60 * 60_000);
  await page.clock.fastForward('02:00:00');
  await page.clock.resume();
  await expect(page.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();
  // The signed-out page may show before the logout request has left; wait for it.
  await expect.poll(() => requests.some((r) => r.url().endsWith('/api_v3/users/logout'))).toBe(true);
  // After waking, only the sign-out talks to the server: a refresh (logout needs a live token),
  // then the logout with the new pair. Nothing else, and never the stale access token.
  const sent: string[] = [];
  for (const r of requests) {
    if (!r.url().startsWith(`${MOCK_ORIGIN}/api_v3/`)) continue;
    const path = new URL(r.url()).pathname;
    // The signed-out page shows the clinic's name and logo (ACCOUNT scheme, no user token).
    if (path.startsWith('/api_v3/accounts/')) continue;
    // The home's room panels read rooms with the ACCOUNT scheme too; such a read carries no user token.
    if (path.startsWith('/api_v3/rooms/') && !(await r.headerValue('x-apitoken'))) continue;
    sent.push(`${r.method()} ${path}`);
    expect(await r.headerValue('x-apitoken')).not.toBe(pair.accessToken);
  }
  expect(sent).toEqual(['POST /api_v3/tokens/refresh', 'POST /api_v3/users/logout']);
  await expect
    .poll(async () => (await mockTokens([pair.refreshToken]))[pair.refreshToken]?.family_live)
    .toBe(0);
});

test('A13: activity in one tab keeps the other signed in', async ({ page, context }) => {
  await page.clock.install();
  await land(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Casey' })).toBeVisible();
  const second = await context.newPage();
  await second.goto('/patient');
  await expect(second.getByRole('heading', { level: 1, name: 'Welcome, Casey' })).toBeVisible();
  for (let i = 0; i < 3; i += 1) {
    await page.clock.fastForward('10:00');
    await page.keyboard.press('Shift');
  }
  await page.clock.runFor(2000);
  await expect(second.getByRole('heading', { level: 1, name: 'Welcome, Casey' })).toBeVisible();
  await expect(second.getByRole('dialog')).toHaveCount(0);
});

test('H57/A11: a tab opened from a signed-in tab shares the one session; signing out in one signs out both', async ({
  page,
  context,
}) => {
  // The clock belongs to the browser context, so both tabs share it.
  await page.clock.install();
  const requests = recordRequests(context);
  await land(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Casey' })).toBeVisible();

  // A link opened in a new tab (ctrl/cmd-click): the pair from the live tab, never a loop.
  const opened = context.waitForEvent('page');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Account' })
    .click({ modifiers: ['ControlOrMeta'] });
  const second = await opened;
  await expect(second.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  const [firstTokens, secondTokens] = (await Promise.all([page, second].map(storedPair))) as [Pair, Pair];
  // One family per browser: the new tab holds the same pair, and no token went into a URL (D4).
  expect(secondTokens.refreshToken).toBeTruthy();
  expect(secondTokens).toEqual(firstTokens);
  const handOffs = requests.filter((r) => r.url().includes(firstTokens.accessToken));
  expect(handOffs.map((r) => r.url())).toEqual([]);
  await expectNoAxeViolations(second, 'profile in a second tab');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();
  await expect(second.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();
  expect((await mockTokens([firstTokens.refreshToken]))[firstTokens.refreshToken]?.family_live).toBe(0);
  await expect(second.getByRole('status')).toContainText('You signed out in another tab');
  await expect(second.locator('body')).not.toContainText(/Casey|2125550143/);
  // Ten minutes on the (shared) fake clock instead of a wait: any poll still running would fire.
  const settled = requests.length;
  await page.clock.runFor('10:00');
  const after = requests
    .slice(settled)
    .filter((r) => r.url().startsWith(`${MOCK_ORIGIN}/api_v3/`) && !r.url().endsWith('/users/logout'));
  expect(after.map((r) => r.url())).toEqual([]);
});

test('D2: after a sign-out in another tab, Back in a tab that was on another site shows no profile data', async ({
  page,
  context,
}) => {
  await land(page, 'demo-patient', { next: '/patient/account/profile' });
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('2125550143');
  const second = await context.newPage();
  await second.goto('/patient');
  await expect(second.getByRole('heading', { level: 1, name: 'Welcome, Casey' })).toBeVisible();

  // The first tab leaves for another site (its page may sit in the back/forward cache).
  await page.goto(`${MOCK_ORIGIN}/__mock/health`);
  await second.getByRole('button', { name: 'Sign out' }).click();
  await expect(second.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();

  await page.goBack();
  // Restored from the cache (the signed-out page) or loaded afresh (sign-in): never the profile.
  await expect(page.getByRole('heading', { level: 1, name: /You are signed out|Sign in/ })).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/Casey|2125550143/);
  expect(await page.evaluate(() => sessionStorage.getItem('telehealth.session'))).toBeNull();
});

test('D2: a tab restored with its sessionStorage after a sign-out elsewhere shows no profile data', async ({
  page,
  context,
}) => {
  await land(page, 'demo-patient', { next: '/patient/account/profile' });
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('2125550143');
  const pair = await storedPair(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();

  // A closed tab brought back by the browser boots with its old sessionStorage.
  const restored = await context.newPage();
  await restored.goto('/signed-out');
  await restored.evaluate((stored) => {
    sessionStorage.setItem('telehealth.session', JSON.stringify(stored));
  }, pair);
  await restored.goto('/patient/account/profile');
  await expect(
    restored.getByRole('heading', { name: /You are signed out|Sign in|Your session has ended/ }).first(),
  ).toBeVisible();
  await expect(restored.locator('body')).not.toContainText(/Casey|2125550143/);
  expect(await restored.evaluate(() => sessionStorage.getItem('telehealth.session'))).toBeNull();
});

test('D3: signing out after the access token expired on the server destroys the refresh token', async ({
  page,
}) => {
  await land(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Casey' })).toBeVisible();
  const pair = await storedPair(page);
  // An hour later on the server; this browser's clock has not noticed (a manual sign-out later).
  await moveMockClock(61 * 60_000);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('You have signed out');
  const stored = await mockTokens([pair.accessToken, pair.refreshToken]);
  expect(stored[pair.refreshToken]).toMatchObject({ live: false, family_live: 0 });
  expect(stored[pair.accessToken]).toMatchObject({ live: false });
});

test('H55: another person signing in in another tab ends this tab', async ({ page, context }) => {
  await land(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Casey' })).toBeVisible();
  const second = await context.newPage();
  await land(second, 'demo-patient-2');
  // Riley has not accepted the terms yet: the terms come first.
  await expect(second.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
  await expectNoAxeViolations(second, 'terms of service');
  await expect(page.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('different person');
  await expect(page.locator('body')).not.toContainText(/Casey|Riley/);
  await second.getByRole('button', { name: 'I accept the terms' }).click();
  await expect(second.getByRole('heading', { level: 1, name: 'Welcome, Riley' })).toBeVisible();
});

test('the profile fits a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await land(page, 'demo-patient', { next: '/patient/account/profile' });
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, 'profile (phone)');
});

test('a clinic administrator searches the user directory with the admin token', async ({ page }) => {
  await signInAs(page, 'Morgan Blake');
  await expect(page.getByRole('heading', { level: 1, name: 'Clinic administration' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByText(/Showing 1–20 of \d+ users/)).toBeVisible();
  await expectNoAxeViolations(page, 'admin users');
  await page.getByLabel('Name or email').fill('casey');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Showing 1–1 of 1 users')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Casey Morgan' })).toBeVisible();
});
