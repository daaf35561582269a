import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '~test/render';
import { db } from '@/mocks/db';
import { server } from '@/mocks/node';
import { SEED_INTAKES, SEED_USERS, SEED_VISITS, seedQueueVisit } from '@/mocks/seed/ids';
import { HIDDEN_WAITING_POLL_MS, WAITING_POLL_MS } from '@/features/visits/use-visit';

// The route modules are lazy; load them once up front so the first test does not spend its
// findBy timeout on the transform.
beforeAll(async () => {
  await import('./visit');
});

/** Counts requests whose path ends with `suffix`. */
function countRequests(suffix: string) {
  const counter = { count: 0 };
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname.endsWith(suffix)) counter.count += 1;
  });
  return counter;
}

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** Advances fake time and lets the fetches it starts settle. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

afterEach(() => {
  server.events.removeAllListeners();
  // Back to jsdom's own getter.
  delete (document as unknown as { visibilityState?: unknown }).visibilityState;
  visibility = 'visible';
});

describe('waiting room', () => {
  it('shows the place in line and the estimated wait as a range', async () => {
    renderRoute(`/patient/visits/${SEED_VISITS.walkInWaiting}`, { as: 'demo-patient' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Walk-in visit' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'You are in the waiting room' })).toBeInTheDocument();
    expect(
      await screen.findByText('You are number 3 in line (2 patients ahead of you).'),
    ).toBeInTheDocument();
    // 2 ahead × 10 minutes: between one and two average visits.
    expect(screen.getByText('Estimated wait: 10 to 20 minutes.')).toBeInTheDocument();
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    expect(screen.getByText('Not assigned yet')).toBeInTheDocument();
    expect(await screen.findByText('General practice')).toBeInTheDocument();
  });

  it('caps the estimate at the clinic’s maximum wait time', async () => {
    db.rooms.get('general')!._queue = { capacity: 20, average_visit_time: 1800 };
    renderRoute(`/patient/visits/${SEED_VISITS.walkInWaiting}`, { as: 'demo-patient' });
    // 2 × 30 minutes would be an hour; visit.time.max_wait_time is 1800 seconds.
    expect(await screen.findByText('Estimated wait: up to 30 minutes.')).toBeInTheDocument();
  });

  it('says "next in line" when nobody is ahead', async () => {
    db.visits.get(seedQueueVisit(1))!.status = 40;
    db.visits.get(seedQueueVisit(2))!.status = 25;
    renderRoute(`/patient/visits/${SEED_VISITS.walkInWaiting}`, { as: 'demo-patient' });
    expect(await screen.findByText('You are next in line.')).toBeInTheDocument();
    expect(screen.queryByText(/Estimated wait/)).not.toBeInTheDocument();
  });

  it('polls the queue only while the page is visible, and the visit in a hidden tab too, less often', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });
    const queue = countRequests('/rooms/general/queue');
    const visit = countRequests(`/visits/${SEED_VISITS.walkInWaiting}`);
    renderRoute(`/patient/visits/${SEED_VISITS.walkInWaiting}`, { as: 'demo-patient' });
    await screen.findByText('You are number 3 in line (2 patients ahead of you).');
    const [q0, v0] = [queue.count, visit.count];

    await advance(10_000);
    expect(queue.count).toBe(q0 + 1);
    expect(visit.count).toBe(v0 + 1);

    setVisibility('hidden');
    await advance(60_000);
    expect(queue.count).toBe(q0 + 1);
    // Every 15 s instead of 10: the hidden tab still learns when the provider is ready.
    expect(visit.count).toBeGreaterThanOrEqual(v0 + 1 + 60_000 / HIDDEN_WAITING_POLL_MS);
    expect(visit.count).toBeLessThan(v0 + 1 + 60_000 / WAITING_POLL_MS);

    // Someone ahead was seen while the tab was in the background.
    db.visits.get(seedQueueVisit(1))!.status = 25;
    setVisibility('visible');
    await advance(10_000);
    expect(queue.count).toBeGreaterThan(q0 + 1);
    expect(await screen.findByText('You are number 2 in line (1 patient ahead of you).')).toBeInTheDocument();
  });

  it('turns into "your provider is ready — join" when the visit starts, without a reload, then stops polling', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });
    renderRoute(`/patient/visits/${SEED_VISITS.walkInWaiting}`, { as: 'demo-patient' });
    await screen.findByText('You are number 3 in line (2 patients ahead of you).');

    const response = await fetch(`http://localhost/__mock/visits/${SEED_VISITS.walkInWaiting}/status`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 25 }),
    });
    expect(response.ok).toBe(true);
    const visit = countRequests(`/visits/${SEED_VISITS.walkInWaiting}`);
    await advance(10_000);

    const join = await screen.findByRole('region', { name: 'Your provider is ready — join' });
    expect(within(join).getByRole('link', { name: 'Join the video visit' })).toHaveAttribute(
      'href',
      'https://demo.rooms.example.test/general',
    );
    expect(screen.getByText('In progress')).toBeInTheDocument();
    expect(screen.getByText('Samira Okafor')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'You are in the waiting room' })).not.toBeInTheDocument();

    const seen = visit.count;
    await advance(60_000);
    expect(visit.count).toBe(seen);
  });

  it('shows the join link and meeting details of a visit in progress', async () => {
    renderRoute(`/patient/visits/${SEED_VISITS.inProgress}`, { as: 'demo-patient' });
    const join = await screen.findByRole('region', { name: 'Your provider is ready — join' });
    const link = within(join).getByRole('link', { name: 'Join the video visit' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(join).getByText('United States')).toBeInTheDocument();
    expect(within(join).getByRole('link', { name: '+1 555 0100 200' })).toHaveAttribute(
      'href',
      'tel:+15550100200',
    );
    expect(within(join).getByText('United Kingdom')).toBeInTheDocument();
    expect(within(join).getByText('482913')).toBeInTheDocument();
    expect(within(join).getByText('Conference PIN')).toBeInTheDocument();
  });

  it('labels a status outside the spec as unknown', async () => {
    db.visits.get(SEED_VISITS.upcoming)!.status = 15;
    renderRoute(`/patient/visits/${SEED_VISITS.upcoming}`, { as: 'demo-patient' });
    expect(await screen.findByText('Unknown status')).toBeInTheDocument();
    expect(screen.getByText(/^Unknown status\. Please contact the clinic/)).toBeInTheDocument();
  });

  it.each([
    [SEED_VISITS.completed, 'This visit is completed.'],
    [SEED_VISITS.cancelled, 'This visit was cancelled.'],
    [SEED_VISITS.upcoming, 'Your appointment is booked. Come back to this page at the start time to join.'],
    [
      SEED_VISITS.econsultOpen,
      'Your e-consult has been sent. A provider will reply in writing; you will find the answer on this page.',
    ],
  ])('explains where %s stands', async (id, text) => {
    renderRoute(`/patient/visits/${id}`, { as: 'demo-patient' });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('asks billing about an e-consult only when its intake has a consultation to price', async () => {
    const invoices = countRequests('/billing/invoices/process');
    const settled = async () => {
      expect(await screen.findByText(/Your e-consult has been sent/)).toBeInTheDocument();
      await vi.waitFor(() => expect(screen.queryByText(/^Loading the/)).not.toBeInTheDocument());
    };
    const { unmount } = renderRoute(`/patient/visits/${SEED_VISITS.econsultOpen}`, { as: 'demo-patient' });
    await settled();
    // Nothing chosen, nothing to pay: no request the server would refuse (and the browser log).
    expect(invoices.count).toBe(0);
    expect(screen.queryByRole('heading', { name: 'Your payment' })).not.toBeInTheDocument();
    unmount();

    const consultation = db.rooms.get('dermatology')!.payment!.consultations![0]!;
    db.intakes.get(SEED_INTAKES.econsultOpen)!.consultation_id = String(consultation.id);
    renderRoute(`/patient/visits/${SEED_VISITS.econsultOpen}`, { as: 'demo-patient' });
    expect(await screen.findByRole('heading', { name: 'Your payment' })).toBeInTheDocument();
    expect(invoices.count).toBeGreaterThan(0);
  });

  it('does not show someone else’s visit', async () => {
    db.users.get(SEED_USERS.patient2)!.tos = true;
    renderRoute(`/patient/visits/${SEED_VISITS.upcoming}`, { as: 'demo-patient-2' });
    expect(await screen.findByRole('heading', { name: 'We couldn’t find this visit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All your visits' })).toBeInTheDocument();
  });

  it('shows the photo attached during the intake', async () => {
    renderRoute(`/patient/visits/${SEED_VISITS.walkInWaiting}`, { as: 'demo-patient' });
    const photos = await screen.findByRole('region', { name: 'Photos and documents' });
    expect(within(photos).getByRole('button', { name: 'Photo of my eyes' })).toBeInTheDocument();
  });

  it('opens the intake photo from its bytes, so it opens whatever host serves the link', async () => {
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => `blob:test/${blobs.push(blob)}`),
      revokeObjectURL: vi.fn(),
    });
    const tab = { opener: {} as unknown, location: { replace: vi.fn() }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = renderRoute(`/patient/visits/${SEED_VISITS.walkInWaiting}`, { as: 'demo-patient' });
    const photos = await screen.findByRole('region', { name: 'Photos and documents' });
    await user.click(within(photos).getByRole('button', { name: 'Photo of my eyes' }));
    await vi.waitFor(() => expect(tab.location.replace).toHaveBeenCalledTimes(1));
    expect(tab.location.replace.mock.calls[0]?.[0]).toMatch(/^blob:test\//);
    expect(tab.opener).toBeNull();
    expect(blobs.at(-1)?.type).toBe('image/png');
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('saves an attached Word document to disk, since a tab cannot show it safely', async () => {
    const photo = db.files.get('file_walkin_photo')!;
    db.files.set('file_walkin_letter', {
      ...structuredClone(photo),
      id: 'file_walkin_letter',
      name: 'letter.docx',
      ext: 'docx',
      meta: { ...structuredClone(photo.meta), title: 'Referral letter' },
      _mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    db.fileBlobs.set('file_walkin_letter', btoa('PK-not-really-a-docx'));
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => `blob:test/${blobs.push(blob)}`),
      revokeObjectURL: vi.fn(),
    });
    const open = vi.spyOn(window, 'open');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderRoute(`/patient/visits/${SEED_VISITS.walkInWaiting}`, { as: 'demo-patient' });
    const photos = await screen.findByRole('region', { name: 'Photos and documents' });
    await user.click(within(photos).getByRole('button', { name: 'Referral letter' }));
    await vi.waitFor(() => expect(saved).toEqual(['Referral letter.docx']));
    expect(open).not.toHaveBeenCalled();
    expect(await blobs.at(-1)?.text()).toBe('PK-not-really-a-docx');
    expect(within(photos).queryByRole('alert')).not.toBeInTheDocument();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
});
