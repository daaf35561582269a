import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { RouterProvider } from 'react-router';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createAppContext } from '@/app/create-app';
import { AppProviders } from '@/app/provider';
import { createTestRouter } from '@/app/router';
import { db } from '@telehealth/mock/db';
import { issuePair } from '@telehealth/mock/lib/auth';
import { server } from '@telehealth/mock/node';
import { api } from '@telehealth/mock/lib/routes';
import { findUserByCode } from '@telehealth/mock/lib/users';
import { renderRoute, type PersonaCode } from '~test/render';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

/** A fresh SSO token for a persona, as POST /users/sso would hand to the clinic's site. */
function ssoTokenFor(code: PersonaCode): string {
  return issuePair(findUserByCode(code)!.id).access.token;
}

function landingUrl(token: string, extra: Record<string, string> = {}): string {
  return `/auth?${new URLSearchParams({ sso_token: token, ...extra }).toString()}`;
}

function countExchanges() {
  const calls: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/api_v3/auth') calls.push(url.search);
  };
  server.events.on('request:start', listener);
  onTestFinished(() => {
    server.events.removeListener('request:start', listener);
  });
  return calls;
}

/** The app as main.tsx mounts it: inside StrictMode, where effects run twice in development. */
function renderStrict(path: string) {
  const context = createAppContext(window.sessionStorage);
  onTestFinished(() => context.session.dispose());
  const router = createTestRouter(context, [path]);
  render(
    <StrictMode>
      <AppProviders queryClient={context.queryClient} session={context.session}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { ...context, router, user: userEvent.setup() };
}

describe('the SSO landing', () => {
  it('B16: exchanges the token, drops it from the address and history, and follows an in-app `next`', async () => {
    const token = ssoTokenFor('demo-patient');
    const { router, session } = renderRoute(landingUrl(token, { next: '/patient/account/profile' }));
    expect(await screen.findByRole('heading', { name: 'Your profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/patient/account/profile');
    expect(router.state.location.search).not.toContain(token);
    expect(session.getState().status).toBe('active');
    // The portal holds its own session: a new token family, not the SSO token.
    expect(session.tokens!.accessToken).not.toBe(token);
    await act(() => router.navigate(-1));
    expect(router.state.location.search).not.toContain('sso_token');
    expect(document.body.innerHTML).not.toContain(token);
  });

  it('B17: inside StrictMode the token is exchanged exactly once', async () => {
    const exchanges = countExchanges();
    const token = ssoTokenFor('demo-patient');
    renderStrict(landingUrl(token, { one_time_token: '1' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    expect(exchanges).toHaveLength(1);
    // one_time_token is never sent (it would spend a token that may be the session): the landing
    // destroys the link's token itself once the exchange gave the portal its own pair.
    expect(exchanges[0]).not.toContain('one_time_token');
    await waitFor(() => expect(db.tokens.get(token)?.revoked).toBe(true));
  });

  it('B17: replaying a one-time link signs no one in and shows the invalid-link page, without a loop', async () => {
    const exchanges = countExchanges();
    const token = ssoTokenFor('demo-patient');
    const view = renderRoute(landingUrl(token, { one_time_token: '1' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    await waitFor(() => expect(db.tokens.get(token)?.revoked).toBe(true));
    await view.session.signOut();
    view.unmount();

    const { session } = renderRoute(landingUrl(token, { one_time_token: '1' }));
    expect(
      await screen.findByRole('heading', { name: 'This sign-in link is invalid or has expired' }),
    ).toBeInTheDocument();
    expect(session.getState().status).toBe('signed-out');
    expect(exchanges).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Other ways to sign in' })).toBeInTheDocument();
  });

  it('B18: a `next` to another origin is ignored and the user lands on their home', async () => {
    const token = ssoTokenFor('demo-patient');
    const { router } = renderRoute(landingUrl(token, { next: '//evil.example/phish' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/patient');
  });

  it('D12: without one_time_token the SSO token is destroyed after the exchange, so the link in history is dead', async () => {
    const token = ssoTokenFor('demo-patient');
    const { session } = renderRoute(landingUrl(token));
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    await waitFor(() => expect(db.tokens.get(token)?.revoked).toBe(true));
    // The portal's own session is untouched.
    expect(db.tokens.get(session.tokens!.accessToken)?.revoked).toBe(false);
    const replay = await fetch(`http://localhost/api_v3/auth?sso_token=${token}`, {
      headers: { Accept: 'application/json' },
    });
    expect(replay.status).toBe(401);
  });

  it.each(['/auth?sso_token=whatever', '/AUTH/?x=1', '/signed-out?reason=idle'])(
    'D18: `next=%s` takes a signed-in user home, never to an endless landing or a false signed-out page',
    async (next) => {
      const token = ssoTokenFor('demo-patient');
      const { router } = renderRoute(landingUrl(token, { next }));
      expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/patient');
    },
  );

  it('B18: a `next` the user may not open leads to their own home, not a loop', async () => {
    const token = ssoTokenFor('demo-patient');
    const { router } = renderRoute(landingUrl(token, { next: '/admin/users' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/patient');
  });

  it.each([
    ['401 {error, message}', 401, { error: 'invalid_token', message: 'expired' }],
    ['400 {code: 404}', 400, { code: 404, message: 'The page you requested is not available.' }],
    ['401 {code: 404}', 401, { code: 404, message: 'Not found' }],
  ])(
    'B19: a refused token (%s) shows the invalid-link page, never the token or `next`',
    async (_label, status, body) => {
      server.use(http.get(api('/auth'), () => HttpResponse.json(body, { status })));
      const { router, session } = renderRoute(
        landingUrl('CANARY_SSO_refused', { next: '/patient/account/profile' }),
      );
      expect(
        await screen.findByRole('heading', { name: 'This sign-in link is invalid or has expired' }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/auth/invalid');
      expect(session.getState().status).toBe('signed-out');
      expect(window.sessionStorage.getItem('telehealth.session')).toBeNull();
      expect(document.body.innerHTML).not.toContain('CANARY_SSO');
    },
  );

  it('an unreachable server shows a way forward instead of spinning forever', async () => {
    server.use(
      http.get(api('/auth'), () => HttpResponse.error()),
      http.get(api('/me'), () => HttpResponse.error()),
    );
    renderRoute(landingUrl(ssoTokenFor('demo-patient')));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not complete the sign-in');
    expect(screen.getByRole('link', { name: 'Go to the sign-in page' })).toBeInTheDocument();
  });

  it('a landing without a token goes straight to the invalid-link page', async () => {
    renderRoute('/auth');
    expect(
      await screen.findByRole('heading', { name: 'This sign-in link is invalid or has expired' }),
    ).toBeInTheDocument();
  });

  it.each([
    ['demo-provider', 'Dashboard', '/provider'],
    ['demo-admin', 'Clinic administration', '/admin'],
    ['demo-patient', 'Welcome, Casey', '/patient'],
  ] as const)('lands %s on their role’s home without `next`', async (persona, heading, path) => {
    const { router } = renderRoute(landingUrl(ssoTokenFor(persona)));
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('disable_navigation=1 shows the portal without its navigation for the whole session', async () => {
    const { router } = renderRoute(landingUrl(ssoTokenFor('demo-patient'), { disable_navigation: '1' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await act(() => router.navigate('/patient/account/profile'));
    expect(await screen.findByRole('heading', { name: 'Your profile' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    // Nor the links between the Account pages: the embedding site navigates.
    expect(screen.queryByRole('navigation', { name: 'Account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});

/** Every request the landing makes: path, query and the token it carried. */
function recordCalls() {
  const calls: { path: string; search: string; token: string | null; accept: string | null }[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    calls.push({
      path: url.pathname.replace(/^\/api_v3/, ''),
      search: url.search,
      token: request.headers.get('X-ApiToken'),
      accept: request.headers.get('Accept'),
    });
  };
  server.events.on('request:start', listener);
  onTestFinished(() => {
    server.events.removeListener('request:start', listener);
  });
  return calls;
}

describe('a server whose /auth only redirects (spec 4.1, section 7: 302)', () => {
  it.each([
    ['a 302 and nothing else', () => new HttpResponse(null, { status: 302, headers: { Location: '/' } })],
    ['an HTML page', () => HttpResponse.html('<!doctype html><title>Portal</title>')],
    ['no CORS answer (a network error)', () => HttpResponse.error()],
  ])(
    'with %s, signs in with the SSO token as the access token and shows the patient’s home',
    async (_label, answer) => {
      server.use(http.get(api('/auth'), answer));
      const calls = recordCalls();
      const token = ssoTokenFor('demo-patient');
      const { router, session } = renderRoute(landingUrl(token, { one_time_token: '1' }));
      expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/patient');
      // Spec 4.1 SSO rule 5: the SSO token is the user's access token; there is no refresh token.
      expect(session.tokens).toMatchObject({
        accessToken: token,
        refreshToken: '',
        userId: SEED_USERS.patient,
      });
      // The user is read with GET /me, the SSO token as X-ApiToken.
      expect(calls.find((c) => c.path === '/me')?.token).toBe(token);
      // The probe never spends the token: one_time_token would end the session it starts.
      const probe = calls.find((c) => c.path === '/auth');
      expect(probe?.search).not.toContain('one_time_token');
      expect(db.tokens.get(token)).toMatchObject({ revoked: false });
      expect(db.tokens.get(token)?.consumed).toBeFalsy();
      // The session works for the rest of the portal: every call carries the SSO token.
      await act(() => router.navigate('/patient/account/profile'));
      expect(await screen.findByRole('heading', { name: 'Your profile' })).toBeInTheDocument();
      const later = calls.filter((c) => c.token !== null && c.path !== '/me');
      expect(later.every((c) => c.token === token)).toBe(true);
      expect(document.body.innerHTML).not.toContain(token);
    },
  );

  it('a token the server refuses on that path shows the invalid-link page', async () => {
    server.use(
      http.get(api('/auth'), () => new HttpResponse(null, { status: 302, headers: { Location: '/' } })),
    );
    const { session } = renderRoute(landingUrl('CANARY_SSO_unknown'));
    expect(
      await screen.findByRole('heading', { name: 'This sign-in link is invalid or has expired' }),
    ).toBeInTheDocument();
    expect(session.getState().status).toBe('signed-out');
    expect(document.body.innerHTML).not.toContain('CANARY_SSO');
  });

  it('sign-out destroys the SSO token, which was the session', async () => {
    server.use(
      http.get(api('/auth'), () => new HttpResponse(null, { status: 302, headers: { Location: '/' } })),
    );
    const token = ssoTokenFor('demo-patient');
    const { session } = renderRoute(landingUrl(token));
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    await expect(act(() => session.signOut())).resolves.toEqual({ serverConfirmed: true });
    expect(db.tokens.get(token)?.revoked).toBe(true);
  });
});

describe('terms of service gate', () => {
  it('a user who never accepted the terms sees them first, accepts with POST /me tos=1 and continues to `next`', async () => {
    const { user, router } = renderRoute(
      landingUrl(ssoTokenFor('demo-patient-2'), { next: '/patient/account/profile' }),
    );
    expect(await screen.findByRole('heading', { name: 'Terms of service' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/terms');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I accept the terms' }));
    expect(await screen.findByRole('heading', { name: 'Your profile' })).toBeInTheDocument();
    expect(db.users.get(SEED_USERS.patient2)!.tos).toBe(true);
  });

  it('every area sends a user with tos false to the terms, and declining signs out', async () => {
    const { user, router, session } = renderRoute('/patient/account/profile', { as: 'demo-patient-2' });
    expect(await screen.findByRole('heading', { name: 'Terms of service' })).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe(
      '/patient/account/profile',
    );
    await user.click(screen.getByRole('button', { name: 'Decline and sign out' }));
    expect(await screen.findByRole('heading', { name: 'You are signed out' })).toBeInTheDocument();
    expect(session.getState().status).toBe('signed-out');
    expect(db.users.get(SEED_USERS.patient2)!.tos).toBe(false);
  });

  it('the terms page sends someone who already accepted straight on', async () => {
    const { router } = renderRoute('/terms', { as: 'demo-patient' });
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/patient');
  });
});
