import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Insurance steps shared by the insurance journeys and the demo intake journey (issue 13). */

/** A tiny valid PNG (1×1), for the card photos. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Presses Tab until the focused element's label matches: keyboard only, no clicks. */
export async function tabTo(page: Page, name: RegExp, max = 60) {
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
