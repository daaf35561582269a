import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTabMessage } from './tab-channel';
import { parseSessionTokens, type SessionTokens } from './tokens';

const tokens: SessionTokens = {
  userId: 'usr_1',
  userType: 1,
  accessToken: 'acc',
  accessExpiry: 1_800_000_000,
  refreshToken: 'ref',
  refreshExpiry: null,
  startedAt: 1_790_000_000_000,
  embedded: false,
  family: 'fam',
  rotation: 3,
};

const anyTokens = fc.record({
  userId: fc.string({ minLength: 1 }),
  userType: fc.option(fc.integer(), { nil: null }),
  accessToken: fc.string(),
  accessExpiry: fc.option(fc.integer(), { nil: null }),
  refreshToken: fc.string(),
  refreshExpiry: fc.option(fc.integer(), { nil: null }),
  startedAt: fc.integer({ min: 0 }),
  embedded: fc.boolean(),
  family: fc.string({ minLength: 1 }),
  rotation: fc.nat(),
});

describe('parseSessionTokens', () => {
  it('takes back every well-formed pair as it was stored', () => {
    fc.assert(
      fc.property(anyTokens, (value) => {
        expect(parseSessionTokens(JSON.parse(JSON.stringify(value)))).toEqual(value);
      }),
    );
  });

  it('drops fields it does not know, so nothing extra rides along', () => {
    expect(parseSessionTokens({ ...tokens, name: 'Casey Morgan' })).toEqual(tokens);
  });

  it.each([
    ['no user', { userId: '' }],
    ['a token that is not text', { accessToken: 42 }],
    ['an expiry that is not a number', { accessExpiry: '1800000000' }],
    ['a start that is not finite', { startedAt: Number.NaN }],
    ['embedded that is not true or false', { embedded: 'no' }],
    ['no family', { family: '' }],
    ['a negative rotation', { rotation: -1 }],
    ['a fractional rotation', { rotation: 1.5 }],
  ])('refuses a pair with %s', (_, change) => {
    expect(parseSessionTokens({ ...tokens, ...change })).toBeNull();
  });

  it('refuses what is not a pair at all', () => {
    for (const value of [null, undefined, 'tokens', 7, [tokens]])
      expect(parseSessionTokens(value)).toBeNull();
    const { refreshToken: _dropped, ...missing } = tokens;
    expect(parseSessionTokens(missing)).toBeNull();
  });
});

describe('parseTabMessage', () => {
  it('reads each message another tab sends', () => {
    const messages = [
      { type: 'signed-out', reason: 'idle', destroyed: null },
      { type: 'signed-out', reason: 'other-tab', destroyed: 'acc' },
      { type: 'signed-in', tokens, lastActivity: 5 },
      { type: 'rotated', tokens },
      { type: 'activity', at: 9 },
      { type: 'pair-request', id: 'q1' },
      { type: 'pair-offer', id: 'q1', tokens, lastActivity: 5 },
    ] as const;
    for (const message of messages) expect(parseTabMessage(structuredClone(message))).toEqual(message);
  });

  it.each([
    ['an unknown type', { type: 'hello' }],
    ['an unknown reason', { type: 'signed-out', reason: 'bored', destroyed: null }],
    ['a broken pair', { type: 'rotated', tokens: { ...tokens, rotation: 'x' } }],
    ['an offer without its question', { type: 'pair-offer', tokens, lastActivity: 5 }],
    ['activity without a time', { type: 'activity' }],
    ['a request without an id', { type: 'pair-request', id: 3 }],
  ])('ignores %s', (_, message) => {
    expect(parseTabMessage(message)).toBeNull();
  });
});
