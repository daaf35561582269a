import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { db } from '@telehealth/mock/db';
import { INSURANCE_MOCK_DEFAULTS } from '@telehealth/mock/handlers/insurance';
import { setMockProfile } from '@telehealth/mock/lib/profile';
import { SEED_USERS, seedQueuePatient } from '@telehealth/mock/seed/ids';
import { renderRoute } from '~test/render';
import { coverageOutcome, coverageWords, LONG_PENDING_READS, pollDelay } from './eligibility';

afterEach(() => {
  vi.useRealTimers();
  setMockProfile(null);
});

const PAGE = paths.patient.insurance();

/** The demo patient's primary card, with the member ID that decides the mock insurer's answer. */
function primaryCard(memberId: string) {
  db.insuranceCards.set(`${SEED_USERS.patient}:primary`, {
    ...db.insuranceCards.get(`${seedQueuePatient(1)}:primary`)!,
    id: `${SEED_USERS.patient}:primary`,
    _user: SEED_USERS.patient,
    subscriber_number: memberId,
  });
}

/** Polling runs on fake timers; the mock's clock follows the faked Date. */
function fakeClock() {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    shouldAdvanceTime: true,
  });
}

/** Advances fake time and lets the reads it starts settle. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/**
 * Lets the panel re-read the job `count` times, each after the delay the poll helper gives for the
 * reads so far (the start's answer is read 1, so the first re-read follows `pollDelay(1)`).
 */
async function polls(count: number, readsSoFar = 1) {
  for (let read = readsSoFar; read < readsSoFar + count; read += 1) await advance(pollDelay(read));
}

/** Re-reads until the poll schedule has passed `ms` since the start. */
async function pollsFor(ms: number) {
  let read = 1;
  for (let elapsed = 0; elapsed < ms; read += 1) {
    elapsed += pollDelay(read);
    await advance(pollDelay(read));
  }
}

async function startCheck() {
  const view = renderRoute(PAGE, {
    as: 'demo-patient',
    userEventOptions: { advanceTimers: vi.advanceTimersByTime },
  });
  await view.user.click(await screen.findByRole('button', { name: 'Check my coverage' }));
  expect(await screen.findByText('Waiting for your insurer to answer')).toBeInTheDocument();
  return view;
}

const region = () => screen.getByRole('region', { name: 'Coverage check' });

describe('coverage check in plain words (issue 27)', () => {
  it.each([
    ['XHM48213907', 'Your coverage is active. Your copay is $25.', null, { status: 'active', copay: 25 }],
    [
      'HPN-2209',
      'Your insurer says this plan is not active.',
      'If you have a newer card, update your primary card. Otherwise you can continue and pay yourself.',
      { status: 'inactive' },
    ],
    [
      'MBR-771200',
      'Your insurer couldn’t find this member ID.',
      'Check the card details.',
      { status: 'not_found' },
    ],
  ])(
    'member ID %s: the insurer’s answer arrives after a short while and reads “%s”',
    async (memberId, lead, next, stored) => {
      fakeClock();
      primaryCard(memberId);
      await startCheck();
      const job = db.eligibility.get(SEED_USERS.patient);
      expect(job).toMatchObject({ status: 'pending' });
      // The mock insurer answers after its settle time; the panel's re-reads find the answer.
      await pollsFor(INSURANCE_MOCK_DEFAULTS.eligibilitySettleSeconds * 1000);
      expect(await within(region()).findByText(lead)).toBeInTheDocument();
      if (next) expect(within(region()).getByText(next)).toBeInTheDocument();
      expect(db.eligibility.get(SEED_USERS.patient)).toMatchObject({ job_id: job?.job_id, ...stored });
      // No job id, no status code: only words.
      expect(region()).not.toHaveTextContent(String(job?.job_id));
      expect(region()).not.toHaveTextContent(/elig_|not_found|pending/);
      expect(screen.queryByText('Waiting for your insurer to answer')).not.toBeInTheDocument();
    },
  );

  it('says the insurer has not answered once the check is still pending after the threshold', async () => {
    fakeClock();
    primaryCard('QTA90431885');
    await startCheck();
    // The start's answer is the first read: three more re-reads are not yet "a while".
    await polls(LONG_PENDING_READS - 2);
    expect(screen.getByText('Waiting for your insurer to answer')).toBeInTheDocument();
    expect(screen.queryByText('Your insurer hasn’t answered yet.')).not.toBeInTheDocument();
    await polls(1, LONG_PENDING_READS - 1);
    expect(await screen.findByText('Your insurer hasn’t answered yet.')).toBeInTheDocument();
    expect(
      screen.getByText('You can continue and pay yourself for now, or ask the clinic to check for you.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to book a visit' })).toHaveAttribute(
      'href',
      paths.patient.rooms(),
    );
    expect(screen.getByRole('button', { name: 'Look again now' })).toBeEnabled();
    expect(screen.queryByText('Waiting for your insurer to answer')).not.toBeInTheDocument();
    expect(db.eligibility.get(SEED_USERS.patient)).toMatchObject({ status: 'pending' });
    expect(region()).not.toHaveTextContent(/elig_/);
  });

  it('shows a spec server’s active answer without a copay (the spec has no copay field)', async () => {
    setMockProfile('spec');
    primaryCard('XHM48213907');
    db.eligibility.set(SEED_USERS.patient, {
      id: SEED_USERS.patient,
      job_id: 'elig_spec_1',
      status: 'active',
      copay: 25,
      _started: 0,
    });
    renderRoute(PAGE, { as: 'demo-patient' });
    expect(await screen.findByText('Your coverage is active.')).toBeInTheDocument();
    expect(region()).not.toHaveTextContent(/copay|elig_spec_1/);
  });

  it('shows the seeded outcomes to the clinic, read only, in the clinic’s words', async () => {
    renderRoute(paths.provider.patient(seedQueuePatient(3)), { as: 'demo-provider' });
    const section = await screen.findByRole('region', { name: 'Insurance' });
    expect(await within(section).findByText('Coverage is active. The copay is $25.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Check/ })).toBeNull();
    expect(section).not.toHaveTextContent(/elig_/);
  });
});

describe('coverage words', () => {
  it('never shows a status code it does not know', () => {
    expect(coverageOutcome('ELIGIBLE')).toBe('active');
    expect(coverageOutcome('member-not-found')).toBe('not_found');
    const words = coverageWords(coverageOutcome('X12_REJECTED'), {
      copay: null,
      isLongPending: false,
      reader: 'patient',
    });
    expect(`${words.lead} ${words.next ?? ''}`).not.toMatch(/X12/);
  });
});
