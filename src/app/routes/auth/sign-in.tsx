import { Link, useSearchParams } from 'react-router';
import { ClinicBrand } from '@/components/layout/branding';
import { Page } from '@/components/layout/page';
import { isDevSignInEnabled } from '@/config/env';
import { paths, safeInAppPath } from '@/config/paths';

/**
 * Patients and providers arrive through their clinic's single sign-on link (/auth). The spec
 * shows no credentials login, so this page explains how to get in (docs/spec-decisions.md).
 */
export function Component() {
  const [params] = useSearchParams();
  const returnTo = safeInAppPath(params.get('returnTo'));
  return (
    <main id="main" className="shell-main narrow" tabIndex={-1}>
      <p>
        <ClinicBrand />
      </p>
      <Page title="Sign in">
        <p>
          Open the portal from your clinic’s website or app: it signs you in automatically. If a link has expired,
          go back to where you started and open it again.
        </p>
        {isDevSignInEnabled ? (
          <p>
            <Link to={`${paths.devSignIn()}${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`}>
              Development sign-in (mock personas)
            </Link>
          </p>
        ) : null}
      </Page>
    </main>
  );
}
