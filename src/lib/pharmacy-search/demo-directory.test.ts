import { describe, expect, it } from 'vitest';
import { DIRECTORY, milesBetween, searchDirectory, zipPoint } from './demo-directory';

describe('demo pharmacy directory', () => {
  it('holds a few hundred pharmacies with coordinates and unique ids', () => {
    expect(DIRECTORY.length).toBe(300);
    expect(new Set(DIRECTORY.map((e) => e.id)).size).toBe(300);
    expect(
      DIRECTORY.every((e) => Number.isFinite(e.lat) && Number.isFinite(e.long) && /^\d{5}$/.test(e.zip)),
    ).toBe(true);
  });

  it('finds by ZIP, nearest first, with the distance from that ZIP', () => {
    const results = searchDirectory({ text: '11201', originZip: '94607' });
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.city === 'Brooklyn' || r.state === 'NY' || r.state === 'NJ')).toBe(true);
    const distances = results.map((r) => r.distance ?? Infinity);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeLessThan(2);
  });

  it('finds by name and city, measuring from the patient’s ZIP, and keeps the raw result', () => {
    const byCity = searchDirectory({ text: 'oakland', originZip: '94607' });
    expect(byCity.every((r) => r.city === 'Oakland')).toBe(true);
    expect(byCity[0]?.distance).toBeLessThan(3);
    const byName = searchDirectory({ text: 'apothecary', originZip: null, limit: 500 });
    expect(byName.length).toBeGreaterThan(10);
    expect(byName.every((r) => r.name.includes('Apothecary') && r.distance === null)).toBe(true);
    expect(byName[0]?.raw).toMatchObject({ id: byName[0]?.id, hours: expect.any(String) as string });
    expect(searchDirectory({ text: '  ' })).toEqual([]);
  });

  it('measures miles between ZIPs', () => {
    const brooklyn = zipPoint('11201');
    const oakland = zipPoint('94607');
    expect(brooklyn && oakland ? milesBetween(brooklyn, oakland) : 0).toBeGreaterThan(2500);
    expect(zipPoint('99999')).toBeNull();
  });
});
