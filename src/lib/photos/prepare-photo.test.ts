import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { phonePhotoJpeg } from '~test/fixtures/photos/make-12mp';
import { hasExif } from '~test/support/exif';
import { browserPhotoTools, type Picture, type PhotoTools } from './browser-tools';
import type { EncodeStep, PhotoType } from './plan';
import { mayPreparePhoto } from './index';
import { preparePhoto } from './prepare-photo';

/*
 * Node has no canvas and no createImageBitmap, so the browser work is faked: `decode` hands back
 * a picture of a given (upright) size, `encode` a blob of a given size made by the JPEG encoder of
 * the fixtures (JFIF, no EXIF, like a canvas export). Reading bytes and every decision are real.
 */

const MB = 1024 * 1024;
const PHONE = phonePhotoJpeg({ width: 160, height: 120 });
const HEIC = new Uint8Array(
  readFileSync(new URL('../../../test/fixtures/photos/phone.heic', import.meta.url)),
);
const CANVAS_JPEG = phonePhotoJpeg({ width: 16, height: 16, exif: null });

/** A file of `size` bytes that starts with `head` (the rest is zeros the scanner never reaches). */
function fileOf(head: Uint8Array, name: string, type: string, size = head.length): File {
  const bytes = new Uint8Array(Math.max(size, head.length));
  bytes.set(head);
  return new File([bytes], name, { type, lastModified: 1_700_000_000_000 });
}

/** The phone JPEG's header saying it holds `width`×`height` pixels (its SOF0 rewritten). */
function claimingSize(jpeg: Uint8Array, width: number, height: number): Uint8Array {
  const copy = jpeg.slice();
  for (let i = 2; i + 9 < copy.length; i += 1) {
    if (copy[i] === 0xff && copy[i + 1] === 0xc0) {
      copy.set([height >> 8, height & 0xff, width >> 8, width & 0xff], i + 5);
      return copy;
    }
  }
  throw new Error('no SOF0');
}

interface FakeOptions {
  /** Upright size the browser decodes to. */
  picture?: { width: number; height: number };
  /** The browser's own decoder fails (HEIC outside Safari, or a broken file). */
  nativeFails?: boolean;
  transparent?: boolean;
  /** Bytes of each encoding, in order (the last repeats). */
  encodedSizes?: number[];
}

function fakeTools({
  picture = { width: 160, height: 120 },
  nativeFails = false,
  transparent = false,
  encodedSizes = [0.5 * MB],
}: FakeOptions = {}) {
  const decoded: Picture & { closed: boolean } = {
    ...picture,
    closed: false,
    close() {
      decoded.closed = true;
    },
  };
  const encodings: { step: EncodeStep; type: PhotoType }[] = [];
  const tools = {
    readBytes: vi.fn(browserPhotoTools.readBytes),
    decode: vi.fn((_file: Blob) =>
      nativeFails ? Promise.reject(new Error('unsupported')) : Promise.resolve(decoded),
    ),
    decodeHeic: vi.fn((_bytes: Uint8Array) => Promise.resolve(decoded)),
    isTransparent: vi.fn((_picture: Picture) => Promise.resolve(transparent)),
    encode: vi.fn((_picture: Picture, step: EncodeStep, type: PhotoType) => {
      const size = encodedSizes[Math.min(encodings.length, encodedSizes.length - 1)]!;
      encodings.push({ step, type });
      const bytes = new Uint8Array(size);
      bytes.set(CANVAS_JPEG.subarray(0, Math.min(size, CANVAS_JPEG.length)));
      return Promise.resolve(new Blob([bytes], { type }));
    }),
  } satisfies PhotoTools;
  return { tools, encodings, decoded };
}

describe('preparePhoto', () => {
  it('passes a PDF through untouched, without reading it', async () => {
    const { tools } = fakeTools();
    const pdf = new File(['%PDF-1.7 …'], 'letter.pdf', { type: 'application/pdf' });
    expect(mayPreparePhoto(pdf)).toBe(false);
    const result = await preparePhoto(pdf, { tools });
    expect(result).toEqual({ file: pdf, note: null });
    expect(result.file).toBe(pdf);
    expect(tools.readBytes).not.toHaveBeenCalled();
  });

  it('passes through a file named like a photo whose bytes are not one', async () => {
    const { tools } = fakeTools();
    const fake = new File(['fake image bytes'], 'left-arm.png', { type: 'image/png' });
    expect((await preparePhoto(fake, { tools })).file).toBe(fake);
    expect(tools.decode).not.toHaveBeenCalled();
  });

  it('routes HEIC to the HEIC decoder when the browser cannot decode it, and makes a JPEG', async () => {
    const { tools, encodings, decoded } = fakeTools({
      picture: { width: 1200, height: 900 },
      nativeFails: true,
    });
    const chosen = fileOf(HEIC, 'IMG_0042.HEIC', 'image/heic');
    const { file, note } = await preparePhoto(chosen, { tools });
    expect(tools.decodeHeic).toHaveBeenCalledTimes(1);
    // The decoder gets every byte of the file.
    expect(tools.decodeHeic.mock.calls[0]?.[0]).toEqual(HEIC);
    expect(encodings).toEqual([{ step: { width: 1200, height: 900, quality: 0.85 }, type: 'image/jpeg' }]);
    expect(file.name).toBe('IMG_0042.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(note).toBe('Photo converted so it can be shown on any device; location removed.');
    expect(decoded.closed).toBe(true);
  });

  it('recognises HEIC by its bytes when the system reports no type', async () => {
    const { tools } = fakeTools({ nativeFails: true });
    await preparePhoto(fileOf(HEIC, 'IMG_0042.HEIC', ''), { tools });
    expect(tools.decodeHeic).toHaveBeenCalledTimes(1);
  });

  it('uses the browser’s own HEIC decoder where there is one (Safari), without loading the other', async () => {
    const { tools } = fakeTools({ picture: { width: 1200, height: 900 } });
    const { file } = await preparePhoto(fileOf(HEIC, 'IMG_0042.heic', 'image/heic'), { tools });
    expect(tools.decodeHeic).not.toHaveBeenCalled();
    expect(file.type).toBe('image/jpeg');
  });

  it('makes a 12 MP photo 2560 px on its longest side, upright, and says so', async () => {
    // Stored 4000×3000 with orientation 6: decoded upright it is 3000×4000.
    const { tools, encodings } = fakeTools({
      picture: { width: 3000, height: 4000 },
      encodedSizes: [1.2 * MB],
    });
    const chosen = fileOf(claimingSize(PHONE, 4000, 3000), 'IMG_1234.JPG', 'image/jpeg', 4.1 * MB);
    const { file, note } = await preparePhoto(chosen, { tools });
    expect(encodings).toEqual([{ step: { width: 1920, height: 2560, quality: 0.85 }, type: 'image/jpeg' }]);
    expect(file.name).toBe('IMG_1234.jpg');
    expect(file.size).toBe(Math.round(1.2 * MB));
    expect(hasExif(new Uint8Array(await file.arrayBuffer()))).toBe(false);
    expect(note).toBe('Photo made smaller for upload (4.1 MB → 1.2 MB); location removed.');
  });

  it('tries lower quality, then smaller sizes, until the photo fits in 3 MB', async () => {
    const { tools, encodings } = fakeTools({
      picture: { width: 4000, height: 3000 },
      encodedSizes: [3.6 * MB, 3.2 * MB, 2 * MB],
    });
    const chosen = fileOf(claimingSize(PHONE, 4000, 3000), 'noisy.jpg', 'image/jpeg', 9 * MB);
    const { file, note } = await preparePhoto(chosen, { tools });
    expect(encodings.map((e) => [e.step.width, e.step.quality])).toEqual([
      [2560, 0.85],
      [2560, 0.72],
      [1920, 0.72],
    ]);
    expect(file.size).toBe(2 * MB);
    expect(note).toBe('Photo made smaller for upload (9 MB → 2 MB); location removed.');
  });

  it('re-encodes a small JPEG that carries a location, at its own size', async () => {
    const { tools, encodings } = fakeTools({ picture: { width: 120, height: 160 }, encodedSizes: [20_000] });
    const { file, note } = await preparePhoto(fileOf(PHONE, 'rash.jpg', 'image/jpeg'), { tools });
    expect(encodings).toEqual([{ step: { width: 120, height: 160, quality: 0.85 }, type: 'image/jpeg' }]);
    expect(file).not.toBe(PHONE);
    expect(note).toBe('Location removed from the photo.');
  });

  it('sends a small JPEG without metadata as it is, without decoding it', async () => {
    const { tools } = fakeTools();
    const clean = fileOf(phonePhotoJpeg({ width: 160, height: 120, exif: null }), 'scan.jpg', 'image/jpeg');
    expect(await preparePhoto(clean, { tools })).toEqual({ file: clean, note: null });
    expect(tools.decode).not.toHaveBeenCalled();
  });

  it('keeps a transparent PNG as PNG, and makes an opaque large one a JPEG', async () => {
    const header = (colorType: number) =>
      Uint8Array.from([
        0x89,
        0x50,
        0x4e,
        0x47,
        0x0d,
        0x0a,
        0x1a,
        0x0a,
        0,
        0,
        0,
        13,
        0x49,
        0x48,
        0x44,
        0x52,
        0,
        0,
        0x0f,
        0xa0,
        0,
        0,
        0x0b,
        0xb8,
        8,
        colorType,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
      ]);
    const transparent = fakeTools({ picture: { width: 4000, height: 3000 }, transparent: true });
    const logo = await preparePhoto(fileOf(header(6), 'logo.png', 'image/png', 5 * MB), {
      tools: transparent.tools,
    });
    expect(logo.file.name).toBe('logo.png');
    expect(transparent.encodings[0]).toEqual({
      step: { width: 2560, height: 1920, quality: 0.85 },
      type: 'image/png',
    });

    const opaque = fakeTools({ picture: { width: 4000, height: 3000 } });
    const shot = await preparePhoto(fileOf(header(2), 'shot.png', 'image/png', 5 * MB), {
      tools: opaque.tools,
    });
    expect(opaque.tools.isTransparent).not.toHaveBeenCalled();
    expect(shot.file.name).toBe('shot.jpg');
    expect(shot.note).toBe('Photo made smaller for upload (5 MB → 512 KB).');
  });

  it('sends the original with a note when the photo cannot be prepared here', async () => {
    const { tools } = fakeTools({ nativeFails: true });
    const chosen = fileOf(PHONE, 'rash.jpg', 'image/jpeg');
    const { file, note } = await preparePhoto(chosen, { tools });
    expect(file).toBe(chosen);
    expect(note).toBe(
      'This photo could not be prepared on this device, so it was sent as it is, including where it was taken.',
    );
  });

  it('applies tighter limits for small pictures such as an avatar', async () => {
    const { tools, encodings } = fakeTools({ picture: { width: 3000, height: 4000 } });
    const chosen = fileOf(claimingSize(PHONE, 4000, 3000), 'me.jpg', 'image/jpeg', 4 * MB);
    await preparePhoto(chosen, { tools, limits: { maxSide: 1024, maxBytes: MB } });
    expect(encodings[0]?.step).toEqual({ width: 768, height: 1024, quality: 0.85 });
  });

  it('stops when cancelled', async () => {
    const { tools, decoded } = fakeTools({ picture: { width: 3000, height: 4000 } });
    const controller = new AbortController();
    tools.decode.mockImplementationOnce(() => {
      controller.abort();
      return Promise.resolve(decoded);
    });
    const chosen = fileOf(claimingSize(PHONE, 4000, 3000), 'me.jpg', 'image/jpeg', 4 * MB);
    await expect(preparePhoto(chosen, { tools, signal: controller.signal })).rejects.toThrow(/cancelled/);
    expect(tools.encode).not.toHaveBeenCalled();
  });
});

describe('what loads when', () => {
  const source = (name: string) => readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');
  const staticImports = (name: string) =>
    [...source(name).matchAll(/^(?:import|export)(?!\s+type\b)[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1]);

  it('keeps the preparation out of the pages that upload: they import only the checks and the loader', () => {
    expect(staticImports('index.ts')).toEqual(['./detect', './load']);
    expect(staticImports('load.ts')).toEqual(['./detect']);
    expect(source('load.ts')).toMatch(/await import\('\.\/prepare-photo'\)/);
  });

  it('loads the HEIC decoder only through import(), when a HEIC photo needs it', () => {
    for (const name of [
      'index.ts',
      'load.ts',
      'detect.ts',
      'prepare-photo.ts',
      'plan.ts',
      'metadata.ts',
      'browser-tools.ts',
    ]) {
      expect(staticImports(name), name).not.toContain('./heic-decoder');
      expect(source(name), name).not.toMatch(/libheif-js/);
    }
    expect(source('browser-tools.ts')).toMatch(/await import\('\.\/heic-decoder'\)/);
  });
});
