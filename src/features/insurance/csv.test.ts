import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOM, fixed, parseCsv, toCsv } from './csv';

describe('claims CSV', () => {
  it('starts with a BOM, quotes every field and ends lines with CRLF', () => {
    const csv = toCsv(
      ['Name', 'Amount'],
      [
        ['Ana "Bo" Lee', 55],
        ['Chen, R.', null],
      ],
    );
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.slice(1)).toBe('"Name","Amount"\r\n"Ana ""Bo"" Lee","55"\r\n"Chen, R.",""\r\n');
  });

  it.each(['=HYPERLINK("http://x")', '+1+2', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])(
    'neutralises the formula-looking cell %j with a leading apostrophe',
    (value) => {
      const csv = toCsv(['x'], [[value]]);
      expect(csv.split('\r\n')[1]).toBe(`"'${value.replace(/"/g, '""')}"`);
    },
  );

  it('keeps numbers as numbers (a negative amount is not text)', () => {
    expect(toCsv(['n'], [[-5]]).split('\r\n')[1]).toBe('"-5"');
  });

  it('writes a fixed-decimal amount as given, negative ones included', () => {
    expect(
      toCsv(['n'], [[fixed(55, 2)], [fixed(-5, 2)]])
        .split('\r\n')
        .slice(1, 3),
    ).toEqual(['"55.00"', '"-5.00"']);
  });

  it('round-trips a value that itself starts with an apostrophe and a formula sign', () => {
    expect(parseCsv(toCsv(['x'], [["'=1"], ['=1']]))).toEqual([['x'], ["'=1"], ['=1']]);
  });

  it('parses back to the same rows for any text', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.oneof(fc.string(), fc.stringMatching(/^'*[=+\-@"',\r\n]{1,4}$/)), {
            minLength: 1,
            maxLength: 4,
          }),
          { maxLength: 6 },
        ),
        (rows) => {
          const width = 4;
          const padded = rows.map((r) => [...r, ...Array<string>(width - r.length).fill('')]);
          const header = ['a', 'b', 'c', 'd'];
          expect(parseCsv(toCsv(header, padded))).toEqual([header, ...padded]);
        },
      ),
    );
  });
});
