import { Link, Navigate, useSearchParams } from 'react-router';
import { Page } from '@/components/layout/page';
import { paths, safeInAppPath } from '@/config/paths';
import { useSession, useSignOutOutcome } from '@/lib/session';

const REASONS: Record<string, string> = {
  idle: 'You were signed out because there was no activity for a while.',
  expired: 'Your session reached its time limit.',
  offline:
    'You are signed out on this device. The clinic could not be reached, so the server-side sign-out will complete when the session expires.',
  'other-tab': 'You signed out in another tab, so this tab was signed out too.',
  'identity-changed':
    'Someone signed in as a different person in another tab of this browser, so this tab was signed out.',
};

export function Component() {
  const [params] = useSearchParams();
  const session = useSession();
  const outcome = useSignOutOutcome();
  const reasonKey = params.get('reason') ?? '';
  const reason = REASONS[reasonKey];
  // Only the sign-in page reads it, and only as a path on this origin.
  const returnTo = safeInAppPath(params.get('returnTo')) ?? undefined;
  // A link here (say a landing's `next`) must not tell a signed-in user they are signed out.
  if (session.status === 'active') return <Navigate to={paths.home()} replace />;
  return (
    <main id="main" className="shell-main narrow" tabIndex={-1}>
      <Page title="You are signed out">
        <p role="status">
          {reason ?? 'You have signed out. Nothing from your session is kept in this browser.'}
        </p>
        {outcome?.server === 'unconfirmed' && reasonKey !== 'offline' ? (
          <p role="alert">{REASONS.offline}</p>
        ) : null}
        {returnTo ? (
          <p>What you had already saved is kept. Sign in again to pick up where you left off.</p>
        ) : null}
        <Link to={paths.signIn(returnTo)}>Sign in again</Link>
      </Page>
    </main>
  );
}
