import { browserPhotoTools, type Picture, type PhotoTools } from './browser-tools';
import { mayBePhoto } from './detect';
import { inspectImage, type ImageFacts } from './metadata';
import {
  PHOTO_LIMITS,
  encodeSteps,
  outputTypeFor,
  photoKindOf,
  photoNeeds,
  photoNote,
  renamedFor,
  unpreparedNote,
  type EncodeStep,
  type PhotoKind,
  type PhotoLimits,
} from './plan';

export interface PreparedPhoto {
  /** What to upload: the chosen file itself, or a new JPEG/PNG made from it. */
  file: File;
  /** What was done, in a patient's words, or null when the file goes as it was chosen. */
  note: string | null;
}

export interface PreparePhotoOptions {
  /** Tighter limits for a use (an avatar is shown small); defaults PHOTO_LIMITS. */
  limits?: Partial<PhotoLimits>;
  /** Aborted when the patient cancels: the work stops at its next step and the promise rejects. */
  signal?: AbortSignal;
  /** The browser work; tests pass fakes (jsdom and Node have no canvas). */
  tools?: PhotoTools;
}

/**
 * Enough of a file for its metadata and size: JPEG keeps both in segments before the picture
 * (EXIF is at most 64 KB), PNG and WebP in chunks before it.
 */
const HEAD_BYTES = 512 * 1024;

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new DOMException('The photo was not prepared: cancelled', 'AbortError');
}

/** Decodes upright. HEIC: the browser's own decoder first (Safari has one), else the lazy HEIC decoder. */
async function decodePicture(
  kind: PhotoKind,
  file: File,
  bytes: Uint8Array,
  tools: PhotoTools,
): Promise<Picture> {
  if (kind !== 'heif') return tools.decode(file);
  try {
    return await tools.decode(file);
  } catch {
    return tools.decodeHeic(bytes);
  }
}

/**
 * Gets a chosen file ready for upload. Pictures are decoded with their EXIF orientation applied
 * and drawn through a canvas, which drops EXIF, location and all other metadata:
 *
 * - HEIC/HEIF becomes a JPEG, so every browser can show it (the decoder loads only then);
 * - a JPEG, PNG or WebP larger than the limits (3 MB, 2560 px on the longest side) is made smaller;
 * - one within the limits is re-encoded only when it carries metadata (EXIF, GPS, XMP, IPTC,
 *   comments): once it has none there is nothing to remove, and re-encoding would cost quality;
 * - a PNG or WebP with transparent pixels stays PNG; an opaque one that must shrink becomes JPEG.
 *
 * Everything else (PDF, text, Word, GIF, animations, bytes that are not a picture) is returned
 * untouched, without reading more than its first bytes. When a picture cannot be prepared here,
 * the original is returned with a note saying so: the upload still happens.
 */
export async function preparePhoto(file: File, options: PreparePhotoOptions = {}): Promise<PreparedPhoto> {
  const unchanged: PreparedPhoto = { file, note: null };
  if (!mayBePhoto(file)) return unchanged;
  const { signal } = options;
  const tools = options.tools ?? browserPhotoTools;
  const limits: PhotoLimits = { ...PHOTO_LIMITS, ...options.limits };

  let bytes: Uint8Array;
  let facts: ImageFacts;
  try {
    bytes = await tools.readBytes(file, HEAD_BYTES);
    facts = inspectImage(bytes);
    // HEIC keeps EXIF wherever its boxes put it, and the HEIC decoder needs every byte anyway.
    if (photoKindOf(file, facts) === 'heif' && bytes.length < file.size) {
      bytes = await tools.readBytes(file, file.size);
      facts = inspectImage(bytes);
    }
  } catch {
    throwIfAborted(signal);
    return unchanged; // unreadable here: the server judges it
  }
  throwIfAborted(signal);
  const kind = photoKindOf(file, facts);
  const needs = photoNeeds(kind, file, facts, limits);
  if (!needs) return unchanged;

  let picture: Picture;
  try {
    picture = await decodePicture(kind, file, bytes, tools);
  } catch {
    throwIfAborted(signal);
    // Only the header's missing size was in question: nothing is known to be wrong with it.
    const mustSay = needs.isHeif || needs.isOversize || needs.hasMetadata;
    return { file, note: mustSay ? unpreparedNote(kind, needs) : null };
  }

  try {
    throwIfAborted(signal);
    const isOversize = needs.isOversize || Math.max(picture.width, picture.height) > limits.maxSide;
    if (!needs.isHeif && !isOversize && !needs.hasMetadata) return unchanged;
    const isTransparent =
      facts.mayHaveAlpha && (kind === 'png' || kind === 'webp') ? await tools.isTransparent(picture) : false;
    const type = outputTypeFor(kind, { isTransparent, isOversize });
    let blob: Blob | undefined;
    let used: EncodeStep | undefined;
    for (const step of encodeSteps(picture.width, picture.height, type, limits)) {
      throwIfAborted(signal);
      blob = await tools.encode(picture, step, type);
      used = step;
      if (blob.size <= limits.maxBytes) break;
    }
    if (!blob || !used) return unchanged;
    throwIfAborted(signal);
    const prepared = new File([blob], renamedFor(file.name, type), {
      type,
      lastModified: file.lastModified,
    });
    const note = photoNote({
      converted: needs.isHeif,
      wasOversize: isOversize,
      beforeBytes: file.size,
      afterBytes: prepared.size,
      removedLocation: needs.hasGps,
      removedDetails: needs.hasMetadata,
    });
    return { file: prepared, note };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { file, note: unpreparedNote(kind, needs) };
  } finally {
    picture.close?.();
  }
}
