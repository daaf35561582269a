import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Wizard steps that journeys about something else walk through: the insurance step answered
 * "without insurance", and the payment step paid with a test card of the e2e build.
 */

export async function continueWithoutInsurance(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Insurance' })).toBeVisible();
  await page.getByRole('radio', { name: /Continue without insurance/ }).check();
}

/** Saves one of the labelled test cards through the fake gateway's fields. */
export async function saveTestCard(page: Page, label: string) {
  await page
    .getByRole('group', { name: /Card details \(test mode/ })
    .getByRole('radio', { name: label })
    .check();
  await page.getByRole('button', { name: 'Save card' }).click();
  // "Save card" reads "Saving card…" while the card is stored: wait until neither is left.
  await expect(page.getByRole('button', { name: /^(Save card|Saving card…)$/ })).toBeHidden();
}

/** On the payment step: a saved card if one is chosen already, else the test Visa is added. */
export async function payWithTestVisa(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  // A saved card reads "Visa ending 4242"; the fake gateway's fields read "Test Visa ending 4242".
  const chosen = page.getByRole('radio', { name: /^(?!Test ).*ending \d{4}/, checked: true });
  const addCard = page.getByRole('button', { name: 'Save card' });
  await expect(chosen.or(addCard).first()).toBeVisible();
  if (!(await chosen.count())) await saveTestCard(page, 'Test Visa ending 4242');
  await expect(page.getByRole('radio', { name: /^Visa ending 4242/ })).toBeChecked();
}
