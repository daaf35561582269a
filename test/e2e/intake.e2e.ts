import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, MOCK_ORIGIN, test } from './support/fixtures';
import { addBothPhotos, checkTwiceAndMeet429, enterPrimaryCardByKeyboard } from './support/insurance';
import { endSeededWalkin } from './support/queue';
import { signInAs } from './support/sign-in';
import { chooseFirstAvailable } from './support/steps';
import { walkWizard, type Answer } from './support/wizard';

/**
 * The intake wizard journeys (issue 4): the demo patient walks the demo clinic's long flow from
 * room choice to the waiting room, reloading mid-wizard and in the waiting room; and an e-consult
 * in the skin clinic ends on the visit page. Every page is scanned by axe at phone width.
 */

interface Stats {
  intakes: number;
  visits: number;
}

async function mockStats(): Promise<Stats> {
  const response = await fetch(`${MOCK_ORIGIN}/__mock/stats`);
  const body = (await response.json()) as { data: Stats };
  return body.data;
}

/** Everything the page's origin keeps in localStorage and sessionStorage, as one text to search. */
function storedText(page: Page): Promise<string> {
  return page.evaluate(() =>
    [localStorage, sessionStorage]
      .flatMap((area) => Object.keys(area).map((key) => `${key}=${area.getItem(key) ?? ''}`))
      .join('\n'),
  );
}

async function expectStep(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectNoAxeViolations(page, `intake step “${title}”`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `“${title}” fits a phone screen`).toBeLessThanOrEqual(0);
}

async function pass(page: Page, label = 'Continue') {
  const before = page.url();
  await page.getByRole('button', { name: label }).click();
  await expect(page).not.toHaveURL(before);
}

async function skipNote(page: Page, title: string) {
  await expectStep(page, title);
  await expect(page.getByRole('note', { name: 'Step skipped' })).toBeVisible();
  await pass(page);
}

/** Axe, and no sideways scroll at phone width, on every screen of a walk. */
/** Each screen at 320 px: no sideways scroll, axe clean in the dark and the light theme. */
async function checkScreen(page: Page, title: string) {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 720 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `“${title}” fits 320 px`).toBeLessThanOrEqual(0);
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page, `intake step “${title}” (${colorScheme}, 320 px)`);
  }
  if (viewport) await page.setViewportSize(viewport);
}

/** The answers of this journey over the demo ones: a reload mid-way, and insurance with a card. */
function journeyAnswers(reason: string, insurance: 'card' | 'self-pay'): Record<string, Answer> {
  return {
    'Reason for visit': async (page) => {
      await page.getByLabel('What would you like help with?').fill(reason);
    },
    'Type of consultation': async (page) => {
      await page.getByRole('radio', { name: /Standard consultation/ }).check();
    },
    'Choose a time': async (page) => {
      await chooseFirstAvailable(page);
    },
    'About your symptoms': async (page) => {
      await page.getByLabel('When did it start?').fill('2024-01-15');
      await page.getByRole('radio', { name: 'Moderate' }).check();
      await page.getByLabel('Temperature (°F)').fill('120');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByText('“Temperature (°F)” must be at most 110.')).toBeVisible();
      await page.getByLabel('Temperature (°F)').fill('99.5');
    },
    Insurance: async (page) => {
      if (insurance === 'card') {
        await enterPrimaryCardByKeyboard(page);
        await addBothPhotos(page);
        await checkTwiceAndMeet429(page);
        await expectNoAxeViolations(page, 'insurance step with a card');
        await page.getByRole('radio', { name: 'Use my insurance cards on file' }).check();
      } else {
        await page.getByRole('radio', { name: /Continue without insurance/ }).check();
      }
    },
  };
}

/** The post-intake steps of the demo clinic, to the visit page. */
async function postIntakeSteps(page: Page) {
  await expectStep(page, 'Preferred pharmacy');
  await pass(page);
  await expectStep(page, 'One quick question');
  await page.getByLabel('How did you hear about us?').selectOption('search');
  await pass(page);
  await skipNote(page, 'Home health questionnaire');
  // Another step code the portal does not know, and the last one: skipped with a note too.
  await expectStep(page, 'A few more questions');
  await expect(page.getByRole('note', { name: 'Step skipped' })).toBeVisible();
  await pass(page, 'Finish');
}

test.describe('intake wizard', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a first booking asks what is not on file; then a walk-in takes at most 4 screens and an appointment at most 5', async ({
    page,
    guard,
  }) => {
    // Three journeys, a reload on the way and an axe scan per screen: a long budget.
    test.setTimeout(240_000);
    // The second coverage check is refused with 429 on purpose; Chromium logs the status.
    guard.allowConsoleError(/status of 429/);
    await endSeededWalkin();
    await signInAs(page, 'Casey Morgan');
    const before = await mockStats();

    // 1. The first appointment in general practice: insurance and a card are not on file yet.
    await page.goto('/patient/visits/start');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, 'rooms list');
    await page.getByRole('link', { name: 'General practice' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'General practice' })).toBeVisible();
    await expectNoAxeViolations(page, 'room general');
    await page.getByRole('link', { name: 'Book an appointment' }).click();
    const reason = 'Sore throat for three days';
    const answers = journeyAnswers(reason, 'card');
    const first = await walkWizard(page, {
      commit: 'Book my appointment',
      onScreen: checkScreen,
      answers: {
        ...answers,
        'About your symptoms': async (p) => {
          // A reload mid-way: the same screen, and what was saved came back from the server, not storage (D33).
          const url = p.url();
          await p.reload();
          await expect(p.getByRole('heading', { level: 1, name: 'About your symptoms' })).toBeVisible();
          expect(p.url()).toBe(url);
          expect(await storedText(p)).not.toContain(reason);
          await answers['About your symptoms']!(p);
        },
      },
    });
    console.log(`screens to book, nothing on file: ${first.length} (${first.join(' → ')})`);
    // The review confirms what was known (where Casey is, from the profile) with a way to change it.
    const review = page.getByRole('region', { name: 'Check your answers' });
    await expect(review).toContainText('New York');
    await expect(review.getByRole('link', { name: 'Change where you are' })).toBeVisible();
    await pass(page, 'Book my appointment');
    await postIntakeSteps(page);
    await expect(page).toHaveURL(/\/patient\/visits\/[^/]+$/);

    // 2. Returning, everything on file: a walk-in in at most 4 screens.
    await page.goto('/patient/rooms/general');
    await page.getByRole('link', { name: 'Start a walk-in visit' }).click();
    const walkin = await walkWizard(page, {
      commit: 'Join the waiting room',
      onScreen: checkScreen,
      answers,
    });
    expect(walkin, walkin.join(' → ')).toEqual([
      'Reason for visit',
      'Type of consultation',
      'About your symptoms',
      'Consent',
    ]);
    await expect(page.getByRole('region', { name: 'Check your answers' })).toContainText('Visa ending 4242');
    await pass(page, 'Join the waiting room');
    await expect(page.getByText(/Your visit is set up/)).toBeVisible();
    await postIntakeSteps(page);

    // The waiting room, and again after a reload: the same visit, never a new one.
    await expect(page).toHaveURL(/\/patient\/visits\/[^/]+$/);
    const visitUrl = page.url();
    await expect(page.getByRole('heading', { level: 1, name: 'Walk-in visit' })).toBeVisible();
    await expectNoAxeViolations(page, 'waiting room');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Walk-in visit' })).toBeVisible();
    expect(page.url()).toBe(visitUrl);

    // 3. Returning: an appointment in at most 5 screens (the provider is the one seen last time).
    await page.goto('/patient/rooms/general');
    await page.getByRole('link', { name: 'Book an appointment' }).click();
    const booking = await walkWizard(page, { commit: 'Book my appointment', answers });
    expect(booking.length, booking.join(' → ')).toBeLessThanOrEqual(5);
    await pass(page, 'Book my appointment');
    await expectStep(page, 'Preferred pharmacy');

    const after = await mockStats();
    expect(after.intakes - before.intakes).toBe(3);
    expect(after.visits - before.visits).toBe(3);
  });

  test('an e-consult in the skin clinic ends on the visit page', async ({ page }) => {
    test.setTimeout(180_000);
    await signInAs(page, 'Casey Morgan');
    const before = await mockStats();

    await page.goto('/patient/rooms/dermatology');
    await expect(page.getByRole('heading', { level: 1, name: 'Skin clinic (e-consult)' })).toBeVisible();
    await expectNoAxeViolations(page, 'room dermatology');
    await page.getByRole('link', { name: 'Start an e-consult' }).click();
    await expect(page.getByText(/E-consult · Skin clinic \(e-consult\) · Step 1 of/)).toBeVisible();

    const screens = await walkWizard(page, {
      commit: 'Send my e-consult',
      onScreen: checkScreen,
      answers: {
        ...journeyAnswers('Itchy patch on my forearm', 'self-pay'),
        // Photos are asked for an e-consult.
        'Photos and documents': async (p) => {
          await p.getByLabel('Add photos or documents').setInputFiles({
            name: 'sample-photo.png',
            mimeType: 'image/png',
            buffer: Buffer.from(
              '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1f2b6b50000000049454e44ae426082',
              'hex',
            ),
          });
          await expect(p.getByText('sample-photo.png uploaded.')).toBeAttached();
        },
      },
    });
    expect(screens).toContain('Photos and documents');
    await pass(page, 'Send my e-consult');

    await expectStep(page, 'Preferred pharmacy');
    await expect(page.getByText(/Your e-consult has been sent/)).toBeVisible();
    await page.getByRole('link', { name: 'Skip to your visit' }).click();

    await expect(page).toHaveURL(/\/patient\/visits\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'E-consult' })).toBeVisible();
    await expectNoAxeViolations(page, 'e-consult visit page');

    const after = await mockStats();
    expect(after.intakes - before.intakes).toBe(1);
    expect(after.visits - before.visits).toBe(1);
  });

  test('D35: signed out for inactivity mid-wizard, the patient signs in again and finds the saved answers, with nothing left in storage', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.clock.install();
    await endSeededWalkin();
    await signInAs(page, 'Casey Morgan');
    await page.goto('/patient/rooms/general/intake?kind=walkin');
    await expectStep(page, 'Reason for visit');
    const canary = 'CANARY-D35 rash on both ankles';
    await page.getByLabel('What would you like help with?').fill(canary);
    await pass(page);
    // Where Casey is comes from the profile: the consultation is the next question.
    await expectStep(page, 'Type of consultation');
    const wizardUrl = page.url();
    expect(wizardUrl).toMatch(/\/intake\/consultation\?intake=/);
    // Chosen, not saved.
    await page.getByRole('radio', { name: /Quick consultation/ }).check();

    await page.clock.fastForward('13:00');
    const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Anything typed but not yet saved will be cleared.');
    await expectNoAxeViolations(page, 'inactivity warning in the wizard');
    await page.clock.fastForward('02:30');
    await expect(page.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();

    const stored = await storedText(page);
    expect(stored).not.toContain('CANARY');
    expect(stored).not.toContain('0199');
    await expect(page.locator('body')).not.toContainText('CANARY');

    await expect(page.getByText(/pick up where you left off/)).toBeVisible();
    await page.getByRole('link', { name: 'Sign in again' }).click();
    await page.getByRole('link', { name: 'Development sign-in (mock personas)' }).click();
    await page.getByRole('button', { name: 'Sign in as Casey Morgan' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Type of consultation' })).toBeVisible();
    expect(page.url()).toBe(wizardUrl);
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reason for visit' })).toBeVisible();
    await expect(page.getByLabel('What would you like help with?')).toHaveValue(canary);
  });
});
