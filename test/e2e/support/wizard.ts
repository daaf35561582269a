import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Walks the intake wizard as a patient does, whatever the clinic's flow asks and whatever it
 * already knows (issue 27): on each screen the answer for its title is given, then its button is
 * pressed, until the screen whose button commits. Returns the titles of the screens seen, so a
 * journey can count them.
 */

/** What a screen's answer does; it returns its button's label when that is not "Continue". */
export type Answer = (page: Page) => Promise<string | RegExp | void>;

/** The demo clinic's steps answered plainly: no insurance, the test Visa, the consent ticked. */
export const DEMO_ANSWERS: Record<string, Answer> = {
  'Reason for visit': async (page) => {
    await page.getByLabel('What would you like help with?').fill('Sore throat for three days');
  },
  'Where you are': async (page) => {
    await page.getByLabel('Which state are you in right now?').selectOption('NY');
    await page.getByLabel('Phone number').fill('212 555 0100');
  },
  'Choose a provider': async (page) => {
    await page.getByRole('radio', { name: /First available/ }).check();
  },
  'Type of consultation': async (page) => {
    await page.getByRole('radio').first().check();
  },
  'About your symptoms': async (page) => {
    await page.getByLabel('When did it start?').fill('2024-01-15');
    await page.getByRole('radio', { name: 'Moderate' }).check();
    await page.getByLabel('Temperature (°F)').fill('99.5');
  },
  'Medical history': () => Promise.resolve('Nothing has changed, continue'),
  Insurance: async (page) => {
    await page.getByRole('radio', { name: /Continue without insurance/ }).check();
  },
  Payment: async (page) => {
    const chosen = page.getByRole('radio', { name: /^(?!Test ).*ending \d{4}/, checked: true });
    const addCard = page.getByRole('button', { name: 'Save card' });
    const free = page.getByText(/there is nothing to pay/);
    await expect(chosen.or(addCard).or(free).first()).toBeVisible();
    if (await addCard.count()) {
      await page
        .getByRole('group', { name: /Card details \(test mode/ })
        .getByRole('radio', { name: 'Test Visa ending 4242' })
        .check();
      await addCard.click();
      await expect(page.getByRole('button', { name: /^(Save card|Saving card…)$/ })).toBeHidden();
      await expect(page.getByRole('radio', { name: /^Visa ending 4242/ })).toBeChecked();
    }
  },
  Consent: async (page) => {
    await page.getByRole('checkbox', { name: 'I have read this and I agree' }).check();
  },
};

/** The wizard's screen title once it has settled (not the "Your visit" of a screen on its way). */
async function settledTitle(
  page: Page,
  previous: string | null,
  previousUrl: string,
  say: (english: string) => string | RegExp,
): Promise<string> {
  const heading = page.getByRole('heading', { level: 1 });
  let title = '';
  await expect(async () => {
    // The wizard's own screen (its progress line), not the page that started it while the
    // wizard's code still loads.
    await expect(page.locator('.wizard-progress').first()).toBeVisible({ timeout: 1_000 });
    title = ((await heading.textContent()) ?? '').trim();
    expect(title).not.toMatch(asPattern(say('Your visit')));
    if (previous !== null) expect(page.url() !== previousUrl || title !== previous).toBe(true);
  }).toPass({ timeout: 15_000 });
  return title;
}

export interface WalkOptions {
  /** The committing button's label ("Book my appointment"): the walk stops on its screen. */
  commit: string | RegExp;
  /** Answers by screen title, over the demo ones. */
  answers?: Record<string, Answer>;
  /** Called on every screen once it has settled (an axe scan, a width check). */
  onScreen?: (page: Page, title: string) => Promise<void>;
  /** Stops on the screen with this title, before answering it (a journey about that step). */
  stopAt?: string;
  /** The portal's words in the page's language (English by default): its own buttons and titles. */
  say?: (english: string) => string | RegExp;
}

const asPattern = (label: string | RegExp) =>
  typeof label === 'string' ? new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : label;

export async function walkWizard(
  page: Page,
  { commit, answers = {}, onScreen, stopAt, say = (english) => english }: WalkOptions,
): Promise<string[]> {
  const seen: string[] = [];
  let url = '';
  for (let screen = 0; screen < 20; screen++) {
    // The wizard's own address first: the page that started it may still show its heading.
    await expect(page).toHaveURL(/\/intake(\/|\?|$)/);
    const title = await settledTitle(page, seen.at(-1) ?? null, url, say);
    seen.push(title);
    url = page.url();
    await onScreen?.(page, title);
    if (title === stopAt) return seen;
    const answer = answers[title] ?? DEMO_ANSWERS[title];
    const label = (answer ? await answer(page) : undefined) ?? say('Continue');
    const committing = page.getByRole('button', { name: commit });
    if (await committing.count()) return seen;
    await page.getByRole('button', { name: asPattern(label) }).click();
    await expect(page).not.toHaveURL(url);
  }
  throw new Error(`The wizard did not reach “${commit}” within 20 screens: ${seen.join(' → ')}`);
}
