import { spawn, type ChildProcess } from 'node:child_process';
import { bypass } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_TABLE, runContractTable } from './table';

const PORT = 18787 + Math.floor(Math.random() * 1000);
let child: ChildProcess | null = null;

async function waitForServer(url: string, ms = 30_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(bypass(url));
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`mock server did not start on ${url}`);
}

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', 'src/mocks/server.ts'], {
    env: { ...process.env, PORT: String(PORT) },
    stdio: 'ignore',
  });
  await waitForServer(`http://127.0.0.1:${PORT}/__mock/health`);
}, 40_000);

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
  }, 30_000);
});
