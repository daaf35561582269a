import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSessionStore, type SessionEndReason } from '@/lib/session';

/** Signs out here and in every tab; the browser is wiped even when the server is unreachable. */
export function useSignOut() {
  const session = useSessionStore();
  const navigate = useNavigate();
  return async (reason: SessionEndReason = 'signed-out') => {
    const { serverConfirmed } = await session.signOut(reason);
    await navigate(paths.signedOut(serverConfirmed ? undefined : 'offline'), { replace: true });
  };
}
