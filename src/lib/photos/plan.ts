/**
 * The decisions about a chosen photo, as pure functions: whether it needs work before upload, the
 * size it is drawn at, the type it is saved as, its new name, and the sentence that tells the
 * patient what happened. prepare-photo.ts carries them out.
 */

import { formatBytes } from '@/components/upload/file-rules';
import { looksLikeHeif } from './detect';
import { carriesMetadata, type ImageFacts } from './metadata';

export interface PhotoLimits {
  /** Longest side, in pixels, of a photo that is sent. */
  maxSide: number;
  /** A photo larger than this many bytes is made smaller. */
  maxBytes: number;
  /** JPEG quality of the first attempt (0..1). */
  quality: number;
}

/**
 * A phone photo of a card or a rash stays sharp at 2560 px on its longest side and comes to about
 * 1 MB as a JPEG at quality 0.85; 3 MB is the most we send when a smaller one can be made.
 */
export const PHOTO_LIMITS: PhotoLimits = { maxSide: 2560, maxBytes: 3 * 1024 * 1024, quality: 0.85 };

export type PhotoType = 'image/jpeg' | 'image/png';

/** What a file is, for this module: a kind of photo it can prepare, or something it leaves alone. */
export type PhotoKind = 'heif' | 'jpeg' | 'png' | 'webp' | 'other';

/**
 * The kind by the bytes, with the name as a tie-breaker only for HEIF (whose brands vary). A file
 * whose bytes are not a picture we know is `other` whatever its name says: it goes as it is, and
 * the server judges it.
 */
export function photoKindOf(file: Pick<File, 'name' | 'type'>, facts: ImageFacts): PhotoKind {
  switch (facts.format) {
    case 'heif':
      return 'heif';
    case 'jpeg':
    case 'png':
    case 'webp':
      return facts.isAnimated ? 'other' : facts.format;
    case 'gif':
      return 'other';
    case 'unknown':
      return looksLikeHeif(file) ? 'heif' : 'other';
  }
}

export interface PhotoNeeds {
  /** HEIC/HEIF: browsers other than Safari cannot show it. */
  isHeif: boolean;
  /** More bytes or (when the header says) more pixels than the limits. */
  isOversize: boolean;
  /** EXIF, XMP, IPTC, comments or text chunks. */
  hasMetadata: boolean;
  hasGps: boolean;
  /** The header gave no size: the picture must be decoded to know. */
  isSizeUnknown: boolean;
}

/**
 * What a photo needs, from its size in bytes and what its first bytes say; null when it goes as it
 * is. A JPEG, PNG or WebP within the limits is re-encoded only when it carries metadata: once it
 * has none, re-encoding would only cost quality (JPEG) and time.
 */
export function photoNeeds(
  kind: PhotoKind,
  file: Pick<File, 'size'>,
  facts: ImageFacts,
  limits: PhotoLimits,
): PhotoNeeds | null {
  if (kind === 'other') return null;
  const longest = facts.width !== null && facts.height !== null ? Math.max(facts.width, facts.height) : null;
  const needs: PhotoNeeds = {
    isHeif: kind === 'heif',
    isOversize: file.size > limits.maxBytes || (longest !== null && longest > limits.maxSide),
    hasMetadata: carriesMetadata(facts),
    hasGps: facts.hasGps,
    isSizeUnknown: longest === null,
  };
  if (needs.isHeif || needs.isOversize || needs.hasMetadata || needs.isSizeUnknown) return needs;
  return null;
}

/** Width and height that fit within `maxSide` on the longest side, keeping the aspect; never larger. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The type a prepared photo is saved as. JPEG for photos (HEIC, JPEG, and opaque PNG or WebP that
 * must be made smaller); PNG keeps transparency, and a PNG that is only cleaned of metadata stays
 * PNG (lossless, so nothing is lost).
 */
export function outputTypeFor(
  kind: PhotoKind,
  { isTransparent, isOversize }: { isTransparent: boolean; isOversize: boolean },
): PhotoType {
  if (isTransparent && (kind === 'png' || kind === 'webp')) return 'image/png';
  if (kind === 'png' && !isOversize) return 'image/png';
  return 'image/jpeg';
}

export interface EncodeStep {
  width: number;
  height: number;
  /** JPEG quality; ignored for PNG. */
  quality: number;
}

/**
 * Encodings to try in order until one fits in `limits.maxBytes`: the full allowed size at the
 * chosen quality, then a lower quality (JPEG), then three quarters and half the size. A photo with
 * heavy noise can miss the first; the last is used whatever its size.
 */
export function encodeSteps(
  width: number,
  height: number,
  type: PhotoType,
  limits: PhotoLimits,
): EncodeStep[] {
  const lower = Math.min(limits.quality, 0.72);
  const side = Math.min(limits.maxSide, Math.max(width, height));
  const at = (longest: number, quality: number): EncodeStep => ({
    ...fitWithin(width, height, Math.max(1, Math.round(longest))),
    quality,
  });
  const steps =
    type === 'image/jpeg'
      ? [at(side, limits.quality), at(side, lower), at(side * 0.75, lower), at(side * 0.5, lower)]
      : [at(side, limits.quality), at(side * 0.75, limits.quality), at(side * 0.5, limits.quality)];
  // Tiny pictures give equal steps; trying one twice gains nothing.
  return steps.filter(
    (s, i) =>
      i === 0 ||
      !steps.slice(0, i).some((p) => p.width === s.width && p.height === s.height && p.quality === s.quality),
  );
}

/** The name of the prepared file: the chosen name with the new type's extension (`IMG_0042.HEIC` -> `IMG_0042.jpg`). */
export function renamedFor(name: string, type: PhotoType): string {
  const base = name.replace(/\.[a-z0-9]{1,5}$/i, '').trim() || 'photo';
  return `${base}${type === 'image/png' ? '.png' : '.jpg'}`;
}

export interface PhotoChanges {
  /** A HEIC/HEIF photo became a JPEG. */
  converted: boolean;
  /** It was over the limits, so it was drawn smaller or saved more compactly. */
  wasOversize: boolean;
  beforeBytes: number;
  afterBytes: number;
  removedLocation: boolean;
  removedDetails: boolean;
}

/**
 * What happened to the photo, in a patient's words, or null when nothing worth saying did:
 * "Photo made smaller for upload (4.1 MB → 1.2 MB); location removed."
 */
export function photoNote(changes: PhotoChanges): string | null {
  const parts: string[] = [];
  const smaller = changes.wasOversize && changes.afterBytes < changes.beforeBytes;
  const sizes = `(${formatBytes(changes.beforeBytes)} → ${formatBytes(changes.afterBytes)})`;
  if (changes.converted) {
    parts.push('Photo converted so it can be shown on any device');
    if (smaller) parts.push(`made smaller for upload ${sizes}`);
  } else if (smaller) {
    parts.push(`Photo made smaller for upload ${sizes}`);
  }
  if (parts.length === 0) {
    if (changes.removedLocation) return 'Location removed from the photo.';
    if (changes.removedDetails) return 'Hidden photo details (such as the camera) removed.';
    return null;
  }
  if (changes.removedLocation) parts.push('location removed');
  else if (changes.removedDetails) parts.push('hidden photo details removed');
  return `${parts.join('; ')}.`;
}

/** Said when a photo could not be prepared in this browser and was sent as it is. */
export function unpreparedNote(kind: PhotoKind, needs: PhotoNeeds): string {
  if (kind === 'heif') {
    return 'This photo could not be converted on this device, so it was sent as it is. Some devices cannot show it.';
  }
  return needs.hasGps
    ? 'This photo could not be prepared on this device, so it was sent as it is, including where it was taken.'
    : 'This photo could not be prepared on this device, so it was sent as it is.';
}
