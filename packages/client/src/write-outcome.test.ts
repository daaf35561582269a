import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors.ts';
import { checkApplied, writeFailure, type WriteFailure } from './write-outcome.ts';

const http = (status: number) => new ApiError({ kind: 'http', status });

describe('writeFailure', () => {
  it.each<[string, unknown, WriteFailure]>([
    ['no answer (offline)', new ApiError({ kind: 'network' }), 'lost'],
    ['a timeout', new ApiError({ kind: 'timeout' }), 'lost'],
    ['a 500', http(500), 'lost'],
    ['a 503', http(503), 'lost'],
    ['something thrown that is not an ApiError', new TypeError('boom'), 'lost'],
    ['a 2xx whose body breaks the contract', new ApiError({ kind: 'contract', status: 200 }), 'unreadable'],
    ['a 400', http(400), 'refused'],
    ['a 402 (card declined)', http(402), 'refused'],
    ['a 409', http(409), 'refused'],
    ['a 422', http(422), 'refused'],
    ['an ended session', new ApiError({ kind: 'session', status: 401 }), 'refused'],
    ['a write the caller aborted', new ApiError({ kind: 'aborted' }), 'refused'],
  ])('after %s the write is %s', (_name, error, failure) => {
    expect(writeFailure(error)).toBe(failure);
  });
});

interface Invoice {
  paid: boolean;
}

describe('checkApplied', () => {
  const paid = { paid: true };
  const unpaid = { paid: false };
  const readAs = (state: Invoice) => ({
    read: vi.fn(() => Promise.resolve(state)),
    shows: (s: Invoice) => s.paid,
  });

  it.each<[string, unknown, Invoice, 'applied' | 'not-applied']>([
    ['a lost answer, and the state shows the write', new ApiError({ kind: 'timeout' }), paid, 'applied'],
    [
      'a lost answer, and the state does not show it',
      new ApiError({ kind: 'network' }),
      unpaid,
      'not-applied',
    ],
    ['a 5xx, and the state shows the write', http(502), paid, 'applied'],
    [
      'an unreadable answer, and the state shows the write',
      new ApiError({ kind: 'contract' }),
      paid,
      'applied',
    ],
    [
      'an unreadable answer, and the state does not show it',
      new ApiError({ kind: 'contract' }),
      unpaid,
      'not-applied',
    ],
  ])('after %s: %s, read once', async (_name, error, state, outcome) => {
    const how = readAs(state);
    const check = await checkApplied(error, how);
    expect(check).toEqual(outcome === 'applied' ? { outcome, state } : { outcome, refused: false, state });
    expect(how.read).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a 400', http(400)],
    ['a 402', http(402)],
    ['an ended session', new ApiError({ kind: 'session' })],
  ])('takes %s as not applied without reading', async (_name, error) => {
    const how = readAs(paid);
    expect(await checkApplied(error, how)).toEqual({ outcome: 'not-applied', refused: true, error });
    expect(how.read).not.toHaveBeenCalled();
  });

  it('is unknown when there is no way to read the state', async () => {
    expect(await checkApplied(new ApiError({ kind: 'timeout' }), null)).toEqual({
      outcome: 'unknown',
      readError: null,
    });
  });

  it('is unknown when the read fails too, and says why', async () => {
    const readError = new ApiError({ kind: 'network' });
    const check = await checkApplied(new ApiError({ kind: 'timeout' }), {
      read: () => Promise.reject(readError),
      shows: () => true,
    });
    expect(check).toEqual({ outcome: 'unknown', readError });
  });

  it('still reports a refusal when there is no way to read', async () => {
    const error = http(400);
    expect(await checkApplied(error, null)).toEqual({ outcome: 'not-applied', refused: true, error });
  });
});
