import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Signs in as a persona through the development sign-in page, as a developer would. */
export async function signInAs(page: Page, label: string, returnTo?: string): Promise<void> {
  await page.goto(returnTo ? `/dev/sign-in?returnTo=${encodeURIComponent(returnTo)}` : '/dev/sign-in');
  await page.getByRole('button', { name: `Sign in as ${label}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Development sign-in');
}
