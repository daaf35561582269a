import { downloadFileBlob } from '@telehealth/client/files/requests';
import type { FileRecord } from '@telehealth/client/files/schemas';
import { DOCUMENT_ACCEPT, extensionOf, sanitizeFileName } from './file-rules';

/** The name a document is shown under: its title, falling back to the (deprecated) name. */
export function fileTitleOf(file: Pick<FileRecord, 'name' | 'meta'>): string {
  const title = file.meta?.title?.trim();
  return title ? title : file.name;
}

/** Extensions of the types the portal knows, by MIME type (the first is the usual one). */
const KNOWN_TYPES = Object.entries(DOCUMENT_ACCEPT).map(
  ([mime, exts]) => [mime, exts.map((e) => e.slice(1))] as const,
);
const KNOWN_EXTS = new Set(KNOWN_TYPES.flatMap(([, exts]) => exts));

/**
 * The real extension of a stored file: the one the server recorded for it (`ext`), else the one
 * of the type it was served with. Never the title nor the name, which people can edit.
 */
function realExtensionOf(file: Pick<FileRecord, 'ext'>, mime?: string): string {
  const stored = (file.ext ?? '').trim().replace(/^\./, '').toLowerCase();
  if (KNOWN_EXTS.has(stored)) return stored;
  const type = (mime ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return KNOWN_TYPES.find(([m]) => m === type)?.[1][0] ?? '';
}

/**
 * The name a download is saved under: a safe basename of the title, always with the file's real
 * extension (RELIABILITY case 24). Whatever looks like an extension in the title is neutralised
 * (`Lab.html` of a PDF saves as `Lab_html.pdf`), so an edited title cannot change how the
 * saved file opens.
 */
export function downloadNameOf(file: Pick<FileRecord, 'name' | 'meta' | 'ext'>, mime?: string): string {
  const ext = realExtensionOf(file, mime);
  let base = sanitizeFileName(fileTitleOf(file));
  if (ext && extensionOf(base) === `.${ext}`) base = base.slice(0, -(ext.length + 1));
  base = base.replace(/\./g, '_') || 'download';
  return ext ? `${base}.${ext}` : base;
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
  anchor.download = downloadNameOf(file, blob.type);
  anchor.rel = 'noreferrer';
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Long enough for the browser to start writing; the object URL holds the bytes until revoked.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
