import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { getMe, logout, refreshTokens } from '@telehealth/client/users/requests';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { watchBrowserActivity } from './activity';
import {
  DEFAULT_SESSION_SETTINGS,
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
    expiryWarningMs: DEFAULT_SESSION_SETTINGS.expiryWarningMs,
  };
}

/**
 * How long a tab waits for the other tabs' answer when it has to ask: a new tab without tokens,
 * a restored tab, a refresh checking for a newer pair. A tab holding tokens never waits on it
 * before its first request.
 */
export const PEER_WAIT_MS = 150;

/**
 * How long a new tab waits for the pair when the browser says another tab holds a session: the
 * answer comes in milliseconds, but a tab still loading its code reads it a few hundred
 * milliseconds later on a slow phone. It ends as soon as the pair arrives.
 */
export const PEER_PRESENT_WAIT_MS = 3_000;

/**
 * Vitest runs test files in worker threads of one process, and BroadcastChannel reaches across
 * them: each file gets its own channel so one file's sign-out never ends another's session.
 */
function channelName(): string {
  if (import.meta.env.MODE !== 'test' || typeof process === 'undefined') return SESSION_CHANNEL;
  return `${SESSION_CHANNEL}.${process.env.VITEST_POOL_ID ?? ''}.${process.env.VITEST_WORKER_ID ?? ''}`;
}

/** Back/Forward or a closed-tab restore brought this page back with its sessionStorage. */
function cameBackThroughHistory(): boolean {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return false;
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'back_forward';
}

/** The app's session store: tokens in memory and sessionStorage (never localStorage). */
export function createSessionStore(storage: Storage | null = safeSessionStorage()): SessionStore {
  const onLanding =
    typeof window !== 'undefined' &&
    window.location.pathname.replace(/\/+$/, '').toLowerCase() === paths.auth();
  const store = new SessionStore({
    refresh: (rt) => refreshTokens(rt),
    logout: (at, tokens) => logout(at, tokens),
    verify: () => getMe(),
    storage,
    settings: sessionSettingsFromEnv(),
    channelName: channelName(),
    peerWaitMs: PEER_WAIT_MS,
    peerPresentWaitMs: PEER_PRESENT_WAIT_MS,
    // The SSO landing signs in by itself; every other start without tokens asks the open tabs.
    askOnStart: !onLanding,
    restoredBoot: typeof window !== 'undefined' && cameBackThroughHistory(),
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
