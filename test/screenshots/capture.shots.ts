import type { Page } from '@playwright/test';
import { expect, test } from '../e2e/support/fixtures';
import { signInAs } from '../e2e/support/sign-in';

/** Screens a newcomer should see without running the portal, and where each one lives. */
const SCREENS: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'patient-home',
    path: '/patient',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
      await expect(page.getByRole('region', { name: 'See a provider now' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
    },
  },
  {
    name: 'wizard',
    path: '/patient/rooms/general/intake?kind=walkin',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: /Continue|Next/ }).first()).toBeVisible();
    },
  },
  {
    name: 'waiting-room',
    path: '/patient/visits/vis_walkin_waiting',
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'You are in the waiting room' })).toBeVisible();
      await expect(page.getByText(/ahead of you|next in line|in line/).first()).toBeVisible();
    },
  },
  {
    name: 'thread',
    path: '/patient/visits/vis_econsult_open',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('textbox').first()).toBeAttached();
      // The thread itself, not the visit's facts above it.
      await page.getByRole('heading', { name: 'Messages' }).scrollIntoViewIfNeeded();
      await page.evaluate(() => {
        const heading = [...document.querySelectorAll('h2')].find((h) => h.textContent === 'Messages');
        heading?.scrollIntoView({ block: 'start' });
      });
    },
  },
  {
    name: 'documents',
    path: '/patient/documents',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
    },
  },
];

const WIDTHS = [
  { label: '375', width: 375, height: 812 },
  { label: '1280', width: 1280, height: 800 },
] as const;
const THEMES = ['light', 'dark'] as const;

for (const size of WIDTHS) {
  for (const theme of THEMES) {
    test(`screens at ${size.label} px, ${theme}`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await signInAs(page, 'Casey Morgan');
      for (const screen of SCREENS) {
        // In-app navigation, as a link would do: one page load per run keeps the session's tokens put.
        await page.evaluate((to) => {
          window.history.pushState({}, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, screen.path);
        await screen.ready(page);
        // Let images (avatars, logo) settle; the viewport only, so the files stay small.
        await page.waitForLoadState('networkidle');
        await page.screenshot({
          path: `docs/screenshots/${screen.name}-${size.label}-${theme}.png`,
          animations: 'disabled',
          caret: 'hide',
        });
      }
    });
  }
}
