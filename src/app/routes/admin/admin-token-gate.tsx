import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSession, useSessionStore } from '@/lib/session';

/**
 * ADMIN pages run on the clinic admin API token kept in this tab's memory (admin home page).
 * Without it, this says so and links to where it is entered, keeping the page's address.
 */
export function AdminTokenGate({ what, children }: { what: string; children: ReactNode }) {
  const store = useSessionStore();
  useSession();
  if (store.getAdminToken() !== null) return <>{children}</>;
  return (
    <div className="card" role="status">
      <p>{what} needs the clinic admin API token.</p>
      <Link to={paths.admin.home()}>Enter the token on the administration page</Link>
    </div>
  );
}
