import type { Page } from '@playwright/test';
import { useAccountCode } from './support/account';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { signInAs } from './support/sign-in';

/**
 * The clinic's other demo accounts (issue 18): the portal built with VITE_ACCOUNT_CODE=demo-quick
 * ends its short walk-in flow in the waiting room, and demo-econsult ends its e-consult in the
 * thread. Both used to stop at the last step with "Room … not found".
 */

/** A 1×1 PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function pass(page: Page, label = 'Continue') {
  const before = page.url();
  await page.getByRole('button', { name: label }).click();
  await expect(page).not.toHaveURL(before);
}

test.describe('other demo accounts', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('demo-quick: the short walk-in flow ends in the waiting room', async ({ page }) => {
    await useAccountCode(page, 'demo-quick');
    await signInAs(page, 'Casey Morgan');
    await page.goto('/patient/visits/start');
    await page.getByRole('link', { name: 'Quick care' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Quick care' })).toBeVisible();
    await page.getByRole('link', { name: 'Start a walk-in visit' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Reason for visit' })).toBeVisible();
    await page.getByLabel('What would you like help with?').fill('A rash on my arm');
    await pass(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Where you are' })).toBeVisible();
    await page.getByLabel('Which state are you in right now?').selectOption('NY');
    await page.getByLabel('Phone number').fill('212 555 0100');
    await pass(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Consent' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'I have read this and I agree' }).check();
    await pass(page, 'Join the waiting room');

    await expect(page).toHaveURL(/\/patient\/visits\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Walk-in visit' })).toBeVisible();
    await expect(page.getByText(/not found/i)).toHaveCount(0);
    await expectNoAxeViolations(page, 'demo-quick waiting room');
  });

  test('demo-econsult: the e-consult flow ends in its thread', async ({ page }) => {
    await useAccountCode(page, 'demo-econsult');
    await signInAs(page, 'Casey Morgan');
    await page.goto('/patient/visits/start');
    await page.getByRole('link', { name: 'Skin photo review' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Skin photo review' })).toBeVisible();
    await page.getByRole('link', { name: 'Start an e-consult' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Describe your concern' })).toBeVisible();
    await page.getByLabel('What would you like help with?').fill('A mole that changed colour');
    await pass(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Photos of the area' })).toBeVisible();
    await page
      .getByLabel('Add photos or documents')
      .setInputFiles({ name: 'mole.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
    await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();
    await pass(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Consent' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'I have read this and I agree' }).check();
    await pass(page, 'Send my e-consult');

    // The post-visit survey, then the e-consult and its thread.
    await expect(page.getByRole('heading', { level: 1, name: 'Quick survey' })).toBeVisible();
    await page.getByRole('link', { name: 'Skip to your visit' }).click();
    await expect(page).toHaveURL(/\/patient\/visits\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'E-consult' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /message/i })).toBeVisible();
    await expect(page.getByText(/not found/i)).toHaveCount(0);
    // The photo sent with the intake is on the e-consult's page.
    const photos = page.getByRole('region', { name: 'Photos and documents' });
    await expect(photos.getByRole('button', { name: 'mole.png' })).toBeVisible();
    await expectNoAxeViolations(page, 'demo-econsult thread');
  });
});
