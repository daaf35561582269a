import { downloadFileBlob, isExpiredLinkError } from '@/api/files/requests';
import type { FileRecord } from '@/api/files/schemas';
import { isApiError } from '@/api/errors';
import { sanitizeFileName } from '@/components/upload';

/** The name a document is shown under: its title, falling back to the (deprecated) name. */
export function titleOf(file: Pick<FileRecord, 'name' | 'meta'>): string {
  const title = file.meta?.title?.trim();
  return title ? title : file.name;
}

/** The name a download is saved under: a safe basename of the title, with the file's extension. */
export function downloadNameOf(file: Pick<FileRecord, 'name' | 'meta' | 'ext'>): string {
  return sanitizeFileName(titleOf(file), file.ext);
}

/** Words for a failed open or download. */
export function fileActionMessage(error: unknown): string {
  if (isExpiredLinkError(error)) {
    return 'The link to this file expired and a fresh one was refused. Please try again in a moment.';
  }
  if (isApiError(error)) {
    if (error.kind === 'http' && error.status === 404) return 'This file is no longer available.';
    return error.userMessage;
  }
  return 'We could not open this file. Please try again.';
}

/**
 * Types a browser shows inertly in a tab, by extension. The bytes are re-typed from this list,
 * never from the server's Content-Type, so nothing opened on the portal's origin can run script
 * (no HTML, no SVG); any other file is saved instead.
 */
const VIEWABLE: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  txt: 'text/plain',
};

function viewableTypeOf(file: Pick<FileRecord, 'ext' | 'name'>): string | undefined {
  const ext = (file.ext ?? file.name.split('.').pop() ?? '').replace(/^\./, '').toLowerCase();
  return VIEWABLE[ext];
}

/**
 * Opens a file in a new tab. The bytes come through the API layer (like a download, refreshing
 * an expired link once) and the tab shows them from an object URL: a link to the file host is
 * never handed to the tab, so it works whatever host serves the files (under `npm run dev` the
 * mock's links lie on the portal's own origin, which a new tab's navigation cannot reach) and the
 * time-limited link never lands in the tab's address bar or history. The tab is opened at the
 * click, so pop-up blockers allow it, and loses its opener at once.
 */
export async function openFileInNewTab(
  file: Pick<FileRecord, 'id' | 'fullpath' | 'name' | 'meta' | 'ext'>,
): Promise<void> {
  const type = viewableTypeOf(file);
  if (!type) {
    await saveFileToDisk(file);
    return;
  }
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const bytes = await downloadFileBlob(file);
    const url = URL.createObjectURL(new Blob([bytes], { type }));
    if (tab) tab.location.replace(url);
    else window.open(url, '_blank', 'noopener,noreferrer');
    // Long enough for the tab to load; the object URL holds the bytes until revoked.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/**
 * Saves a file to disk under a sanitised basename. The bytes come through the API layer (which
 * refreshes an expired link once), so the link itself never reaches an `href`.
 */
export async function saveFileToDisk(
  file: Pick<FileRecord, 'id' | 'fullpath' | 'name' | 'meta' | 'ext'>,
): Promise<void> {
  const blob = await downloadFileBlob(file);
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = downloadNameOf(file);
  anchor.rel = 'noreferrer';
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Long enough for the browser to start writing; the object URL holds the bytes until revoked.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
