#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { parseMockProfile, setMockProfile } from './lib/profile.ts';
import { runMockServer } from './server.ts';

/**
 * The mock API as a dev server any client can run (a mobile app, another portal):
 *
 *   npx @telehealth/mock --port 8787 [--host 127.0.0.1] [--profile full|spec] [--webhook-url URL]
 *
 * It serves the seeded demo clinic at /api_v3, /messaging and /survey, with the `/__mock` controls
 * (reset, faults, stats). `--profile spec` answers only what the spec names (no extensions).
 */
const USAGE = `Usage: telehealth-mock [--port 8787] [--host 127.0.0.1] [--profile full|spec] [--webhook-url URL]`;

function main(): void {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: process.env.PORT ?? '8787' },
        host: { type: 'string', default: '127.0.0.1' },
        profile: { type: 'string' },
        'webhook-url': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port takes a port number, 0 to 65535; got "${values.port}".\n${USAGE}`);
    process.exit(2);
  }
  try {
    setMockProfile(parseMockProfile(values.profile ?? process.env.MOCK_PROFILE, '--profile'));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  const env = values['webhook-url']
    ? { ...process.env, MOCK_WEBHOOK_URL: values['webhook-url'] }
    : process.env;
  runMockServer({ port, host: values.host, env }).catch((error: unknown) => {
    console.error(`The mock could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}

main();
