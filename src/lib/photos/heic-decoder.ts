/**
 * Decodes HEIC/HEIF to RGBA pixels with libheif-js. Loaded only by `import()` when a HEIC photo is
 * chosen and the browser cannot decode it itself (every browser but Safari), so its ~3 MB never
 * enters the first page or a route's chunks.
 *
 * The pure-JavaScript build of libheif is used on purpose, not the WebAssembly one: the production
 * Content-Security-Policy (`script-src 'self'`, no `'wasm-unsafe-eval'`) refuses to compile
 * WebAssembly, and Trusted Types refuse the blob: workers other HEIC packages start. This build needs
 * neither, fetches nothing at run time and is bundled by Vite as an ordinary lazy chunk. It runs on
 * the main thread (a worker would need the Trusted Types policy to admit its URL).
 */

import libheifFactory from 'libheif-js/libheif/libheif.js';

/** Decoded pixels, rows top to bottom, 4 bytes (RGBA) per pixel, orientation already applied. */
export interface HeicPixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** The part of libheif-js's API used here (its bundled typings leave out the JS helpers). */
interface HeifImage {
  is_primary(): boolean;
  get_width(): number;
  get_height(): number;
  display(target: HeicPixels, done: (result: HeicPixels | null) => void): void;
  free(): void;
}
interface LibHeif {
  HeifDecoder: new () => { decoder: unknown; decode(bytes: Uint8Array): HeifImage[] };
  heif_context_free(context: unknown): void;
}

let library: LibHeif | undefined;

/** libheif's module, built once (building it parses the whole library: about a second). */
function libheif(): LibHeif {
  library ??= libheifFactory() as unknown as LibHeif;
  return library;
}

/**
 * The primary image of a HEIC/HEIF file as RGBA pixels. libheif applies the file's rotation and
 * mirroring (`irot`/`imir`), so the pixels stand as the photo was taken. Rejects when the bytes
 * are not a HEIF image libheif can decode.
 */
export async function decodeHeicPixels(bytes: Uint8Array): Promise<HeicPixels> {
  const lib = libheif();
  const decoder = new lib.HeifDecoder();
  const images = decoder.decode(bytes);
  try {
    const image = images.find((candidate) => candidate.is_primary()) ?? images[0];
    if (!image) throw new Error('No picture found in this HEIF file');
    const width = image.get_width();
    const height = image.get_height();
    const target: HeicPixels = { width, height, data: new Uint8ClampedArray(width * height * 4) };
    return await new Promise<HeicPixels>((resolve, reject) => {
      image.display(target, (result) =>
        result ? resolve(result) : reject(new Error('This HEIF picture could not be decoded')),
      );
    });
  } finally {
    for (const image of images) image.free();
    if (decoder.decoder) lib.heif_context_free(decoder.decoder);
  }
}
