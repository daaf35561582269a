import { describe, expect, it } from 'vitest';
import { ApiError, fieldRefusal, fieldSentence, readErrorBody } from './errors.ts';

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

const refusal = (serverMessage: string | null, status = 400, kind: 'http' | 'contract' = 'http') =>
  new ApiError({ kind, status, serverMessage });

/** An ApiError as http.ts builds it from a raw body of either shape of spec section 7. */
const fromBody = (body: unknown, status = 400) => {
  const { code, message } = readErrorBody(body);
  return new ApiError({ kind: 'http', status, code, serverMessage: message });
};

describe('fieldRefusal', () => {
  it.each([
    ['a profile field', 'pcp_phone: must be exactly 10 digits', ['pcp_phone'], 'must be exactly 10 digits'],
    [
      'a password field',
      'old_password: does not match your current password',
      ['old_password'],
      'does not match your current password',
    ],
    ['a reading field', 'hp: 300 mmHg is outside 60–260', ['hp'], '300 mmHg is outside 60–260'],
    [
      'a nested section path',
      'data.1.substance: repeats entry 1',
      ['data', '1', 'substance'],
      'repeats entry 1',
    ],
    [
      'an import path',
      'insurances.1.guarantor_zip: must be 5 digits',
      ['insurances', '1', 'guarantor_zip'],
      'must be 5 digits',
    ],
    ['words with their own capital', 'zip: ZIP+4 is 9 digits', ['zip'], 'ZIP+4 is 9 digits'],
    ['spaces around the words', 'state:    must be a 2-letter code  ', ['state'], 'must be a 2-letter code'],
    [
      'words over several lines',
      'data.num_kids: must be\na whole number',
      ['data', 'num_kids'],
      'must be\na whole number',
    ],
  ])('reads %s', (_name, message, path, text) => {
    expect(fieldRefusal(refusal(message))).toEqual({ path, text });
  });

  it.each([
    ['a sentence naming no field', 'The clinic is closed today.'],
    ['a capitalised first word', 'Note: the clinic is closed'],
    ['a field with no words', 'pcp_phone:   '],
    ['words that look like markup', 'city: <b>bad</b>'],
    ['words too long to show', `city: ${'x'.repeat(301)}`],
    ['a path with an empty part', 'data..name: is required'],
    ['no message at all', null],
  ])('names no field for %s', (_name, message) => {
    expect(fieldRefusal(refusal(message))).toBeNull();
  });

  it.each([
    ['a 409', refusal('slug: already exists', 409)],
    ['a 500', refusal('pcp_phone: must be exactly 10 digits', 500)],
    ['a broken contract', refusal('data.0.id: expected string', 400, 'contract')],
    ['no answer', new ApiError({ kind: 'network' })],
    ['something not an ApiError', new Error('pcp_phone: must be exactly 10 digits')],
  ])('reads only a 400 answer, not %s', (_name, error) => {
    expect(fieldRefusal(error)).toBeNull();
  });

  it.each([
    ['{code, message}', { code: 400, message: 'pcp_phone: must be exactly 10 digits' }, ['pcp_phone']],
    ['{error, message}', { error: 'bad_request', message: 'room_code: is required' }, ['room_code']],
    ['the user-area quirk (code 404)', { code: 404, message: 'zip: must be 5 digits' }, ['zip']],
  ])('reads the message of either body shape: %s', (_name, body, path) => {
    expect(fieldRefusal(fromBody(body))?.path).toEqual(path);
  });

  it.each([
    ['data.1.substance: repeats entry 1', ['1', 'substance']],
    ['data.num_kids: must be a whole number from 0 to 30', ['num_kids']],
    ['data: is required', null],
    ['data_not_reported: is required (true or false)', null],
    ['name: must be one of allergies, conditions', null],
    ['metadata.x: wrong', null],
  ])('under a prefix: %s', (message, path) => {
    expect(fieldRefusal(refusal(message), { under: 'data' })?.path ?? null).toEqual(path);
  });

  it('takes a prefix of several parts', () => {
    const error = refusal('insurances.1.guarantor_zip: must be 5 digits');
    expect(fieldRefusal(error, { under: 'insurances.1' })?.path).toEqual(['guarantor_zip']);
    expect(fieldRefusal(error, { under: 'insurances.0' })).toBeNull();
  });
});

describe('fieldSentence', () => {
  it.each([
    ['Allergy 2', 'repeats entry 1', 'Allergy 2 repeats entry 1.'],
    [
      'Primary-care provider phone',
      'must be exactly 10 digits',
      'Primary-care provider phone must be exactly 10 digits.',
    ],
    ['Number of children', 'must be a whole number.', 'Number of children must be a whole number.'],
    ['ZIP code', 'ZIP+4 is 9 digits', 'ZIP+4 is 9 digits.'],
    ['City', 'Too long.', 'Too long.'],
  ])('%s + "%s" -> "%s"', (label, text, sentence) => {
    expect(fieldSentence(label, text)).toBe(sentence);
  });
});
