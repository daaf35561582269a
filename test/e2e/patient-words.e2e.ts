import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/fixtures';
import { signInAs } from './support/sign-in';
import { expectFits, navigate } from './support/tour';

/**
 * Patients read patient words (issue 27): a tour of every patient page fails on the system's own
 * words reaching the screen: IANA zone names, internal ids, room codes, raw addresses and UNIX
 * timestamps. It reads what a person sees and what a screen reader says (visible text, and the
 * labels, titles, placeholders and alternative texts of elements).
 */
const SYSTEM_PATTERNS: readonly [string, RegExp][] = [
  [
    'an IANA time-zone name',
    /\b(America|Europe|Asia|Africa|Australia|Pacific|Atlantic|Indian)\/[A-Z][A-Za-z_]+/,
  ],
  ['an internal id', /\b(usr|vis|int|elig|ntf|fil|grp|ep|card|src|inv|con)_[a-z0-9_]+/i],
  // The seeded rooms' codes (packages/mock/src/seed/rooms.ts) after "room", as the portal once wrote them.
  [
    'a room code',
    /\broom (general|dermatology|pediatrics|quick-care|skin-photos|after-hours|other-clinic|[a-z]+-[a-z-]+)\b/,
  ],
  ['a raw web address', /\bhttps?:\/\/\S+/],
  ['a UNIX timestamp', /\b1[5-9]\d{8}\b/],
];

const PATIENT_PAGES = [
  '/patient',
  '/patient/account/profile',
  '/patient/visits',
  '/patient/visits/vis_walkin_waiting',
  '/patient/visits/vis_inprogress',
  '/patient/visits/vis_completed',
  '/patient/visits/vis_econsult_open',
  '/patient/visits/vis_econsult_closed',
  '/patient/visits/appointments',
  '/patient/appointments/vis_upcoming',
  '/patient/appointments/vis_pending',
  '/patient/visits/start',
  '/patient/rooms/general',
  '/patient/rooms/dermatology',
  '/patient/documents',
  '/patient/health/record',
  '/patient/health/pharmacies',
  '/patient/health/readings',
  '/patient/account/insurance',
  '/patient/account/cards',
  '/patient/notifications',
];

/** What the page says: its visible text and the accessible words of its elements. */
async function pageWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = ['aria-label', 'title', 'placeholder', 'alt', 'aria-description'];
    const labels = [...document.querySelectorAll('*')].flatMap((element) =>
      attributes.map((name) => element.getAttribute(name)).filter((value): value is string => Boolean(value)),
    );
    return [document.title, document.body.innerText, ...labels].join('\n');
  });
}

test('no patient page shows the system’s words (zone names, ids, room codes, addresses, timestamps); each fits 320 px and is axe clean in both themes', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 320, height: 720 });
  await signInAs(page, 'Casey Morgan');
  const found: string[] = [];
  for (const path of PATIENT_PAGES) {
    await navigate(page, path);
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    await expectFits(page, `${path} at 320 px`);
    for (const colorScheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page, `${path} (${colorScheme}, 320 px)`);
    }
    const words = await pageWords(page);
    for (const [what, pattern] of SYSTEM_PATTERNS) {
      for (const line of words.split('\n')) {
        const match = pattern.exec(line);
        if (match) found.push(`${path}: ${what}: "${match[0]}" in "${line.trim().slice(0, 120)}"`);
      }
    }
  }
  expect([...new Set(found)]).toEqual([]);
});
