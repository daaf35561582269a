import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@/lib/i18n';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Page } from '@/components/layout/page';
import { paths, safeInAppPath } from '@/config/paths';
import { useSession, useSignOutOutcome } from '@/lib/session';

const REASONS = {
  idle: msg`You were signed out because there was no activity for a while.`,
  expired: msg`Your session reached its time limit.`,
  offline: msg`You are signed out on this device. The clinic could not be reached, so the server-side sign-out will complete when the session expires.`,
  'other-tab': msg`You signed out in another tab, so this tab was signed out too.`,
  'identity-changed': msg`Someone signed in as a different person in another tab of this browser, so this tab was signed out.`,
} satisfies Record<string, MessageDescriptor>;

export function Component() {
  const [params] = useSearchParams();
  const session = useSession();
  const outcome = useSignOutOutcome();
  const reasonKey = params.get('reason') ?? '';
  const reason = Object.hasOwn(REASONS, reasonKey) ? REASONS[reasonKey as keyof typeof REASONS] : undefined;
  // Only the sign-in page reads it, and only as a path on this origin.
  const returnTo = safeInAppPath(params.get('returnTo')) ?? undefined;
  // A link here (say a landing's `next`) must not tell a signed-in user they are signed out.
  if (session.status === 'active') return <Navigate to={paths.home()} replace />;
  return (
    <main id="main" className="shell-main narrow" tabIndex={-1}>
      <Page title={t`You are signed out`}>
        <p role="status">
          {reason
            ? i18n._(reason)
            : t`You have signed out. Nothing from your session is kept in this browser.`}
        </p>
        {outcome?.server === 'unconfirmed' && reasonKey !== 'offline' ? (
          <p role="alert">{i18n._(REASONS.offline)}</p>
        ) : null}
        {returnTo ? (
          <p>
            <Trans>What you had already saved is kept. Sign in again to pick up where you left off.</Trans>
          </p>
        ) : null}
        <Link to={paths.signIn(returnTo)}>
          <Trans>Sign in again</Trans>
        </Link>
      </Page>
    </main>
  );
}
