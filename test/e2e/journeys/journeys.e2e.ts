import type { Page } from '@playwright/test';
import { expect, MOCK_ORIGIN, test } from '../support/fixtures';
import { enterPrimaryCardByKeyboard } from '../support/insurance';
import { signInAs } from '../support/sign-in';
import { chooseFirstAvailable, pass, walkToConsent } from '../support/steps';

/**
 * The portal's main journeys, run once against each mock profile (playwright.journeys.config.ts):
 * `full`, the reference server with our extensions, and `spec`, a server that answers only what the
 * spec names (booleans as 0/1, `/auth` only redirecting, the refresh without a refresh token, no
 * `portal_extensions`). Where the portal behaves differently on the spec profile, the journey says
 * so with `SPEC` beside the difference; everything else is the same on both.
 */
const SPEC = process.env.MOCK_PROFILE === 'spec';

test.describe.configure({ timeout: 180_000 });
test.use({ timezoneId: 'America/New_York' });

const ADMIN = { 'X-ApiToken': 'demo-admin-token', 'X-AccountCode': 'demo' };

/** A fresh SSO token of a persona, as the clinic's own site would get from `POST /users/sso`. */
async function ssoToken(persona: string): Promise<string> {
  const response = await fetch(`${MOCK_ORIGIN}/__mock/personas/${persona}/sign-in`, { method: 'POST' });
  expect(response.ok, `persona sign-in answered ${response.status}`).toBe(true);
  return ((await response.json()) as { sso_token: string }).sso_token;
}

/** What the server stored, read through the API itself (the `data` of the answer). */
async function stored<T>(path: string, headers: Record<string, string> = ADMIN): Promise<T> {
  const response = await fetch(`${MOCK_ORIGIN}${path}`, { headers });
  expect(response.ok, `GET ${path} answered ${response.status}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

async function asPatient(): Promise<Record<string, string>> {
  return { 'X-ApiToken': await ssoToken('demo-patient'), 'X-AccountCode': 'demo' };
}

async function heading(page: Page, name: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('SSO landing and the patient home', async ({ page }) => {
  const token = await ssoToken('demo-patient');
  await page.goto(`/auth?${new URLSearchParams({ sso_token: token, one_time_token: '1' }).toString()}`);
  await heading(page, 'Welcome, Casey');
  expect(page.url()).not.toContain(token);
  // The home lists the upcoming appointment in the viewer's zone, named in words.
  await expect(page.getByText(/Eastern (Standard|Daylight) Time|E[SD]T/).first()).toBeVisible();
  await page.reload();
  await heading(page, 'Welcome, Casey');
});

test('booking an appointment with payment', async ({ page }) => {
  await signInAs(page, 'Casey Morgan');
  await walkToConsent(page, /Standard consultation/, async (p) => {
    await chooseFirstAvailable(p);
    await expect(p.getByText(/^Your time: /)).toBeVisible();
  });
  await pass(page, 'Book my appointment');
  await page.getByRole('link', { name: 'Skip to your visit' }).click();
  await expect(page).toHaveURL(/\/patient\/visits\/[^/]+$/);
  const visitId = decodeURIComponent(page.url().split('/').pop() ?? '');
  const visit = await stored<{ status: number; type: number | string; start: number }>(
    `/api_v3/visits/${visitId}`,
  );
  expect(Number(visit.status)).toBe(10);
  expect(Number(visit.start)).toBeGreaterThan(Date.now() / 1000);
  await page.goto('/patient/appointments');
  await heading(page, 'Appointments');
  await expect(page.getByRole('listitem').filter({ hasText: 'Okafor' }).first()).toBeVisible();
  const item = page
    .getByRole('listitem')
    .filter({ hasText: 'Requested' })
    .filter({ hasText: 'Okafor' })
    .first();
  await item.getByRole('link').click();
  await heading(page, 'Appointment');
  // Cancelling is the reference server's extension: a spec server offers no operation for it.
  if (SPEC) {
    await expect(page.getByRole('button', { name: 'Cancel appointment' })).toHaveCount(0);
    await expect(page.getByText(/contact the clinic/i).first()).toBeVisible();
  } else {
    await expect(page.getByRole('button', { name: 'Cancel appointment' })).toBeVisible();
  }
});

test('a walk-in leads to the waiting room', async ({ page }) => {
  await signInAs(page, 'Casey Morgan');
  await page.goto('/patient/rooms/general');
  await page.getByRole('link', { name: 'Start a walk-in visit' }).click();
  await expect(page.getByRole('heading', { name: 'You are already waiting in line' })).toBeVisible();
  await page.getByRole('link', { name: 'Go back to your place in line' }).click();
  await expect(page.getByRole('heading', { name: 'You are in the waiting room' })).toBeVisible();
  // Leaving the line changes the visit's status, an operation only the reference server offers.
  const leave = page.getByRole('button', { name: 'Leave the waiting room' });
  if (SPEC) await expect(leave).toHaveCount(0);
  else await expect(leave).toBeVisible();
});

test('an e-consult message', async ({ page }) => {
  const VISIT = 'vis_econsult_open';
  await signInAs(page, 'Casey Morgan', `/patient/visits/${VISIT}`);
  const thread = page.getByRole('region', { name: 'Message history' });
  await expect(thread.getByText('A small mole on my shoulder', { exact: false })).toBeVisible();
  await page.getByRole('textbox', { name: 'Your message' }).fill('It is about 5 mm across and flat.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByText('Sent')).toBeVisible();
  const messages = await stored<{ content: string }[]>(
    `/messaging/api/visits/${VISIT}/messages?limit=200`,
    await asPatient(),
  );
  expect(messages.map((m) => m.content)).toContain('It is about 5 mm across and flat.');
});

test('documents', async ({ page }) => {
  await signInAs(page, 'Casey Morgan', '/patient/documents');
  await heading(page, 'Documents');
  await page
    .getByLabel('Add documents')
    .setInputFiles({ name: 'lab-results.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(2048, 37) });
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: 'lab-results.pdf' })).toBeVisible();
});

test('the health record', async ({ page }) => {
  await signInAs(page, 'Casey Morgan', '/patient/records');
  const allergies = page.getByRole('region', { name: 'Allergies' });
  await expect(allergies).toContainText('Penicillin');
  await allergies.getByRole('button', { name: 'Edit allergies' }).click();
  await allergies.getByRole('button', { name: 'Add an allergy' }).click();
  await allergies.getByRole('textbox', { name: 'Allergy 2', exact: true }).fill('Lanolin');
  await allergies.getByRole('button', { name: 'Save allergies' }).click();
  await expect(allergies.getByRole('listitem')).toHaveText(['Penicillin', 'Lanolin']);
  const record = await stored<Record<string, { data: { substance: string }[] }>>(
    '/api_v3/users/-/emr',
    await asPatient(),
  );
  expect(record.allergies?.data.map((a) => a.substance)).toEqual(['Penicillin', 'Lanolin']);
});

test('insurance', async ({ page }) => {
  await signInAs(page, 'Casey Morgan', '/patient/insurance');
  await heading(page, 'Insurance');
  await expect(page.getByText('No primary card on file.')).toBeVisible();
  await enterPrimaryCardByKeyboard(page);
  await expect(
    page.getByText('Member ID (subscriber number)').locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('XHM-55501');
  const cards = await stored<{ card_type: string; subscriber_number: string }[]>(
    '/api_v3/users/usr_patient/insurances',
    await asPatient(),
  );
  expect(cards.find((c) => c.card_type === 'primary')?.subscriber_number).toBe('XHM-55501');
});

test('the provider dashboard and a visit', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await signInAs(page, 'Dr. Samira Okafor', '/provider');
  await heading(page, 'Dashboard');
  const queue = page.getByRole('list', { name: 'Patients waiting in General practice' });
  const casey = queue.getByRole('listitem').filter({ hasText: 'Casey Morgan' });
  await expect(casey).toContainText('Follow-up on seasonal allergies');
  await casey.getByRole('link', { name: 'Casey Morgan' }).click();
  await heading(page, 'Walk-in visit');
  await expect(page.getByRole('region', { name: 'Intake answers' })).toContainText('Moderate');
  const start = page.getByRole('button', { name: 'Start the visit' });
  // Starting and completing change the visit's status: the reference server's extension.
  if (SPEC) {
    await expect(start).toHaveCount(0);
  } else {
    await start.click();
    await expect(page.getByRole('link', { name: 'Join the video visit' })).toBeVisible();
    const visit = await stored<{ status: number }>('/api_v3/visits/vis_walkin_waiting');
    expect(Number(visit.status)).toBe(25);
  }
});

test('the admin users page', async ({ page }) => {
  await signInAs(page, 'Morgan Blake');
  // Without roles on profiles (spec), an administrator of provider type lands on the dashboard and
  // reaches the admin area through its navigation; with them, the admin area is home.
  if (SPEC) {
    await heading(page, 'Dashboard');
    await page.getByRole('link', { name: 'Clinic administration' }).first().click();
  }
  await heading(page, 'Clinic administration');
  await page.goto('/admin/users');
  await heading(page, 'Users');
  // The token is asked for, unless this tab already holds one (it survives a reload of the tab).
  const field = page.getByLabel(/Clinic admin API token/);
  await expect(field.or(page.getByText('Using the clinic admin token.'))).toBeVisible();
  if (await field.isVisible()) {
    await expect(page.getByText(/needs the clinic admin API token/)).toBeVisible();
    await field.fill('demo-admin-token');
    await page.getByRole('button', { name: 'Use this token' }).click();
  }
  await expect(page.getByText(/Showing 1–20 of \d+ users/)).toBeVisible();
  await page.getByLabel('Name or email').fill('Casey');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Showing 1–1 of 1 users')).toBeVisible();
});
