/**
 * The visit summary a provider writes for the patient, as the file the patient opens and keeps:
 * plain UTF-8 text with a byte-order mark (so a browser tab or a basic text editor shows accents
 * and dashes right even when the file is served as `text/plain` without a charset), Windows line
 * ends (which every editor shows as lines), and the three parts under their headings. The name
 * and title carry the date only, never the patient's name (docs/spec-decisions.md).
 */
import { msg, t } from '@lingui/core/macro';
import { i18n } from '@/lib/i18n';
import { formatLocale } from '@/lib/locale';

/** The parts of a summary, in the order the patient reads them (each label shown with `i18n._`). */
export const SUMMARY_PARTS = [
  { name: 'discussed', label: msg`What we discussed` },
  { name: 'nextSteps', label: msg`What to do next` },
  { name: 'comeBack', label: msg`When to come back` },
] as const;

export type SummaryPart = (typeof SUMMARY_PARTS)[number]['name'];
export type SummaryText = Record<SummaryPart, string>;

/** Longest part a provider may write (the whole file stays far below the upload limit). */
export const SUMMARY_PART_MAX_LENGTH = 4000;

export const EMPTY_SUMMARY: SummaryText = { discussed: '', nextSteps: '', comeBack: '' };

const BOM = '\uFEFF';
const EOL = '\r\n';

/** Text as typed, tidied for a file: no control characters but line breaks and tabs, no trailing blanks. */
function tidy(value: string): string {
  return (
    value
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- control characters are what we strip
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .split('\n')
      .map((line) => line.trimEnd())
      .join('\n')
      .trim()
  );
}

/** Whether anything was written in any part. */
export function hasSummary(text: SummaryText): boolean {
  return SUMMARY_PARTS.some((part) => tidy(text[part.name]) !== '');
}

/** "Nov 20, 2026": the day, in the writer's time zone. */
export function summaryDate(at: Date, zone: string): string {
  return new Intl.DateTimeFormat(formatLocale(), {
    timeZone: zone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(at);
}

export interface VisitSummaryFile {
  /** The bytes, as `text/plain` UTF-8. */
  file: Blob;
  /** "Visit summary – Nov 20, 2026.txt" */
  fileName: string;
  /** "Visit summary – Nov 20, 2026" */
  title: string;
  /** The text inside the file (with its byte-order mark), for comparing one summary with another. */
  content: string;
}

/** The file for a summary, or null when nothing was written. Parts left empty are left out. */
export function buildVisitSummaryFile(
  text: SummaryText,
  { at, zone }: { at: Date; zone: string },
): VisitSummaryFile | null {
  if (!hasSummary(text)) return null;
  const date = summaryDate(at, zone);
  const title = t`Visit summary – ${date}`;
  const sections = SUMMARY_PARTS.flatMap((part) => {
    const body = tidy(text[part.name]);
    const heading = i18n._(part.label);
    return body === '' ? [] : [[heading, '-'.repeat(heading.length), body].join('\n')];
  });
  const content =
    BOM + [title, '', ...sections.flatMap((section) => [section, ''])].join('\n').replace(/\n/g, EOL);
  return {
    file: new Blob([content], { type: 'text/plain;charset=utf-8' }),
    fileName: `${title}.txt`,
    title,
    content,
  };
}
