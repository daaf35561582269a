import { Navigate, useLocation } from 'react-router';

/**
 * A page that moved: replaces the address with `to` (a path without a query), keeping the old
 * address's query and fragment (`?page=2`, `#survey`), so Back does not lead to the old address again.
 * A component rather than a loader's redirect: loaders never see the fragment.
 */
export function MovedTo({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate replace to={{ pathname: to, search, hash }} />;
}
