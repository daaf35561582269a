import { setupWorker } from 'msw/browser';
import { db, resetDb, restoreDb, serializeDb } from './db';
import { handlers } from './handlers';

/**
 * The browser worker for `npm run dev`. The database survives a reload: it is saved after every
 * answered request. It is fake demo data in development only, and never in a production build.
 */
const STORAGE_KEY = 'telehealth.mock-db';

export const worker = setupWorker(...handlers);

/** Uploaded bytes beyond this stay in memory only, so a few large uploads cannot fill the quota. */
const PERSISTED_BLOB_BUDGET = 1_000_000;

function save(): void {
  let budget = PERSISTED_BLOB_BUDGET;
  const blobs = new Map<string, string>();
  for (const [id, bytes] of db.fileBlobs) {
    if (bytes.length > budget) continue;
    budget -= bytes.length;
    blobs.set(id, bytes);
  }
  try {
    window.localStorage.setItem(STORAGE_KEY, serializeDb({ ...db, fileBlobs: blobs }));
  } catch {
    // Storage full or blocked: the mock still works, it just forgets on reload.
  }
}

export async function startMockWorker(): Promise<void> {
  const saved = window.localStorage.getItem(STORAGE_KEY);
  if (!saved || !restoreDb(saved)) resetDb();
  worker.events.on('response:mocked', save);
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: '/mockServiceWorker.js' },
  });
}

/** The visible "reset demo data" control calls this. */
export function resetMockData(): void {
  resetDb();
  save();
}
