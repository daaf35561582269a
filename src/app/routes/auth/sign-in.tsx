import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ClinicBrand } from '@/components/layout/branding';
import { LanguageSwitcher } from '@/components/layout/language-switcher';
import { DevSignInLink } from '../dev/sign-in-link';
import { Page } from '@/components/layout/page';
import { isDevSignInEnabled } from '@/config/env';
import { paths, safeInAppPath } from '@/config/paths';
import { useSessionStore } from '@/lib/session';

/**
 * Patients and providers arrive through their clinic's single sign-on link (/auth). The spec
 * shows no credentials login, so this page explains how to get in (docs/spec-decisions.md).
 * A tab opened from a signed-in tab asks the open tabs for the session's pair (briefly) and moves
 * on when one answers; the explanation is on screen meanwhile, so nobody waits on a blank page.
 */
export function Component() {
  const [params] = useSearchParams();
  const returnTo = safeInAppPath(params.get('returnTo'));
  const session = useSessionStore();
  const navigate = useNavigate();

  useEffect(() => {
    let active = true;
    void session.ready().then(() => {
      if (!active) return;
      if (session.getState().status === 'active') void navigate(returnTo ?? paths.home(), { replace: true });
    });
    return () => {
      active = false;
    };
  }, [session, navigate, returnTo]);

  return (
    <main id="main" className="shell-main narrow" tabIndex={-1}>
      <p>
        <ClinicBrand />
      </p>
      <LanguageSwitcher />
      <Page title={t`Sign in`}>
        <p>
          <Trans>
            Open the portal from your clinic’s website or app: it signs you in automatically. If a link has
            expired, go back to where you started and open it again.
          </Trans>
        </p>
        {isDevSignInEnabled ? <DevSignInLink returnTo={returnTo ?? undefined} /> : null}
      </Page>
    </main>
  );
}
