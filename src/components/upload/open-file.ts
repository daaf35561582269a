import { t } from '@lingui/core/macro';
import { isApiError } from '@telehealth/client/errors';
import { fileTypeOf } from '@telehealth/client/files/file-types';
import { downloadFileBlob, isExpiredLinkError } from '@telehealth/client/files/requests';
import type { FileRecord } from '@telehealth/client/files/schemas';
import { saveFileToDisk } from './save-file';

/**
 * The type a browser shows inertly in a tab (`isInline` in FILE_TYPES), by extension. The bytes are
 * re-typed from that list, never from the server's Content-Type, so nothing opened on the portal's
 * origin can run script (no HTML, no SVG); any other file is saved instead.
 */
function viewableTypeOf(file: Pick<FileRecord, 'ext' | 'name'>): string | undefined {
  const ext = (file.ext ?? file.name.split('.').pop() ?? '').replace(/^\./, '').toLowerCase();
  const type = fileTypeOf(ext);
  return type?.isInline ? type.mime : undefined;
}

/**
 * Opens a file in a new tab. The bytes come through the API layer (like a download, refreshing
 * an expired link once) and the tab shows them from an object URL: a link to the file host is
 * never handed to the tab, so it works whatever host serves the files (under `npm run dev` the
 * mock's links lie on the portal's own origin, which a new tab's navigation cannot reach) and the
 * time-limited link never lands in the tab's address bar or history. The tab is opened at the
 * click, so pop-up blockers allow it, and loses its opener at once. A type a tab cannot show
 * safely (a Word document, say) is saved to disk instead.
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

/** Words for a failed open or download. */
export function fileActionMessage(error: unknown): string {
  if (isExpiredLinkError(error)) {
    return t`The link to this file expired and a fresh one was refused. Please try again in a moment.`;
  }
  if (isApiError(error)) {
    if (error.kind === 'http' && error.status === 404) return t`This file is no longer available.`;
    return error.userMessage;
  }
  return t`We could not open this file. Please try again.`;
}
