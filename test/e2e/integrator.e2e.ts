import { ssoLink } from '../../examples/sso-link';
import { expect, expectNoAxeViolations, MOCK_ORIGIN, test } from './support/fixtures';

/**
 * The integrator's SSO example (issue 30, examples/sso-link.ts) end to end: a partner's server
 * creates a patient through the typed client's `ssoUser` with the clinic's key and secret, builds
 * the one-time `/auth` link, and the patient lands in Chromium, signed in, on the page `next` names.
 */
test('a patient created through SSO by an integrator lands with the link on the page it names, once', async ({
  page,
  baseURL,
  newGuardedContext,
}) => {
  const { link } = await ssoLink({
    apiBaseUrl: `${MOCK_ORIGIN}/api_v3`,
    accountCode: 'demo',
    apiKey: 'demo-api-key',
    apiSecret: 'demo-api-secret',
    portalUrl: baseURL ?? '',
    code: `partner-${Math.random().toString(36).slice(2)}`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    next: '/patient/visits/start',
  });
  await page.goto(link);
  // A patient new to the portal accepts the terms first, then goes where the link said.
  await page.getByRole('button', { name: 'I accept the terms' }).click();
  await expect(page).toHaveURL(/\/patient\/visits\/start$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(page.url()).not.toContain('sso_token');
  await expectNoAxeViolations(page, 'landing from an integrator’s link');

  // The link is one-time: opened again elsewhere, it signs no one in.
  const other = await (await newGuardedContext()).newPage();
  await other.goto(link);
  await expect(
    other.getByRole('heading', { level: 1, name: 'This sign-in link is invalid or has expired' }),
  ).toBeVisible();
  await expect(other.locator('body')).not.toContainText('Ada');
});
