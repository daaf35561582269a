import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import type * as SessionPrompts from './session-prompts';
import { useLocation, useNavigate } from 'react-router';
import { paths, safeInAppPath } from '@/config/paths';
import { useIdleState, useSession, useSessionStore, type SessionEndReason } from '@/lib/session';

type Prompts = typeof SessionPrompts;
let prompts: Prompts | null = null;

/**
 * The session's dialogs load after the first page: fetched as soon as a session is active, so a
 * warning or prompt finds them here (and renders at once) when it is due.
 */
export function preloadSessionPrompts(): Promise<Prompts> {
  return import('./session-prompts').then((loaded) => (prompts = loaded));
}

/** A dialog of session-prompts.tsx, rendered at once when its module is here, else once it is. */
function prompt<
  K extends 'ExpiryWarningDialog' | 'IdleWarningDialog' | 'ReopenFromClinicPrompt' | 'SignInAgainPrompt',
>(name: K) {
  // A thenable that answers at once when the module is here: React.lazy then renders without
  // suspending (no empty frame, and no late update in a test with a fake clock).
  return lazy(
    () =>
      ({
        then(resolve: (module: { default: Prompts[K] }) => void, reject: (error: unknown) => void) {
          if (prompts) resolve({ default: prompts[name] });
          else preloadSessionPrompts().then((loaded) => resolve({ default: loaded[name] }), reject);
        },
      }) as Promise<{ default: Prompts[K] }>,
  );
}
const ExpiryWarningDialog = prompt('ExpiryWarningDialog');
const IdleWarningDialog = prompt('IdleWarningDialog');
const ReopenFromClinicPrompt = prompt('ReopenFromClinicPrompt');
const SignInAgainPrompt = prompt('SignInAgainPrompt');

/**
 * The session's overlays, mounted once at the root: the inactivity warning with its live
 * countdown, the sign-in-again prompt over a screen the server stopped accepting, and the move
 * to the signed-out page when the session ends on its own (idle, time cap, another tab).
 */
export function SessionExpiredDialog() {
  useSessionEndNavigation();
  const session = useSession();
  const isActive = session.status === 'active';
  useEffect(() => {
    if (isActive && !prompts) void preloadSessionPrompts().catch(() => {});
  }, [isActive]);
  if (session.status === 'expired') {
    return (
      <Suspense fallback={null}>
        {session.wayBack === 'clinic-site' ? <ReopenFromClinicPrompt /> : <SignInAgainPrompt />}
      </Suspense>
    );
  }
  if (session.status === 'active') return <IdleWarning />;
  return null;
}

/**
 * Where a session that ended by itself sends the tab; null when the caller navigates itself.
 * After inactivity or the time cap, `here` (the page the patient was on, e.g. a wizard step with
 * its intake id) becomes the way back, so what was already saved is one sign-in away (case D35).
 */
export function signedOutPathFor(reason: SessionEndReason, here?: string): string | null {
  const returnTo = here === undefined ? undefined : (safeInAppPath(here) ?? undefined);
  switch (reason) {
    case 'idle':
      return paths.signedOut('idle', returnTo);
    case 'max-age':
    case 'expired':
      return paths.signedOut('expired', returnTo);
    case 'other-tab':
      return paths.signedOut('other-tab');
    case 'identity-changed':
      return paths.signedOut('identity-changed');
    case 'signed-out':
    case 'replaced':
      return null;
  }
}

function useSessionEndNavigation() {
  const store = useSessionStore();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const here = useRef('');
  useEffect(() => {
    here.current = `${location.pathname}${location.search}`;
  }, [location]);
  useEffect(
    () =>
      store.onSignOut((reason) => {
        const to = signedOutPathFor(reason, here.current);
        // Replace: the entry that showed patient data must not be one Back press away.
        if (to) void navigate(to, { replace: true });
      }),
    [store, navigate],
  );
  useEffect(
    () =>
      store.onRestored(() => {
        // Whatever failed while the session was over loads again with the new one.
        void queryClient.invalidateQueries();
      }),
    [store, queryClient],
  );
}

function IdleWarning() {
  const idle = useIdleState();
  if (idle.phase !== 'warning') return null;
  return (
    <Suspense fallback={null}>
      {idle.cause === 'expiry' ? (
        <ExpiryWarningDialog deadline={idle.deadline} />
      ) : (
        <IdleWarningDialog deadline={idle.deadline} />
      )}
    </Suspense>
  );
}
