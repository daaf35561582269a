import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticServer } from '../e2e/support/static-server';
import { request } from 'node:http';

const script = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;
let origin = '';
let close: () => Promise<void>;

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'static-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Portal</title>');
  writeFileSync(join(root, 'assets', 'app.js'), script);
  writeFileSync(join(root, 'assets', 'photo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const server = createStaticServer({ root });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());

/** A GET with exactly the headers given (fetch would add its own Accept-Encoding). */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    request(`${origin}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the static server', () => {
  it('sends scripts gzipped to a browser that accepts it, as a production host does', async () => {
    const answer = await get('/assets/app.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(Number(answer.headers['content-length'])).toBeLessThan(script.length / 10);
    expect(gunzipSync(answer.body).toString()).toBe(script);
  });

  it('sends the plain file to a client that does not accept gzip, and images as they are', async () => {
    const plain = await get('/assets/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    const image = await get('/assets/photo.png', { 'Accept-Encoding': 'gzip' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body).toHaveLength(4);
  });

  it('compresses the page itself on an app route', async () => {
    const page = await get('/patient/visits', { 'Accept-Encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.body).toString()).toContain('<title>Portal</title>');
  });
});
