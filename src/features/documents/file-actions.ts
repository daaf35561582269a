import { downloadFileBlob, isExpiredLinkError } from '@/api/files/requests';
import type { FileRecord } from '@/api/files/schemas';
import { isApiError } from '@/api/errors';
import { openFileBytesInNewTab, sanitizeFileName } from '@/components/upload';

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

/** Opens a file in a new tab from its bytes; a type a tab cannot show safely is saved instead. */
export function openFileInNewTab(
  file: Pick<FileRecord, 'id' | 'fullpath' | 'name' | 'meta' | 'ext'>,
): Promise<void> {
  return openFileBytesInNewTab(file, () => saveFileToDisk(file));
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
