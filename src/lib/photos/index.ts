/**
 * Phone photos that always work: what the uploaders import. Only the small checks and the loader
 * are here; the preparation (prepare-photo.ts) and the HEIC decoder load when a photo is chosen.
 */
export { looksLikeHeif as isHeifFile, mayBePhoto as mayPreparePhoto } from './detect';
export { preparePhoto } from './load';
export type { PreparedPhoto, PreparePhotoOptions } from './prepare-photo';
export type { PhotoLimits } from './plan';
