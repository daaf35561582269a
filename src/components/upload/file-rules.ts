import { plural, t } from '@lingui/core/macro';
import { formatLocale } from '@/lib/locale';
/**
 * Pure rules for files chosen in the browser: what we accept, human sizes, names that are safe
 * to show and to save. Nothing here reads a file's bytes.
 */

import { FILE_TYPES, type FileExtension } from '@telehealth/client/files/file-types';

/** Largest file the portal sends (the mock refuses larger with 413; the spec names no limit). */
export { UPLOAD_MAX_BYTES } from '@telehealth/client/files/file-types';

/**
 * Accepted types: MIME type -> the extensions that may carry it. A file passes when its
 * extension is listed AND its browser-reported MIME type is that type (or empty, which
 * browsers report for types the system does not know). A key may be a wildcard like `image/*`.
 */
export type AcceptMap = Readonly<Record<string, readonly string[]>>;

/** An AcceptMap of the given extensions of FILE_TYPES, grouped by MIME type in the list's order. */
function acceptOf(exts: readonly FileExtension[]): AcceptMap {
  const accept: Record<string, string[]> = {};
  for (const ext of exts) {
    const { mime } = FILE_TYPES[ext];
    (accept[mime] ??= []).push(`.${ext}`);
  }
  return accept;
}

/**
 * HEIC/HEIF phone photos, taken from the picker and converted to JPEG before they are sent
 * (lib/photos, through the uploader's `prepare`): browsers other than Safari cannot show them.
 * Systems disagree on which of the two types a `.heic` or `.heif` file has, so each takes both.
 */
const HEIF_ACCEPT: AcceptMap = { 'image/heic': ['.heic', '.heif'], 'image/heif': ['.heif', '.heic'] };

/** Two AcceptMaps as one (extensions of a type shared by both are merged). */
function mergeAccept(a: AcceptMap, b: AcceptMap): AcceptMap {
  const merged: Record<string, string[]> = Object.fromEntries(Object.entries(a).map(([m, e]) => [m, [...e]]));
  for (const [mime, exts] of Object.entries(b))
    merged[mime] = [...new Set([...(merged[mime] ?? []), ...exts])];
  return merged;
}

/** Documents a patient or provider may share: every type of FILE_TYPES (PDF, common images, plain text and Word files) and HEIF photos. */
export const DOCUMENT_ACCEPT: AcceptMap = mergeAccept(
  acceptOf(Object.keys(FILE_TYPES) as FileExtension[]),
  HEIF_ACCEPT,
);

/** Pictures only (avatar, insurance card photos), HEIC/HEIF from phones included. */
export const IMAGE_ACCEPT: AcceptMap = mergeAccept(acceptOf(['png', 'jpg', 'jpeg', 'webp']), HEIF_ACCEPT);

/** The `accept` attribute of a file input for an AcceptMap (a hint to the picker only). */
export function acceptAttribute(accept: AcceptMap): string {
  return [...new Set(Object.entries(accept).flatMap(([mime, exts]) => [mime, ...exts]))].join(',');
}

/** Lower-case extension with its dot (`.pdf`), or '' when the name has none. */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot).toLowerCase() : '';
}

function mimeMatches(pattern: string, type: string): boolean {
  if (pattern.endsWith('/*')) return type.startsWith(pattern.slice(0, -1));
  return pattern === type;
}

/** A short list of accepted extensions for messages ("PDF, PNG, JPG"). */
export function describeAccept(accept: AcceptMap): string {
  const exts = [...new Set(Object.values(accept).flat())].map((e) => e.replace(/^\./, '').toUpperCase());
  return exts.join(', ');
}

export type FileRefusal =
  | { reason: 'empty'; message: string }
  | { reason: 'too-large'; message: string }
  | { reason: 'type'; message: string };

/** Why a file may not be sent, or null when it may. Checked before any request. */
export function checkFile(
  file: Pick<File, 'name' | 'size' | 'type'>,
  { accept, maxBytes }: { accept: AcceptMap; maxBytes: number },
): FileRefusal | null {
  if (file.size === 0)
    return { reason: 'empty', message: t`This file is empty (0 bytes). Choose a file with content.` };
  if (file.size > maxBytes) {
    const size = formatBytes(file.size);
    const limit = formatBytes(maxBytes);
    return { reason: 'too-large', message: t`This file is ${size}; files can be at most ${limit}.` };
  }
  const ext = extensionOf(file.name);
  const type = file.type.toLowerCase();
  const accepted = Object.entries(accept).some(
    ([mime, exts]) => ext !== '' && exts.includes(ext) && (type === '' || mimeMatches(mime, type)),
  );
  if (!accepted) {
    const types = describeAccept(accept);
    return { reason: 'type', message: t`This type of file is not accepted. Accepted: ${types}.` };
  }
  return null;
}

/** Bytes in human units (1 KB = 1024 bytes), e.g. "0 bytes", "512 bytes", "1.5 KB", "25 MB". */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return t`Unknown size`;
  if (bytes < 1024) {
    const size = String(bytes);
    return t`${plural(bytes, { one: `${size} byte`, other: `${size} bytes` })}`;
  }
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${new Intl.NumberFormat(formatLocale()).format(rounded)} ${units[unit]}`;
}

// Control characters (C0, DEL, C1) and bidi/zero-width formatting marks that could disguise a name.
// eslint-disable-next-line no-control-regex -- these are exactly what we remove
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const BIDI = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * A name fit to show: control characters become spaces and bidi controls are dropped, so a
 * right-to-left override cannot make `invoice\u202Efdp.exe` read as a PDF. (The display also
 * wraps the name in <bdi>, so the name cannot reorder the text around it.)
 */
export function displayFileName(name: string | null | undefined): string {
  const clean = (name ?? '').replace(CONTROL, ' ').replace(BIDI, '').trim();
  return clean === '' ? t`Untitled file` : clean;
}

/** Shortens in the middle, keeping the end (where the extension is) visible. Counts code points. */
export function middleEllipsis(text: string, max = 48): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const tail = Math.min(12, Math.floor((max - 1) / 2));
  const head = max - 1 - tail;
  return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - tail).join('')}`;
}

const RESERVED = /[<>:"/\\|?*]/g;

/**
 * A safe basename for saving: no directories, no control or bidi characters, no characters
 * that file systems reserve, no leading dots, at most 120 characters with the extension kept.
 * `fallbackExt` (without dot) is added when the result has no extension.
 */
export function sanitizeFileName(name: string | null | undefined, fallbackExt?: string | null): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  let clean = base
    .replace(CONTROL, ' ')
    .replace(BIDI, '')
    .replace(RESERVED, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  const safeExt = (fallbackExt ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 10);
  if (clean === '') clean = 'download';
  if (safeExt && extensionOf(clean) === '') clean = `${clean}.${safeExt}`;
  const chars = Array.from(clean);
  if (chars.length > 120) {
    const ext = extensionOf(clean);
    clean = `${chars.slice(0, 120 - ext.length).join('')}${ext}`;
  }
  return clean;
}
