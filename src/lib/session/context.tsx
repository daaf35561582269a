import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { exchangeSsoToken, logout, refreshTokens } from '@/api/users/requests';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { watchBrowserActivity } from './activity';
import {
  SESSION_CHANNEL,
  SessionStore,
  type IdleState,
  type SessionSettings,
  type SessionState,
  type SignOutOutcome,
} from './session-store';

const SessionContext = createContext<SessionStore | null>(null);

/** The inactivity and lifetime settings from the environment (README: VITE_IDLE_*, VITE_SESSION_MAX_HOURS). */
export function sessionSettingsFromEnv(): SessionSettings {
  return {
    idleTimeoutMs: env.VITE_IDLE_TIMEOUT_MINUTES * 60_000,
    idleWarningMs: Math.min(env.VITE_IDLE_WARNING_MINUTES, env.VITE_IDLE_TIMEOUT_MINUTES) * 60_000,
    maxSessionMs: env.VITE_SESSION_MAX_HOURS * 60 * 60_000,
  };
}

/** How long a new tab waits for a live tab to hand it a session before showing sign-in. */
export const HANDOFF_WAIT_MS = 300;

/**
 * Vitest runs test files in worker threads of one process, and BroadcastChannel reaches across
 * them: each file gets its own channel so one file's sign-out never ends another's session.
 */
function channelName(): string {
  if (import.meta.env.MODE !== 'test' || typeof process === 'undefined') return SESSION_CHANNEL;
  return `${SESSION_CHANNEL}.${process.env.VITEST_POOL_ID ?? ''}.${process.env.VITEST_WORKER_ID ?? ''}`;
}

/** The app's session store: tokens in memory and sessionStorage (never localStorage). */
export function createSessionStore(storage: Storage | null = safeSessionStorage()): SessionStore {
  const onLanding =
    typeof window !== 'undefined' &&
    window.location.pathname.replace(/\/+$/, '').toLowerCase() === paths.auth();
  const store = new SessionStore({
    refresh: (rt) => refreshTokens(rt),
    logout: (at, tokens) => logout(at, tokens),
    // The hand-off presents a live tab's access token to GET /auth without one_time_token.
    exchange: (accessToken) => exchangeSsoToken(accessToken, false),
    storage,
    settings: sessionSettingsFromEnv(),
    channelName: channelName(),
    // The SSO landing signs in by itself; every other start asks the live tabs first.
    negotiationMs: onLanding ? 0 : HANDOFF_WAIT_MS,
  });
  if (typeof window !== 'undefined') store.addDisposer(watchBrowserActivity(store, window));
  return store;
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

/** How the last sign-out went on the server (null before any). */
export function useSignOutOutcome(): SignOutOutcome | null {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getSignOutOutcome, store.getSignOutOutcome);
}

/** The inactivity clock: 'warning' with the sign-out deadline (epoch ms) in the last minutes. */
export function useIdleState(): IdleState {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getIdleState, store.getIdleState);
}
