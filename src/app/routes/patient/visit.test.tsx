import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderRoute } from '~test/render';
import { db } from '@telehealth/mock/db';
import { server } from '@telehealth/mock/node';
import { SEED_FILES, SEED_INTAKES, SEED_USERS, SEED_VISITS, seedQueueVisit } from '@telehealth/mock/seed/ids';
import { paths } from '@/config/paths';
import {
  HIDDEN_IN_PROGRESS_POLL_MS,
  HIDDEN_WAITING_POLL_MS,
  IN_PROGRESS_POLL_MS,
  WAITING_POLL_MS,
} from '@/features/visits/use-visit';

// The route modules are lazy; load them once up front so the first test does not spend its
// findBy timeout on the transform.
beforeAll(async () => {
  await import('./visit');
  // The survey of a completed visit loads with the page's survey slot.
  await Promise.all([import('@/features/surveys'), import('@/features/intake')]);
});

/** Moves a visit to another status through the mock's development control, as the clinic's side would. */
async function setMockStatus(visitId: string, status: number) {
  const response = await fetch(`http://localhost/__mock/visits/${visitId}/status`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ status }),
  });
  expect(response.ok).toBe(true);
}

/** Opens a tab from an object URL as `openFileInNewTab` does; returns the tab and the blobs made. */
function fakeNewTab() {
  const blobs: Blob[] = [];
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => `blob:test/${blobs.push(blob)}`),
    revokeObjectURL: vi.fn(),
  });
  onTestFinished(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  const tab = { opener: {} as unknown, location: { replace: vi.fn() }, close: vi.fn() };
  vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return { tab, blobs };
}

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

  it('turns into "your provider is ready — join" when the visit starts, without a reload, then asks less often', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });
    renderRoute(`/patient/visits/${SEED_VISITS.walkInWaiting}`, { as: 'demo-patient' });
    await screen.findByText('You are number 3 in line (2 patients ahead of you).');

    await setMockStatus(SEED_VISITS.walkInWaiting, 25);
    const visit = countRequests(`/visits/${SEED_VISITS.walkInWaiting}`);
    await advance(WAITING_POLL_MS);

    const join = await screen.findByRole('region', { name: 'Your provider is ready — join' });
    expect(within(join).getByRole('link', { name: 'Join the video visit' })).toHaveAttribute(
      'href',
      'https://demo.rooms.example.test/general',
    );
    expect(screen.getByText('In progress')).toBeInTheDocument();
    expect(screen.getByText('Samira Okafor')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'You are in the waiting room' })).not.toBeInTheDocument();

    // In progress: still asked (so the page sees the visit end), every 20 s instead of 10.
    const seen = visit.count;
    await advance(60_000);
    expect(visit.count).toBe(seen + 60_000 / IN_PROGRESS_POLL_MS);
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
      SEED_VISITS.pending,
      'Your appointment is requested: the clinic confirms it and you will see it as booked here. Come back to this page at the start time to join.',
    ],
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

describe('the visit’s end', () => {
  it('follows a visit in progress to its end without a reload, then stops asking', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });
    renderRoute(`/patient/visits/${SEED_VISITS.walkInWaiting}`, { as: 'demo-patient' });
    await screen.findByText('You are number 3 in line (2 patients ahead of you).');
    await setMockStatus(SEED_VISITS.walkInWaiting, 25);
    await advance(WAITING_POLL_MS);
    expect(await screen.findByRole('region', { name: 'Your provider is ready — join' })).toBeInTheDocument();

    // The provider completes the visit (25 → 30) while the patient is in the call.
    await setMockStatus(SEED_VISITS.walkInWaiting, 30);
    await advance(IN_PROGRESS_POLL_MS);
    expect(await screen.findByText('This visit is completed.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your provider is ready — join' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Join the video visit' })).not.toBeInTheDocument();
    expect(screen.getByText('Completed')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Your visit summary' });
    expect(
      await within(summary).findByText('Your provider has not added a summary yet. It will appear here.'),
    ).toBeInTheDocument();

    const visit = countRequests(`/visits/${SEED_VISITS.walkInWaiting}`);
    await advance(120_000);
    expect(visit.count).toBe(0);
  });

  it('asks about a visit in progress from a hidden tab too, less often, and shows its end on return', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });
    renderRoute(`/patient/visits/${SEED_VISITS.inProgress}`, { as: 'demo-patient' });
    expect(await screen.findByRole('region', { name: 'Your provider is ready — join' })).toBeInTheDocument();
    const visit = countRequests(`/visits/${SEED_VISITS.inProgress}`);

    // The patient is in the call's own tab: this one is hidden.
    setVisibility('hidden');
    await advance(90_000);
    expect(visit.count).toBeGreaterThanOrEqual(90_000 / HIDDEN_IN_PROGRESS_POLL_MS);
    expect(visit.count).toBeLessThan(90_000 / IN_PROGRESS_POLL_MS);

    db.visits.get(SEED_VISITS.inProgress)!.status = 30;
    await advance(HIDDEN_IN_PROGRESS_POLL_MS);
    setVisibility('visible');
    expect(await screen.findByText('This visit is completed.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your visit summary' })).toBeInTheDocument();
  });

  it('shows nothing of the end on a visit that has not ended', async () => {
    renderRoute(`/patient/visits/${SEED_VISITS.inProgress}`, { as: 'demo-patient' });
    await screen.findByRole('region', { name: 'Your provider is ready — join' });
    expect(screen.queryByRole('heading', { name: 'Your visit summary' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Tell us how it went' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Book a follow-up' })).not.toBeInTheDocument();
  });

  it('opens the visit summary the provider attached, from its bytes', async () => {
    const { tab, blobs } = fakeNewTab();
    const { user } = renderRoute(`/patient/visits/${SEED_VISITS.completed}`, { as: 'demo-patient' });
    const summary = await screen.findByRole('region', { name: 'Your visit summary' });
    await within(summary).findByRole('button', { name: 'Open your visit summary' });
    expect(summary).toHaveTextContent(/Visit summary from Samira Okafor, added /);
    expect(within(summary).queryByText(/It will appear here/)).not.toBeInTheDocument();
    await user.click(within(summary).getByRole('button', { name: 'Open your visit summary' }));
    await vi.waitFor(() => expect(tab.location.replace).toHaveBeenCalledTimes(1));
    expect(tab.location.replace.mock.calls[0]?.[0]).toMatch(/^blob:test\//);
    expect(tab.opener).toBeNull();
    expect(blobs.at(-1)?.type).toBe('text/plain');
    expect(await blobs.at(-1)?.text()).toBe(atob(db.fileBlobs.get(SEED_FILES.completedVisitSummary)!));
    expect(within(summary).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when the summary can no longer be opened', async () => {
    fakeNewTab();
    const { user } = renderRoute(`/patient/visits/${SEED_VISITS.completed}`, { as: 'demo-patient' });
    const summary = await screen.findByRole('region', { name: 'Your visit summary' });
    const open = await within(summary).findByRole('button', { name: 'Open your visit summary' });
    db.fileBlobs.delete(SEED_FILES.completedVisitSummary);
    db.files.delete(SEED_FILES.completedVisitSummary);
    await user.click(open);
    expect(await within(summary).findByRole('alert')).toHaveTextContent('This file is no longer available.');
  });

  it('saves the survey answers on the visit’s intake, then thanks instead of asking again', async () => {
    const { user } = renderRoute(`/patient/visits/${SEED_VISITS.completed}`, { as: 'demo-patient' });
    const survey = await screen.findByRole('region', { name: 'Tell us how it went' });
    await user.click(await within(survey).findByRole('radio', { name: 'Easy' }));
    await user.type(
      within(survey).getByRole('textbox', { name: /Anything we could do better/ }),
      'Shorter wait',
    );
    await user.click(within(survey).getByRole('button', { name: 'Send my answers' }));

    expect(await within(survey).findByText(/^Thank you for your answers/)).toHaveFocus();
    expect(within(survey).queryByRole('button', { name: 'Send my answers' })).not.toBeInTheDocument();
    const intake = db.intakes.get(SEED_INTAKES.completed) as Record<string, unknown>;
    expect(intake).toMatchObject({
      'survey.experience.ease': 'easy',
      'survey.experience.comment': 'Shorter wait',
      survey_code: 'post_visit_survey',
    });
    expect(Number(intake.survey_answered_at)).toBeGreaterThan(0);
  });

  it('asks no survey when the clinic has no post-visit survey', async () => {
    db.accounts.get('demo')!.post_intake_steps = [];
    renderRoute(`/patient/visits/${SEED_VISITS.completed}`, { as: 'demo-patient' });
    expect(await screen.findByRole('link', { name: 'Book a follow-up' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Open your visit summary' });
    expect(screen.queryByRole('heading', { name: 'Tell us how it went' })).not.toBeInTheDocument();
  });

  it('focuses the survey when the page is opened at it', async () => {
    renderRoute(`/patient/visits/${SEED_VISITS.completed}#survey`, { as: 'demo-patient' });
    const heading = await screen.findByRole('heading', { name: 'Tell us how it went' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('books a follow-up appointment in the same room, named by the room, never its code', async () => {
    const { user, router } = renderRoute(`/patient/visits/${SEED_VISITS.completed}`, { as: 'demo-patient' });
    const followUp = await screen.findByRole('region', { name: 'Book a follow-up' });
    const link = await within(followUp).findByRole('link', { name: 'Book a follow-up' });
    expect(link).toHaveAttribute('href', paths.patient.intakeStart('general', 'appointment'));
    expect(followUp).toHaveTextContent('Book an appointment in General practice.');
    expect(followUp).not.toHaveTextContent(/\bgeneral\b/);
    await user.click(link);
    // The wizard of that room, for an appointment, at its first step (its chunk may take a while to
    // load: Testing Library's waitFor has the suite's one limit, vi.waitFor only one second).
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/^\/patient\/rooms\/general\/intake(\/|$)/),
    );
    expect(new URLSearchParams(router.state.location.search).get('kind')).toBe('appointment');
  });

  it('leads a follow-up of a room without appointments to the room’s page', async () => {
    renderRoute(`/patient/visits/${SEED_VISITS.econsultClosed}`, { as: 'demo-patient' });
    const followUp = await screen.findByRole('region', { name: 'Book a follow-up' });
    const link = await within(followUp).findByRole('link', { name: /^See how to follow up with / });
    expect(link).toHaveAttribute('href', paths.patient.room('dermatology'));
    expect(within(followUp).queryByRole('link', { name: 'Book a follow-up' })).not.toBeInTheDocument();
  });
});
