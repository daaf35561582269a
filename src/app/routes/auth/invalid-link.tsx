import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

/**
 * A sign-in link that was refused (expired, unknown or already used). Never a loop: this page
 * makes no request. A tab that still holds a session may carry on with it.
 */
export function Component() {
  const session = useSession();
  return (
    <main id="main" className="shell-main narrow" tabIndex={-1}>
      <Page title={t`This sign-in link is invalid or has expired`}>
        <p>
          <Trans>
            Sign-in links work once and only for a short time. Go back to your clinic’s website or app and
            open the portal from there to get a fresh link.
          </Trans>
        </p>
        {session.status === 'active' ? (
          <p>
            <Link to={paths.home()}>
              <Trans>Continue with the session already open in this tab</Trans>
            </Link>
          </p>
        ) : null}
        <p>
          <Link to={paths.signIn()}>
            <Trans>Other ways to sign in</Trans>
          </Link>
        </p>
      </Page>
    </main>
  );
}
