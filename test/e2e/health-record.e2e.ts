import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, MOCK_ORIGIN, test } from './support/fixtures';
import { endSeededWalkin } from './support/queue';
import { signInAs } from './support/sign-in';
import { walkWizard } from './support/wizard';

/**
 * The health record journeys (issue 12): in the demo clinic's walk-in flow the patient adds an
 * allergy with the keyboard only in the `medical_history` step, picks a pharmacy found by ZIP in
 * the `pharmacy` step and answers the survey; the provider then finds the allergy, the visit's
 * pharmacy and the prescriptions on the chart. Readings: an implausible one is refused with a
 * specific message, a valid one is stored by the mock with the account's `X-ApiKey`. All at 320 px,
 * every screen scanned by axe.
 */

async function fitsAndPasses(page: Page, what: string) {
  await expectNoAxeViolations(page, what);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} fits 320 px`).toBeLessThanOrEqual(0);
}

async function expectStep(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await fitsAndPasses(page, `intake step “${title}”`);
}

async function pass(page: Page, label = 'Continue') {
  const before = page.url();
  await page.getByRole('button', { name: label }).click();
  await expect(page).not.toHaveURL(before);
}

/** Presses Tab until `target` has focus (at most `limit` presses): keyboard-only navigation. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, limit = 60) {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Could not reach the control with Tab');
}

interface StoredMeasurement {
  data_type: string;
  hp?: number;
  lp?: number;
  bp_unit?: string;
  _api_key?: string | null;
}

async function storedMeasurements(): Promise<StoredMeasurement[]> {
  const response = await fetch(`${MOCK_ORIGIN}/__mock/measurements`);
  return ((await response.json()) as { data: StoredMeasurement[] }).data;
}

test.describe('health record', () => {
  test.use({ viewport: { width: 320, height: 720 } });

  test('the patient updates allergies from the review and picks a pharmacy by ZIP; the provider’s chart shows them', async ({
    page,
    newGuardedContext,
  }) => {
    test.setTimeout(180_000);
    await endSeededWalkin();
    await signInAs(page, 'Casey Morgan');
    await page.goto('/patient/rooms/general');
    await page.getByRole('link', { name: 'Start a walk-in visit' }).click();

    // Casey's record was looked at lately: the review confirms it, and "Change" opens it.
    await walkWizard(page, {
      commit: 'Join the waiting room',
      answers: {
        'Reason for visit': async (p) => {
          await p.getByLabel('What would you like help with?').fill('Hives after a new soap');
        },
        'About your symptoms': async (p) => {
          await p.getByLabel('When did it start?').fill('2026-11-20');
          await p.getByRole('radio', { name: 'Mild' }).check();
        },
      },
    });
    await page.getByRole('link', { name: 'Change medical history' }).click();

    // Medical history: a list section edited with the keyboard only.
    await expectStep(page, 'Medical history');
    const allergies = page.getByRole('region', { name: 'Allergies' });
    await expect(allergies).toContainText('Penicillin');
    await tabTo(page, allergies.getByRole('button', { name: 'Edit allergies' }));
    await page.keyboard.press('Enter');
    await tabTo(page, allergies.getByRole('button', { name: 'Add an allergy' }));
    await page.keyboard.press('Enter');
    await expect(allergies.getByRole('textbox', { name: 'Allergy 2', exact: true })).toBeFocused();
    await page.keyboard.type('Lanolin');
    // A blank row is refused before sending, with the typing kept.
    await tabTo(page, allergies.getByRole('button', { name: 'Add an allergy' }));
    await page.keyboard.press('Enter');
    await tabTo(page, allergies.getByRole('button', { name: 'Save allergies' }));
    await page.keyboard.press('Enter');
    await expect(
      allergies.getByRole('textbox', { name: 'Allergy 3', exact: true }),
    ).toHaveAccessibleDescription(/./);
    // The keyboard lands on the row to fix once the form is enabled again.
    await expect(allergies.getByRole('textbox', { name: 'Allergy 3', exact: true })).toBeFocused();
    await fitsAndPasses(page, 'allergies with a refused blank row');
    await tabTo(page, allergies.getByRole('button', { name: 'Remove allergy 3' }));
    await page.keyboard.press('Enter');
    await expect(allergies.getByRole('textbox', { name: 'Allergy 2', exact: true })).toHaveValue('Lanolin');
    await tabTo(page, allergies.getByRole('button', { name: 'Save allergies' }));
    await page.keyboard.press('Enter');
    await expect(allergies.getByRole('listitem')).toHaveText(['Penicillin', 'Lanolin']);
    await pass(page);

    await expectStep(page, 'Consent');
    await page.getByRole('checkbox', { name: 'I have read this and I agree' }).check();
    await pass(page, 'Join the waiting room');

    // Pharmacy: found by ZIP, saved, chosen for this visit.
    await expectStep(page, 'Preferred pharmacy');
    await page.getByRole('textbox', { name: /Pharmacy name, city or ZIP code/ }).fill('11217');
    await page.getByRole('button', { name: 'Search' }).click();
    const found = page.getByRole('list', { name: 'Pharmacies found' });
    const first = found.getByRole('listitem').first();
    const pharmacyName = (await first.getByRole('heading', { level: 3 }).textContent())?.trim() ?? '';
    expect(pharmacyName).not.toBe('');
    await fitsAndPasses(page, 'pharmacies found by ZIP');
    await first.getByRole('button', { name: new RegExp(`^Use ${pharmacyName}`) }).click();
    await expect(
      page
        .getByRole('group', { name: 'Where should prescriptions from this visit go?' })
        .getByRole('radio', { name: new RegExp(`^${pharmacyName}`) }),
    ).toBeChecked();
    await pass(page);

    await expectStep(page, 'One quick question');
    await page.getByLabel('How did you hear about us?').selectOption('friend');
    await pass(page);
    await pass(page); // Home health questionnaire (skipped)
    await pass(page, 'Finish'); // A few more questions (unknown code, skipped)
    await expect(page).toHaveURL(/\/patient\/visits\/[^/]+$/);
    const visitId = new URL(page.url()).pathname.split('/').pop() ?? '';

    // The provider: the visit's pharmacy, then the chart with the new allergy and the prescriptions.
    const providerContext = await newGuardedContext({ viewport: { width: 320, height: 720 } });
    const provider = await providerContext.newPage();
    await signInAs(provider, 'Dr. Samira Okafor', `/provider/visits/${visitId}`);
    await expect(provider.getByRole('region', { name: 'Pharmacy for this visit' })).toContainText(
      pharmacyName,
    );
    await fitsAndPasses(provider, 'provider visit with its pharmacy');
    await provider.getByRole('link', { name: /Open the patient’s chart/ }).click();
    await provider.getByRole('tab', { name: 'Health record' }).click();
    await expect(provider.getByRole('region', { name: 'Allergies' }).getByRole('listitem')).toHaveText([
      'Penicillin',
      'Lanolin',
    ]);
    await expect(provider.getByRole('button', { name: 'Edit allergies' })).toHaveCount(0);
    await fitsAndPasses(provider, 'provider chart, health record');
    await provider.getByRole('tab', { name: 'Prescriptions and pharmacies' }).click();
    const current = provider.getByRole('list', { name: 'Current prescriptions' });
    await expect(current).toContainText('Cetirizine 10 mg tablet');
    await expect(current).toContainText('Hydrocortisone 1% cream');
    await expect(provider.getByText(pharmacyName).first()).toBeVisible();
    await fitsAndPasses(provider, 'provider chart, prescriptions');
  });

  test('a reading with implausible values is refused with a specific message; a valid one is stored with X-ApiKey', async ({
    page,
  }) => {
    await signInAs(page, 'Casey Morgan', '/patient/health/readings');
    await expect(page.getByRole('heading', { level: 1, name: 'Health readings' })).toBeVisible();
    await fitsAndPasses(page, 'health readings');

    await page.getByRole('textbox', { name: /^Systolic/ }).fill('80');
    await page.getByRole('textbox', { name: /^Diastolic/ }).fill('120');
    await page.getByRole('button', { name: 'Send reading' }).click();
    await expect(
      page.getByText('The top number (systolic) must be higher than the bottom number (diastolic).', {
        exact: false,
      }),
    ).toBeVisible();
    await page.getByLabel('What are you sending?').selectOption('temperature_body');
    await page.getByRole('textbox', { name: /^Temperature/ }).fill('70');
    await page.getByRole('button', { name: 'Send reading' }).click();
    await expect(
      page.getByText('A body temperature of 70 °C is not possible. Enter a value between 34 and 43 °C.'),
    ).toBeVisible();
    await fitsAndPasses(page, 'readings with a refused value');
    expect(await storedMeasurements()).toEqual([]);

    await page.getByLabel('What are you sending?').selectOption('bp');
    await page.getByRole('textbox', { name: /^Systolic/ }).fill('128');
    await page.getByRole('textbox', { name: /^Diastolic/ }).fill('82');
    const request = page.waitForRequest((r) => r.url().endsWith('/api_v3/health') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Send reading' }).click();
    const sent = await request;
    // The account's public key travels; the secret never leaves the server.
    expect(sent.headers()['x-apikey']).toBeTruthy();
    expect(sent.headers()['x-apisecret']).toBeUndefined();
    await expect(page.getByRole('list', { name: 'Readings sent' })).toContainText(
      'Blood pressure: 128/82 mmHg',
    );
    await expect(page.getByRole('list', { name: 'Readings sent' })).not.toContainText('kPa');
    expect(await storedMeasurements()).toEqual([
      expect.objectContaining({
        data_type: 'bp',
        hp: 128,
        lp: 82,
        bp_unit: 'mmHg',
        _api_key: 'demo-api-key',
      }),
    ]);
    await fitsAndPasses(page, 'readings after sending');

    // A second reading: the history draws both as two lines, with every reading in the table behind it.
    await page.getByRole('textbox', { name: /^Systolic/ }).fill('134');
    await page.getByRole('textbox', { name: /^Diastolic/ }).fill('86');
    await page.getByRole('button', { name: 'Send reading' }).click();
    const chart = page.getByRole('img', { name: /^Blood pressure, 2 readings .*, latest 134\/86 mmHg$/ });
    await expect(chart).toBeVisible();
    await expect(chart.getByTestId('series-systolic').getByTestId('point')).toHaveCount(2);
    await expect(chart.getByTestId('series-diastolic').getByTestId('point')).toHaveCount(2);
    await expect(chart.getByTestId('band')).toHaveCount(2);
    await page.getByText('Show blood pressure as a table').click();
    const table = page.getByRole('table', { name: 'Blood pressure readings, newest first' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('row').nth(1)).toContainText('134/86 mmHg');
    await expect(table.getByRole('row').nth(2)).toContainText('128/82 mmHg');
    expect(await storedMeasurements()).toHaveLength(2);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await fitsAndPasses(page, `the readings chart and its table (${colorScheme})`);
    }
  });
});
