import { Link, useLocation } from 'react-router';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

/**
 * When the server stops accepting the session, the current screen (and anything typed) stays
 * mounted behind this prompt.
 */
export function SessionExpiredDialog() {
  const session = useSession();
  const location = useLocation();
  if (session.status !== 'expired') return null;
  return (
    <Dialog title="Your session has ended" describedBy="session-expired-text">
      <p id="session-expired-text">
        For your security you need to sign in again. What you typed on this page is still here.
      </p>
      <Link className="btn btn-primary" to={paths.signIn(`${location.pathname}${location.search}`)} target="_blank" rel="noopener">
        Sign in again (opens a new tab)
      </Link>
    </Dialog>
  );
}
