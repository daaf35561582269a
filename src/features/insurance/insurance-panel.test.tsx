import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { db } from '@telehealth/mock/db';
import { server } from '@telehealth/mock/node';
import { renderRoute } from '~test/render';
import { serveWithoutExtensions } from '~test/server-extensions';
import { SEED_USERS, seedQueuePatient } from '@telehealth/mock/seed/ids';

// jsdom has no layout: give the virtualised list a box so it renders rows.
const stubbed = ['clientHeight', 'clientWidth', 'offsetHeight', 'offsetWidth'] as const;
const descriptors = Object.fromEntries(
  stubbed.map((k) => [k, Object.getOwnPropertyDescriptor(HTMLElement.prototype, k)]),
);
beforeEach(() => {
  for (const key of stubbed)
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => 320 });
});
afterEach(() => {
  for (const key of stubbed) {
    const d = descriptors[key];
    if (d) Object.defineProperty(HTMLElement.prototype, key, d);
  }
  vi.useRealTimers();
});

const PAGE = paths.patient.insurance();
const api = (path: string) => `*/api_v3${path}`;

async function openAddPrimary() {
  const view = renderRoute(PAGE, { as: 'demo-patient' });
  await view.user.click(await screen.findByRole('button', { name: 'Add primary card' }));
  return view;
}

/** Chooses an insurer by keyboard only: type, arrow down, Enter. */
async function chooseInsurer(user: ReturnType<typeof renderRoute>['user'], text: string) {
  const box = screen.getByRole('combobox', { name: /insurer or carrier/i });
  await user.click(box);
  await user.clear(box);
  await user.type(box, text);
  await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(0));
  await user.keyboard('{ArrowDown}{Enter}');
  return box;
}

const field = (name: RegExp | string) => screen.getByRole('textbox', { name });

describe('insurance page', () => {
  it('says why each field is wrong, in the patient’s words, and sends nothing', async () => {
    let posts = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && request.url.includes('/insurances/')) posts += 1;
    });
    const { user } = await openAddPrimary();
    await user.type(field(/member id/i), 'a!');
    await user.type(field(/group number/i), 'G 1');
    await user.selectOptions(screen.getByRole('combobox', { name: /who holds/i }), 'parent');
    await user.type(field(/^middle name/i), 'x'.repeat(101));
    fireEvent.change(screen.getByLabelText(/date of birth/i), { target: { value: '2999-01-01' } });
    await user.type(field(/street address/i), 'y'.repeat(201));
    await user.type(field(/apartment/i), 'z'.repeat(201));
    await user.type(field(/^city/i), 'c'.repeat(101));
    await user.type(field(/^state/i), 'XX');
    await user.type(field(/zip code/i), '1234');
    await user.click(screen.getByRole('button', { name: 'Save primary card' }));

    expect(screen.getByRole('combobox', { name: /insurer or carrier/i })).toHaveAccessibleDescription(
      /choose your insurer or carrier from the list/i,
    );
    expect(field(/member id/i)).toHaveAccessibleDescription(/3 to 40 letters, digits or hyphens/);
    expect(field(/group number/i)).toHaveAccessibleDescription(/only letters, digits and hyphens/);
    expect(field(/^first name/i)).toHaveAccessibleDescription(/first name of the person who holds/);
    expect(field(/^last name/i)).toHaveAccessibleDescription(/last name of the person who holds/);
    expect(field(/^middle name/i)).toHaveAccessibleDescription(/at most 100 characters/);
    expect(screen.getByLabelText(/date of birth/i)).toHaveAccessibleDescription(/cannot be in the future/);
    expect(field(/street address/i)).toHaveAccessibleDescription(/at most 200 characters/);
    expect(field(/apartment/i)).toHaveAccessibleDescription(/at most 200 characters/);
    expect(field(/^city/i)).toHaveAccessibleDescription(/at most 100 characters/);
    expect(field(/^state/i)).toHaveAccessibleDescription(/two-letter state code/);
    expect(field(/zip code/i)).toHaveAccessibleDescription(/5-digit ZIP code/);
    expect(screen.getByRole('checkbox', { name: /clinic may use this card/i })).toHaveAccessibleDescription(
      /tick the box/i,
    );
    // Nothing typed is lost.
    expect(field(/group number/i)).toHaveValue('G 1');
    expect(posts).toBe(0);
    server.events.removeAllListeners();
  });

  it('refuses a date of birth that does not exist', async () => {
    const { user } = await openAddPrimary();
    // A date input holds only valid dates; the schema is checked directly for impossible ones.
    const { CardFormSchema, cardDefaults } = await import('./card-form-schema');
    const result = CardFormSchema.safeParse({ ...cardDefaults(null), guarantor_dob: '1990-02-30' });
    expect(result.error?.issues.find((i) => i.path[0] === 'guarantor_dob')?.message).toMatch(
      /does not exist/,
    );
    expect(screen.getByRole('button', { name: 'Save primary card' })).toBeEnabled();
    void user;
  });

  it('adds a primary card by keyboard only and stores the chosen code', async () => {
    const { user } = await openAddPrimary();
    const box = await chooseInsurer(user, 'INS0003');
    expect((box as HTMLInputElement).value).toMatch(/ 3$/);
    await user.tab();
    await user.keyboard('XHM-55501');
    await user.type(field(/zip code/i), '11201');
    await user.type(field(/^state/i), 'ny');
    await user.click(screen.getByRole('checkbox', { name: /clinic may use this card/i }));
    await user.click(screen.getByRole('button', { name: 'Save primary card' }));
    await screen.findByText('Primary insurance saved.');
    expect(db.insuranceCards.get(`${SEED_USERS.patient}:primary`)).toMatchObject({
      insurer_code: 'INS0003',
      subscriber_number: 'XHM-55501',
      guarantor_state: 'NY',
      guarantor_zip: '11201',
      consent: true,
      responsible_party: 'self',
    });
  });

  it.each([
    ['subscriber_number', /member id/i, 'subscriber_number: is already used by another patient'],
    ['subscriber_num', /member id/i, 'subscriber_num: is not active at this insurer'],
    ['group_number', /group number/i, 'group_number: does not belong to this insurer'],
    ['guarantor_zip', /zip code/i, 'guarantor_zip: is not in the given state'],
    ['insurer_code', /insurer or carrier/i, 'insurer_code: is not a known insurer or carrier'],
  ])('puts the server’s refusal of %s on that field and keeps the answers', async (_key, label, message) => {
    server.use(
      http.post(api('/users/:id/insurances/:type'), () =>
        HttpResponse.json({ code: 400, message }, { status: 400 }),
      ),
    );
    const { user } = await openAddPrimary();
    await chooseInsurer(user, 'INS0003');
    await user.type(field(/member id/i), 'XHM-55501');
    await user.type(field(/zip code/i), '11201');
    await user.click(screen.getByRole('checkbox', { name: /clinic may use this card/i }));
    await user.click(screen.getByRole('button', { name: 'Save primary card' }));
    const target =
      typeof label === 'object' && label.source.includes('insurer')
        ? screen.getByRole('combobox', { name: label })
        : field(label);
    await waitFor(() =>
      expect(target).toHaveAccessibleDescription(expect.stringContaining(message.split(': ')[1] ?? '')),
    );
    expect(target).toHaveAttribute('aria-invalid', 'true');
    expect(field(/member id/i)).toHaveValue('XHM-55501');
    expect(db.insuranceCards.has(`${SEED_USERS.patient}:primary`)).toBe(false);
  });

  it('removes a card only after confirmation, and explains a secondary card without a primary', async () => {
    db.insuranceCards.set(`${SEED_USERS.patient}:primary`, {
      ...db.insuranceCards.get(`${seedQueuePatient(1)}:primary`)!,
      id: `${SEED_USERS.patient}:primary`,
    });
    db.insuranceCards.set(`${SEED_USERS.patient}:secondary`, {
      ...db.insuranceCards.get(`${seedQueuePatient(1)}:secondary`)!,
      id: `${SEED_USERS.patient}:secondary`,
    });
    const { user } = renderRoute(PAGE, { as: 'demo-patient' });
    await user.click(await screen.findByRole('button', { name: 'Remove primary card' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove the primary card?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the card' }));
    expect(db.insuranceCards.has(`${SEED_USERS.patient}:primary`)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove primary card' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove the primary card?' })).getByRole('button', {
        name: 'Remove primary card',
      }),
    );
    await screen.findByText('Primary insurance removed.');
    expect(db.insuranceCards.has(`${SEED_USERS.patient}:primary`)).toBe(false);
    expect(screen.getByRole('note')).toHaveTextContent(/secondary card but no primary card/);
  });
});

describe('coverage check (RELIABILITY case 43)', () => {
  beforeEach(() => {
    db.insuranceCards.set(`${SEED_USERS.patient}:primary`, {
      ...db.insuranceCards.get(`${seedQueuePatient(1)}:primary`)!,
      id: `${SEED_USERS.patient}:primary`,
    });
  });

  function countChecks() {
    const seen = { checks: 0 };
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/eligibility/check')) seen.checks += 1;
    });
    return seen;
  }

  it('reads a 404 as "no check yet" where the server offers eligibility-none, and starts one', async () => {
    const { user } = renderRoute(PAGE, { as: 'demo-patient' });
    expect(await screen.findByText('No coverage check has been started yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check my coverage' }));
    expect(await screen.findByText('Waiting for your insurer to answer')).toBeInTheDocument();
    expect(db.eligibility.get(SEED_USERS.patient)).toMatchObject({ status: 'pending' });
  });

  it('shows a 404 as not available on a spec server, never as "no check yet", and keeps the check', async () => {
    serveWithoutExtensions();
    const seen = countChecks();
    renderRoute(PAGE, { as: 'demo-patient' });
    expect(await screen.findByText('The latest coverage check is not available.')).toBeInTheDocument();
    expect(screen.queryByText('No coverage check has been started yet.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check my coverage' })).toBeEnabled();
    expect(seen.checks).toBe(0);
    expect(db.eligibility.get(SEED_USERS.patient)).toBeUndefined();
    server.events.removeAllListeners();
  });

  it('starts one check per double click, shows it pending, then meets the mock’s 429 with a countdown', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-22T14:00:00Z'));
    const seen = countChecks();
    const { user } = renderRoute(PAGE, { as: 'demo-patient' });
    const button = await screen.findByRole('button', { name: 'Check my coverage' });
    await user.dblClick(button);
    await screen.findByText('Waiting for your insurer to answer');
    expect(seen.checks).toBe(1);
    expect(db.eligibility.get(SEED_USERS.patient)).toMatchObject({ status: 'pending' });

    act(() => {
      vi.setSystemTime(new Date('2026-11-22T14:00:20Z'));
    });
    await user.click(screen.getByRole('button', { name: 'Check my coverage' }));
    const note = await screen.findByText(/A check was already started at/);
    expect(note).toHaveTextContent(/Sun, Nov 22, 2026, \d{1,2}:00 [AP]M/);
    const again = screen.getByRole('button', { name: /Check again in 1:40/ });
    expect(again).toBeDisabled();
    await user.click(again);
    expect(seen.checks).toBe(2);
    // Retry-After honoured: the button comes back when the window ends, not before.
    act(() => {
      vi.advanceTimersByTime(99_000);
    });
    expect(screen.getByRole('button', { name: /Check again in 0:01/ })).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    await user.click(await screen.findByRole('button', { name: 'Check my coverage' }));
    await waitFor(() => expect(seen.checks).toBe(3));
    await waitFor(() => expect(screen.queryByText(/A check was already started/)).toBeNull());
    server.events.removeAllListeners();
  });

  it.each([
    [
      'the {error, message} shape without Retry-After: a fixed cooldown, start time from the message',
      () =>
        HttpResponse.json(
          {
            error: 'too_many_requests',
            message: 'Eligibility check already started at 2026-11-22T13:59:00Z',
          },
          { status: 429 },
        ),
      /Check again in 1:00/,
      /already started at/,
    ],
    [
      'the {code, message} shape with an HTTP-date Retry-After',
      () =>
        HttpResponse.json(
          { code: 429, message: 'Too soon' },
          { status: 429, headers: { 'Retry-After': new Date(Date.now() + 30_000).toUTCString() } },
        ),
      /Check again in 0:(29|30)/,
      /started a short while ago/,
    ],
    [
      'a Retry-After of a day is clamped to 15 minutes',
      () =>
        HttpResponse.json(
          { code: 429, message: 'Too soon' },
          { status: 429, headers: { 'Retry-After': '86400' } },
        ),
      /Check again in 15:00/,
      /started a short while ago/,
    ],
  ])('handles %s, with no automatic retry', async (_name, reply, countdown, note) => {
    const seen = countChecks();
    server.use(http.post(api('/users/:id/insurances/primary/eligibility/check'), reply));
    const { user } = renderRoute(PAGE, { as: 'demo-patient' });
    await user.click(await screen.findByRole('button', { name: 'Check my coverage' }));
    expect(await screen.findByRole('button', { name: countdown })).toBeDisabled();
    expect(screen.getByText(note)).toBeDefined();
    expect(seen.checks).toBe(1);
    server.events.removeAllListeners();
  });
});
