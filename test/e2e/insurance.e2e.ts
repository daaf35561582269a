import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parseCsv } from '../../src/features/insurance/csv';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { signInAs } from './support/sign-in';

/**
 * Insurance journeys (issue 13): a patient enters a primary card by keyboard alone at 320 px,
 * with both photos, starts a coverage check and meets the 429 on a second try; a clinic admin
 * exports the claims of the last 30 days and the CSV parses back to the rows on screen.
 */

test.describe.configure({ timeout: 120_000 });

/** A tiny valid PNG (1×1), for the card photos. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Presses Tab until the focused element's label matches: keyboard only, no clicks. */
async function tabTo(page: Page, name: RegExp, max = 60) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      const byLabel = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : '';
      return `${byLabel ?? ''} ${el.getAttribute('aria-label') ?? ''} ${el.textContent ?? ''}`.trim();
    });
    if (name.test(label)) return;
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

async function fitsPhone(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} fits 320 px`).toBeLessThanOrEqual(0);
}

export async function enterPrimaryCardByKeyboard(page: Page) {
  await tabTo(page, /^Add primary card$/);
  await page.keyboard.press('Enter');
  // The form opens with focus in the insurer search.
  const search = page.getByRole('combobox', { name: /Insurer or carrier/ });
  await expect(search).toBeFocused();
  await page.keyboard.type('INS0003');
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(search).toHaveValue(/ 3$/);
  await tabTo(page, /Member ID/);
  await page.keyboard.type('XHM-55501');
  await tabTo(page, /Group number/);
  await page.keyboard.type('GRP-1');
  await tabTo(page, /^ZIP code/);
  await page.keyboard.type('11201');
  await tabTo(page, /clinic may use this card/);
  await page.keyboard.press('Space');
  await tabTo(page, /^Save primary card$/);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Primary insurance saved.')).toBeVisible();
}

export async function addBothPhotos(page: Page) {
  for (const side of ['front', 'back'] as const) {
    await page.getByLabel(`Add a photo of the ${side}`).setInputFiles({
      name: `card-${side}.png`,
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect(page.getByText(`${side === 'front' ? 'Front' : 'Back'} of the card: on file`)).toBeVisible();
  }
  await expect(page.getByRole('img', { name: /Front of the card/ })).toHaveAttribute('src', /^blob:/);
  await expect(page.getByRole('img', { name: /Back of the card/ })).toHaveAttribute('src', /^blob:/);
}

export async function checkTwiceAndMeet429(page: Page) {
  await page.getByRole('button', { name: 'Check my coverage' }).click();
  await expect(page.getByText('Waiting for your insurer to answer')).toBeVisible();
  await page.getByRole('button', { name: 'Check my coverage' }).click();
  await expect(page.getByText(/A check was already started at .+\. You can start another at/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Check again in \d:\d\d/ })).toBeDisabled();
}

test('a patient enters a primary card by keyboard at 320 px with both photos, checks coverage and meets the 429', async ({
  page,
  guard,
}) => {
  guard.allowConsoleError(/status of 429/);
  await page.setViewportSize({ width: 320, height: 740 });
  await signInAs(page, 'Casey Morgan', '/patient/insurance');
  await expect(page.getByRole('heading', { level: 1, name: 'Insurance' })).toBeVisible();
  await expect(page.getByText('No primary card on file.')).toBeVisible();
  await expectNoAxeViolations(page, 'insurance page');
  await fitsPhone(page, 'insurance page');

  await enterPrimaryCardByKeyboard(page);
  await expect(
    page.getByText('Member ID (subscriber number)').locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('XHM-55501');
  await addBothPhotos(page);
  await expectNoAxeViolations(page, 'insurance page with a card');
  await fitsPhone(page, 'insurance page with a card');

  await checkTwiceAndMeet429(page);
  await expectNoAxeViolations(page, 'insurance page in the cooldown');

  // The search opened at phone width is scanned too.
  await page.getByRole('button', { name: 'Edit primary card' }).click();
  await page.getByRole('combobox', { name: /Insurer or carrier/ }).press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await expectNoAxeViolations(page, 'insurer search open');
  await fitsPhone(page, 'insurer search open');
});

test('a clinic admin exports the claims of the last 30 days and the CSV parses back to the same rows', async ({
  page,
}) => {
  await signInAs(page, 'Morgan Blake');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Claims' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Claims report' })).toBeVisible();
  const to = await page.getByLabel('Last day').inputValue();
  const from = await page.getByLabel('First day').inputValue();
  expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(29);
  await expect(page.getByText(/\d+ visits from/)).toBeVisible();
  await expectNoAxeViolations(page, 'claims report');

  // Sort by patient, then export: the file holds the rows in the order shown.
  await page.getByRole('button', { name: 'Patient' }).click();
  await expect(page.getByRole('columnheader', { name: /Patient/ })).toHaveAttribute('aria-sort', 'ascending');
  const header = await page
    .locator('thead th')
    .evaluateAll((ths) =>
      ths.map((th) => (th.querySelector('button')?.firstChild?.textContent ?? '').trim()),
    );
  const rows = await page
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  expect(rows.length).toBeGreaterThan(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`claims-${from}-to-${to}.csv`);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8');
  expect(text.split('\r\n')[0]).toMatch(/^\uFEFF"Visit date","Patient",/);
  expect(parseCsv(text)).toEqual([header, ...rows]);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing codes' }).click();
  await expect(page.getByText(/of 2400 diagnoses/)).toBeVisible();
  await page.getByLabel('Search by code or words').fill('A01');
  await expect(page.getByRole('list', { name: 'Diagnoses' }).getByRole('listitem').first()).toContainText(
    'A01',
  );
  await expectNoAxeViolations(page, 'billing codes');
});
