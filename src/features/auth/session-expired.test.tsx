import { setTimeout as realDelay } from 'node:timers/promises';
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { userQueries } from '@/api/users/queries';
import { createSessionStore } from '@/lib/session';
import { MemoryStorage } from '@/lib/session/test-support';
import { db } from '@telehealth/mock/db';
import { server } from '@telehealth/mock/node';
import { api } from '@telehealth/mock/lib/routes';
import { renderRoute, sessionFor } from '~test/render';
import { signedOutPathFor } from './session-expired';
import { formatCountdown } from './session-prompts';
import { endSeededWalkinBeforeEach } from '~test/queue';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

endSeededWalkinBeforeEach();

const MIN = 60_000;
const FAKE: Parameters<typeof vi.useFakeTimers>[0] = {
  toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
};

/** Another tab of the same browser: its own storage, the same BroadcastChannel. */
function otherTab() {
  const store = createSessionStore(new MemoryStorage());
  onTestFinished(() => store.dispose());
  return store;
}

/**
 * Fake timers for countdowns and idle sign-out. Testing Library drains its async utilities with a
 * setTimeout(0) that it only advances when it sees Jest; pointing `jest` at Vitest's clock lets
 * user-event and findBy* work under fake timers.
 */
function useFakeClock() {
  vi.useFakeTimers(FAKE);
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
}

/**
 * Lets the mock answer (real I/O) while the fake clock moves in small steps, until `find` succeeds.
 * Each step also gives a few real milliseconds (node's own timers are not faked), so a busy machine
 * loading the route's modules does not run the fake clock far ahead of them.
 */
async function findWithFakeTimers<T>(find: () => T, stepMs = 25, maxSteps = 2000): Promise<T> {
  let lastError: Error = new Error('not found');
  for (let i = 0; i < maxSteps; i += 1) {
    try {
      return find();
    } catch (error) {
      lastError = error instanceof Error ? error : new Error(String(error));
      await act(() => vi.advanceTimersByTimeAsync(stepMs));
      await realDelay(5);
    }
  }
  throw lastError;
}

function countRequests() {
  const paths: string[] = [];
  const listener = ({ request }: { request: Request }) =>
    paths.push(`${request.method} ${new URL(request.url).pathname}`);
  server.events.on('request:start', listener);
  onTestFinished(() => {
    server.events.removeListener('request:start', listener);
  });
  return paths;
}

describe('inactivity warning and sign-out (A12, A14)', () => {
  it('formats the countdown as minutes and seconds', () => {
    expect(formatCountdown(120_000)).toBe('2:00');
    expect(formatCountdown(119_001)).toBe('2:00');
    expect(formatCountdown(59_000)).toBe('0:59');
    expect(formatCountdown(-5)).toBe('0:00');
  });

  it('A12: shows a live countdown two minutes before, keeps the session on "Stay signed in", and signs out after 15 quiet minutes', async () => {
    useFakeClock();
    const { user, session } = renderRoute('/patient', {
      as: 'demo-patient',
      userEventOptions: { advanceTimers: vi.advanceTimersByTime },
    });
    await findWithFakeTimers(() => screen.getByRole('heading', { name: 'Welcome, Casey' }));
    const tokens = session.tokens!;

    await act(() => vi.advanceTimersByTimeAsync(13 * MIN));
    const dialog = screen.getByRole('dialog', { name: 'Are you still there?' });
    const seconds = () => {
      const [m, s] = (within(dialog).getByRole('timer').textContent ?? '').split(':').map(Number);
      return (m ?? 0) * 60 + (s ?? 0);
    };
    // Two minutes before the end, less the fake time the first render took.
    expect(seconds()).toBeGreaterThanOrEqual(100);
    expect(seconds()).toBeLessThanOrEqual(120);
    const shown = seconds();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(seconds()).toBe(shown - 1);
    expect(within(dialog).getByRole('button', { name: 'Stay signed in' })).toHaveFocus();
    expect(dialog).toHaveTextContent('Anything typed but not yet saved will be cleared.');

    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(15 * MIN));
    await findWithFakeTimers(() => screen.getByRole('heading', { name: 'You are signed out' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'You were signed out because there was no activity for a while.',
    );
    expect(screen.queryByText(/Casey/)).not.toBeInTheDocument();
    expect(db.tokens.get(tokens.accessToken)?.revoked).toBe(true);
    expect(db.tokens.get(tokens.refreshToken)?.revoked).toBe(true);
    expect(window.sessionStorage.getItem('telehealth.session')).toBeNull();
    // The way back leads to the page the patient was on (D35).
    expect(screen.getByText(/pick up where you left off/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute(
      'href',
      '/sign-in?returnTo=%2Fpatient',
    );
  });

  it('A14: a screen that polls every 10 seconds still signs out at 15 minutes, and the polling stops', async () => {
    useFakeClock();
    const requests = countRequests();
    const { queryClient } = renderRoute('/patient', { as: 'demo-patient' });
    await findWithFakeTimers(() => screen.getByRole('heading', { name: 'Welcome, Casey' }));
    // A poller like the notification badge: background work, never user input.
    const stop = setInterval(
      () => void queryClient.refetchQueries({ queryKey: userQueries.me().queryKey }),
      10_000,
    );
    onTestFinished(() => clearInterval(stop));
    await act(() => vi.advanceTimersByTimeAsync(15 * MIN));
    await findWithFakeTimers(() => screen.getByRole('heading', { name: 'You are signed out' }));
    expect(requests.filter((r) => r === 'GET /api_v3/me').length).toBeGreaterThan(50);
    const atEnd = requests.length;
    await act(() => vi.advanceTimersByTimeAsync(10 * MIN));
    expect(requests.slice(atEnd).filter((r) => !r.endsWith('/users/logout'))).toEqual([]);
  });
});

describe('a session without a refresh token (spec /auth landing, refresh without a new one)', () => {
  it('warns before the access token’s expiry, keeps what was typed, and ends behind a prompt that leads back through the clinic’s site', async () => {
    useFakeClock();
    const { user, session } = renderRoute('/patient/profile', {
      as: 'demo-patient',
      userEventOptions: { advanceTimers: vi.advanceTimersByTime },
    });
    const phone = await findWithFakeTimers(() => screen.getByLabelText('Phone'));
    // As a spec landing (or a refresh answered with spec 2.2's shape) leaves it: no refresh
    // token, and an access token ending in ten minutes (here given as milliseconds).
    const result = sessionFor('demo-patient');
    const endsAt = Math.floor(Date.now() / 1000) * 1000 + 10 * MIN;
    act(() => {
      session.signIn({
        ...result,
        token: { ...result.token, expiry: endsAt, refresh_token: { token: '', expiry: null } },
      });
    });
    await user.clear(phone);
    await user.type(phone, '6465550100');

    await act(() => vi.advanceTimersByTimeAsync(4 * MIN));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(MIN + 2000));
    const warning = screen.getByRole('dialog', { name: 'Your session is ending soon' });
    const [m, sec] = (within(warning).getByRole('timer').textContent ?? '').split(':').map(Number);
    expect((m ?? 0) * 60 + (sec ?? 0)).toBeLessThanOrEqual(5 * 60);
    expect((m ?? 0) * 60 + (sec ?? 0)).toBeGreaterThan(4 * 60);
    expect(warning).toHaveTextContent('open the portal again from your clinic’s website or app');
    expect(within(warning).queryByRole('button', { name: 'Stay signed in' })).not.toBeInTheDocument();
    await user.click(within(warning).getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveValue('6465550100');

    // The token runs out: the page and what was typed stay, behind the prompt.
    await act(() => vi.advanceTimersByTimeAsync(5 * MIN));
    const prompt = screen.getByRole('dialog', { name: 'Your session has ended' });
    expect(prompt).toHaveTextContent('What you typed on this page is still here.');
    expect(prompt).toHaveTextContent('open the portal again from your clinic’s website or app');
    expect(within(prompt).queryByRole('link', { name: /Sign in again/ })).not.toBeInTheDocument();
    expect(session.getState()).toMatchObject({ status: 'expired', cause: 'token-expired' });
    expect(screen.getByLabelText('Phone')).toHaveValue('6465550100');
    // The page can be shown again, under a notice, to read and copy what was typed.
    await user.click(within(prompt).getByRole('button', { name: 'Show my page' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      screen.getByText(/Your session has ended\. To carry on, open the portal again/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveValue('6465550100');
    expect(screen.getByRole('heading', { name: 'Your profile' })).toBeInTheDocument();
  });
});

describe('where a session that ended by itself leads', () => {
  it('keeps the page for inactivity and the time cap, never for other tabs, and never an outside address', () => {
    const wizard = '/patient/rooms/general/intake/location?intake=int_1';
    expect(signedOutPathFor('idle', wizard)).toBe(
      `/signed-out?reason=idle&returnTo=${encodeURIComponent(wizard)}`,
    );
    expect(signedOutPathFor('max-age', wizard)).toBe(
      `/signed-out?reason=expired&returnTo=${encodeURIComponent(wizard)}`,
    );
    expect(signedOutPathFor('other-tab', wizard)).toBe('/signed-out?reason=other-tab');
    expect(signedOutPathFor('identity-changed', wizard)).toBe('/signed-out?reason=identity-changed');
    expect(signedOutPathFor('signed-out', wizard)).toBeNull();
    expect(signedOutPathFor('idle', '//evil.example/x')).toBe('/signed-out?reason=idle');
    expect(signedOutPathFor('idle', '')).toBe('/signed-out?reason=idle');
  });

  it('the signed-out page leads back only to a path of this portal', async () => {
    renderRoute(`/signed-out?reason=idle&returnTo=${encodeURIComponent('https://evil.example/')}`);
    expect(await screen.findByRole('heading', { name: 'You are signed out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/sign-in');
    expect(screen.queryByText(/pick up where you left off/)).not.toBeInTheDocument();
  });
});

describe('sign-out from the menu (A8, A9, A10)', () => {
  it('A8: signs out on the server, clears every cache and storage, and Back shows no patient data', async () => {
    const requests = countRequests();
    const { user, session, queryClient, router } = renderRoute('/patient', { as: 'demo-patient' });
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    await act(() => router.navigate('/patient/profile'));
    expect(await screen.findByRole('heading', { name: 'Your profile' })).toBeInTheDocument();
    window.sessionStorage.setItem('telehealth.user.message-draft.v1', 'a draft');
    const tokens = session.tokens!;

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'You are signed out' })).toBeInTheDocument();
    expect(requests).toContain('POST /api_v3/users/logout');
    expect(db.tokens.get(tokens.accessToken)?.revoked).toBe(true);
    expect(db.tokens.get(tokens.refreshToken)?.revoked).toBe(true);
    // Only the clinic's public branding may be cached again by the signed-out page.
    const cached = queryClient.getQueryCache().getAll();
    expect(cached.filter((q) => q.queryKey[0] === 'users' && q.state.data !== undefined)).toEqual([]);
    expect(JSON.stringify(cached.map((q) => q.state.data))).not.toMatch(
      new RegExp(`Casey|${SEED_USERS.patient}`),
    );
    expect(Object.keys(window.sessionStorage)).toEqual([]);

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText(/Casey|Morgan|2125550143/)).not.toBeInTheDocument();
  });

  it('A9: offline at sign-out, the browser is still wiped and the page says the server sign-out is pending', async () => {
    server.use(http.post(api('/users/logout'), () => HttpResponse.error()));
    const { user, session } = renderRoute('/patient', { as: 'demo-patient' });
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'You are signed out' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You are signed out on this device');
    expect(session.getState().status).toBe('signed-out');
    expect(window.sessionStorage.getItem('telehealth.session')).toBeNull();
    expect(screen.queryByText(/Casey/)).not.toBeInTheDocument();
  });
});

describe('other tabs (A11, H55)', () => {
  it('A11: a sign-out in another tab takes this tab to the signed-out page with nothing of the patient on it', async () => {
    const { session } = renderRoute('/patient', { as: 'demo-patient' });
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    const tokens = session.tokens!;
    const other = otherTab();
    other.signIn(sessionFor('demo-patient'));
    await other.signOut();
    expect(await screen.findByRole('heading', { name: 'You are signed out' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You signed out in another tab');
    expect(screen.queryByText(/Casey/)).not.toBeInTheDocument();
    await vi.waitFor(() => expect(db.tokens.get(tokens.accessToken)?.revoked).toBe(true));
  });

  it('H55: another person signing in in another tab ends this tab without showing its data', async () => {
    renderRoute('/patient', { as: 'demo-patient' });
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    otherTab().signIn(sessionFor('demo-patient-2'));
    expect(await screen.findByRole('heading', { name: 'You are signed out' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Someone signed in as a different person in another tab',
    );
    expect(screen.queryByText(/Casey|Riley/)).not.toBeInTheDocument();
  });
});

describe('a session the server stopped accepting (A4, A5, D34)', () => {
  it('keeps the page and what was typed behind a sign-in-again prompt, and carries on after signing in again elsewhere', async () => {
    const { user, session } = renderRoute('/patient/account/profile', { as: 'demo-patient' });
    const phone = await screen.findByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '6465550100');
    // The server ends the session: the token and the refresh are both refused.
    db.tokens.get(session.tokens!.accessToken)!.revoked = true;
    db.tokens.get(session.tokens!.refreshToken)!.revoked = true;
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    const prompt = await screen.findByRole('dialog', { name: 'Your session has ended' });
    expect(within(prompt).getByRole('link', { name: 'Sign in again (opens a new tab)' })).toHaveAttribute(
      'href',
      '/sign-in?returnTo=%2Fpatient%2Faccount%2Fprofile',
    );
    expect(screen.getByLabelText('Phone')).toHaveValue('6465550100');
    expect(db.users.get(SEED_USERS.patient)!.phone).toBe('2125550143');

    // The same person signs in in another tab: this one picks the session up with the form intact.
    otherTab().signIn(sessionFor('demo-patient'));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(session.getState().status).toBe('active');
    expect(screen.getByLabelText('Phone')).toHaveValue('6465550100');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    expect(db.users.get(SEED_USERS.patient)!.phone).toBe('6465550100');
  });
});
