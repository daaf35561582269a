import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { signInAs } from './support/sign-in';

/**
 * The walk-in queue (issue 18): a patient already waiting in a room is led back to that place
 * instead of starting a second walk-in, sees the photo sent with the intake, and can leave the
 * queue after a confirmation; then a new walk-in may start.
 */
test.describe('waiting room', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a second walk-in leads back to the place in line, where the patient can leave the queue', async ({
    page,
    guard,
  }) => {
    await signInAs(page, 'Casey Morgan');
    await page.goto('/patient/rooms/general');
    await page.getByRole('link', { name: 'Start a walk-in visit' }).click();
    await expect(page.getByRole('heading', { name: 'You are already waiting in line' })).toBeVisible();
    await expectNoAxeViolations(page, 'already waiting');
    await page.getByRole('link', { name: 'Go back to your place in line' }).click();
    await expect(page).toHaveURL(/\/patient\/visits\/vis_walkin_waiting$/);
    await expect(page.getByRole('heading', { name: 'You are in the waiting room' })).toBeVisible();
    // The photo sent with the intake is on the visit page.
    const photos = page.getByRole('region', { name: 'Photos and documents' });
    await expect(photos.getByRole('button', { name: 'Photo of my eyes' })).toBeVisible();
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      photos.getByRole('button', { name: 'Photo of my eyes' }).click(),
    ]);
    await expect(tab).toHaveURL(/^blob:/);
    expect(await tab.evaluate(() => window.opener === null)).toBe(true);
    await expect
      .poll(() => tab.evaluate(() => document.querySelector('img')?.naturalWidth ?? 0))
      .toBeGreaterThan(0);
    await tab.close();
    // The image tab keeps the portal's CSP (a blob inherits it), which refuses the inline styles
    // of Chromium's own image viewer: the picture shows, unstyled. Only such reports are accepted.
    await guard.flush();
    expect(guard.take('csp').every((p) => p.message.startsWith('enforce violation of style-src-attr'))).toBe(
      true,
    );
    const logs = guard.take('console');
    expect(logs.every((p) => p.message.startsWith('Applying inline style violates'))).toBe(true);

    await page.getByRole('button', { name: 'Leave the waiting room' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave the waiting room?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'leave the waiting room dialog');
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await expect(page.getByText(/You left the waiting room/)).toBeVisible();
    await page.reload();
    await expect(page.getByText(/You left the waiting room/)).toBeVisible();
    await expectNoAxeViolations(page, 'visit left');

    // Out of the line, a new walk-in starts.
    await page.getByRole('link', { name: 'start a new visit' }).click();
    await page.getByRole('link', { name: 'General practice' }).click();
    await page.getByRole('link', { name: 'Start a walk-in visit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reason for visit' })).toBeVisible();
  });
});
