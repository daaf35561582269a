import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { server as mswServer } from '../node.ts';
import { startMockServer } from '../server.ts';
import { mockProfile, parseMockProfile, setMockProfile } from './profile.ts';

afterEach(() => {
  setMockProfile(null);
  vi.unstubAllEnvs();
});

describe('choosing the mock profile', () => {
  it('is full unless spec is named, and refuses a name that is no profile', () => {
    expect(parseMockProfile(undefined)).toBe('full');
    expect(parseMockProfile('')).toBe('full');
    expect(parseMockProfile('full')).toBe('full');
    expect(parseMockProfile('spec')).toBe('spec');
    expect(() => parseMockProfile('SPEC')).toThrow('MOCK_PROFILE must be full or spec, not "SPEC"');
    expect(() => parseMockProfile('strict', 'VITE_MOCK_PROFILE')).toThrow(/^VITE_MOCK_PROFILE must be/);
  });

  it('reads MOCK_PROFILE in Node on every call, and a test may set the profile over it', () => {
    vi.stubEnv('MOCK_PROFILE', '');
    expect(mockProfile()).toBe('full');
    vi.stubEnv('MOCK_PROFILE', 'spec');
    expect(mockProfile()).toBe('spec');
    setMockProfile('full');
    expect(mockProfile()).toBe('full');
    setMockProfile(null);
    expect(mockProfile()).toBe('spec');
  });
});

describe('the standalone server on each profile', () => {
  let http: Server;
  let base = '';

  beforeAll(async () => {
    // Real HTTP to the standalone server, not msw's interception of fetch.
    mswServer.close();
    http = await startMockServer(0);
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}/api_v3`;
  });
  afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

  const account = async () =>
    ((await (await fetch(`${base}/accounts/demo`)).json()) as { data: Record<string, unknown> }).data;

  it('answers with the extensions named by default and without them with MOCK_PROFILE=spec', async () => {
    vi.stubEnv('MOCK_PROFILE', '');
    expect(await account()).toHaveProperty('portal_extensions');
    vi.stubEnv('MOCK_PROFILE', 'spec');
    expect(await account()).not.toHaveProperty('portal_extensions');
  });
});
