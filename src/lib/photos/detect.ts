/**
 * Which chosen files may be photos to prepare, from their name and reported type alone: no byte is
 * read. Small on purpose: the uploader imports it with every page that uploads, and loads the
 * preparation itself only when a photo is chosen.
 */

import { extensionOf } from '@/components/upload/file-rules';

const HEIF_TYPES = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);
const HEIF_EXTENSIONS = new Set(['.heic', '.heif', '.hif']);

/** A HEIC/HEIF photo by its name or reported type, before any byte is read. */
export function looksLikeHeif(file: Pick<File, 'name' | 'type'>): boolean {
  return HEIF_TYPES.has(file.type.toLowerCase()) || HEIF_EXTENSIONS.has(extensionOf(file.name));
}

/** A picture this module might change, by name and reported type: worth reading its first bytes. */
export function mayBePhoto(file: Pick<File, 'name' | 'type'>): boolean {
  const type = file.type.toLowerCase();
  return (
    looksLikeHeif(file) ||
    type === 'image/jpeg' ||
    type === 'image/png' ||
    type === 'image/webp' ||
    (type === '' && ['.jpg', '.jpeg', '.png', '.webp'].includes(extensionOf(file.name)))
  );
}
