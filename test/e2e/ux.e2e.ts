import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { signInAs } from './support/sign-in';
import { expectFits, navigate } from './support/tour';

/**
 * The design system in the browser: the main patient screens are axe clean in the light and the
 * dark theme, the header stays small on phones and at 200 % zoom, and the phone menu keeps and
 * returns focus. That every route of each area fits 320 px is the pseudo-locale tour's to prove
 * (languages.e2e.ts: its text is a third longer, so a page that fits there fits in English), with
 * patient-words.e2e.ts at 320 px in English.
 */

/** The main patient screens scanned in both themes. */
const THEMED_ROUTES = [
  '/patient',
  '/patient/rooms/general',
  '/patient/rooms/general/intake?kind=walkin',
  '/patient/visits/vis_walkin_waiting',
  '/patient/visits/vis_econsult_open',
  '/patient/visits/appointments',
  '/patient/documents',
  '/patient/account/profile',
];

/** The development sign-in hands over the admin token; should the page ask for it, it is given here. */
async function useAdminToken(page: Page) {
  const field = page.getByLabel(/Clinic admin API token/);
  await expect(page.getByRole('table').first().or(field)).toBeVisible();
  if (await field.isVisible()) {
    await field.fill('demo-admin-token');
    await page.getByRole('button', { name: 'Use this token' }).click();
  }
  await expect(page.getByRole('table').first()).toBeVisible();
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the main patient screens are axe clean in the ${colorScheme} theme`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme });
    await signInAs(page, 'Casey Morgan');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of THEMED_ROUTES) {
        await navigate(page, path);
        await expectNoAxeViolations(page, `${path} (${colorScheme}, ${width} px)`);
      }
    }
    // The theme really is the one asked for: the page background follows the system setting.
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const lightness = background.match(/\d+/g)!.slice(0, 3).map(Number);
    if (colorScheme === 'dark') expect(Math.max(...lightness)).toBeLessThan(60);
    else expect(Math.min(...lightness)).toBeGreaterThan(200);
  });
}

test('the phone menu takes focus, keeps it, closes on Escape and hands focus back', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, 'Casey Morgan');
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();

  // Shift+Tab from the first item reaches the menu button, and once more wraps to the last item.
  await page.keyboard.press('Shift+Tab');
  await expect(menuButton).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  // The last item is the language switcher's last language, after "Sign out".
  await expect(
    page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }),
  ).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  // Tab from the last item wraps to the menu button; focus never leaves the menu.
  await page.keyboard.press('Tab');
  await expect(menuButton).toBeFocused();
  for (let i = 0; i < 20; i += 1) {
    await page.keyboard.press('Tab');
    const inside = await page.evaluate(() => {
      const active = document.activeElement;
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Menu');
      const panel = button ? document.getElementById(button.getAttribute('aria-controls') ?? '') : null;
      return active === button || Boolean(panel?.contains(active));
    });
    expect(inside, `Tab ${i + 1} left the open menu`).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(menuButton).toBeFocused();
  await expect(nav).toBeHidden();
  await expectNoAxeViolations(page, 'patient home with the menu closed (phone)');
});

test('the header names Notifications once and stays small on phones and at 200 % zoom', async ({ page }) => {
  await signInAs(page, 'Casey Morgan');
  const header = page.getByRole('banner');
  // One way to the notifications: the badge link, with its count.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(header.getByRole('link', { name: /^Notifications/ })).toHaveCount(1);
  await expect(header.getByText('Notifications', { exact: true })).toHaveCount(1);

  // 320 px: brand, badge and menu button in one row of at most two text lines.
  await page.setViewportSize({ width: 320, height: 640 });
  const phone = (await header.boundingBox())!;
  expect(phone.height, 'header height at 320 px').toBeLessThanOrEqual(2 * 56);
  const tops = await header.evaluate((el) =>
    [...el.querySelectorAll('.brand, .notification-badge, .menu-toggle')].map((c) =>
      Math.round(c.getBoundingClientRect().top),
    ),
  );
  expect(new Set(tops.map((t) => Math.round(t / 40))).size, 'rows of the phone header').toBeLessThanOrEqual(
    2,
  );

  // 200 % zoom of a 1280 x 800 screen: 640 x 400 CSS px. The header keeps well under a third.
  await page.setViewportSize({ width: 640, height: 400 });
  const zoomed = (await header.boundingBox())!;
  expect(zoomed.height, 'header height at 200 % zoom (of 400 CSS px)').toBeLessThanOrEqual(80);
});

test('at 320 px the clinic’s name keeps its words whole, and the menu leads to a destination’s own links', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await signInAs(page, 'Casey Morgan');
  const title = page.locator('.brand-title');
  await expect(title).toHaveText('Harborview Virtual Care');
  // No word of the name is cut in two ("Harb / orview"): each one sits on a single line.
  const cut = await title.evaluate((el) => {
    const text = el.firstChild;
    if (!text?.textContent) return ['(no text)'];
    return [...text.textContent.matchAll(/\S+/g)]
      .filter((word) => {
        const range = document.createRange();
        range.setStart(text, word.index ?? 0);
        range.setEnd(text, (word.index ?? 0) + word[0].length);
        return range.getClientRects().length > 1;
      })
      .map((word) => word[0]);
  });
  expect(cut).toEqual([]);
  await expectFits(page, 'patient home');

  const menuButton = page.getByRole('button', { name: 'Menu' });
  await menuButton.click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Visits', 'Health', 'Documents', 'Account']);
  await nav.getByRole('link', { name: 'Health' }).click();
  await expect(nav).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Health record' })).toBeVisible();
  const health = page.getByRole('navigation', { name: 'Health' });
  await expect(health.getByRole('link', { name: 'Health record' })).toHaveAttribute('aria-current', 'page');
  await health.getByRole('link', { name: 'Health readings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Health readings' })).toBeVisible();
  await expect(health.getByRole('link', { name: 'Health readings' })).toHaveAttribute('aria-current', 'page');
  await expect(health.getByRole('link', { name: 'Health record' })).not.toHaveAttribute('aria-current');
  await expectFits(page, 'health readings');
  await menuButton.click();
  await expect(nav.getByRole('link', { name: 'Health' })).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Escape');
  await expect(menuButton).toBeFocused();
  await expectNoAxeViolations(page, 'health readings with its section links (phone)');

  // A bookmark of an old address opens the page at its new one, query and fragment kept.
  await page.goto('/patient/payments?x=1#y');
  await expect(page.getByRole('heading', { level: 1, name: 'Saved cards' })).toBeVisible();
  const url = new URL(page.url());
  expect(`${url.pathname}${url.search}${url.hash}`).toBe('/patient/account/cards?x=1#y');
});

test('phone layouts: the users table keeps dates readable and a short thread is a short box', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, 'Casey Morgan');
  await navigate(page, '/patient/visits/vis_econsult_open');
  const thread = page.locator('.thread-scroll');
  await expect(thread).toBeVisible();
  const fill = await thread.evaluate((el) => {
    const list = el.firstElementChild as HTMLElement | null;
    return { box: el.getBoundingClientRect().height, content: list?.getBoundingClientRect().height ?? 0 };
  });
  // The box is no taller than its messages need (or the cap, when the thread is long).
  expect(fill.box - Math.min(fill.content, fill.box)).toBeLessThanOrEqual(100);
});

test('at 375 px the admin users table puts each date on one or two lines', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, 'Morgan Blake');
  await navigate(page, '/admin/users');
  await useAdminToken(page);
  const heights = await page
    .locator('td[data-label="Last sign-in"]')
    .evaluateAll((cells) =>
      cells.map((c) => c.getBoundingClientRect().height / parseFloat(getComputedStyle(c).lineHeight)),
    );
  expect(heights.length).toBeGreaterThan(0);
  for (const lines of heights) expect(lines).toBeLessThan(2.6);
});
