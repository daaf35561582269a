import { describe, expect, it } from 'vitest';
import { buildVisitSummaryFile, EMPTY_SUMMARY, hasSummary, summaryDate } from './visit-summary-file';

// 2026-11-21 03:30 UTC: still Nov 20 in New York, already Nov 21 in Kolkata.
const AT = new Date(Date.UTC(2026, 10, 21, 3, 30));

async function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

describe('the visit summary file', () => {
  it('is named and titled by the day in the writer’s time zone, never by the patient', () => {
    expect(summaryDate(AT, 'America/New_York')).toBe('Nov 20, 2026');
    expect(summaryDate(AT, 'Asia/Kolkata')).toBe('Nov 21, 2026');
    const file = buildVisitSummaryFile(
      { ...EMPTY_SUMMARY, discussed: 'Allergies' },
      { at: AT, zone: 'America/New_York' },
    );
    expect(file?.fileName).toBe('Visit summary – Nov 20, 2026.txt');
    expect(file?.title).toBe('Visit summary – Nov 20, 2026');
    expect(file?.file.type).toBe('text/plain;charset=utf-8');
  });

  it('is UTF-8 with a byte-order mark, headings over each written part, and Windows line ends', async () => {
    const file = buildVisitSummaryFile(
      {
        discussed: '  Rash – eczema, not “infection”.\nMild.  ',
        nextSteps: '',
        comeBack: 'In 2 weeks\r\nif worse',
      },
      { at: AT, zone: 'UTC' },
    );
    const bytes = await bytesOf(file!.file);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text).toBe(
      '\uFEFFVisit summary – Nov 21, 2026\r\n\r\n' +
        'What we discussed\r\n-----------------\r\nRash – eczema, not “infection”.\r\nMild.\r\n\r\n' +
        'When to come back\r\n-----------------\r\nIn 2 weeks\r\nif worse\r\n',
    );
    expect(text).not.toContain('What to do next');
  });

  it('drops control characters and is not made when nothing was written', () => {
    const file = buildVisitSummaryFile(
      { ...EMPTY_SUMMARY, nextSteps: 'Rest\u0000\u0007 well' },
      { at: AT, zone: 'UTC' },
    );
    expect(file?.content).toContain('\r\nRest well\r\n');
    expect(hasSummary({ discussed: '  ', nextSteps: '\n', comeBack: '' })).toBe(false);
    expect(
      buildVisitSummaryFile({ discussed: ' ', nextSteps: '', comeBack: '\t' }, { at: AT, zone: 'UTC' }),
    ).toBeNull();
  });
});
