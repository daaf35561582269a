import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '~test/render';
import { db, resetDb } from '@telehealth/mock/db';
import { server } from '@telehealth/mock/node';
import { SEED_VISITS, seedQueueVisit } from '@telehealth/mock/seed/ids';

beforeAll(async () => {
  await import('./visits');
});

/** Wednesday 25 November 2026, 11:00 AM in New York (Dr. Okafor's zone); the seed is built around it. */
const NOW = Date.UTC(2026, 10, 25, 16, 0);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  // The day's traffic only: the eight weeks of closed history (for the clinic insights) would make
  // every list a long, virtualised one, which has its own test below.
  resetDb(NOW, { history: false });
});

async function openList(path = '/provider/visits', as: 'demo-provider' | 'demo-nurse' = 'demo-provider') {
  const view = renderRoute(path, { as });
  const list = await screen.findByRole('list', { name: 'Visits in your rooms' });
  // Rooms are named once the clinic's room list is in.
  await within(list).findAllByText(/General practice/);
  const rows = () => {
    const current = screen.queryByRole('list', { name: 'Visits in your rooms' });
    return current ? within(current).getAllByRole('listitem') : [];
  };
  /** Filters apply after the navigation that stores them in the URL. */
  const expectRows = async (count: number) => {
    const error = new Error(`expected ${count} rows`);
    try {
      await vi.waitFor(() => expect(rows()).toHaveLength(count));
    } catch (e) {
      error.message += ` (${String(e)}) at ${view.router.state.location.search}`;
      throw error;
    }
  };
  return { ...view, list, rows, expectRows };
}

/** The row whose main link has this name. */
function rowOf(name: RegExp | string): HTMLElement {
  const row = screen
    .getAllByRole('listitem')
    .find((item) => within(item).queryAllByRole('link', { name }).length > 0);
  if (!row) throw new Error(`No row with a link named ${String(name)}`);
  return row;
}

describe('provider visits work list', () => {
  it('names the patient, the kind, the time, the room by name and the status on each row', async () => {
    const { rows } = await openList();
    expect(screen.getByRole('heading', { level: 1, name: 'Visits' })).toBeInTheDocument();
    const avery = rowOf('Avery Abbott, Walk-in, Wed, Nov 25, 2026, 10:35 AM EST');
    expect(avery).toHaveTextContent('Sore throat');
    expect(avery).toHaveTextContent('General practice');
    expect(within(avery).getByText('Waiting')).toBeInTheDocument();
    const econsult = rowOf(/^Casey Morgan, E-consult, sent /);
    expect(econsult).toHaveTextContent('Skin clinic (e-consult)');
    const done = rowOf('Casey Morgan, Appointment, Wed, Nov 11, 2026, 11:00 AM EST');
    expect(within(done).getByText('Completed')).toBeInTheDocument();
    expect(
      screen.getAllByRole('link', { name: /, Appointment, Wed, Nov 25, 2026, [56]:00 PM EST$/ }),
    ).toHaveLength(2);
    // Names sit in <bdi>; room codes are never shown.
    expect(within(avery).getByText('Avery Abbott').tagName).toBe('BDI');
    for (const row of rows()) expect(row.textContent).not.toMatch(/\b(general|dermatology)\b/);
    expect(screen.getByText('15 visits match')).toHaveAttribute('role', 'status');
  });

  it('shows a group session as one row with the booked patients', async () => {
    const { rows } = await openList();
    const session = rows().filter((row) => row.textContent?.includes('Group session'));
    expect(session).toHaveLength(1);
    const row = session[0]!;
    expect(
      within(row).getByRole('link', {
        name: 'Group session: Jamie Rivera, Blair Foster, and Cameron Kowalski, Appointment, Wed, Dec 2, 2026, 6:00 PM EST',
      }),
    ).toBeInTheDocument();
    for (const name of ['Jamie Rivera', 'Blair Foster', 'Cameron Kowalski'])
      expect(within(row).getByRole('link', { name })).toHaveAttribute(
        'href',
        expect.stringMatching(/^\/provider\/visits\/vis_seed_booked_/),
      );
    // Three bookings at that start, one row.
    expect(
      screen.queryAllByRole('link', { name: /, Appointment, Wed, Dec 2, 2026, 6:00 PM EST$/ }),
    ).toHaveLength(1);
  });

  it('narrows the rows by status, kind, room and period, keeps them in the URL and goes back with Back', async () => {
    const { user, router, rows, expectRows } = await openList();
    expect(rows()).toHaveLength(15);

    await user.selectOptions(screen.getByLabelText('Status'), 'Waiting');
    await expectRows(4);
    expect(screen.getByText('4 visits match')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=waiting');
    // Focus stays on the control that changed, not the page heading.
    expect(screen.getByLabelText('Status')).toHaveFocus();

    await user.selectOptions(screen.getByLabelText('Kind'), 'Walk-in');
    await expectRows(3);
    expect(router.state.location.search).toBe('?status=waiting&kind=walkin');

    await user.selectOptions(screen.getByLabelText('Status'), 'In progress');
    await expectRows(1);
    expect(rows()[0]).toHaveTextContent('In progress');

    await user.selectOptions(screen.getByLabelText('Status'), 'All statuses');
    await user.selectOptions(screen.getByLabelText('Kind'), 'All kinds');
    await user.selectOptions(screen.getByLabelText('Room'), 'Skin clinic (e-consult)');
    await expectRows(1);
    expect(rows()[0]).toHaveTextContent('E-consult');
    expect(router.state.location.search).toBe('?room=dermatology');

    await user.selectOptions(screen.getByLabelText('Room'), 'All rooms');
    await user.selectOptions(screen.getByLabelText('When'), 'Today');
    // Three walk-ins waiting, one in progress, the 5 PM and 6 PM appointments.
    await expectRows(6);
    await user.selectOptions(screen.getByLabelText('When'), 'This week');
    // Monday to Sunday: also Tuesday's e-consult, Thursday's two and Friday's appointment.
    await expectRows(10);
    await user.selectOptions(screen.getByLabelText('When'), 'A date…');
    await user.type(await screen.findByLabelText('Date'), '2026-12-02');
    await expectRows(1);
    expect(rows()[0]).toHaveTextContent('Group session');
    expect(router.state.location.search).toBe('?period=date&date=2026-12-02');

    await router.navigate(-1);
    await vi.waitFor(() => expect(screen.getByLabelText('When')).toHaveValue('date'));
    await router.navigate(-1);
    await vi.waitFor(() => expect(screen.getByLabelText('When')).toHaveValue('week'));
    await expectRows(10);
  });

  it('reads the filters from the URL', async () => {
    const { rows } = await openList('/provider/visits?status=upcoming&kind=appointment');
    expect(screen.getByLabelText('Status')).toHaveValue('upcoming');
    expect(rows().every((row) => row.textContent?.includes('Appointment'))).toBe(true);
    expect(rows()).toHaveLength(8);
  });

  it('searches by patient name without putting the name in the URL, the title or storage', async () => {
    const { user, router, rows } = await openList('/provider/visits?kind=appointment');
    const href = window.location.href;
    const before = router.state.location;
    await user.type(screen.getByLabelText('Search by patient name'), 'jamie');
    // Jamie's three appointments and the group session Jamie is booked on.
    await vi.waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.getByText('4 visits match')).toBeInTheDocument();
    expect(router.state.location.search).toBe(before.search);
    expect(router.state.location.key).toBe(before.key);
    expect(window.location.href).toBe(href);
    expect(document.title).not.toMatch(/jamie/i);
    for (const storage of [window.sessionStorage, window.localStorage])
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i) ?? '';
        expect(`${key}=${storage.getItem(key) ?? ''}`).not.toMatch(/jamie|rivera/i);
      }

    await user.clear(screen.getByLabelText('Search by patient name'));
    await user.type(screen.getByLabelText('Search by patient name'), 'Nobody Here');
    await vi.waitFor(() => expect(screen.getByText('0 visits match')).toBeInTheDocument());
    expect(screen.getByText('No visits match these filters.')).toBeInTheDocument();
  });

  it('shows how long each waiting walk-in has waited, by the pinned clock', async () => {
    const { list } = await openList();
    expect(rowOf(/^Avery Abbott, Walk-in/)).toHaveTextContent('Waiting 25 min');
    expect(rowOf(/^Blair Foster, Walk-in/)).toHaveTextContent('Waiting 12 min');
    const inProgress = within(list)
      .getAllByRole('listitem')
      .find((item) => within(item).queryByText('In progress'));
    expect(inProgress).toBeDefined();
    expect(inProgress).not.toHaveTextContent(/Waiting \d+ min/);
  });
});

describe('acting from the work list', () => {
  it('takes and starts the longest-waiting walk-in, says so with a link to the visit, and stores it', async () => {
    const { user } = await openList();
    const href = within(rowOf(/^Avery Abbott, Walk-in/))
      .getAllByRole('link')[0]!
      .getAttribute('href');
    const avery = db.visits.get(href!.split('/').pop()!);
    expect(avery?.provider_id).toBeFalsy();
    await user.click(await screen.findByRole('button', { name: 'Take and start the next walk-in' }));
    const said = await screen.findByText(/You took and started Avery Abbott’s walk-in\./);
    expect(said).toHaveFocus();
    expect(within(said).getByRole('link', { name: 'Open the visit with Avery Abbott' })).toHaveAttribute(
      'href',
      `/provider/visits/${avery!.id}`,
    );
    const stored = db.visits.get(avery!.id)!;
    expect(stored.status).toBe(25);
    expect(stored.provider_id).toBe(db.users.get(stored.provider_id!)?.id);
    // The row moved on without a reload: Avery is in progress, with no take button left.
    await vi.waitFor(() =>
      expect(within(rowOf(/^Avery Abbott, Walk-in/)).getByText('In progress')).toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: 'Take Avery Abbott’s walk-in' })).not.toBeInTheDocument();
  });

  it('accepts an e-consult from its row and a double press acts once', async () => {
    await openList('/provider/visits', 'demo-nurse');
    const econsult = db.visits.get(SEED_VISITS.econsultNew1)!;
    const member = db.users.get(econsult.member_id)!;
    const name = `${member.first_name} ${member.last_name}`;
    const button = await screen.findByRole('button', { name: `Accept ${name}’s e-consult` });
    // Two presses before the first answer: one request (the second finds the action running).
    const posts: string[] = [];
    const count = (request: Request) => void (request.method === 'POST' && posts.push(request.url));
    const listener = ({ request }: { request: Request }) => count(request);
    server.events.on('request:start', listener);
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText(new RegExp(`You accepted ${name}’s e-consult\\.`))).toHaveFocus();
    expect(db.visits.get(SEED_VISITS.econsultNew1)!.provider_id).toBeTruthy();
    expect(screen.queryByRole('button', { name: `Accept ${name}’s e-consult` })).not.toBeInTheDocument();
    server.events.removeListener('request:start', listener);
    expect(posts.filter((url) => url.includes(SEED_VISITS.econsultNew1))).toHaveLength(1);
  });
});

describe('a long work list', () => {
  // jsdom has no layout: a 600 px scroll box and 10 px rows for the virtualiser.
  const stubbed = ['clientHeight', 'clientWidth', 'offsetHeight'] as const;
  const descriptors = Object.fromEntries(
    stubbed.map((k) => [k, Object.getOwnPropertyDescriptor(HTMLElement.prototype, k)]),
  );
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 10 });
  });
  afterEach(() => {
    for (const key of stubbed) {
      const d = descriptors[key];
      if (d) Object.defineProperty(HTMLElement.prototype, key, d);
    }
  });

  it('renders only the rows near the viewport, each with its place in the whole list', async () => {
    const template = db.visits.get(seedQueueVisit(1))!;
    for (let i = 0; i < 500; i += 1) {
      const id = `vis_bulk_${String(i).padStart(3, '0')}`;
      db.visits.set(id, { ...template, id, created: Number(template.created) + i, intake_id: null });
    }
    const { rows } = await openList();
    expect(screen.getByText('515 visits match')).toBeInTheDocument();
    const shown = rows();
    expect(shown.length).toBeGreaterThan(10);
    expect(shown.length).toBeLessThan(200);
    expect(shown[0]).toHaveAttribute('aria-setsize', '515');
    expect(shown[0]).toHaveAttribute('aria-posinset', '1');
    expect(within(shown[0]!).getByRole('link')).toHaveAccessibleName(/^Casey Morgan, E-consult, sent /);
  });
});
