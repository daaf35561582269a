/**
 * A tiny static server for the production build in `dist/`, used by the browser tests.
 *
 * It sends the header set a production deployment must send (strict CSP, Referrer-Policy,
 * nosniff, cache rules), so every browser test also proves the build runs under that policy.
 * Routes without a file fall back to `index.html` (the portal is a single-page app); a missing
 * asset (`/assets/*` or any path with a static-file extension) is a real 404, so a broken
 * reference shows up as an error instead of HTML served as JavaScript. Text files go out gzipped to
 * clients that accept it, as any production host sends them (the benchmarks' transfer sizes and
 * Lighthouse's simulated downloads depend on it).
 *
 * Run: `node --import tsx test/e2e/support/static-server.ts`
 * Env: PORT (4317), HOST (127.0.0.1), DIST_DIR (`<repo>/dist`),
 *      E2E_API_ORIGIN (http://127.0.0.1:8787; several origins may be separated by spaces).
 */
import { createReadStream, readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Content types worth compressing (images other than SVG and fonts are compressed already). */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg\+xml)/;

export const DEFAULT_API_ORIGIN = 'http://127.0.0.1:8787';

export interface CspOptions {
  /** Origins the app calls for its API (and loads API-served images from). */
  apiOrigins?: readonly string[];
  /** Enforce Trusted Types (default; `E2E_TRUSTED_TYPES=off` turns it off for a comparison run). */
  trustedTypes?: boolean;
}

/**
 * Trusted Types policies the portal creates: the sanitiser's (lib/sanitize.ts) and the page's
 * default policy (lib/trusted-types.ts, Stripe.js and, in mock builds, the mock's worker).
 */
export const TRUSTED_TYPES_POLICIES = ['portal-sanitizer', 'default'] as const;

/** The API origin(s) from `E2E_API_ORIGIN` (space- or comma-separated), else the mock server's. */
export function apiOriginsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  const raw = env.E2E_API_ORIGIN?.trim();
  if (!raw) return [DEFAULT_API_ORIGIN];
  return raw.split(/[\s,]+/).filter(Boolean);
}

function checkOrigin(origin: string): string {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    throw new Error(`Not an origin: ${JSON.stringify(origin)}`);
  }
  // An origin is scheme://host[:port] and nothing else; anything more could inject directives.
  if (parsed.origin !== origin || !/^https?:$/.test(parsed.protocol)) {
    throw new Error(`Not an http(s) origin (scheme://host[:port] only): ${JSON.stringify(origin)}`);
  }
  return origin;
}

/**
 * The production Content-Security-Policy. No inline script or style, no eval; scripts and frames
 * only from this origin and Stripe; requests only to this origin, the API and Stripe's API;
 * Trusted Types enforced with the portal's two named policies; no framing by anyone.
 */
export function buildContentSecurityPolicy(options: CspOptions = {}): string {
  const api = (options.apiOrigins ?? apiOriginsFromEnv()).map(checkOrigin);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", 'https://js.stripe.com'],
    ['frame-src', 'https://js.stripe.com', 'https://hooks.stripe.com'],
    ['connect-src', "'self'", ...api, 'https://api.stripe.com'],
    ['img-src', "'self'", 'data:', 'blob:', ...api],
    ['style-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  // DOM XSS sinks take only Trusted Types objects, made by the named policies (case 69).
  if (options.trustedTypes !== false) {
    directives.push(['require-trusted-types-for', "'script'"], ['trusted-types', ...TRUSTED_TYPES_POLICIES]);
  }
  return directives.map((d) => d.join(' ')).join('; ');
}

/** Headers every response carries (the caching header depends on the file, see `cacheControlFor`). */
export function securityHeaders(options: CspOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': buildContentSecurityPolicy(options),
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  };
}

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** `/assets/*` are content-hashed by Vite and never change; everything else is revalidated. */
export function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return IMMUTABLE_CACHE;
  return 'no-store';
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

export function contentTypeFor(filePath: string): string {
  return CONTENT_TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/** A path that names a static file (rather than an app route) gets a 404 when missing, not index.html. */
function looksLikeAsset(urlPath: string): boolean {
  return urlPath.startsWith('/assets/') || Object.hasOwn(CONTENT_TYPES, extname(urlPath).toLowerCase());
}

export interface StaticServerOptions extends CspOptions {
  root: string;
}

export function createStaticServer(options: StaticServerOptions): Server {
  const root = realpathSync(resolve(options.root));
  const indexFile = resolve(root, 'index.html');
  const baseHeaders = securityHeaders(options);

  function fileIn(urlPath: string): { path: string; stat: Stats } | undefined {
    const candidate = resolve(root, `.${urlPath}`);
    const rel = relative(root, candidate);
    if (rel.startsWith('..') || isAbsolute(rel)) return undefined;
    try {
      const real = realpathSync(candidate);
      const realRel = relative(root, real);
      if (realRel.startsWith('..') || isAbsolute(realRel)) return undefined;
      const stat = statSync(real);
      if (stat.isFile()) return { path: real, stat };
      if (stat.isDirectory()) {
        const nested = resolve(real, 'index.html');
        const nestedStat = statSync(nested, { throwIfNoEntry: false });
        if (nestedStat?.isFile()) return { path: nested, stat: nestedStat };
      }
    } catch {
      // missing: fall through
    }
    return undefined;
  }

  function send(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    headers: Record<string, string | number>,
    body?: string,
  ): void {
    res.writeHead(status, { ...baseHeaders, ...headers });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  const zipped = new Map<string, { mtimeMs: number; body: Buffer }>();
  /** A file's gzip, made once per version of the file. */
  function gzipped(file: { path: string; stat: Stats }): Buffer {
    const known = zipped.get(file.path);
    if (known?.mtimeMs === file.stat.mtimeMs) return known.body;
    const body = gzipSync(readFileSync(file.path));
    zipped.set(file.path, { mtimeMs: file.stat.mtimeMs, body });
    return body;
  }

  function sendFile(
    req: IncomingMessage,
    res: ServerResponse,
    file: { path: string; stat: Stats },
    cache: string,
  ): void {
    const type = contentTypeFor(file.path);
    const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (acceptsGzip && COMPRESSIBLE.test(type)) {
      const body = gzipped(file);
      res.writeHead(200, {
        ...baseHeaders,
        'Content-Type': type,
        'Content-Encoding': 'gzip',
        'Content-Length': body.length,
        'Cache-Control': cache,
        Vary: 'Accept-Encoding',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    res.writeHead(200, {
      ...baseHeaders,
      'Content-Type': type,
      'Content-Length': file.stat.size,
      'Cache-Control': cache,
      Vary: 'Accept-Encoding',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(file.path);
    stream.on('error', (error) => res.destroy(error));
    stream.pipe(res);
  }

  return createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(
        req,
        res,
        405,
        { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
        'Method Not Allowed\n',
      );
      return;
    }
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      send(req, res, 400, { 'Content-Type': 'text/plain; charset=utf-8' }, 'Bad Request\n');
      return;
    }
    if (urlPath.includes('\0') || urlPath.includes('\\')) {
      send(req, res, 400, { 'Content-Type': 'text/plain; charset=utf-8' }, 'Bad Request\n');
      return;
    }

    const file = fileIn(urlPath);
    if (file) {
      sendFile(req, res, file, file.path === indexFile ? 'no-store' : cacheControlFor(urlPath));
      return;
    }
    if (looksLikeAsset(urlPath)) {
      send(
        req,
        res,
        404,
        { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
        'Not Found\n',
      );
      return;
    }
    // SPA fallback: every app route is index.html.
    sendFile(req, res, { path: indexFile, stat: statSync(indexFile) }, 'no-store');
  });
}

function main(): void {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const root = resolve(process.env.DIST_DIR ?? resolve(here, '..', '..', '..', 'dist'));
  const port = Number(process.env.PORT ?? 4317);
  const host = process.env.HOST ?? '127.0.0.1';

  const index = statSync(resolve(root, 'index.html'), { throwIfNoEntry: false });
  if (!index?.isFile()) {
    console.error(
      `static-server: ${resolve(root, 'index.html')} not found. Build the app first: npm run build:e2e`,
    );
    process.exit(1);
  }

  const server = createStaticServer({
    root,
    apiOrigins: apiOriginsFromEnv(),
    trustedTypes: process.env.E2E_TRUSTED_TYPES !== 'off',
  });
  server.on('error', (error) => {
    console.error(`static-server: ${error.message}`);
    process.exit(1);
  });
  server.listen(port, host, () => {
    console.log(`static-server: serving ${root}${sep} on http://${host}:${port}`);
  });
  const stop = (): void => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) main();
