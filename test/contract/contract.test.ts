import { spawn, type ChildProcess } from 'node:child_process';
import { bypass } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_TABLE, runContractTable } from './table';

const PORT = 18787 + Math.floor(Math.random() * 1000);
let child: ChildProcess | null = null;

/**
 * Resolves when the server says it listens (it prints its address once `listen` has called back,
 * and nothing before); fails if it exits first.
 */
function waitForListening(server: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    server.stdout?.once('data', () => resolve());
    server.once('exit', (code) => reject(new Error(`mock server exited (${code}) before listening`)));
  });
}

// Starting the server compiles the whole mock in a child process: on a loaded machine that can
// take longer than the suite's hook limit (test/timeouts.ts), so this one hook gets a minute.
beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', 'packages/mock/src/server.ts'], {
    env: { ...process.env, PORT: String(PORT) },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await waitForListening(child);
  const health = await fetch(bypass(`http://127.0.0.1:${PORT}/__mock/health`));
  expect(health.ok).toBe(true);
}, 60_000);

afterAll(() => {
  child?.kill();
});

describe('the mock answers the same on every host', () => {
  it('msw/node (tests) and the standalone server over real HTTP agree on every row', async () => {
    const viaNode = await runContractTable({ rows: CONTRACT_TABLE, base: 'http://localhost:3000' });
    await fetch(bypass(`http://127.0.0.1:${PORT}/__mock/reset`, { method: 'POST' }));
    const viaServer = await runContractTable(
      { rows: CONTRACT_TABLE, base: `http://127.0.0.1:${PORT}` },
      (input, init) => fetch(bypass(new Request(input, init))),
    );
    expect(viaServer).toEqual(viaNode);
    expect(viaNode.map((r) => r.status)).toEqual(CONTRACT_TABLE.map((r) => r.status));
  });
});
