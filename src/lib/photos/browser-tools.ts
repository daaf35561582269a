/**
 * The browser work behind preparePhoto: reading a file's first bytes, decoding with EXIF
 * orientation applied, and drawing and encoding through a canvas. A canvas export carries pixels
 * only, so EXIF, location and every other metadata block are gone from what it makes.
 *
 * Kept apart from the decisions (plan.ts) so tests pass fakes in: jsdom and Node have no canvas.
 */

import { fitWithin, type EncodeStep, type PhotoType } from './plan';

/** A decoded picture, upright: an ImageBitmap in the browser. */
export interface Picture {
  readonly width: number;
  readonly height: number;
  close?: () => void;
}

export interface PhotoTools {
  /** The first `length` bytes of a file (all of it when shorter). */
  readBytes(file: Blob, length: number): Promise<Uint8Array>;
  /** Decodes with the browser's own decoders, EXIF orientation applied; rejects when it cannot. */
  decode(file: Blob): Promise<Picture>;
  /** Decodes a HEIC/HEIF file with the HEIC decoder, loaded on first use. */
  decodeHeic(bytes: Uint8Array): Promise<Picture>;
  /** Whether any pixel of the picture is not fully opaque. */
  isTransparent(picture: Picture): Promise<boolean>;
  /** Draws the picture at the step's size and encodes it. */
  encode(picture: Picture, step: EncodeStep, type: PhotoType): Promise<Blob>;
}

type Canvas2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

function makeCanvas(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function context2d(canvas: OffscreenCanvas | HTMLCanvasElement, willReadFrequently = false): Canvas2D {
  const context = canvas.getContext('2d', { willReadFrequently }) as Canvas2D | null;
  if (!context) throw new Error('This browser cannot draw pictures');
  return context;
}

function toBlob(
  canvas: OffscreenCanvas | HTMLCanvasElement,
  type: PhotoType,
  quality: number,
): Promise<Blob> {
  if (typeof OffscreenCanvas === 'function' && canvas instanceof OffscreenCanvas) {
    return canvas.convertToBlob({ type, quality });
  }
  return new Promise((resolve, reject) =>
    (canvas as HTMLCanvasElement).toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be encoded'))),
      type,
      quality,
    ),
  );
}

/** Frees a canvas's pixels at once (Safari keeps them until the canvas is collected otherwise). */
function release(canvas: OffscreenCanvas | HTMLCanvasElement): void {
  canvas.width = 0;
  canvas.height = 0;
}

/** Checked on a copy this wide at most: a transparent area large enough to matter survives it. */
const TRANSPARENCY_PROBE_SIDE = 512;

export const browserPhotoTools: PhotoTools = {
  async readBytes(file, length) {
    return new Uint8Array(await file.slice(0, length).arrayBuffer());
  },

  async decode(file) {
    if (typeof createImageBitmap !== 'function') throw new Error('This browser cannot decode pictures');
    // 'from-image': the EXIF orientation is applied to the pixels, so the photo stays upright
    // once the tag is gone.
    return createImageBitmap(file, { imageOrientation: 'from-image' });
  },

  async decodeHeic(bytes) {
    // Lazy: the decoder is a chunk of its own, fetched only when a HEIC photo needs it.
    const { decodeHeicPixels } = await import('./heic-decoder');
    const pixels = await decodeHeicPixels(bytes);
    return createImageBitmap(new ImageData(new Uint8ClampedArray(pixels.data), pixels.width, pixels.height));
  },

  isTransparent(picture) {
    const size = fitWithin(picture.width, picture.height, TRANSPARENCY_PROBE_SIDE);
    const canvas = makeCanvas(size.width, size.height);
    try {
      const context = context2d(canvas, true);
      context.drawImage(picture as CanvasImageSource, 0, 0, size.width, size.height);
      const { data } = context.getImageData(0, 0, size.width, size.height);
      for (let i = 3; i < data.length; i += 4) if (data[i]! < 255) return Promise.resolve(true);
      return Promise.resolve(false);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    } finally {
      release(canvas);
    }
  },

  async encode(picture, step, type) {
    const canvas = makeCanvas(step.width, step.height);
    try {
      const context = context2d(canvas);
      if (type === 'image/jpeg') {
        // JPEG has no transparency: what was see-through becomes white, not black.
        context.fillStyle = '#fff';
        context.fillRect(0, 0, step.width, step.height);
      }
      context.imageSmoothingEnabled = true;
      context.imageSmoothingQuality = 'high';
      context.drawImage(picture as CanvasImageSource, 0, 0, step.width, step.height);
      const blob = await toBlob(canvas, type, step.quality);
      if (blob.type !== type) throw new Error(`This browser cannot save ${type}`);
      return blob;
    } finally {
      release(canvas);
    }
  },
};
