import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allNotifications, connectServer, memoryTokenStore } from '@telehealth/client';
import type { VisitMessage } from '@telehealth/client/messages/schemas';
import { listUsers } from '@telehealth/client/users/requests';
import { openRoom, recordingLinks } from './clinic-admin';
import { listAllUsers } from './list-users';
import { ssoLink } from './sso-link';
import { startWebhookReceiver, type RunningReceiver } from './webhook-receiver';

/** The address a fetch call was given. */
const urlOf = (input: RequestInfo | URL): string => (input instanceof Request ? input.url : input.toString());

/**
 * The integrator's examples against the mock as a separate program over real HTTP, started the
 * way a mobile team would start it (`telehealth-mock --port 0 --webhook-url …`): its build when
 * MOCK_CLI names it (npm run test:packages), else its source.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const DEMO = { accountCode: 'demo', apiKey: 'demo-api-key', apiSecret: 'demo-api-secret' };
const ADMIN_TOKEN = 'demo-admin-token';
const VISIT = 'vis_econsult_open';

let mock: ChildProcess;
let origin = '';
let receiver: RunningReceiver;
const received: { visitId: string; ids: string[] }[] = [];

function startMock(args: string[]): Promise<string> {
  const cli = process.env.MOCK_CLI;
  const argv = cli ? [cli, ...args] : ['--import', 'tsx', 'packages/mock/src/cli.ts', ...args];
  mock = spawn(process.execPath, argv, {
    cwd: ROOT,
    env: { ...process.env, MOCK_WEBHOOK_RETRY_MS: '200' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    mock.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const found = /Mock API on (http:\/\/\S+)/.exec(output);
      if (found?.[1]) resolve(found[1]);
    });
    mock.on('exit', (code) => reject(new Error(`the mock exited (${code}): ${output}`)));
  });
}

/** A persona's token, as the mock's development sign-in gives it (the SSO token is the access token). */
async function personaToken(key: 'demo-patient' | 'demo-provider'): Promise<string> {
  const response = await fetch(`${origin}/__mock/personas/${key}/sign-in`, { method: 'POST' });
  return ((await response.json()) as { sso_token: string }).sso_token;
}

async function postMessage(token: string, content: string): Promise<string> {
  const response = await fetch(`${origin}/messaging/api/visits/${VISIT}/messages`, {
    method: 'POST',
    headers: { 'X-ApiToken': token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ content }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver({
    settleMs: 50,
    onMessages: (visitId, messages: VisitMessage[]) => {
      received.push({ visitId, ids: messages.map((m) => String(m.id)) });
    },
  });
  origin = await startMock(['--port', '0', '--webhook-url', receiver.url]);
}, 60_000);

afterAll(async () => {
  mock?.kill();
  await receiver?.close();
});

describe('the integrator examples against the mock server', () => {
  it('creates a patient through SSO, finds the same one with the same code, and builds a one-time /auth link', async () => {
    const options = {
      ...DEMO,
      apiBaseUrl: `${origin}/api_v3`,
      portalUrl: 'https://portal.example',
      code: 'partner-patient-42',
      firstName: 'Ada',
      lastName: 'Lovelace',
      next: '/patient/visits/start',
    };
    const first = await ssoLink(options);
    const again = await ssoLink(options);
    expect(again.userId).toBe(first.userId);
    const link = new URL(first.link);
    expect(link.origin + link.pathname).toBe('https://portal.example/auth');
    expect(link.searchParams.get('sso_token')).toMatch(/\S{16,}/);
    expect(link.searchParams.get('next')).toBe('/patient/visits/start');
    expect(link.searchParams.get('one_time_token')).toBe('1');
    // Stored: the clinic now has one user with that code.
    connectServer({ ...DEMO, apiBaseUrl: `${origin}/api_v3`, adminToken: ADMIN_TOKEN });
    const found = await listUsers({ id: first.userId });
    expect(found.total_count).toBe(1);
    expect(found.data[0]).toMatchObject({
      code: 'partner-patient-42',
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
  });

  it('refuses the API secret in a browser page', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    try {
      expect(() => connectServer({ ...DEMO, apiBaseUrl: `${origin}/api_v3` })).toThrow(/servers only/);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('receives visit.message.created and reads only the new message', async () => {
    const requests: string[] = [];
    connectServer({
      ...DEMO,
      apiBaseUrl: `${origin}/api_v3`,
      messagesBaseUrl: `${origin}/messaging`,
      tokens: memoryTokenStore(await personaToken('demo-provider')),
      fetch: (input, init) => {
        requests.push(urlOf(input));
        return fetch(input, init);
      },
    });
    const patient = await personaToken('demo-patient');
    // The first event: the receiver reads the thread from the start.
    const first = await postMessage(patient, 'A first question');
    await vi.waitFor(() => expect(receiver.receiver.held.get(VISIT)?.map((m) => m.id)).toContain(first), {
      timeout: 10_000,
    });
    await receiver.receiver.idle();
    const heldBefore = receiver.receiver.held.get(VISIT)?.length ?? 0;
    requests.length = 0;
    received.length = 0;

    // The next one: only the new message is read, from skip = what is held.
    const second = await postMessage(patient, 'A second question');
    await vi.waitFor(() => expect(received.flatMap((r) => r.ids)).toContain(second), { timeout: 10_000 });
    await receiver.receiver.idle();
    expect(received).toEqual([{ visitId: VISIT, ids: [second] }]);
    expect(requests.length).toBeGreaterThan(0);
    for (const url of requests) expect(new URL(url).searchParams.get('skip')).toBe(String(heldBefore));
    // What the receiver holds is the thread the mock stored, in order.
    const thread = await fetch(`${origin}/messaging/api/visits/${VISIT}/messages?limit=200`, {
      headers: { 'X-ApiToken': patient },
    });
    const stored = ((await thread.json()) as { data: { id: string }[] }).data.map((m) => m.id);
    expect(receiver.receiver.held.get(VISIT)?.map((m) => m.id)).toEqual(stored);
  });

  it('pages through 250 users with the clinic admin token, 20 at a time', async () => {
    const client = connectServer({ ...DEMO, apiBaseUrl: `${origin}/api_v3`, adminToken: ADMIN_TOKEN });
    const before = (await listUsers({ limit: 1 })).total_count;
    for (let i = before; i < 250; i += 1) {
      await client.ssoUser({ type: 200, code: `bulk-${i}`, first_name: 'Bulk', last_name: `Patient ${i}` });
    }
    const total = (await listUsers({ limit: 1 })).total_count;
    expect(total).toBeGreaterThanOrEqual(250);

    const starts: string[] = [];
    const users = await listAllUsers({
      ...DEMO,
      apiBaseUrl: `${origin}/api_v3`,
      adminToken: ADMIN_TOKEN,
      pageSize: 20,
      fetch: (input, init) => {
        starts.push(new URL(urlOf(input)).searchParams.get('start') ?? '');
        return fetch(input, init);
      },
    });
    expect(users).toHaveLength(total);
    expect(new Set(users.map((u) => u.id)).size).toBe(total);
    expect(starts).toEqual(Array.from({ length: Math.ceil(total / 20) }, (_, i) => String(i * 20)));
  });

  it('opens a room with a provider in it and reads the recordings’ short-lived links, with the admin token', async () => {
    const admin = { ...DEMO, apiBaseUrl: `${origin}/api_v3`, adminToken: ADMIN_TOKEN };
    const { code, providerRooms } = await openRoom({
      ...admin,
      domain: 'demo',
      name: 'Evening clinic',
      providerId: 'usr_provider',
    });
    expect(providerRooms).toContain(code);
    // Stored: the room is there for the clinic, under its name.
    const room = await fetch(`${origin}/api_v3/rooms/${code}`, { headers: { 'X-AccountCode': 'demo' } });
    expect(((await room.json()) as { data: { name: string } }).data.name).toBe('Evening clinic');

    const links = await recordingLinks(admin);
    expect(links.map((l) => l.visitId)).toContain('vis_completed');
    for (const link of links) {
      expect(link.url).toMatch(/^https:\/\//);
      expect(link.expiry).toBeGreaterThan(Math.floor(Date.now() / 1000));
    }
  });

  it('goes back through a patient’s notifications a page at a time, each once, newest first', async () => {
    const patient = await personaToken('demo-patient');
    connectServer({ ...DEMO, apiBaseUrl: `${origin}/api_v3`, tokens: memoryTokenStore(patient) });
    const times: number[] = [];
    const ids = new Set<string>();
    for await (const notification of allNotifications({ pageSize: 5 })) {
      times.push(notification.mtime);
      ids.add(String(notification.id));
    }
    // Stored: as many as the mock holds for her, read in one page here.
    const all = await fetch(`${origin}/api_v3/notifications?size=100`, {
      headers: { 'X-ApiToken': patient },
    });
    const stored = ((await all.json()) as { data: unknown[] }).data.length;
    expect(stored).toBeGreaterThan(5);
    expect(ids.size).toBe(stored);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
