export { SessionStore, USER_STORAGE_PREFIX, type SessionState, type SessionTokens, type SessionEndReason } from './session-store';
export { SessionProvider, createSessionStore, useSession, useSessionStore } from './context';
export { normaliseExpiry } from './expiry';
