import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exifSegment, insertAfterSoi } from '~test/fixtures/photos/exif-segment';
import { encodeJpeg } from '~test/fixtures/photos/jpeg';
import { PHONE_EXIF, phonePhotoJpeg } from '~test/fixtures/photos/make-12mp';
import { hasExif, hasGpsExif } from '~test/support/exif';
import { carriesMetadata, imageFormatOf, inspectImage } from './metadata';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../../test/fixtures/photos/${name}`, import.meta.url)));

/** A small version of the 12 MP fixture: the same generator and the same EXIF block. */
const phoneJpeg = phonePhotoJpeg({ width: 160, height: 120 });
/**
 * A JPEG laid out as a canvas export is (SOI, JFIF APP0, tables, picture; no APP1): what
 * preparePhoto uploads. Real canvas output needs a browser; the browser tests check that one.
 */
const canvasLikeJpeg = phonePhotoJpeg({ width: 160, height: 120, exif: null });

function png(chunks: [string, Uint8Array][]): Uint8Array {
  const parts: number[] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  for (const [type, data] of chunks) {
    const n = data.length;
    parts.push((n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff);
    parts.push(...Array.from(type, (c) => c.charCodeAt(0)), ...data, 0, 0, 0, 0); // CRC not checked
  }
  return Uint8Array.from(parts);
}
const ihdr = (width: number, height: number, colorType: number) =>
  Uint8Array.from([0, 0, width >> 8, width & 0xff, 0, 0, height >> 8, height & 0xff, 8, colorType, 0, 0, 0]);
const text = (value: string) => Uint8Array.from(value, (c) => c.charCodeAt(0));

describe('the EXIF scanner', () => {
  it('finds GPS, orientation and the stored size in the phone JPEG fixture', () => {
    expect(hasExif(phoneJpeg)).toBe(true);
    expect(hasGpsExif(phoneJpeg)).toBe(true);
    expect(inspectImage(phoneJpeg)).toMatchObject({
      format: 'jpeg',
      width: 160,
      height: 120,
      orientation: PHONE_EXIF.orientation,
    });
  });

  it('finds the location in the HEIC fixture, as iPhone photos carry it', () => {
    const heic = fixture('phone.heic');
    expect(imageFormatOf(heic)).toBe('heif');
    expect(hasExif(heic)).toBe(true);
    expect(hasGpsExif(heic)).toBe(true);
  });

  it('finds no EXIF and no GPS in a JPEG laid out like a canvas export', () => {
    expect(hasExif(canvasLikeJpeg)).toBe(false);
    expect(hasGpsExif(canvasLikeJpeg)).toBe(false);
    expect(carriesMetadata(inspectImage(canvasLikeJpeg))).toBe(false);
    expect(inspectImage(canvasLikeJpeg)).toMatchObject({ format: 'jpeg', width: 160, height: 120 });
  });

  it('tells EXIF without a position from EXIF with one', () => {
    const cameraOnly = insertAfterSoi(canvasLikeJpeg, exifSegment({ make: 'Example', orientation: 3 }));
    expect(hasExif(cameraOnly)).toBe(true);
    expect(hasGpsExif(cameraOnly)).toBe(false);
    expect(inspectImage(cameraOnly).orientation).toBe(3);
  });

  it('finds a position written as XMP, and comments as other metadata', () => {
    const xmp = text(
      'http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>40,45.48N</exif:GPSLatitude>',
    );
    const app1 = Uint8Array.from([0xff, 0xe1, (xmp.length + 2) >> 8, (xmp.length + 2) & 0xff, ...xmp]);
    const withXmp = insertAfterSoi(canvasLikeJpeg, app1);
    expect(inspectImage(withXmp)).toMatchObject({ hasXmp: true, hasGps: true, hasExif: false });
    const comment = Uint8Array.from([0xff, 0xfe, 0, 7, ...text('hello')]);
    expect(inspectImage(insertAfterSoi(canvasLikeJpeg, comment)).hasOtherMetadata).toBe(true);
  });

  it('reads PNG size, possible transparency and its EXIF chunk', () => {
    const opaque = png([['IHDR', ihdr(300, 200, 2)]]);
    expect(inspectImage(opaque)).toMatchObject({
      format: 'png',
      width: 300,
      height: 200,
      mayHaveAlpha: false,
    });
    expect(carriesMetadata(inspectImage(opaque))).toBe(false);
    const alpha = png([['IHDR', ihdr(300, 200, 6)]]);
    expect(inspectImage(alpha).mayHaveAlpha).toBe(true);
    // eXIf holds a bare TIFF structure: the APP1 segment without its 10-byte head.
    const withExif = png([
      ['IHDR', ihdr(300, 200, 2)],
      ['eXIf', exifSegment(PHONE_EXIF).subarray(10)],
    ]);
    expect(hasGpsExif(withExif)).toBe(true);
  });

  it('never throws on truncated or foreign bytes', () => {
    for (let length = 0; length < phoneJpeg.length; length += 97) {
      expect(() => inspectImage(phoneJpeg.subarray(0, length))).not.toThrow();
    }
    expect(inspectImage(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]))).toMatchObject({
      format: 'jpeg',
      width: null,
      hasExif: false,
    });
    expect(inspectImage(text('%PDF-1.7')).format).toBe('unknown');
    expect(inspectImage(encodeJpeg({ width: 1, height: 1, data: Uint8Array.from([1, 2, 3]) })).width).toBe(1);
  });
});
