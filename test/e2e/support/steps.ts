import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { walkWizard } from './wizard';

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

/** Presses the step's button and waits until the wizard has moved on. */
export async function pass(page: Page, label = 'Continue') {
  const before = page.url();
  await page.getByRole('button', { name: label }).click();
  await expect(page).not.toHaveURL(before);
}

/**
 * In the slot picker (the schedule step or a reschedule): "First available" chooses the first
 * open time. Answers the chosen time as its button reads ("9:00 AM EST with Dr. Samira Okafor, MD").
 */
export async function chooseFirstAvailable(page: Page): Promise<string> {
  await page.getByRole('button', { name: /^First available: / }).click();
  const chosen = page.locator('.slot-day-times').getByRole('button', { pressed: true });
  await expect(chosen).toBeVisible();
  return (await chosen.textContent()) ?? '';
}

/** In the slot picker: the first time of the chosen day with `hasText` and without `hasNotText`. */
export async function chooseTimeOfDay(page: Page, filter: { hasText?: string; hasNotText?: string }) {
  const time = page.locator('.slot-day-times .slot-time').filter(filter).first();
  await expect(time).toBeVisible();
  await time.click();
}

/**
 * The demo clinic's appointment flow up to the commitment, whatever is already known (issue 27):
 * `pick` chooses the time on the schedule step; the consent is ticked on the last screen.
 */
export async function walkToConsent(page: Page, consultation: RegExp, pick: (page: Page) => Promise<void>) {
  await page.goto('/patient/rooms/general');
  await page.getByRole('link', { name: 'Book an appointment' }).click();
  await walkWizard(page, {
    commit: 'Book my appointment',
    answers: {
      'Reason for visit': async (p) => {
        await p.getByLabel('What would you like help with?').fill('Blood pressure check');
      },
      'Choose a provider': async (p) => {
        await p.getByRole('radio', { name: /Samira Okafor/ }).check();
      },
      'Type of consultation': async (p) => {
        await p.getByRole('radio', { name: consultation }).check();
      },
      'Choose a time': pick,
      'About your symptoms': async (p) => {
        await p.getByLabel('When did it start?').fill('2024-01-15');
        await p.getByRole('radio', { name: 'Moderate' }).check();
        await p.getByLabel('Temperature (°F)').fill('98.6');
      },
    },
  });
}
