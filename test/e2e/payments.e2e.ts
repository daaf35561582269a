import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, MOCK_ORIGIN, test } from './support/fixtures';
import { endSeededWalkin } from './support/queue';
import { signInAs } from './support/sign-in';
import { expectFits } from './support/tour';
import { walkWizard } from './support/wizard';
import { saveTestCard } from './support/steps';

/**
 * Payments (issue 11) in the browser, at phone width (320 px), with the labelled test card fields
 * of the e2e build: a walk-in in `general` paid with WELCOME10 and a new card, the receipt in the
 * waiting room, a second visit on the saved card, a declined card that keeps every answer, and
 * the payment step done with the keyboard only. No card number ever leaves the page (case 64).
 */

async function charges(): Promise<number> {
  const response = await fetch(`${MOCK_ORIGIN}/__mock/stats`);
  return ((await response.json()) as { data: { charges: number } }).data.charges;
}

async function fitsPhone(page: Page, what: string) {
  await expectNoAxeViolations(page, what);
  await expectFits(page, `${what} at 320 px`);
}

async function next(page: Page, label = 'Continue') {
  const before = page.url();
  await page.getByRole('button', { name: label }).click();
  await expect(page).not.toHaveURL(before);
}

async function heading(page: Page, name: string) {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/**
 * The demo clinic's walk-in in `general`, up to the payment step: asked when no card is on file,
 * else opened from the review ("Change payment") where the default card is confirmed.
 */
async function walkToPayment(page: Page, reason: string) {
  await endSeededWalkin();
  await page.goto('/patient/rooms/general');
  await page.getByRole('link', { name: 'Start a walk-in visit' }).click();
  const seen = await walkWizard(page, {
    commit: 'Join the waiting room',
    stopAt: 'Payment',
    answers: {
      'Reason for visit': async (p) => {
        await p.getByLabel('What would you like help with?').fill(reason);
      },
      'Type of consultation': async (p) => {
        await p.getByRole('radio', { name: /Quick consultation/ }).check();
      },
      'About your symptoms': async (p) => {
        await p.getByLabel('When did it start?').fill('2024-01-15');
        await p.getByRole('radio', { name: 'Mild' }).check();
      },
    },
  });
  if (seen.at(-1) !== 'Payment') await page.getByRole('link', { name: 'Change payment' }).click();
  await heading(page, 'Payment');
}

async function consentAndStart(page: Page) {
  await heading(page, 'Consent');
  await page.getByRole('checkbox', { name: 'I have read this and I agree' }).check();
  await next(page, 'Join the waiting room');
}

async function toWaitingRoom(page: Page) {
  await heading(page, 'Preferred pharmacy');
  await page.getByRole('link', { name: /Skip to your visit|Go to your visit/ }).click();
  await expect(page).toHaveURL(/\/patient\/visits\/[^/]+$/);
  await heading(page, 'Walk-in visit');
}

/** Every request the page sends, with its body, to search for card numbers. */
function recordRequests(page: Page): { url: string; body: string }[] {
  const seen: { url: string; body: string }[] = [];
  page.on('request', (request) => seen.push({ url: request.url(), body: request.postData() ?? '' }));
  return seen;
}

test.describe('payments', () => {
  test.use({ viewport: { width: 320, height: 720 } });

  test('a walk-in in general paid with WELCOME10 and a new card, the receipt in the waiting room, then a second visit on the saved card', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const requests = recordRequests(page);
    await signInAs(page, 'Casey Morgan');
    const chargesBefore = await charges();

    await walkToPayment(page, 'Sore throat for three days');
    await expect(page.getByText('Quick consultation', { exact: true })).toBeVisible();
    await fitsPhone(page, 'payment step');
    await page.getByLabel('Coupon code (optional)').fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('WELCOME10 applied: you pay $44.10.')).toBeVisible();
    await saveTestCard(page, 'Test Visa ending 4242');
    await expect(page.getByRole('radio', { name: /Visa ending 4242/ })).toBeChecked();
    await fitsPhone(page, 'payment step with a saved card');
    await next(page);
    await consentAndStart(page);
    await toWaitingRoom(page);

    const receipt = page.getByRole('region', { name: 'Your payment' });
    await expect(receipt).toContainText('WELCOME10 (10% off)');
    await expect(receipt).toContainText('$44.10');
    await expect(receipt).toContainText('Visa ending 4242');
    await fitsPhone(page, 'waiting room with the receipt');
    expect(await charges()).toBe(chargesBefore + 1);

    // A second visit (after leaving the line: a walk-in already waiting in the room leads back to
    // itself): the saved card is offered and chosen.
    await page.getByRole('button', { name: 'Leave the waiting room' }).click();
    await page
      .getByRole('dialog', { name: 'Leave the waiting room?' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await expect(page.getByText(/You left the waiting room/)).toBeVisible();
    await walkToPayment(page, 'Follow-up on the sore throat');
    await expect(page.getByRole('radio', { name: /Visa ending 4242 \(default\)/ })).toBeChecked();
    await next(page);
    await consentAndStart(page);
    await toWaitingRoom(page);
    await expect(page.getByRole('region', { name: 'Your payment' })).toContainText('$49.00');
    expect(await charges()).toBe(chargesBefore + 2);

    // Case 64: only the processor token went to the API, never a card number.
    const sources = requests.filter((r) => r.url.includes('/billing/sources') && r.body);
    expect(sources.map((r) => JSON.parse(r.body) as unknown)).toEqual([{ type: 'card', token: 'tok_visa' }]);
    for (const { url, body } of requests) {
      expect(`${url} ${body}`, url).not.toMatch(/\b(?:\d[ -]?){13,19}\b/);
    }
  });

  test('a declined card keeps the patient on the payment step with the reason and every answer', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAs(page, 'Casey Morgan');
    const chargesBefore = await charges();
    await walkToPayment(page, 'Earache since Monday');
    await page.getByLabel('Coupon code (optional)').fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('WELCOME10 applied: you pay $44.10.')).toBeVisible();
    await saveTestCard(page, 'Test card that is declined when charged');
    await next(page);
    await heading(page, 'Consent');
    await page.getByRole('checkbox', { name: 'I have read this and I agree' }).check();
    await page.getByRole('button', { name: 'Join the waiting room' }).click();

    await heading(page, 'Payment');
    await expect(page.getByRole('alert')).toContainText(
      'Your card was not charged: Your card was declined. Please choose another card or add a new one.',
    );
    await expect(page.getByLabel('Coupon code (optional)')).toHaveValue('WELCOME10');
    await expect(page.getByRole('radio', { name: /Visa ending 0002/ })).toBeChecked();
    await fitsPhone(page, 'payment step after a declined card');
    expect(page.url()).not.toContain('Earache');
    // Every earlier answer is still there.
    for (let i = 0; i < 9; i += 1) {
      if (await page.getByLabel('What would you like help with?').isVisible()) break;
      await page.getByRole('link', { name: 'Back' }).click();
    }
    await expect(page.getByLabel('What would you like help with?')).toHaveValue('Earache since Monday');
    // Declined attempts are recorded by the mock's ledger, but nothing was charged: no visit either.
    await expect(page).toHaveURL(/\/intake\//);
    expect(await charges()).toBeGreaterThanOrEqual(chargesBefore);
  });

  test('the payment step works with the keyboard only', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAs(page, 'Casey Morgan');
    await walkToPayment(page, 'Cough at night');

    const tabTo = async (target: Locator) => {
      for (let i = 0; i < 40; i += 1) {
        if (await target.evaluate((el) => el === document.activeElement)) return;
        await page.keyboard.press('Tab');
      }
      throw new Error('could not reach the control with Tab');
    };
    await tabTo(page.getByLabel('Coupon code (optional)'));
    await page.keyboard.type('WELCOME10');
    await tabTo(page.getByRole('button', { name: 'Apply' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('WELCOME10 applied: you pay $44.10.')).toBeVisible();
    await tabTo(page.getByRole('radio', { name: 'Test Visa ending 4242' }));
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: 'Test Mastercard ending 4444' })).toBeChecked();
    await tabTo(page.getByRole('button', { name: 'Save card' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('radio', { name: /Mastercard ending 4444/ })).toBeChecked();
    await tabTo(page.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    await heading(page, 'Consent');
  });
});
