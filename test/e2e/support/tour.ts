import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Touring pages in browser tests: moving between routes as a link click would, and the check that a
 * page fits its screen without sideways scrolling (used by the 320-px tours of every area, in English
 * and in the pseudo-locale).
 */

/** Words of a page still loading, in English; the pseudo-locale tour passes its own. */
export const LOADING = /Loading|Checking/;

/**
 * An in-app navigation (as a link click would do): no new page load, so memory-only state such as
 * the admin token stays. Waits for the page's heading and for its loading messages to end.
 */
export async function navigate(page: Page, path: string, loading: RegExp = LOADING) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // The page may move on by itself (the wizard goes to its first step), so only the start is checked.
  const pathname = path.split('?')[0]!;
  await expect.poll(() => new URL(page.url()).pathname.startsWith(pathname)).toBe(true);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.skeleton')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: loading })).toHaveCount(0);
}

/**
 * How many pixels the page scrolls sideways (0 when it fits), with the first elements past either
 * edge (either reading direction) to name in a failure.
 */
export async function sidewaysScroll(page: Page): Promise<{ overflow: number; wide: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5);
      })
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className)}`);
    return { overflow: Math.max(0, document.documentElement.scrollWidth - window.innerWidth), wide };
  });
}

/** Fails when the page scrolls sideways, naming the elements past the edge. */
export async function expectFits(page: Page, what: string) {
  const { overflow, wide } = await sidewaysScroll(page);
  expect(overflow, `${what} scrolls sideways: ${wide.join(', ')}`).toBe(0);
}
