import { setupWorker } from 'msw/browser';
import { db, resetDb, restoreDb, serializeDb } from './db.ts';
import { handlers } from './handlers/index.ts';
import { Collection } from './lib/collection.ts';
import { createPersister, type Persister } from './lib/persist.ts';
import { mockProfile } from './lib/profile.ts';

/**
 * The browser worker for `npm run dev`. The database survives a reload: it is saved after
 * requests that may write (never after reads or polls), debounced, and once more when the page
 * is hidden. It is fake demo data in development only, and never in a production build.
 */
const STORAGE_KEY = 'telehealth.mock-db';

export const worker = setupWorker(...handlers);

/** Uploaded bytes beyond this stay in memory only, so a few large uploads cannot fill the quota. */
const PERSISTED_BLOB_BUDGET = 1_000_000;

function snapshot(): string {
  let budget = PERSISTED_BLOB_BUDGET;
  const blobs = new Collection<string>();
  for (const [id, bytes] of db.fileBlobs) {
    if (bytes.length > budget) continue;
    budget -= bytes.length;
    blobs.set(id, bytes);
  }
  return serializeDb({ ...db, fileBlobs: blobs });
}

export interface MockWorkerOptions {
  /** Shown to the developer when the database cannot be saved (quota exceeded, storage blocked). */
  onStorageProblem?: (message: string | null) => void;
}

let persister: Persister | undefined;

export async function startMockWorker(options: MockWorkerOptions = {}): Promise<void> {
  // VITE_MOCK_PROFILE=spec answers only what the spec names (docs/mock-profiles.md); a value
  // that names no profile stops the start with the reason, shown on the page.
  if (mockProfile() === 'spec') console.info('Mock API: spec-exact profile (VITE_MOCK_PROFILE=spec)');
  let saved: string | null = null;
  try {
    saved = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage blocked: start from the seed.
  }
  if (!saved || !restoreDb(saved)) resetDb();
  persister = createPersister({
    snapshot,
    write: (text) => window.localStorage.setItem(STORAGE_KEY, text),
    onProblem: (message) => options.onStorageProblem?.(message),
    onRecovered: () => options.onStorageProblem?.(null),
  });
  const active = persister;
  worker.events.on('response:mocked', ({ request }) => active.noteRequest(request.method));
  window.addEventListener('pagehide', () => active.flush());
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: '/mockServiceWorker.js' },
  });
}

/** The visible "reset demo data" control calls this. */
export function resetMockData(): void {
  resetDb();
  persister?.schedule();
}
