/**
 * What the browser benches serve: the standalone mock API, and a build folder behind the static
 * server with the production headers. The app's origin also forwards the API paths to the mock, as
 * a reverse proxy in front of a real API would, so a build made with relative API URLs talks to it
 * on the same origin (no CORS preflights); a build made with the mock's URLs talks to it across
 * origins. The mock counts the preflights (OPTIONS) it answers.
 */
import { spawnSync } from 'node:child_process';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { startMockServer } from '@telehealth/mock/server';
import { createStaticServer } from '../test/e2e/support/static-server';

export const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 4399);
export const MOCK_PORT = Number(process.env.BENCH_MOCK_PORT ?? 8899);
export const MOCK_ORIGIN = `http://127.0.0.1:${MOCK_PORT}`;
export const APP_ORIGIN = `http://127.0.0.1:${APP_PORT}`;

/** Paths the app's origin forwards to the mock: the three base URLs of the spec, and the mock's own controls. */
const PROXIED = /^\/(api_v3|messaging|survey|__mock)(\/|$)/;

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Builds the app for the benches (mode e2e: production code plus the development sign-in page).
 * `cross-origin`: the API at the mock's origin. `same-origin`: relative API URLs (through the proxy).
 */
export function buildForBench(outDir: string, origin: 'cross-origin' | 'same-origin'): void {
  const env =
    origin === 'cross-origin'
      ? {
          VITE_API_BASE_URL: `${MOCK_ORIGIN}/api_v3`,
          VITE_MESSAGES_BASE_URL: `${MOCK_ORIGIN}/messaging`,
          VITE_SURVEY_BASE_URL: `${MOCK_ORIGIN}/survey`,
        }
      : {
          VITE_API_BASE_URL: '/api_v3',
          VITE_MESSAGES_BASE_URL: '/messaging',
          VITE_SURVEY_BASE_URL: '/survey',
        };
  const built = spawnSync('npx', ['vite', 'build', '--mode', 'e2e', '--outDir', outDir, '--emptyOutDir'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
  if (built.status !== 0) throw new Error(`vite build into ${outDir} failed`);
}

const listen = (server: Server, port: number) =>
  new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

function forward(req: IncomingMessage, res: ServerResponse): void {
  const upstream = request(
    { host: '127.0.0.1', port: MOCK_PORT, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
}

export interface BenchServers {
  preflights: () => number;
  /** Serves another build folder on the same app origin. */
  serve: (distDir: string) => Promise<void>;
  close: () => Promise<void>;
}

export async function startBenchServers(): Promise<BenchServers> {
  const mock = await startMockServer(MOCK_PORT);
  let preflights = 0;
  mock.on('request', (req: IncomingMessage) => {
    if (req.method === 'OPTIONS') preflights += 1;
  });
  let app: Server | null = null;
  return {
    preflights: () => preflights,
    serve: async (distDir) => {
      if (app) await close(app);
      const files = createStaticServer({ root: distDir, apiOrigins: [MOCK_ORIGIN] });
      app = createServer((req, res) => {
        if (PROXIED.test(req.url ?? '')) forward(req, res);
        else files.emit('request', req, res);
      });
      await listen(app, APP_PORT);
    },
    close: async () => {
      if (app) await close(app);
      await close(mock);
    },
  };
}
