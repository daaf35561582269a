import { request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { server as mswServer } from './node.ts';
import { serverLimits, startMockServer } from './server.ts';

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

/**
 * A client that writes the whole body before it reads anything (as browsers do with uploads):
 * if the server closes with unread bytes, the reset discards the answer and the client sees a
 * dropped connection instead of the 413.
 */
function sendAllThenRead(path: string, contentType: string, bytes: number) {
  return new Promise<{ answer: string; sendError: string | null }>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let sendError: string | null = null;
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => (sendError = error.code ?? error.message));
    socket.on('close', () =>
      resolve({ answer: decodeChunked(Buffer.concat(received).toString()), sendError }),
    );
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-ApiToken: x\r\nX-AccountCode: demo\r\n` +
        `Content-Type: ${contentType}\r\nContent-Length: ${bytes}\r\n\r\n`,
    );
    const chunk = Buffer.alloc(256 * 1024, 97);
    let written = 0;
    const pump = () => {
      while (written < bytes && !socket.destroyed) {
        const size = Math.min(chunk.length, bytes - written);
        written += size;
        if (!socket.write(size === chunk.length ? chunk : chunk.subarray(0, size)))
          return void socket.once('drain', pump);
      }
    };
    pump();
  });
}

/** The head, then the body with any chunked framing removed. */
function decodeChunked(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0 || !/transfer-encoding: chunked/i.test(raw.slice(0, split))) return raw;
  let rest = raw.slice(split + 4);
  let body = '';
  for (;;) {
    const end = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, end), 16);
    if (!size) break;
    body += rest.slice(end + 2, end + 2 + size);
    rest = rest.slice(end + 2 + size + 2);
  }
  return `${raw.slice(0, split + 4)}${body}`;
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

  it.each([
    ['a 30 MB form body', '/api_v3/me', 'application/x-www-form-urlencoded', 30],
    ['a 26 MB upload', '/api_v3/files', 'multipart/form-data; boundary=b', 26],
  ])(
    'answers %s with a 413 a client that sends everything first can still read (probe)',
    async (_, path, type, megabytes) => {
      const { answer, sendError } = await sendAllThenRead(path, type, megabytes * 1024 * 1024 + 512);
      // The whole body was taken in (read and discarded), so sending it never failed.
      expect(sendError).toBeNull();
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
      expect(answer).toMatch(/\r\nconnection: close\r\n/i);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
      expect(body).toEqual({ code: 413, message: expect.stringMatching(/too large/) as unknown });
    },
  );

  it('caps at the upload limit plus a margin by default', () => {
    expect(defaults.maxBodyBytes).toBeGreaterThan(25 * 1024 * 1024);
    expect(defaults.maxBodyBytes).toBeLessThanOrEqual(27 * 1024 * 1024);
  });
});
