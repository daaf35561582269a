import { Link } from 'react-router';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <main id="main" className="shell-main" tabIndex={-1}>
      <Page title="Page not found">
        <p>We could not find that page. It may have moved, or the link may be incomplete.</p>
        <Link to={paths.home()}>Go to the home page</Link>
      </Page>
    </main>
  );
}
