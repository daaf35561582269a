import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useServerExtension } from '@/api/accounts/extensions';
import { userQueries } from '@/api/users/queries';
import { useSessionStore } from '@/lib/session';
import { adminAccessOf, type AdminAccess } from './home-for';

/** The signed-in user's access to the clinic administration (`adminAccessOf`), kept current. */
export function useAdminAccess(): AdminAccess {
  const { data: me } = useQuery(userQueries.me());
  const rolesOffered = useServerExtension('user-roles');
  const store = useSessionStore();
  const tokenAccepted = useSyncExternalStore(store.subscribe, () => store.hasAcceptedAdminToken());
  return me ? adminAccessOf(me, { rolesOffered, tokenAccepted }) : 'no';
}
