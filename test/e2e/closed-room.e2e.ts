import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { signInAs } from './support/sign-in';

/** Starting a visit in the closed after-hours room says so first (issue 18). */
test('the closed room says it is closed and that an e-consult is answered later, before the first step', async ({
  page,
  guard,
}) => {
  await signInAs(page, 'Casey Morgan');
  await page.goto('/patient/rooms/after-hours');
  await expect(page.getByText(/a clinician answers in writing when the room opens/)).toBeVisible();
  await page.getByRole('link', { name: 'Start an e-consult' }).click();
  const note = page.getByRole('note', { name: 'This room is closed right now' });
  await expect(note).toContainText('answers in writing when the room opens');
  await expect(note).toContainText('not right away');
  await expect(page.getByRole('heading', { level: 1, name: 'Reason for visit' })).toBeVisible();
  await expectNoAxeViolations(page, 'closed room, first step');
  // The room's hostile closing message: DOMPurify parses it in an inert document and Chromium
  // blocks its inline handler at parse time (see visits.e2e.ts); only such reports are accepted.
  await guard.flush();
  expect(guard.take('xss')).toEqual([]);
  expect(guard.take('csp').every((p) => p.message.startsWith('enforce violation of script-src-attr'))).toBe(
    true,
  );
  const logs = guard.take('console');
  expect(logs.every((p) => p.message.startsWith('Executing inline event handler violates'))).toBe(true);
});
