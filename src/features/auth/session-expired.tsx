import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths, safeInAppPath } from '@/config/paths';
import { useIdleState, useSession, useSessionStore, type SessionEndReason } from '@/lib/session';

import {
  ExpiryWarningDialog,
  IdleWarningDialog,
  ReopenFromClinicPrompt,
  SignInAgainPrompt,
} from './session-prompts';

/**
 * The session's overlays, mounted once at the root: the inactivity warning with its live
 * countdown, the sign-in-again prompt over a screen the server stopped accepting, and the move
 * to the signed-out page when the session ends on its own (idle, time cap, another tab).
 */
export function SessionExpiredDialog() {
  useSessionEndNavigation();
  const session = useSession();
  if (session.status === 'expired') {
    return session.wayBack === 'clinic-site' ? <ReopenFromClinicPrompt /> : <SignInAgainPrompt />;
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
  if (idle.cause === 'expiry') return <ExpiryWarningDialog deadline={idle.deadline} />;
  return <IdleWarningDialog deadline={idle.deadline} />;
}
