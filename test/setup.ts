import '@/lib/i18n';
import '@/lib/zod-setup';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { configureAuth } from '@telehealth/client/http';
import { configurePortalClient } from '@/api/portal-client';
import { resetDb } from '@telehealth/mock/db';
import { resetMockConfig } from '@telehealth/mock/lib/auth';
import { setFaults } from '@telehealth/mock/lib/faults';
import { server } from '@telehealth/mock/node';
import { installConsoleGuard } from './console-guard';

// Shared by both test environments (vite.config.ts `projects`): Node for logic, schemas, the
// mock and the contract; jsdom for screens. The DOM half lives in setup-dom.ts.
const hasDom = typeof document !== 'undefined';

// Node's BroadcastChannel reaches every worker thread of the process, so test files running side by
// side would hear each other's "tabs" (sign-ins, sign-outs, hand-offs). Each file gets its own
// channel names: tabs of one test still talk to each other, never to another file's.
// This file runs again for every test file of a worker (modules are shared, vite.config.ts
// `isolate`), so the native class is kept once rather than wrapping the previous file's wrapper.
const scoped = globalThis as { NativeBroadcastChannel?: typeof BroadcastChannel };
const NativeBroadcastChannel = (scoped.NativeBroadcastChannel ??= globalThis.BroadcastChannel);
const channelScope = `test-${Math.random().toString(36).slice(2)}:`;
class FileScopedBroadcastChannel extends NativeBroadcastChannel {
  constructor(name: string) {
    super(channelScope + name);
  }
}
globalThis.BroadcastChannel = FileScopedBroadcastChannel;

// The typed client points at the test build's API, as the app's start-up does.
configurePortalClient();

// Tests fail on any request no handler answers, and on any unexpected console.error.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
installConsoleGuard();

beforeEach(() => {
  resetDb();
  resetMockConfig();
  setFaults([]);
  if (hasDom) {
    window.sessionStorage.clear();
    window.localStorage.clear();
  }
});

afterEach(() => {
  server.resetHandlers();
  configureAuth(null);
  configurePortalClient();
});

// Last, so its afterEach (unmounting the screen) runs before the ones above (hooks run as a stack).
if (hasDom) (await import('./setup-dom')).installDomHooks();

// The session's dialogs load after the first page (features/auth/session-expired.tsx); screens
// in tests find them here from the start, as a browser does once a session is active.
if (hasDom) await (await import('@/features/auth')).preloadSessionPrompts();
