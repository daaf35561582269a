import { readFile } from 'node:fs/promises';
import { parseCsv } from '../../src/features/insurance/csv';
import { expect, expectNoAxeViolations, MOCK_ORIGIN, test } from './support/fixtures';
import { addBothPhotos, checkTwiceAndMeet429, enterPrimaryCardByKeyboard } from './support/insurance';
import { signInAs } from './support/sign-in';
import { expectFits } from './support/tour';

/**
 * Insurance journeys (issue 13): a patient enters a primary card by keyboard alone at 320 px,
 * with both photos, starts a coverage check and meets the 429 on a second try; a clinic admin
 * exports the claims of the last 30 days and the CSV parses back to the rows on screen.
 */

test.describe.configure({ timeout: 120_000 });

test('a patient enters a primary card by keyboard at 320 px with both photos, checks coverage and meets the 429', async ({
  page,
  guard,
}) => {
  guard.allowConsoleError(/status of 429/);
  await page.setViewportSize({ width: 320, height: 740 });
  await signInAs(page, 'Casey Morgan', '/patient/account/insurance');
  await expect(page.getByRole('heading', { level: 1, name: 'Insurance' })).toBeVisible();
  await expect(page.getByText('No primary card on file.')).toBeVisible();
  await expectNoAxeViolations(page, 'insurance page');
  await expectFits(page, 'insurance page');

  await enterPrimaryCardByKeyboard(page);
  await expect(
    page.getByText('Member ID (subscriber number)').locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('XHM-55501');
  await addBothPhotos(page);
  await expectNoAxeViolations(page, 'insurance page with a card');
  await expectFits(page, 'insurance page with a card');

  await checkTwiceAndMeet429(page);
  await expectNoAxeViolations(page, 'insurance page in the cooldown');

  // The insurer answers (the mock's check settles 40 s after it started): coming back to the page,
  // the answer is in plain words, with no internal id.
  await fetch(`${MOCK_ORIGIN}/__mock/clock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ advance_ms: 45_000 }),
  });
  await page.reload();
  await expect(page.getByText('Your coverage is active. Your copay is $25.')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/elig_/);
  await expectNoAxeViolations(page, 'insurance page with active coverage');

  // The search opened at phone width is scanned too.
  await page.getByRole('button', { name: 'Edit primary card' }).click();
  await page.getByRole('combobox', { name: /Insurer or carrier/ }).press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await expectNoAxeViolations(page, 'insurer search open');
  await expectFits(page, 'insurer search open');
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
  await expect(page.getByText(/\d+ completed visits from/)).toBeVisible();
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
  // Columns for a billing office (docs/spec-decisions.md), one row per visit shown, in the order shown.
  const [columns = [], ...lines] = parseCsv(text.replace(/^\uFEFF/, ''));
  const at = (name: string) => {
    expect(columns).toContain(name);
    return columns.indexOf(name);
  };
  expect(lines).toHaveLength(rows.length);
  const patient = header.indexOf('Patient');
  expect(lines.map((line) => line[at('patient_name')])).toEqual(rows.map((row) => row[patient]));
  for (const line of lines) {
    expect(line[at('visit_id')]).toMatch(/^vis_/);
    expect(line[at('visit_start_utc')]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(line[at('service_date')]).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(line[at('currency')]).toMatch(/^[A-Z]{3}$/);
    expect(line[at('amount')]).toMatch(/^(\d+\.\d\d)?$/);
  }

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing codes' }).click();
  await expect(page.getByText(/of 2400 diagnoses/)).toBeVisible();
  await page.getByLabel('Search by code or words').fill('A01');
  await expect(page.getByRole('list', { name: 'Diagnoses' }).getByRole('listitem').first()).toContainText(
    'A01',
  );
  await expectNoAxeViolations(page, 'billing codes');
});
