import { Link } from 'react-router';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <main id="main" className="shell-main narrow" tabIndex={-1}>
      <Page title="This sign-in link is invalid or has expired">
        <p>
          Sign-in links work once and only for a short time. Go back to your clinic’s website or app and open the
          portal from there to get a fresh link.
        </p>
        <Link to={paths.signIn()}>Other ways to sign in</Link>
      </Page>
    </main>
  );
}
