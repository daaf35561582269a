import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <main id="main" className="shell-main" tabIndex={-1}>
      <Page title={t`Page not found`}>
        <p>
          <Trans>We could not find that page. It may have moved, or the link may be incomplete.</Trans>
        </p>
        <Link to={paths.home()}>
          <Trans>Go to the home page</Trans>
        </Link>
      </Page>
    </main>
  );
}
