import { expect, expectNoAxeViolations, test } from './support/fixtures';

test('a developer signs in as the demo patient and sees their name and the clinic', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, 'sign-in');

  await page.getByRole('link', { name: 'Development sign-in (mock personas)' }).click();
  await expect(page.getByRole('button', { name: 'Sign in as Casey Morgan' })).toBeVisible();
  await expectNoAxeViolations(page, 'development sign-in');

  await page.getByRole('button', { name: 'Sign in as Casey Morgan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Casey' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Harborview Virtual Care');
  await expect(page).toHaveURL(/\/patient$/);
  await expect(page).toHaveTitle(/Harborview Virtual Care/);
  await expectNoAxeViolations(page, 'patient home');

  // Tokens live in sessionStorage only, never localStorage.
  const local = await page.evaluate(() => Object.keys(window.localStorage));
  expect(local).toEqual([]);
});

test('the provider lands on the dashboard and the layout works at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/dev/sign-in');
  await page.getByRole('button', { name: 'Sign in as Dr. Samira Okafor' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }),
  ).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, 'provider dashboard (phone)');
});

test('an unknown address shows a not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  await expectNoAxeViolations(page, 'not found');
});

test('the accessibility scan fails on a real violation, in the whole page and in a part of it', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, 'sign-in before the probe');
  // A probe: a text field without any label, and grey text on white (about 1.6:1).
  await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.className = 'axe-probe';
    const input = document.createElement('input');
    input.type = 'text';
    const faint = document.createElement('p');
    faint.textContent = 'Faint words';
    faint.style.cssText = 'color:#ccc;background:#fff';
    probe.append(input, faint);
    document.body.append(probe);
  });
  const failure = await expectNoAxeViolations(page, 'the probe').then(
    () => '',
    (error: Error) => error.message,
  );
  expect(failure).toContain('label');
  expect(failure).toContain('color-contrast');
  await expect(
    expectNoAxeViolations(page, { include: '.axe-probe', disableRules: ['color-contrast'] }),
  ).rejects.toThrow(/label/);
  await expectNoAxeViolations(page, { exclude: '.axe-probe', label: 'the page without the probe' });
});
