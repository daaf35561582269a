import { mayBePhoto } from './detect';
import type { preparePhoto as PreparePhoto, PreparedPhoto, PreparePhotoOptions } from './prepare-photo';

/**
 * Gets a chosen file ready for upload (see prepare-photo.ts): HEIC/HEIF converted to JPEG, large
 * photos made smaller, EXIF orientation applied, location and all other metadata removed; anything
 * that is not a photo returned untouched at once. The preparation code is loaded on the first
 * photo, and the HEIC decoder only for a HEIC photo, so neither weighs on the pages that upload.
 */
export async function preparePhoto(file: File, options?: PreparePhotoOptions): Promise<PreparedPhoto> {
  if (!mayBePhoto(file)) return { file, note: null };
  let prepare: typeof PreparePhoto;
  try {
    ({ preparePhoto: prepare } = await import('./prepare-photo'));
  } catch {
    // The code could not be fetched (offline, or a new version was deployed): the upload still goes.
    return { file, note: 'This photo could not be prepared, so it was sent as it is.' };
  }
  return prepare(file, options);
}
