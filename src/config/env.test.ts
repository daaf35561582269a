import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

describe('parseEnv', () => {
  it('fills in the defaults and reads numbers from text', () => {
    const env = parseEnv({ VITE_IDLE_TIMEOUT_MINUTES: '30', VITE_API_BASE_URL: '' });
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
    let error: unknown;
    try {
      parseEnv({
        VITE_ACCOUNT_CODE: 'demo clinic',
        VITE_ROOM_HOST: 'https://rooms.example.com/',
        VITE_API_MOCKING: 'yes',
        VITE_IDLE_TIMEOUT_MINUTES: 'soon',
        VITE_SESSION_MAX_HOURS: '100',
        VITE_JOIN_OPENS_MINUTES: '2.5',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as Error).message.split('\n').slice(1)).toEqual([
      'VITE_ACCOUNT_CODE: must be a clinic account code (letters, digits, - and _)',
      'VITE_ROOM_HOST: must be a host name such as rooms.example.com',
      'VITE_API_MOCKING: must be one of on, off',
      'VITE_IDLE_TIMEOUT_MINUTES: must be a number',
      'VITE_SESSION_MAX_HOURS: must be at most 72 hours',
      'VITE_JOIN_OPENS_MINUTES: must be a whole number from 0 to 120',
    ]);
  });
});
