import { describe, expect, it } from 'vitest';
import {
  PHOTO_LIMITS,
  encodeSteps,
  fitWithin,
  outputTypeFor,
  photoNote,
  renamedFor,
  unpreparedNote,
  type PhotoChanges,
} from './plan';

const MB = 1024 * 1024;
const changes = (over: Partial<PhotoChanges>): PhotoChanges => ({
  converted: false,
  wasOversize: false,
  beforeBytes: 4.1 * MB,
  afterBytes: 1.2 * MB,
  removedLocation: false,
  removedDetails: false,
  ...over,
});

describe('photo sizes', () => {
  it('fits a 12 MP photo within 2560 px keeping its aspect, either way up', () => {
    expect(fitWithin(4000, 3000, 2560)).toEqual({ width: 2560, height: 1920 });
    expect(fitWithin(3000, 4000, 2560)).toEqual({ width: 1920, height: 2560 });
    expect(fitWithin(4032, 3024, 2560)).toEqual({ width: 2560, height: 1920 });
    expect(fitWithin(9000, 100, 2560)).toEqual({ width: 2560, height: 28 });
  });

  it('never makes a small photo larger', () => {
    expect(fitWithin(800, 600, 2560)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1, 1, 2560)).toEqual({ width: 1, height: 1 });
  });

  it('tries the full size first, then lower quality, then smaller sizes', () => {
    expect(encodeSteps(3000, 4000, 'image/jpeg', PHOTO_LIMITS)).toEqual([
      { width: 1920, height: 2560, quality: 0.85 },
      { width: 1920, height: 2560, quality: 0.72 },
      { width: 1440, height: 1920, quality: 0.72 },
      { width: 960, height: 1280, quality: 0.72 },
    ]);
    expect(encodeSteps(800, 600, 'image/png', PHOTO_LIMITS).map((s) => [s.width, s.height])).toEqual([
      [800, 600],
      [600, 450],
      [400, 300],
    ]);
    expect(encodeSteps(1, 1, 'image/jpeg', PHOTO_LIMITS)).toHaveLength(2);
  });
});

describe('the type a prepared photo is saved as', () => {
  it('keeps transparency as PNG, and makes photos JPEG', () => {
    expect(outputTypeFor('png', { isTransparent: true, isOversize: true })).toBe('image/png');
    expect(outputTypeFor('webp', { isTransparent: true, isOversize: false })).toBe('image/png');
    expect(outputTypeFor('png', { isTransparent: false, isOversize: true })).toBe('image/jpeg');
    expect(outputTypeFor('png', { isTransparent: false, isOversize: false })).toBe('image/png');
    expect(outputTypeFor('heif', { isTransparent: true, isOversize: false })).toBe('image/jpeg');
    expect(outputTypeFor('jpeg', { isTransparent: false, isOversize: true })).toBe('image/jpeg');
  });

  it('renames the file after its new type', () => {
    expect(renamedFor('IMG_0042.HEIC', 'image/jpeg')).toBe('IMG_0042.jpg');
    expect(renamedFor('card front.jpeg', 'image/jpeg')).toBe('card front.jpg');
    expect(renamedFor('logo.png', 'image/png')).toBe('logo.png');
    expect(renamedFor('.heic', 'image/jpeg')).toBe('photo.jpg');
  });
});

describe('the note a patient reads', () => {
  it('says a large photo was made smaller and its location removed', () => {
    expect(photoNote(changes({ wasOversize: true, removedLocation: true, removedDetails: true }))).toBe(
      'Photo made smaller for upload (4.1 MB → 1.2 MB); location removed.',
    );
  });

  it('says an iPhone photo was converted, and smaller only when it is', () => {
    expect(photoNote(changes({ converted: true }))).toBe('Photo converted so it can be shown on any device.');
    expect(
      photoNote(changes({ converted: true, wasOversize: true, removedLocation: true, removedDetails: true })),
    ).toBe(
      'Photo converted so it can be shown on any device; made smaller for upload (4.1 MB → 1.2 MB); location removed.',
    );
    expect(
      photoNote(changes({ converted: true, wasOversize: true, beforeBytes: 1 * MB, afterBytes: 1.5 * MB })),
    ).toBe('Photo converted so it can be shown on any device.');
  });

  it('says what was removed from a photo that kept its size', () => {
    expect(photoNote(changes({ removedLocation: true, removedDetails: true }))).toBe(
      'Location removed from the photo.',
    );
    expect(photoNote(changes({ removedDetails: true }))).toBe(
      'Hidden photo details (such as the camera) removed.',
    );
    expect(photoNote(changes({}))).toBeNull();
  });

  it('says so when a photo had to be sent as it was', () => {
    const needs = { isHeif: true, isOversize: false, hasMetadata: true, hasGps: true, isSizeUnknown: true };
    expect(unpreparedNote('heif', needs)).toMatch(
      /could not be converted on this device, so it was sent as it is/,
    );
    expect(unpreparedNote('jpeg', { ...needs, isHeif: false })).toMatch(/including where it was taken\.$/);
  });
});
