import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, MOCK_ORIGIN, test } from './support/fixtures';
import { signInAs } from './support/sign-in';

/**
 * The patient's path (issue 27), the parts not walked elsewhere: health data both ways (an
 * allergy's reaction and severity, the default pharmacy, a refill request), one wallet where an
 * expired card can never be the default, notifications that open what they announce, and the old
 * addresses leading to the new ones. Phone width; each page axe clean in both themes.
 */

test.use({ viewport: { width: 320, height: 720 } });

const ADMIN = { 'X-ApiToken': 'demo-admin-token', 'X-AccountCode': 'demo' };

/** A token of a persona (the development sign-in control), to read what the mock stored. */
async function tokenOf(persona: 'demo-provider' | 'demo-patient'): Promise<string> {
  const response = await fetch(`${MOCK_ORIGIN}/__mock/personas/${persona}/sign-in`, { method: 'POST' });
  return ((await response.json()) as { sso_token: string }).sso_token;
}

async function storedAs(persona: 'demo-provider' | 'demo-patient', path: string): Promise<string> {
  const response = await fetch(`${MOCK_ORIGIN}/api_v3${path}`, {
    headers: { 'X-ApiToken': await tokenOf(persona), 'X-AccountCode': 'demo' },
  });
  return JSON.stringify(await response.json());
}

async function fitsAndIsClean(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} fits 320 px`).toBeLessThanOrEqual(0);
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page, `${what} (${colorScheme})`);
  }
}

test('health data both ways: an allergy with its reaction and severity, the default pharmacy, a refill sent to the prescriber', async ({
  page,
}) => {
  await signInAs(page, 'Casey Morgan', '/patient/health/record');
  const allergies = page.getByRole('region', { name: 'Allergies' });
  await allergies.getByRole('button', { name: 'Edit allergies' }).click();
  await allergies.getByRole('button', { name: 'Add an allergy' }).click();
  await allergies.getByRole('textbox', { name: 'Allergy 2', exact: true }).fill('Lanolin');
  await allergies.getByRole('textbox', { name: /^Reaction to allergy 2/ }).fill('hives');
  await allergies.getByRole('combobox', { name: 'How serious is allergy 2?' }).selectOption('moderate');
  await fitsAndIsClean(page, 'allergies with a reaction and a severity');
  await allergies.getByRole('button', { name: 'Save allergies' }).click();
  await expect(allergies.getByRole('listitem').filter({ hasText: 'Lanolin' })).toContainText('hives');
  // The spec gives an allergy one field: the reaction and severity travel in it, in words.
  expect(await storedAs('demo-provider', '/users/usr_patient/emr')).toContain('Lanolin — hives (moderate)');

  await page.goto('/patient/health/pharmacies');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const make = page.getByRole('button', { name: /^Make .+ my pharmacy$/ }).first();
  const name = ((await make.getAttribute('aria-label')) ?? '').replace(/^Make (.+) my pharmacy$/, '$1');
  expect(name).not.toBe('');
  await make.click();
  const chosen = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(chosen.getByText('Your prescriptions go here unless you choose another.')).toBeVisible();
  const pharmacies = JSON.parse(await storedAs('demo-provider', '/users/usr_patient/erx/pharmacies')) as {
    data: { name: string; is_default?: boolean }[];
  };
  expect(pharmacies.data.filter((p) => p.is_default).map((p) => p.name)).toEqual([name]);

  // A refill: an e-consult to the clinic that prescribed it, naming the medicine.
  const drug = 'Hydrocortisone 1% cream';
  const card = page
    .getByRole('list', { name: 'Current prescriptions' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: drug }) });
  await card.getByRole('button', { name: `Request a refill of ${drug}` }).click();
  await card.getByRole('textbox', { name: /Anything the clinic should know\?/ }).fill('Two days left.');
  await fitsAndIsClean(page, 'a refill request');
  await card.getByRole('button', { name: 'Send request' }).click();
  const sent = card.getByRole('status');
  await expect(sent).toContainText('Refill requested from Skin clinic (e-consult).');
  await sent.getByRole('link', { name: 'Open your request' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'E-consult' })).toBeVisible();
  await expect(page.getByText(`Medicine: ${drug}`, { exact: false }).first()).toBeVisible();
  const visitId = decodeURIComponent(page.url().split('/').pop() ?? '');
  const visit = await fetch(`${MOCK_ORIGIN}/api_v3/visits/${visitId}`, { headers: ADMIN });
  expect(((await visit.json()) as { data: unknown }).data).toMatchObject({ room_code: 'dermatology' });
});

test('one wallet across rooms: an expired card is shown as such and can never become the default', async ({
  page,
}) => {
  await signInAs(page, 'Casey Morgan', '/patient/account/cards');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const expired = page.getByRole('listitem').filter({ hasText: 'Mastercard ending 4444' });
  await expect(expired).toContainText('it can no longer be used to pay or be your default card');
  await expect(expired.getByRole('button', { name: /the default card$/ })).toHaveCount(0);
  const visa = page.getByRole('listitem').filter({ hasText: 'Visa ending 4242' });
  await expect(visa.getByText('Default', { exact: true })).toBeVisible();
  await expect(visa).toContainText('Can be used for: After-hours care');
  await fitsAndIsClean(page, 'saved cards');

  // The server refuses it too, whatever a client sends.
  const refused = await fetch(`${MOCK_ORIGIN}/api_v3/billing/sources/src_casey_mc_expired`, {
    method: 'PUT',
    headers: { 'X-ApiToken': await tokenOf('demo-patient'), 'Content-Type': 'application/json' },
    body: JSON.stringify({ is_default: true, room_code: 'after-hours' }),
  });
  expect(refused.status).toBeGreaterThanOrEqual(400);
  expect(refused.status).toBeLessThan(500);
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: 'Visa ending 4242' })).toContainText('Default');
});

test('notifications open what they announce: the survey at its question, the visit with its summary', async ({
  page,
}) => {
  await signInAs(page, 'Casey Morgan', '/patient/notifications');
  await page.getByRole('link', { name: /Please complete a short survey/ }).click();
  await expect(page).toHaveURL(/\/patient\/visits\/vis_completed#survey$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Tell us how it went' })).toBeFocused();
  await fitsAndIsClean(page, 'the survey of a completed visit');

  await page.goto('/patient/notifications');
  await page
    .getByRole('link', { name: /Your visit summary is ready/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Open / }).first()).toBeVisible();
});

test('the old addresses lead to the new ones, keeping their query and fragment; five destinations', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'Casey Morgan');
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link')).toHaveText(['Home', 'Visits', 'Health', 'Documents', 'Account']);
  for (const [old, now] of [
    ['/patient/pharmacies?from=old#saved-pharmacies', '/patient/health/pharmacies?from=old#saved-pharmacies'],
    ['/patient/appointments', '/patient/visits/appointments'],
    ['/patient/records', '/patient/health/record'],
    ['/patient/payments', '/patient/account/cards'],
    ['/patient/health', '/patient/health/record'],
  ] as const) {
    await page.goto(old);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(new URL(page.url()).pathname + new URL(page.url()).search + new URL(page.url()).hash, old).toBe(
      now,
    );
  }
});
