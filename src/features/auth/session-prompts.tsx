/** The session's dialogs: the warnings before it ends and the prompts after (session-expired.tsx mounts them). */
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { useSignOut } from './use-sign-out';
import { useSessionStore } from '@/lib/session';

/** Re-renders every second while mounted: the countdown is computed from the deadline, not counted. */
function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/**
 * A session without a refresh token (a sign-in from the clinic's site) ends when its access token
 * does, and nothing here can extend it: the warning says when, and closing it keeps the page
 * usable until then. At the end the page and what was typed stay, behind the prompt below.
 */
export function ExpiryWarningDialog({ deadline }: { deadline: number }) {
  const store = useSessionStore();
  const signOut = useSignOut();
  const now = useNow();
  const signingOut = useSingleFlight(() => signOut());
  const left = formatCountdown(deadline - now);
  return (
    <Dialog
      title={t`Your session is ending soon`}
      describedBy="expiry-warning-text"
      onClose={() => store.dismissExpiryWarning()}
    >
      <p id="expiry-warning-text">
        <Trans>
          Your session ends in{' '}
          <span role="timer" aria-live="off">
            {left}
          </span>{' '}
          and cannot be extended from here. Save or send what you are working on now.
        </Trans>
      </p>
      <p>
        <Trans>
          When it ends, what you typed stays on this page, so you can still read and copy it. To carry on,
          open the portal again from your clinic’s website or app.
        </Trans>
      </p>
      <p className="visually-hidden" aria-live="polite">
        <Trans>Your session will end soon.</Trans>
      </p>
      <div className="dialog-actions">
        <Button onClick={() => store.dismissExpiryWarning()}>
          <Trans>Continue</Trans>
        </Button>
        <Button
          variant="secondary"
          isBusy={signingOut.isBusy}
          busyLabel={t`Signing out…`}
          onClick={() => void signingOut.run()}
        >
          <Trans>Sign out now</Trans>
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * The end of a session that came from the clinic's site: the portal has no sign-in of its own
 * for it, so the way back is the clinic's site. Opening the portal from there in another tab
 * brings this page back with what was typed.
 */
export function ReopenFromClinicPrompt() {
  const signOut = useSignOut();
  // The page can be shown again (under a notice) so what was typed can be read and copied.
  const [showPage, setShowPage] = useState(false);
  if (showPage) {
    return (
      <div className="banner banner-warning" role="status">
        <Trans>
          Your session has ended. To carry on, open the portal again from your clinic’s website or app.
        </Trans>{' '}
        <Button variant="link" onClick={() => void signOut()}>
          <Trans>Sign out</Trans>
        </Button>
      </div>
    );
  }
  return (
    <Dialog title={t`Your session has ended`} describedBy="session-ended-text">
      <p id="session-ended-text">
        <Trans>For your security your session has ended. What you typed on this page is still here.</Trans>
      </p>
      <p>
        <Trans>
          To carry on, open the portal again from your clinic’s website or app. If you open it in a new tab,
          this page carries on where you left off.
        </Trans>
      </p>
      <div className="dialog-actions">
        <Button onClick={() => setShowPage(true)}>
          <Trans>Show my page</Trans>
        </Button>
        <Button variant="secondary" onClick={() => void signOut()}>
          <Trans>Sign out</Trans>
        </Button>
      </div>
    </Dialog>
  );
}

export function IdleWarningDialog({ deadline }: { deadline: number }) {
  const store = useSessionStore();
  const signOut = useSignOut();
  const now = useNow();
  const signingOut = useSingleFlight(() => signOut());
  const left = formatCountdown(deadline - now);
  return (
    <Dialog title={t`Are you still there?`} describedBy="idle-warning-text">
      <p id="idle-warning-text">
        <Trans>
          For your security you will be signed out in{' '}
          <span role="timer" aria-live="off">
            {left}
          </span>{' '}
          unless you continue.
        </Trans>
      </p>
      <p>
        <Trans>
          Anything typed but not yet saved will be cleared. What you have already saved, such as the finished
          steps of a visit form, stays with your clinic and is there when you sign in again.
        </Trans>
      </p>
      {/* Said once when the dialog opens; the ticking clock itself stays quiet for screen readers. */}
      <p className="visually-hidden" aria-live="polite">
        <Trans>You will be signed out soon because there has been no activity.</Trans>
      </p>
      <div className="dialog-actions">
        <Button onClick={() => store.staySignedIn()}>
          <Trans>Stay signed in</Trans>
        </Button>
        <Button
          variant="secondary"
          isBusy={signingOut.isBusy}
          busyLabel={t`Signing out…`}
          onClick={() => void signingOut.run()}
        >
          <Trans>Sign out now</Trans>
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * When the server stops accepting the session, the current screen (and anything typed) stays
 * mounted behind this prompt. Signing in again in another tab brings this one back.
 */
export function SignInAgainPrompt() {
  const location = useLocation();
  const signOut = useSignOut();
  return (
    <Dialog title={t`Your session has ended`} describedBy="session-expired-text">
      <p id="session-expired-text">
        <Trans>
          For your security you need to sign in again. What you typed on this page is still here: once you
          have signed in again in a new tab, this page carries on where you left off.
        </Trans>
      </p>
      <div className="dialog-actions">
        <Link
          className="btn btn-primary"
          to={paths.signIn(`${location.pathname}${location.search}`)}
          target="_blank"
          rel="noopener"
        >
          <Trans>Sign in again (opens a new tab)</Trans>
        </Link>
        <Button variant="secondary" onClick={() => void signOut()}>
          <Trans>Sign out</Trans>
        </Button>
      </div>
    </Dialog>
  );
}
