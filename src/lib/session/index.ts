export {
  SessionStore,
  USER_STORAGE_PREFIX,
  SESSION_CHANNEL,
  DEFAULT_SESSION_SETTINGS,
  type SessionState,
  type SessionTokens,
  type SessionEndReason,
  type SignOutOutcome,
  type SessionSettings,
  type IdleState,
} from './session-store';
export {
  SessionProvider,
  createSessionStore,
  useSession,
  useSessionStore,
  useIdleState,
  useSignOutOutcome,
  sessionSettingsFromEnv,
  PEER_WAIT_MS,
} from './context';
export { watchBrowserActivity } from './activity';
export { normaliseExpiry } from './expiry';
