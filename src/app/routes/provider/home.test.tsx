import { act, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { payIntake } from '~test/payments';
import { renderRoute } from '~test/render';
import { db, resetDb } from '@telehealth/mock/db';
import { issuePair } from '@telehealth/mock/lib/auth';
import { server } from '@telehealth/mock/node';
import { SEED_USERS, SEED_VISITS, seedQueueVisit } from '@telehealth/mock/seed/ids';

beforeAll(async () => {
  await import('./home');
});

const BASE = 'http://localhost/api_v3';

/**
 * Another patient joins the queue of `general` through the real endpoints, as the wizard would:
 * the intake with its consultation, the payment, then the walk-in.
 */
async function walkIn(userId: string, reason: string): Promise<string> {
  const headers = { 'X-ApiToken': issuePair(userId).access.token, 'X-AccountCode': 'demo' };
  const intake = await fetch(
    `${BASE}/intakes?room_code=general&type=1&reason_for_visit=${encodeURIComponent(reason)}`,
    {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'consultation_id=cons_general_15',
    },
  );
  const { data } = (await intake.json()) as { data: { id: string } };
  await payIntake(data.id, headers, BASE);
  const visit = await fetch(
    `${BASE}/visits/add_walkin?intake_id=${data.id}&visit_data_id=${data.id}&room_code=general`,
    { method: 'POST', headers },
  );
  expect(visit.status).toBe(200);
  return ((await visit.json()) as { data: { id: string } }).data.id;
}

describe('provider dashboard', () => {
  it('shows who is waiting in each room, oldest first, with the reason and the queue figures', async () => {
    renderRoute('/provider', { as: 'demo-provider' });
    const queue = await screen.findByRole('list', { name: 'Patients waiting in General practice' });
    const rows = within(queue).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toHaveTextContent('Casey Morgan');
    expect(rows[2]).toHaveTextContent('Follow-up on seasonal allergies');
    expect(within(rows[2]!).getByText(/number 3 in line/)).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/Waiting 25 min/)).toBeInTheDocument();
    expect(await screen.findByText(/3 in line · capacity/)).toBeInTheDocument();
    // The tab title counts who waits, never naming them.
    await vi.waitFor(() => expect(document.title).toBe('(3) Dashboard · Harborview Virtual Care'));
  });

  it('shows a new walk-in without a reload and announces it without naming the patient', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });
    renderRoute('/provider', { as: 'demo-provider' });
    const queue = await screen.findByRole('list', { name: 'Patients waiting in General practice' });
    expect(within(queue).getAllByRole('listitem')).toHaveLength(3);

    await walkIn(SEED_USERS.patient2, 'Twisted ankle');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });
    const rows = within(queue).getAllByRole('listitem');
    expect(rows).toHaveLength(4);
    expect(rows[3]).toHaveTextContent('Riley Chen');
    expect(rows[3]).toHaveTextContent('Twisted ankle');
    const region = screen
      .getAllByRole('status')
      .find((s) => s.textContent === 'A new patient is waiting in General practice.');
    expect(region).toBeDefined();
    await vi.waitFor(() => expect(document.title).toBe('(4) Dashboard · Harborview Virtual Care'));
    expect(document.title).not.toMatch(/Riley|Casey/);
  });

  it('keeps counting arrivals in the tab title while the provider works in another tab', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });
    renderRoute('/provider', { as: 'demo-provider' });
    await screen.findByRole('list', { name: 'Patients waiting in General practice' });
    await vi.waitFor(() => expect(document.title).toBe('(3) Dashboard · Harborview Virtual Care'));
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    let lineReads = 0;
    const countReads = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/visits') && url.searchParams.get('room_code') === 'general') lineReads += 1;
    };
    server.events.on('request:start', countReads);

    await walkIn(SEED_USERS.patient2, 'Twisted ankle');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });
    // A background tab asks less often: nothing yet after the visible page's 15 s…
    expect(lineReads).toBe(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(45_000);
    });
    // …but within the minute (one read, however many lists show the line), and the count in the
    // title follows, behind a marker of what is new since the provider left.
    await vi.waitFor(() => expect(document.title).toBe('● 1 new · (4) Dashboard · Harborview Virtual Care'));
    expect(lineReads).toBe(1);
    server.events.removeListener('request:start', countReads);
    hidden.mockRestore();
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(document.title).toBe('(4) Dashboard · Harborview Virtual Care');
  });

  it('lists e-consults assigned to me with an unanswered patient message marked as a new reply', async () => {
    renderRoute('/provider', { as: 'demo-provider' });
    const inbox = await screen.findByRole('region', { name: 'E-consult inbox' });
    const mine = within(inbox).getByRole('region', { name: 'Assigned to you' });
    expect(await within(mine).findByText('New reply')).toBeInTheDocument();
    expect(within(mine).getByRole('link', { name: 'Casey Morgan' })).toBeInTheDocument();
  });

  it('shows e-consults waiting to be accepted in the nurse’s dermatology room', async () => {
    renderRoute('/provider', { as: 'demo-nurse' });
    const inbox = await screen.findByRole('region', { name: 'E-consult inbox' });
    const waiting = within(inbox).getByRole('region', { name: 'Waiting to be accepted' });
    expect(await within(waiting).findByText('Dry patches on both elbows')).toBeInTheDocument();
    expect(within(waiting).getByText('New freckle on my cheek')).toBeInTheDocument();
    expect(db.visits.get(SEED_VISITS.econsultNew1)?.provider_id).toBeNull();
    // Dermatology takes e-consults only: no line to watch there.
    expect(await screen.findByText('This room takes no walk-ins.')).toBeInTheDocument();
  });

  it('pages a queue of 500 waiting patients', async () => {
    const template = db.visits.get(seedQueueVisit(1))!;
    for (let i = 0; i < 500; i += 1) {
      const id = `vis_bulk_${i}`;
      db.visits.set(id, { ...template, id, created: Number(template.created) + i, intake_id: null });
    }
    const { user } = renderRoute('/provider', { as: 'demo-provider' });
    const queue = await screen.findByRole('list', { name: 'Patients waiting in General practice' });
    expect(within(queue).getAllByRole('listitem')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Show 20 more of 483 waiting' }));
    expect(within(queue).getAllByRole('listitem')).toHaveLength(40);
  });

  it('lists today’s appointments in the provider’s zone, earliest first, and none of tomorrow', async () => {
    // 07:00 in New York; the seed is rebuilt around the pinned clock.
    const now = Date.UTC(2026, 10, 23, 12, 0);
    vi.useFakeTimers({ toFake: ['Date'], now });
    resetDb(now);
    renderRoute('/provider', { as: 'demo-provider' });
    const today = await screen.findByRole('region', { name: 'Today' });
    const items = await within(today).findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Blood pressure check'),
      expect.stringContaining('Review of lab results'),
    ]);
    expect(within(today).getByText(/^Times in /)).toBeInTheDocument();
    // Appointments on later days (the seeded upcoming visit) are not today's.
    expect(within(today).queryByText(/Follow-up on seasonal allergies/)).not.toBeInTheDocument();
    // One day: its date once, as a heading over the rows; the rows show times only.
    expect(within(today).getByRole('heading', { level: 3, name: 'Mon, Nov 23, 2026' })).toBeInTheDocument();
    expect(items.filter((i) => /2026/.test(i.textContent ?? ''))).toHaveLength(0);
  });

  it('shows a group session today as one row naming its booked patients', async () => {
    const now = Date.UTC(2026, 10, 23, 12, 0);
    vi.useFakeTimers({ toFake: ['Date'], now });
    resetDb(now);
    const template = db.visits.get(SEED_VISITS.today1)!;
    const other = db.users.get(SEED_USERS.patient2)!;
    db.visits.set('vis_group_b', {
      ...template,
      id: 'vis_group_b',
      member_id: other.id,
      member: {
        ...template.member!,
        id: other.id,
        first_name: other.first_name,
        last_name: other.last_name,
        full_name: `${other.first_name} ${other.last_name}`,
      },
    });
    renderRoute('/provider', { as: 'demo-provider' });
    const today = await screen.findByRole('region', { name: 'Today' });
    const session = await within(today).findByText(/Group session, 2 patients$/);
    const items = within(today).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const row = items.find((i) => within(i).queryByText(/Group session/))!;
    expect(within(row).getByText(session.textContent)).toBeInTheDocument();
    const links = within(row).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href')).sort()).toEqual(
      [`/provider/visits/${SEED_VISITS.today1}`, '/provider/visits/vis_group_b'].sort(),
    );
    expect(links.map((l) => l.textContent)).toContain(`${other.first_name} ${other.last_name}`);
  });
});
