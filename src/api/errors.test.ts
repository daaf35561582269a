import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';

const shown = (status: number, serverMessage: string) =>
  new ApiError({ kind: 'http', status, serverMessage }).userMessage;

describe('ApiError.userMessage', () => {
  it.each([
    [400, 'Room skin-photos not found'],
    [400, 'intake_id is required'],
    [400, 'status must be one of 10, 20, 25, 30 or 40'],
    [409, 'HTTP 409: conflict on visit_id'],
    [400, 'Cannot read properties of null'],
  ])('never passes developer wording through (%i %s)', (status, message) => {
    const text = shown(status, message);
    expect(text).not.toContain(message);
    expect(text).not.toMatch(/_id|HTTP|null|not found|try again/i);
    expect(text).toMatch(/clinic/);
  });

  it('keeps a plain sentence meant for the patient', () => {
    expect(shown(400, 'This coupon has expired.')).toBe('This coupon has expired.');
    expect(shown(409, 'That time was just taken.')).toBe('That time was just taken.');
  });
});
