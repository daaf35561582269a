import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { server as mswServer } from './node';
import { serverLimits, startMockServer } from './server';

let http: Server;
let port = 0;
const defaults = { ...serverLimits };

beforeAll(async () => {
  mswServer.close();
  http = await startMockServer(0);
  port = (http.address() as AddressInfo).port;
});
afterEach(() => Object.assign(serverLimits, defaults));
afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

/** Sends a POST /files, writing `chunks` of `chunkSize` bytes until the server answers. */
function send(headers: Record<string, string | number>, chunks: number, chunkSize = 64 * 1024) {
  return new Promise<{ status: number; written: number; body: string }>((resolve, reject) => {
    let written = 0;
    let answered = false;
    const req = httpRequest(
      { host: '127.0.0.1', port, method: 'POST', path: '/api_v3/files', headers },
      (res) => {
        answered = true;
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, written, body }));
      },
    );
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(chunkSize, 97);
    const pump = () => {
      while (!answered && written < chunks * chunkSize) {
        written += chunkSize;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe('request body cap (D13)', () => {
  it('answers 413 from Content-Length before reading the body', async () => {
    serverLimits.maxBodyBytes = 1024 * 1024;
    const result = await send({ 'Content-Length': 500 * 1024 * 1024, 'Content-Type': 'text/plain' }, 4);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({ code: 413 });
  });

  it('answers 413 while a chunked body streams past the cap, long before its end', async () => {
    serverLimits.maxBodyBytes = 1024 * 1024;
    const result = await send({ 'Transfer-Encoding': 'chunked', 'Content-Type': 'text/plain' }, 2000);
    expect(result.status).toBe(413);
    expect(result.written).toBeLessThan(100 * 1024 * 1024);
  });

  it('caps at the upload limit plus a margin by default', () => {
    expect(defaults.maxBodyBytes).toBeGreaterThan(25 * 1024 * 1024);
    expect(defaults.maxBodyBytes).toBeLessThanOrEqual(27 * 1024 * 1024);
  });
});
