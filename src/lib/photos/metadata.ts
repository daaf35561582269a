/**
 * What the first bytes of a picture say about it, read without decoding it: its format, its size
 * in pixels when the header gives it, its EXIF orientation, and whether it carries metadata a
 * patient would not want to send (EXIF, location, XMP, IPTC, comments, text chunks).
 *
 * Pure functions over bytes, with no imports: the browser uses them to decide whether a photo needs
 * re-encoding, and the browser tests (through test/support/exif.ts) to check what the server stored.
 * A truncated or malformed file never throws: what could not be read is reported as unknown/absent.
 */

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'heif' | 'gif' | 'unknown';

export interface ImageFacts {
  format: ImageFormat;
  /** Stored pixel size, before any EXIF orientation; null when the bytes read do not say. */
  width: number | null;
  height: number | null;
  /** EXIF orientation 1..8, or null without one. */
  orientation: number | null;
  /** An EXIF block (JPEG APP1 `Exif`, PNG `eXIf` or raw-profile text, WebP `EXIF`). */
  hasExif: boolean;
  /** A GPS IFD with at least one entry beyond its version, or GPS fields in XMP. */
  hasGps: boolean;
  hasXmp: boolean;
  /** Other descriptive metadata: IPTC (APP13), JPEG comments, PNG text chunks. */
  hasOtherMetadata: boolean;
  /** The format can carry transparency here (PNG alpha or tRNS, WebP alpha); pixels decide. */
  mayHaveAlpha: boolean;
  /** Animated (WebP `ANIM`, or any GIF): re-encoding through a canvas would keep one frame. */
  isAnimated: boolean;
}

const EMPTY: ImageFacts = {
  format: 'unknown',
  width: null,
  height: null,
  orientation: null,
  hasExif: false,
  hasGps: false,
  hasXmp: false,
  hasOtherMetadata: false,
  mayHaveAlpha: false,
  isAnimated: false,
};

/** HEIF major brands of still images and sequences (HEIC from phones, generic HEIF). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1']);

const ascii = (bytes: Uint8Array, start: number, length: number): string => {
  let text = '';
  for (let i = start; i < start + length && i < bytes.length; i += 1) text += String.fromCharCode(bytes[i]!);
  return text;
};

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 0x10000 + u16be(b, i + 2);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number) => u16le(b, i) | ((b[i + 2] ?? 0) << 16);
const u32le = (b: Uint8Array, i: number) => u16le(b, i) + u16le(b, i + 2) * 0x10000;

/** The format by its magic bytes. */
export function imageFormatOf(bytes: Uint8Array): ImageFormat {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (ascii(bytes, 0, 4) === 'GIF8') return 'gif';
  if (ascii(bytes, 4, 4) === 'ftyp' && HEIF_BRANDS.has(ascii(bytes, 8, 4))) return 'heif';
  return 'unknown';
}

interface TiffFacts {
  orientation: number | null;
  hasGps: boolean;
}

/**
 * Reads the TIFF structure of an EXIF block: IFD0's orientation and whether its GPS IFD holds
 * anything beyond GPSVersionID (tag 0). Offsets are relative to the TIFF header at `start`.
 */
function readTiff(bytes: Uint8Array, start: number, end: number): TiffFacts {
  const facts: TiffFacts = { orientation: null, hasGps: false };
  const order = ascii(bytes, start, 2);
  if (order !== 'II' && order !== 'MM') return facts;
  const little = order === 'II';
  const u16 = (i: number) => (little ? u16le(bytes, start + i) : u16be(bytes, start + i));
  const u32 = (i: number) => (little ? u32le(bytes, start + i) : u32be(bytes, start + i));
  const size = end - start;
  if (u16(2) !== 42) return facts;
  const entries = (ifd: number): { tag: number; at: number }[] => {
    if (ifd < 8 || ifd + 2 > size) return [];
    const count = u16(ifd);
    const list: { tag: number; at: number }[] = [];
    for (let n = 0; n < count && ifd + 2 + (n + 1) * 12 <= size; n += 1) {
      const at = ifd + 2 + n * 12;
      list.push({ tag: u16(at), at });
    }
    return list;
  };
  for (const { tag, at } of entries(u32(4))) {
    if (tag === 0x0112) facts.orientation = u16(at + 8);
    if (tag === 0x8825) facts.hasGps = entries(u32(at + 8)).some((e) => e.tag !== 0x0000);
  }
  return facts;
}

/** XMP text names a location. */
const xmpHasGps = (text: string) => /GPS(Latitude|Longitude|Altitude|Position)|exif:GPS/i.test(text);

function readJpeg(bytes: Uint8Array): ImageFacts {
  const facts: ImageFacts = { ...EMPTY, format: 'jpeg' };
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) break;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    // Start of scan or end of image: the metadata segments are all before.
    if (marker === 0xda || marker === 0xd9) break;
    const length = u16be(bytes, i + 2);
    if (length < 2) break;
    const start = i + 4;
    const end = Math.min(bytes.length, i + 2 + length);
    if (marker === 0xe1) {
      if (ascii(bytes, start, 6) === 'Exif\0\0') {
        facts.hasExif = true;
        const tiff = readTiff(bytes, start + 6, end);
        facts.orientation = tiff.orientation;
        facts.hasGps ||= tiff.hasGps;
      } else if (ascii(bytes, start, 20).startsWith('http://ns.adobe.com/')) {
        facts.hasXmp = true;
        facts.hasGps ||= xmpHasGps(ascii(bytes, start, end - start));
      } else {
        facts.hasOtherMetadata = true;
      }
    } else if (marker === 0xed || marker === 0xfe) {
      facts.hasOtherMetadata = true; // IPTC (Photoshop) or a comment
    } else if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      facts.height = u16be(bytes, start + 1);
      facts.width = u16be(bytes, start + 3);
    }
    i += 2 + length;
  }
  return facts;
}

/** PNG text keywords that hold EXIF (ImageMagick's raw profiles) or XMP. */
const PNG_EXIF_TEXT = /^Raw profile type (exif|APP1)$/i;
const PNG_XMP_TEXT = 'XML:com.adobe.xmp';

function readPng(bytes: Uint8Array): ImageFacts {
  const facts: ImageFacts = { ...EMPTY, format: 'png' };
  let i = 8;
  while (i + 8 <= bytes.length) {
    const length = u32be(bytes, i);
    const type = ascii(bytes, i + 4, 4);
    const start = i + 8;
    const end = Math.min(bytes.length, start + length);
    if (type === 'IHDR') {
      facts.width = u32be(bytes, start);
      facts.height = u32be(bytes, start + 4);
      const colorType = bytes[start + 9];
      facts.mayHaveAlpha ||= colorType === 4 || colorType === 6;
    } else if (type === 'tRNS') {
      facts.mayHaveAlpha = true;
    } else if (type === 'eXIf') {
      facts.hasExif = true;
      const tiff = readTiff(bytes, start, end);
      facts.orientation = tiff.orientation;
      facts.hasGps ||= tiff.hasGps;
    } else if (type === 'tEXt' || type === 'zTXt' || type === 'iTXt') {
      const nul = bytes.indexOf(0, start);
      const keyword = ascii(bytes, start, (nul < 0 || nul > end ? end : nul) - start);
      if (PNG_EXIF_TEXT.test(keyword)) facts.hasExif = true;
      else if (keyword === PNG_XMP_TEXT) {
        facts.hasXmp = true;
        facts.hasGps ||= xmpHasGps(ascii(bytes, start, end - start));
      } else facts.hasOtherMetadata = true;
    } else if (type === 'acTL') {
      facts.isAnimated = true;
    } else if (type === 'IEND') {
      break;
    }
    i = start + length + 4; // data and CRC
  }
  return facts;
}

function readWebp(bytes: Uint8Array): ImageFacts {
  const facts: ImageFacts = { ...EMPTY, format: 'webp' };
  let i = 12;
  while (i + 8 <= bytes.length) {
    const type = ascii(bytes, i, 4);
    const length = u32le(bytes, i + 4);
    const start = i + 8;
    const end = Math.min(bytes.length, start + length);
    if (type === 'VP8X') {
      const flags = bytes[start] ?? 0;
      facts.mayHaveAlpha ||= (flags & 0x10) !== 0;
      facts.isAnimated ||= (flags & 0x02) !== 0;
      facts.width = u24le(bytes, start + 4) + 1;
      facts.height = u24le(bytes, start + 7) + 1;
    } else if (type === 'VP8 ' && facts.width === null) {
      facts.width = u16le(bytes, start + 6) & 0x3fff;
      facts.height = u16le(bytes, start + 8) & 0x3fff;
    } else if (type === 'VP8L' && facts.width === null) {
      const bits = u32le(bytes, start + 1);
      facts.width = (bits & 0x3fff) + 1;
      facts.height = ((bits >>> 14) & 0x3fff) + 1;
      facts.mayHaveAlpha ||= ((bits >>> 28) & 1) === 1;
    } else if (type === 'ALPH') {
      facts.mayHaveAlpha = true;
    } else if (type === 'ANIM') {
      facts.isAnimated = true;
    } else if (type === 'EXIF') {
      facts.hasExif = true;
      const tiffStart = ascii(bytes, start, 6) === 'Exif\0\0' ? start + 6 : start;
      const tiff = readTiff(bytes, tiffStart, end);
      facts.orientation = tiff.orientation;
      facts.hasGps ||= tiff.hasGps;
    } else if (type === 'XMP ') {
      facts.hasXmp = true;
      facts.hasGps ||= xmpHasGps(ascii(bytes, start, end - start));
    }
    i = start + length + (length % 2); // chunks are padded to an even size
  }
  return facts;
}

/**
 * HEIF keeps EXIF as an item in `mdat` (its payload: an offset, sometimes `Exif\0\0`, then a TIFF
 * header). A scan for a TIFF header whose first IFD follows it (offset 8, as every writer puts it)
 * finds it without walking the box tree; eight given bytes do not turn up by chance in coded
 * pictures. HEIF files are always re-encoded anyway: this only tells what they carried.
 */
function readHeif(bytes: Uint8Array): ImageFacts {
  const facts: ImageFacts = { ...EMPTY, format: 'heif' };
  for (let i = 0; i + 8 <= bytes.length; i += 1) {
    const first = bytes[i];
    if (first !== 0x4d && first !== 0x49) continue;
    const header = ascii(bytes, i, 8);
    if (header !== 'MM\0\x2a\0\0\0\x08' && header !== 'II\x2a\0\x08\0\0\0') continue;
    facts.hasExif = true;
    const tiff = readTiff(bytes, i, bytes.length);
    facts.orientation = tiff.orientation;
    facts.hasGps = tiff.hasGps;
    break;
  }
  return facts;
}

/** Reads what the bytes (the whole file or its first part) say about the picture. */
export function inspectImage(bytes: Uint8Array): ImageFacts {
  const format = imageFormatOf(bytes);
  switch (format) {
    case 'jpeg':
      return readJpeg(bytes);
    case 'png':
      return readPng(bytes);
    case 'webp':
      return readWebp(bytes);
    case 'gif':
      return { ...EMPTY, format, isAnimated: true };
    case 'heif':
      return readHeif(bytes);
    case 'unknown':
      return { ...EMPTY };
  }
}

/** Whether a JPEG, PNG or WebP file carries an EXIF block. */
export const hasExif = (bytes: Uint8Array): boolean => inspectImage(bytes).hasExif;

/** Whether a JPEG, PNG or WebP file says where it was taken (EXIF GPS entries or XMP GPS fields). */
export const hasGpsExif = (bytes: Uint8Array): boolean => inspectImage(bytes).hasGps;

/** Any metadata worth removing before a photo leaves the device. */
export const carriesMetadata = (facts: ImageFacts): boolean =>
  facts.hasExif || facts.hasGps || facts.hasXmp || facts.hasOtherMetadata;
