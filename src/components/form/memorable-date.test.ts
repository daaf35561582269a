import { describe, expect, it } from 'vitest';
import { memorableDateSchema, partsFromIso } from './memorable-date';

const schema = memorableDateSchema({
  label: 'Date of birth',
  earliest: '1900-01-01',
  today: () => '2026-11-26',
});

/** Each refused part and its message, or the date the schema gives. */
function check(month: string, day: string, year: string) {
  const result = schema.safeParse({ month, day, year });
  return result.success
    ? result.data
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('a memorable date', () => {
  it('gives the API’s YYYY-MM-DD from month, day and year, and nothing when left empty', () => {
    expect(check('4', '21', '1990')).toBe('1990-04-21');
    expect(check('12', ' 3 ', '1991')).toBe('1991-12-03');
    expect(check('2', '29', '2000')).toBe('2000-02-29');
    expect(check('11', '26', '2026')).toBe('2026-11-26');
    expect(check('', '', '')).toBe('');
  });

  it('says what is wrong with every part at once', () => {
    expect(check('', 'x', '90')).toEqual({
      month: 'Date of birth must include a month',
      day: 'Enter the day as a number from 1 to 31',
      year: 'Enter the year as 4 digits, like 1990',
    });
    expect(check('4', '', '')).toEqual({
      day: 'Date of birth must include a day',
      year: 'Date of birth must include a year',
    });
  });

  it('refuses a day the month does not have, with the month’s length', () => {
    expect(check('4', '31', '1990')).toEqual({ day: 'Enter a real date: April has 30 days' });
    expect(check('2', '29', '1900')).toEqual({ day: 'Enter a real date: February 1900 has 28 days' });
    expect(check('2', '30', '')).toEqual({
      day: 'Enter a real date: February has 29 days',
      year: 'Date of birth must include a year',
    });
  });

  it('refuses dates after today and before the earliest', () => {
    expect(check('11', '27', '2026')).toEqual({ year: 'Date of birth must be in the past' });
    expect(check('12', '31', '1899')).toEqual({
      year: 'Date of birth must be on or after January 1, 1900',
    });
  });

  it('asks for a required date', () => {
    const required = memorableDateSchema({ label: 'Date of birth', required: true });
    expect(required.safeParse({ month: '', day: '', year: '' }).error?.issues[0]?.message).toBe(
      'Enter your date of birth',
    );
  });

  it('reads the API’s format back into parts', () => {
    expect(partsFromIso('1988-04-12')).toEqual({ month: '4', day: '12', year: '1988' });
    expect(partsFromIso('')).toEqual({ month: '', day: '', year: '' });
    expect(partsFromIso('12/04/1988')).toEqual({ month: '', day: '', year: '' });
  });
});
