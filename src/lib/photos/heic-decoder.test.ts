import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeHeicPixels } from './heic-decoder';

// The real decoder (libheif-js, pure JavaScript) on the HEIC fixture, in Node: no network, no
// WebAssembly. Building the library and decoding take a few seconds on a busy machine.
describe('the HEIC decoder', () => {
  it('decodes the phone HEIC fixture to upright RGBA pixels', async () => {
    const heic = new Uint8Array(
      readFileSync(new URL('../../../test/fixtures/photos/phone.heic', import.meta.url)),
    );
    const { width, height, data } = await decodeHeicPixels(heic);
    expect([width, height]).toEqual([1200, 900]);
    expect(data).toHaveLength(1200 * 900 * 4);
    const at = (x: number, y: number) =>
      Array.from(data.subarray((y * width + x) * 4, (y * width + x) * 4 + 4));
    // Opaque everywhere it is looked at; the card's dark blue band sits across its top (y 180..300).
    expect([at(0, 0)[3], at(600, 450)[3], at(1199, 899)[3]]).toEqual([255, 255, 255]);
    const [r, g, b] = at(600, 240);
    expect(b).toBeGreaterThan(r! + 60);
    expect(b).toBeGreaterThan(g!);
    // The card's pale body below it.
    expect(Math.min(...at(600, 650).slice(0, 3))).toBeGreaterThan(200);
  });

  it('refuses bytes that are not a HEIF picture', async () => {
    await expect(decodeHeicPixels(new TextEncoder().encode('not a picture at all'))).rejects.toThrow();
  });
});
