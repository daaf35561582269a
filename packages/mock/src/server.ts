import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { getResponse } from 'msw';
import { resetDb } from './db.ts';
import { handlers } from './handlers/index.ts';
import { recordDeliveryAttempt } from './handlers/admin.ts';
import { mockProfile } from './lib/profile.ts';
import { startWebhookDeliveryFromEnv } from './lib/webhooks.ts';

/**
 * The standalone mock API over real HTTP (DESIGN.md section 2): the same handlers, at the same
 * paths as a real deployment, on 127.0.0.1:8787 (PORT overrides). Browser tests run the
 * production build against it.
 */

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

function corsHeaders(origin: string | undefined): Record<string, string> {
  if (!origin || !LOCAL_ORIGIN.test(origin)) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type, Accept, X-ApiToken, X-AccountCode, X-ApiKey, X-ApiSecret',
    'Access-Control-Expose-Headers': 'Retry-After, Content-Disposition',
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
}

/**
 * `maxBodyBytes`: the largest body read, the 25 MB upload limit plus 1 MB for the multipart
 * envelope. `maxDrainBytes`: how much of a larger body is still read and thrown away, so a client
 * that sends everything before reading (browsers, curl) gets the 413 instead of a reset
 * connection; a body declared or streamed past it is answered at once and the connection closed.
 */
export const serverLimits = { maxBodyBytes: 26 * 1024 * 1024, maxDrainBytes: 64 * 1024 * 1024 };

class BodyTooLarge extends Error {}

/** Buffers the body up to the cap; past it, discards the rest (up to the drain limit) and fails. */
function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    const stop = (error: Error) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.pause();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > serverLimits.maxBodyBytes && !over) {
        over = true;
        chunks.length = 0;
      }
      if (!over) chunks.push(chunk);
      else if (size > serverLimits.maxDrainBytes) stop(new BodyTooLarge());
    };
    const onEnd = () => (over ? reject(new BodyTooLarge()) : resolve(Buffer.concat(chunks)));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', reject);
  });
}

/**
 * 413 in the `{code, message}` shape, with `Connection: close`: whatever of the body was not read
 * is never read.
 */
function tooLarge(res: ServerResponse, cors: Record<string, string>): void {
  const body = JSON.stringify({
    code: 413,
    message: `The request body is too large; the limit is ${Math.floor(serverLimits.maxBodyBytes / (1024 * 1024))} MB`,
  });
  res.writeHead(413, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
    ...cors,
  });
  res.end(body);
}

export async function toFetchRequest(req: IncomingMessage, base: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req);
  return new Request(new URL(req.url ?? '/', base), {
    method,
    headers,
    body: body ? new Uint8Array(body) : undefined,
  });
}

export async function handle(req: IncomingMessage, res: ServerResponse, base: string): Promise<void> {
  const cors = corsHeaders(req.headers.origin);
  if (req.method === 'OPTIONS') {
    res.writeHead(204, cors);
    res.end();
    return;
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > serverLimits.maxDrainBytes) {
    tooLarge(res, cors);
    return;
  }
  try {
    const request = await toFetchRequest(req, base);
    const response = await getResponse(handlers, request);
    if (!response) {
      res.writeHead(404, { 'Content-Type': 'application/json', ...cors });
      res.end(JSON.stringify({ code: 404, message: 'Not found' }));
      return;
    }
    if (response.type === 'error') {
      // HttpResponse.error(): drop the connection, as a network failure would.
      req.socket.destroy();
      return;
    }
    const headers: Record<string, string> = { ...cors };
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    res.writeHead(response.status, headers);
    res.end(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      tooLarge(res, cors);
      return;
    }
    if (error instanceof Response) {
      res.writeHead(error.status, { 'Content-Type': 'application/json', ...cors });
      res.end(Buffer.from(await error.arrayBuffer()));
      return;
    }
    res.writeHead(500, { 'Content-Type': 'application/json', ...cors });
    res.end(JSON.stringify({ code: 500, message: 'Mock server error' }));
  }
}

/** Starts the server; port 0 picks a free port (read it from `server.address()`). */
export function startMockServer(port: number, host = '127.0.0.1') {
  resetDb();
  let base = `http://${host}:${port}`;
  const server = createServer((req, res) => {
    void handle(req, res, base);
  });
  return new Promise<typeof server>((resolve) =>
    server.listen(port, host, () => {
      const address = server.address();
      if (address && typeof address === 'object') base = `http://${host}:${address.port}`;
      resolve(server);
    }),
  );
}

export interface RunOptions {
  port: number;
  host?: string;
  /** Where webhook events go (`MOCK_WEBHOOK_URL` and the rest of `env`, lib/webhooks.ts). */
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

/** Starts the mock API with its seed and, when configured, its webhook deliveries; says where. */
export async function runMockServer({
  port,
  host = '127.0.0.1',
  env = process.env,
  log = console.log,
}: RunOptions) {
  const server = await startMockServer(port, host);
  const address = server.address();
  const actual = address && typeof address === 'object' ? address.port : port;
  log(
    `Mock API on http://${host}:${actual} (api_v3, messaging, survey; POST /__mock/reset), profile ${mockProfile()}`,
  );
  // Webhook events (spec section 6) go out only from this standalone server, when configured.
  // Each attempt goes to the clinic admin's delivery log (`GET /webhooks/deliveries`).
  const delivering = startWebhookDeliveryFromEnv(env, recordDeliveryAttempt);
  if (delivering) log('Delivering webhook events to MOCK_WEBHOOK_URL');
  return server;
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isMain) {
  // MOCK_PROFILE=spec answers only what the spec names (docs/mock-profiles.md); a value that
  // names no profile stops the server here, before it listens.
  mockProfile();
  void runMockServer({ port: Number(process.env.PORT ?? 8787) });
}
