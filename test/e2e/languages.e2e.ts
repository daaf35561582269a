import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, MOCK_ORIGIN, test } from './support/fixtures';
import {
  either,
  PSEUDO_LOADING,
  englishLabelsOn,
  es,
  recordServerData,
  type ServerData,
  untranslatedOn,
  useLanguage,
} from './support/language';
import { signInAs } from './support/sign-in';
import { navigate, sidewaysScroll } from './support/tour';
import { walkWizard, type Answer } from './support/wizard';

/**
 * The portal in Spanish and in the pseudo-locale (issue 28, docs/i18n.md). Spanish: the booking
 * journey, the waiting room, a message thread and the provider's dashboard show none of the portal's
 * own English labels, dates in Spanish, axe clean. Pseudo-locale (accented, longer, right to left):
 * every route at 320 px shows no word the portal forgot to translate, scrolls no way sideways, and
 * is axe clean.
 */

/** A date as the Spanish page writes it: "27 de nov de 2026". */
const SPANISH_DATE = /\d{1,2} de (ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)\w* de \d{4}/;

/** A Spanish page: in Spanish, none of the portal's English labels, no sideways scroll, axe clean. */
let server: ServerData;

async function checkSpanish(page: Page, what: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
  await expect(page.getByText(/^(Loading|Cargando)/)).toHaveCount(0);
  expect(await englishLabelsOn(page, server), `${what}: the portal's English labels`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} fits the screen`).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, `${what} (Spanish)`);
}

/** The demo clinic's steps answered in the Spanish page (labels the portal owns are in Spanish). */
const SPANISH_ANSWERS: Record<string, Answer> = {
  'Reason for visit': async (page) => {
    await page
      .getByLabel(either('What would you like help with?'))
      .fill('Dolor de garganta desde hace tres días');
  },
  'Type of consultation': async (page) => {
    await page.getByRole('radio', { name: /Standard consultation/ }).check();
  },
  'Choose a time': async (page) => {
    await page.getByRole('button', { name: /^Primer horario disponible: / }).click();
    await expect(page.locator('.slot-day-times').getByRole('button', { pressed: true })).toBeVisible();
  },
  'About your symptoms': async (page) => {
    await page.getByLabel(either('When did it start?')).fill('2024-01-15');
    await page.getByRole('radio', { name: either('Moderate') }).check();
    await page.getByLabel(either('Temperature (°F)')).fill('99.5');
  },
  'Medical history': () => Promise.resolve(/^Nada ha cambiado, /),
  Insurance: async (page) => {
    await page.getByRole('radio', { name: es('Continue without insurance (I will pay myself)') }).check();
  },
  Payment: async (page) => {
    // The test card fields of mock mode keep their English names (they exist in test builds only).
    await page.getByRole('radio', { name: 'Test Visa ending 4242' }).check();
    await page.getByRole('button', { name: es('Save card') }).click();
    await expect(page.getByRole('radio', { name: /^(?!Test ).*4242/ })).toBeChecked();
  },
  Consent: async (page) => {
    await page.getByRole('checkbox', { name: either('I have read this and I agree') }).check();
  },
};

test.describe('the portal in Spanish', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a patient books an appointment, waits in the waiting room and writes in a thread; a provider reads the dashboard: all in Spanish', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    server = recordServerData(page, MOCK_ORIGIN);
    await signInAs(page, 'Casey Morgan');
    await useLanguage(page, baseURL ?? '', 'es');

    // The booking journey, every screen checked.
    await page.goto('/patient/rooms/general');
    await expect(page.getByRole('heading', { level: 1, name: 'General practice' })).toBeVisible();
    await checkSpanish(page, 'room');
    await page.getByRole('link', { name: es('Book an appointment') }).click();
    const screens = await walkWizard(page, {
      commit: either('Book my appointment'),
      say: either,
      answers: SPANISH_ANSWERS,
      onScreen: (p, title) => checkSpanish(p, `intake “${title}”`),
    });
    expect(screens.length).toBeGreaterThan(2);
    await page.getByRole('button', { name: either('Book my appointment') }).click();
    // The steps after booking, to the appointment's page.
    for (let step = 0; step < 6 && !/\/patient\/(visits|appointments)\/[^/]+$/.test(page.url()); step++) {
      await checkSpanish(page, `after booking ${step + 1}`);
      const next = page.getByRole('button', { name: /^(Finish|Terminar|Continue|Continuar)$/ });
      const before = page.url();
      await next.first().click();
      await expect(page).not.toHaveURL(before);
    }
    await expect(page).toHaveURL(/\/patient\/(visits|appointments)\/[^/]+$/);
    await checkSpanish(page, 'the booked appointment');
    await expect(page.locator('main')).toContainText(SPANISH_DATE);

    // The waiting room of a walk-in.
    await page.goto('/patient/visits/vis_walkin_waiting');
    await expect(page.getByRole('heading', { level: 1, name: es('Walk-in visit') })).toBeVisible();
    await checkSpanish(page, 'waiting room');
    await expect(page.locator('main')).toContainText(SPANISH_DATE);

    // A message thread: write and send.
    await page.goto('/patient/visits/vis_econsult_open');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await checkSpanish(page, 'thread');
    const box = page.getByRole('textbox', { name: es('Your message') });
    await box.fill('¿Puedo usar una crema mientras tanto?');
    await page.getByRole('button', { name: either('Send') }).click();
    // The message in the thread (the box may still hold the words for a moment while it sends).
    await expect(page.getByRole('article').getByText('¿Puedo usar una crema mientras tanto?')).toBeVisible();
    await expect(box).toHaveValue('');
    await checkSpanish(page, 'thread after sending');
    const stored = (await (await fetch(`${MOCK_ORIGIN}/__mock/stats`)).json()) as {
      data: Record<string, number>;
    };
    expect(stored.data).toBeTruthy();

    // The provider's dashboard.
    await page.context().clearCookies();
    await signInAs(page, 'Dr. Samira Okafor', '/provider');
    await useLanguage(page, baseURL ?? '', 'es');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/provider');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await checkSpanish(page, 'provider dashboard');
  });
});

const PATIENT_ROUTES = [
  '/patient',
  '/patient/account/profile',
  '/patient/visits',
  '/patient/visits/vis_walkin_waiting',
  '/patient/visits/vis_completed',
  '/patient/visits/vis_econsult_open',
  '/patient/visits/vis_econsult_closed',
  '/patient/visits/appointments',
  '/patient/appointments/vis_upcoming',
  '/patient/visits/start',
  '/patient/rooms/general',
  '/patient/documents',
  '/patient/health/record',
  '/patient/health/pharmacies',
  '/patient/health/readings',
  '/patient/account/insurance',
  '/patient/account/cards',
  '/patient/notifications',
  // Last: it starts an intake.
  '/patient/rooms/general/intake?kind=walkin',
];
const PROVIDER_ROUTES = [
  '/provider',
  '/provider/visits',
  '/provider/visits/vis_inprogress',
  '/provider/visits/vis_walkin_waiting',
  '/provider/visits/vis_econsult_open',
  '/provider/patients',
  '/provider/patients/usr_patient',
  '/provider/schedule',
  '/provider/surveys',
  '/provider/insights',
  '/provider/profile',
  '/provider/notifications',
];
const ADMIN_ROUTES = [
  '/admin',
  '/admin/users',
  '/admin/users/usr_patient',
  '/admin/users/usr_patient/insurance',
  '/admin/rooms',
  '/admin/rooms/general',
  '/admin/recordings',
  '/admin/webhooks',
  '/admin/claims',
  '/admin/reference-lists',
];
const SIGNED_OUT_ROUTES = ['/sign-in', '/signed-out?reason=idle', '/auth/invalid', '/not-a-page'];

test.describe('the pseudo-locale tour', () => {
  test.use({ viewport: { width: 320, height: 720 } });

  test('every route at 320 px, right to left: no word left untranslated, no sideways scroll, axe clean', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const server = recordServerData(page, MOCK_ORIGIN);
    const problems: string[] = [];
    const check = async (path: string) => {
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      const { overflow, wide } = await sidewaysScroll(page);
      if (overflow > 0) problems.push(`${path}: scrolls ${overflow} px sideways (${wide.join(', ')})`);
      for (const text of await untranslatedOn(page, server)) problems.push(`${path}: untranslated “${text}”`);
      await expectNoAxeViolations(page, `${path} (pseudo-locale, 320 px)`).catch((error: unknown) => {
        problems.push(
          error instanceof Error ? error.message.split('\n').slice(0, 4).join(' ') : String(error),
        );
      });
    };
    // Signed out: each page loaded afresh. Signed in: moved between as a link would (no reload).
    const load = async (path: string) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await check(path);
    };
    const tour = async (paths: readonly string[]) => {
      for (const path of paths) {
        await navigate(page, path, PSEUDO_LOADING);
        await check(path);
      }
    };

    await useLanguage(page, baseURL ?? '', 'pseudo');
    for (const path of SIGNED_OUT_ROUTES) await load(path);
    // Sign-in through the development page (its own words stay English: developers only).
    await signInAs(page, 'Casey Morgan');
    await tour(PATIENT_ROUTES);
    await page.context().clearCookies();
    await useLanguage(page, baseURL ?? '', 'pseudo');
    await signInAs(page, 'Dr. Samira Okafor', '/provider');
    await tour(PROVIDER_ROUTES);
    await page.context().clearCookies();
    await useLanguage(page, baseURL ?? '', 'pseudo');
    await signInAs(page, 'Morgan Blake');
    await page.goto('/admin');
    // The clinic admin token, asked in place (its form's only field).
    const token = page.locator('main input').first();
    await token.fill('demo-admin-token');
    await token.press('Enter');
    await expect(page.locator('main input')).toHaveCount(0);
    await tour(ADMIN_ROUTES);
    expect(problems).toEqual([]);
  });
});
