import type { Page } from '@playwright/test';
import { useAccountCode } from './support/account';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { signInAs } from './support/sign-in';
import { walkWizard } from './support/wizard';

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
    // The home reads only this account's rooms: no failed look-up of another account's room.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/couldn.t check your place in line/)).toHaveCount(0);
    await page.goto('/patient/visits/start');
    await page.getByRole('link', { name: 'Quick care' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Quick care' })).toBeVisible();
    await page.getByRole('link', { name: 'Start a walk-in visit' }).click();

    // The profile says where Casey is: reason, then the consent with the review above it.
    const screens = await walkWizard(page, {
      commit: 'Join the waiting room',
      answers: {
        'Reason for visit': async (p) => {
          await p.getByLabel('What would you like help with?').fill('A rash on my arm');
        },
      },
    });
    expect(screens).toEqual(['Reason for visit', 'Consent']);
    await expect(page.getByRole('region', { name: 'Check your answers' })).toContainText('New York');
    await pass(page, 'Join the waiting room');

    await expect(page).toHaveURL(/\/patient\/visits\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Walk-in visit' })).toBeVisible();
    await expect(page.getByText(/not found/i)).toHaveCount(0);
    await expectNoAxeViolations(page, 'demo-quick waiting room');
  });

  test('demo-econsult: the e-consult flow ends in its thread', async ({ page }) => {
    await useAccountCode(page, 'demo-econsult');
    await signInAs(page, 'Casey Morgan');
    // The home offers the e-consult with its price, and the wizard takes it before sending.
    const offer = page.getByRole('link', { name: /Send a question/ }).first();
    await expect(offer).toBeVisible();
    await expect(page.getByText('$45.00', { exact: false }).first()).toBeVisible();
    await offer.click();
    const screens = await walkWizard(page, {
      commit: 'Send my e-consult',
      answers: {
        'Describe your concern': async (p) => {
          await p.getByLabel('What would you like help with?').fill('A mole that changed colour');
        },
        'Photos of the area': async (p) => {
          await p
            .getByLabel('Add photos or documents')
            .setInputFiles({ name: 'mole.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
          await expect(p.getByText('Uploaded', { exact: true })).toBeVisible();
        },
        Payment: async (p) => {
          await expect(p.getByText('$45.00').first()).toBeVisible();
          await p
            .getByRole('group', { name: /Card details \(test mode/ })
            .getByRole('radio', { name: 'Test Visa ending 4242' })
            .check();
          await p.getByRole('button', { name: 'Save card' }).click();
          await expect(p.getByRole('radio', { name: /^Visa ending 4242/ })).toBeChecked();
        },
      },
    });
    expect(screens).toEqual(['Describe your concern', 'Photos of the area', 'Payment', 'Consent']);
    await pass(page, 'Send my e-consult');

    // No survey right after sending (it waits for the e-consult's end): the e-consult and its thread.
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
