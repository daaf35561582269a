import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Signs in as a persona through the development sign-in page, as a developer would, and returns
 * once the SSO landing (`/auth`) has finished: the page has left both the development page and
 * the landing and shows its own heading. Navigating before that would race the token exchange.
 */
export async function signInAs(page: Page, label: string, returnTo?: string): Promise<void> {
  await page.goto(returnTo ? `/dev/sign-in?returnTo=${encodeURIComponent(returnTo)}` : '/dev/sign-in');
  await page.getByRole('button', { name: `Sign in as ${label}` }).click();
  await expect(page).not.toHaveURL(/\/(dev\/sign-in|auth)(\?|$)/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  await expect(heading).not.toHaveText(/^(Development sign-in|Signing you in)$/);
}
