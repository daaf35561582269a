import { describe, expect, it, vi } from 'vitest';
import { DEMO_DEPLOYMENT, DEPLOYMENT_VARIABLES, demoDefaultsAllowed } from './env-check';
import { env, EnvError, envProblem, parseEnv } from './env';

function problemOf(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return error as Error;
  }
  throw new Error('expected an EnvError');
}

describe('parseEnv', () => {
  it('fills in the defaults and reads numbers from text', () => {
    const env = parseEnv(
      { VITE_IDLE_TIMEOUT_MINUTES: '30', VITE_API_BASE_URL: '' },
      { demo: DEMO_DEPLOYMENT },
    );
    expect(env).toMatchObject({
      VITE_API_BASE_URL: '/api_v3',
      VITE_ACCOUNT_CODE: 'demo',
      VITE_API_MOCKING: 'off',
      VITE_IDLE_TIMEOUT_MINUTES: 30,
      VITE_JOIN_OPENS_MINUTES: 10,
    });
    expect(env.VITE_DEV_SIGNIN).toBeUndefined();
  });

  it('names every bad variable and says what it must be', () => {
    const error = problemOf(() =>
      parseEnv(
        {
          VITE_ACCOUNT_CODE: 'demo clinic',
          VITE_ROOM_HOST: 'https://rooms.example.com/',
          VITE_API_MOCKING: 'yes',
          VITE_IDLE_TIMEOUT_MINUTES: 'soon',
          VITE_SESSION_MAX_HOURS: '100',
          VITE_JOIN_OPENS_MINUTES: '2.5',
        },
        { demo: DEMO_DEPLOYMENT },
      ),
    );
    expect(error.message.split('\n').slice(1)).toEqual([
      'VITE_ACCOUNT_CODE: must be a clinic account code (letters, digits, - and _)',
      'VITE_ROOM_HOST: must be a host name such as rooms.example.com',
      'VITE_API_MOCKING: must be one of on, off',
      'VITE_IDLE_TIMEOUT_MINUTES: must be a number',
      'VITE_SESSION_MAX_HOURS: must be at most 72 hours',
      'VITE_JOIN_OPENS_MINUTES: must be a whole number from 0 to 120',
    ]);
  });
});

describe('the clinic and hosts of a build over real HTTP', () => {
  it('names each missing variable and what it is for, with no demo value filled in', () => {
    const error = problemOf(() => parseEnv({ VITE_API_MOCKING: 'off' }, { demo: null }));
    const lines = error.message.split('\n');
    expect(lines[0]).toBe('The portal is misconfigured. Check these variables:');
    expect(lines.slice(1, 5)).toEqual([
      'VITE_ACCOUNT_CODE: not set; the clinic account code, sent as X-AccountCode',
      "VITE_API_KEY: not set; the account's public API key (never the secret)",
      'VITE_ROOM_HOST: not set; the video room host',
      'VITE_RECORDING_HOSTS: not set; the hosts recording links may open on (comma list)',
    ]);
    expect(lines[5]).toBe('Set the clinic and hosts for this build (see .env.example).');
    expect(lines).toHaveLength(6);
    expect(error.message).not.toMatch(/demo-api-key|example\.test/);
  });

  it('names only the ones still missing, empty counting as missing, beside any bad value', () => {
    const error = problemOf(() =>
      parseEnv(
        {
          VITE_ACCOUNT_CODE: 'northside',
          VITE_API_KEY: '',
          VITE_ROOM_HOST: 'https://rooms.northside.example',
        },
        { demo: null },
      ),
    );
    expect(error.message.split('\n').slice(1, -1)).toEqual([
      `VITE_API_KEY: not set; ${DEPLOYMENT_VARIABLES.VITE_API_KEY}`,
      'VITE_ROOM_HOST: must be a host name such as rooms.example.com',
      `VITE_RECORDING_HOSTS: not set; ${DEPLOYMENT_VARIABLES.VITE_RECORDING_HOSTS}`,
    ]);
  });

  it('takes explicit values, demo ones included, without any default', () => {
    const given = {
      VITE_ACCOUNT_CODE: 'northside',
      VITE_API_KEY: 'pk_northside',
      VITE_ROOM_HOST: 'rooms.northside.example',
      VITE_RECORDING_HOSTS: 'rec1.northside.example,rec2.northside.example',
    };
    expect(parseEnv(given, { demo: null })).toMatchObject(given);
    expect(parseEnv({ ...DEMO_DEPLOYMENT }, { demo: null })).toMatchObject(DEMO_DEPLOYMENT);
  });

  it('starts tests on the demo account', () => {
    expect(envProblem).toBeNull();
    expect(env).toMatchObject(DEMO_DEPLOYMENT);
  });

  it('keeps a bundle made without them from starting, with the same message as the build', async () => {
    vi.stubEnv('PORTAL_DEMO_DEFAULTS', 'off');
    vi.stubEnv('VITE_API_MOCKING', 'off');
    for (const name of Object.keys(DEPLOYMENT_VARIABLES)) vi.stubEnv(name, '');
    vi.resetModules();
    try {
      const started = await import('./env');
      const expected = problemOf(() => parseEnv({ VITE_API_MOCKING: 'off' }, { demo: null })).message;
      expect(started.envProblem).toBe(expected);
      expect(started.env.VITE_ACCOUNT_CODE).not.toBe('demo');
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });

  it('lets demo values stand in only for the dev server, tests and mock builds', () => {
    expect(demoDefaultsAllowed({ mode: 'development', mocking: true, devServer: true })).toBe(true);
    expect(demoDefaultsAllowed({ mode: 'development', mocking: false, devServer: true })).toBe(true);
    expect(demoDefaultsAllowed({ mode: 'test', mocking: false, devServer: true })).toBe(true);
    expect(demoDefaultsAllowed({ mode: 'mock', mocking: true, devServer: false })).toBe(true);
    expect(demoDefaultsAllowed({ mode: 'production', mocking: false, devServer: false })).toBe(false);
    expect(demoDefaultsAllowed({ mode: 'e2e', mocking: false, devServer: false })).toBe(false);
    expect(demoDefaultsAllowed({ mode: 'budget', mocking: false, devServer: false })).toBe(false);
  });
});
