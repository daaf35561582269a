/**
 * Metadata checks for browser tests on what the server stored: read the stored file's bytes, then
 * `hasGpsExif(bytes)` / `hasExif(bytes)`. JPEG, PNG and WebP (and HEIF, by its EXIF item). The
 * scanner is the one the portal itself uses to decide whether a photo must be cleaned
 * (src/lib/photos/metadata.ts), imported by a relative path so Playwright needs no alias.
 */
export { hasExif, hasGpsExif, inspectImage, type ImageFacts } from '../../src/lib/photos/metadata';
