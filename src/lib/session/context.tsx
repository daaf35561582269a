import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { logout, refreshTokens } from '@/api/users/requests';
import { SessionStore, type SessionState } from './session-store';

const SessionContext = createContext<SessionStore | null>(null);

/** The app's session store: tokens in memory and sessionStorage (never localStorage). */
export function createSessionStore(storage: Storage | null = safeSessionStorage()): SessionStore {
  return new SessionStore({ refresh: (rt) => refreshTokens(rt), logout: (at, tokens) => logout(at, tokens), storage });
}

function safeSessionStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSessionStore needs a SessionProvider');
  return store;
}

export function useSession(): SessionState {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
